def run() -> None:
    print("hi")
