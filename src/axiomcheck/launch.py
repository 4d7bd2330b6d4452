"""The program's entry point (`axiomcheck`, `python -m axiomcheck`).

`axiomcheck --version` is answered here, before click or any command is imported: it is what
scripts and package managers run to see that the program works, and it should cost little
more than the interpreter's own start. Everything else goes to the click group (`cli.run`).
"""

from __future__ import annotations

import sys


def run() -> None:
    """Print the version for `--version` alone; otherwise run the command line."""
    if sys.argv[1:] == ["--version"]:
        from . import __version__  # noqa: PLC0415 - the package's own version, nothing else

        sys.stdout.write(f"axiomcheck, version {__version__}\n")
        return
    from .cli import run as run_command_line  # noqa: PLC0415 - click and the commands, for every other use

    run_command_line()
