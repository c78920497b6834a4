"""The ``euchre`` command line (installed as ``euchre_cli``): a typer app in :mod:`.main`."""
