"""What packages add to axiomcheck through entry points, axiomcheck's own included
(`[project.entry-points]` in pyproject.toml): reporters (group `axiomcheck.reporters`: a
format's name -> its `reporters.base.Emitter` class, `module:Class`) and rule modules (group
`axiomcheck.rules`: a name -> a module whose `RULES` lists its rules). A venue's own rules
or report format can so live in a package of its own.

Which entry points are installed is read from the distributions' metadata once and kept in
the data cache (`datacache.py`) under the folders of `sys.path` and their modification times
(installing, upgrading or removing a distribution changes its folder), so that a warm start
neither imports `importlib.metadata` nor reads every installed distribution. The working
folder (`python -m` puts it on `sys.path`) is left out of the key: reports written there
would change it at every run, and distributions are not installed there. What an entry
point names is imported only when it is used (`load`).
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

from . import datacache as cache

OWN = "axiomcheck"
"""The distribution whose entry points no other package may take."""


def entry_points(group: str) -> dict[str, str]:
    """Name -> target (`module:attribute` or `module`) of the group's installed entry points,
    in name order; a name axiomcheck declares itself keeps axiomcheck's target."""
    key = cache.digest("entry-points", group, *(f"{folder}:{mtime}" for folder, mtime in _folders()))
    cached = cache.read("entry-points", key)
    if isinstance(cached, dict) and all(isinstance(value, str) for value in cached.values()):
        return cached
    found = _installed(group)
    cache.write("entry-points", key, found)
    return found


def _folders() -> list[tuple[str, int]]:
    """The folders distributions are installed in (`sys.path` but the working folder), with
    their modification times."""
    here = os.getcwd()
    found = []
    for entry in sys.path:
        if entry in ("", ".", here):
            continue
        try:
            found.append((entry, os.stat(entry).st_mtime_ns))
        except OSError:
            continue
    return found


def _installed(group: str) -> dict[str, str]:
    from importlib import metadata  # noqa: PLC0415 - only when the cache does not know the answer

    points = sorted(metadata.entry_points(group=group), key=lambda point: point.name)
    own = {point.name: point.value for point in points if point.dist is not None and point.dist.name == OWN}
    if not own:
        raise RuntimeError(f"axiomcheck's own entry points ({group}) are not installed: install axiomcheck "
                           "(pip install -e . in a checkout) rather than running it from its source folder")
    others = {point.name: point.value for point in points if point.name not in own}
    return dict(sorted({**others, **own}.items()))


def load(target: str) -> Any:
    """What an entry point's target names: the module, or an attribute of it."""
    module, _, attribute = target.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded
