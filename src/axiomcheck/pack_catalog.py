"""The shipped rule packs, and what `axiomcheck packs` says about each, read without YAML,
the model or the rules.

A pack is listed once every track and stage of it resolves (`packs.catalog.validated_info`,
which loads the rules); the answer is then cached (`datacache.py`) under the SHA-256 of the
pack's text and of the code that judged it (sizes and modification times of the rule and
pack modules), with the digests of the packs it extends, so a later listing reads a few
small files only (`cached_info`). This module sits beside the `packs` package rather than in
it, so that listing from the cache imports none of that package's modules.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

from . import datacache as cache

JUDGING_CODE = ("rules", "packs")
"""The folders of the modules that decide whether a pack is valid."""


@dataclass(frozen=True)
class PackInfo:
    """A pack's identity, tracks and stages (for `axiomcheck packs`)."""

    id: str
    name: str
    path: Path
    tracks: dict[str, str]
    stages: tuple[str, ...]
    default_stage: str
    default_track: str = "paper"
    """The track checked when none is given: the pack's `default_track`, else `paper`, else its first."""
    source: str = ""
    """Where the pack's numbers and requirements come from (the venue's pages), as the pack says."""


def packs_directory() -> Path:
    """Where the shipped packs are: inside the installed package, or `rules/` in a checkout."""
    installed = Path(__file__).resolve().parent / "packs" / "data"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / "rules"


def shipped_packs() -> list[str]:
    """Ids of the packs that ship with axiomcheck."""
    return sorted(p.stem for p in packs_directory().glob("*.yaml"))


def _text_digest(path: Path) -> str | None:
    try:
        return cache.digest(path.read_bytes())
    except OSError:
        return None


def _key(pack_id: str) -> str:
    path = packs_directory() / f"{pack_id}.yaml"
    return cache.digest("info", str(path), _text_digest(path) or "", cache.code_fingerprint(*JUDGING_CODE))


def cached_info(pack_id: str) -> PackInfo | None:
    """What was found when shipped pack `pack_id` was last validated, None when it or the
    code that judged it has changed since (`packs.catalog.validated_info` validates it then)."""
    entry = cache.read("info", _key(pack_id))
    if not isinstance(entry, dict):
        return None
    try:
        if not all(_text_digest(Path(p)) == d for p, d in entry["chain"]):
            return None
        facts = entry["info"]
        return PackInfo(id=facts["id"], name=facts["name"], path=Path(facts["path"]), tracks=dict(facts["tracks"]),
                        stages=tuple(facts["stages"]), default_stage=facts["default_stage"],
                        default_track=facts["default_track"], source=facts["source"])
    except (KeyError, TypeError, ValueError):  # a damaged entry: validate again
        return None


def remember_info(pack_id: str, info: PackInfo, chain: list[Path]) -> None:
    """Keep `info` of a pack that validated, with the files of its `extends:` chain."""
    facts = asdict(info) | {"path": str(info.path), "stages": list(info.stages)}
    cache.write("info", _key(pack_id), {"chain": [[str(p), _text_digest(p)] for p in chain], "info": facts})


def listing(info: PackInfo) -> list[str]:
    """The lines `axiomcheck packs` prints for a pack."""
    lines = [f"{info.id}: {info.name}"]
    if info.source:
        lines.append(f"  source: {info.source}")
    lines.append(f"  stages: {', '.join(info.stages)} (default {info.default_stage})")
    for track, description in info.tracks.items():
        default = " (default)" if track == info.default_track and len(info.tracks) > 1 else ""
        lines.append(f"  track {track}{default}: {description}")
    return lines


def cached_listing() -> list[str] | None:
    """Every shipped pack's lines, read from the cache; None when one of them is not cached
    (the `packs` command then validates it)."""
    lines: list[str] = []
    for pack_id in shipped_packs():
        info = cached_info(pack_id)
        if info is None:
            return None
        lines += listing(info)
    return lines
