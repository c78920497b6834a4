"""Variant files (TOML) shipped with euchre, found through importlib.resources."""
