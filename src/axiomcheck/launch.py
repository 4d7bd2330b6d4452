"""The program's entry point (`axiomcheck`, `python -m axiomcheck`).

`axiomcheck --version` is answered here, before click or any command is imported: it is what
scripts and package managers run to see that the program works, and it should cost little
more than the interpreter's own start. So is `axiomcheck packs` once every shipped pack's
listing is cached (`pack_catalog.cached_listing`). Everything else goes to the click group
(`cli.run`).
"""

from __future__ import annotations

import sys


def run() -> None:
    """Print the version for `--version` alone, the cached pack listing for `packs` alone;
    otherwise run the command line."""
    if sys.argv[1:] == ["--version"]:
        from . import __version__  # noqa: PLC0415 - the package's own version, nothing else

        sys.stdout.write(f"axiomcheck, version {__version__}\n")
        return
    if sys.argv[1:] == ["packs"]:
        from .pack_catalog import cached_listing  # noqa: PLC0415 - the cache of the packs' listing, nothing else

        lines = cached_listing()
        if lines is not None:
            sys.stdout.write("".join(line + "\n" for line in lines))
            return
    from .cli import run as run_command_line  # noqa: PLC0415 - click and the commands, for every other use

    run_command_line()
