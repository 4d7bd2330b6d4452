"""What `axiomcheck packs` says about a shipped pack, read without YAML or the rules.

A pack is listed once every track and stage of it resolves (`resolve.validate_pack`, which
loads the rules); the answer is then cached (`cache.py`) under the SHA-256 of the pack's
text and of the code that judged it (sizes and times of the rule and pack modules), with
the digests of the packs it extends, so a later listing reads a few small files only.
"""

from __future__ import annotations

import os
from dataclasses import asdict
from pathlib import Path

from .. import datacache as cache
from .choice import entries
from .loader import chain_paths, packs_directory
from .resolve import PackInfo, validate_pack


def _code_fingerprint() -> str:
    """Sizes and modification times of the modules that decide whether a pack is valid."""
    package = Path(__file__).resolve().parents[1]
    stamps = []
    for folder in (package / "rules", package / "packs"):
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.endswith(".py"):
                    stat = entry.stat()
                    stamps.append(f"{folder.name}/{entry.name}:{stat.st_size}:{stat.st_mtime_ns}")
    return cache.digest(*sorted(stamps))


def _text_digest(path: Path) -> str | None:
    try:
        return cache.digest(path.read_bytes())
    except OSError:
        return None


def validated_info(pack_id: str) -> PackInfo:
    """The identity, tracks and stages of shipped pack `pack_id` once all of it resolves;
    raises PackError."""
    path = packs_directory() / f"{pack_id}.yaml"
    key = cache.digest("info", str(path), _text_digest(path) or "", _code_fingerprint())
    entry = cache.read("info", key)
    if isinstance(entry, dict):
        try:
            if all(_text_digest(Path(p)) == d for p, d in entry["chain"]):
                facts = entry["info"]
                return PackInfo(id=facts["id"], name=facts["name"], path=Path(facts["path"]),
                                tracks=dict(facts["tracks"]), stages=tuple(facts["stages"]),
                                default_stage=facts["default_stage"], default_track=facts["default_track"],
                                source=facts["source"])
        except (KeyError, TypeError, ValueError):  # a damaged entry: validate again
            pass
    info = validate_pack(pack_id)
    entries(pack_id)  # the `chosen_for:` entries too
    facts = asdict(info) | {"path": str(info.path), "stages": list(info.stages)}
    cache.write("info", key, {"chain": [[str(p), _text_digest(p)] for p in chain_paths(pack_id)], "info": facts})
    return info
