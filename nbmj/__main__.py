"""``python -m nbmj``: the ``nbmj`` command, for a Python whose scripts are not on the PATH."""

from .cli import main

main()
