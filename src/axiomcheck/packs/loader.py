"""Read a rule-pack YAML file into checked data that remembers where each key was written.

Every mistake is a `PackError` naming the file, the line, what is wrong and how to fix it
(with the keys that would have been accepted), so an organizer editing a pack never has to
read a traceback. The parsed form of each pack is cached (`yamldata.load_cached`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..yamldata import DataFileError, Located, load_cached


class PackError(DataFileError):
    """A rule pack cannot be used: names the file, the line and the fix."""


@dataclass(frozen=True)
class LoadedYaml:
    path: Path
    data: Located


def load_yaml(path: Path) -> LoadedYaml:
    """Parse `path` (or take its cached parse); a syntax error becomes a PackError with its line."""
    return LoadedYaml(path=path, data=load_cached(path, PackError, "pack", "`pack: <id>` and `tracks:`"))
