"""``python -m euchre_cli``: the same as the ``euchre`` command."""

from .main import run

run()
