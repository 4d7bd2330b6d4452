"""The venues a server offers, with their tracks and stages, and checking a choice against them.

Every offered pack is resolved in each of its tracks and stages when the server starts (a
broken pack stops it there); an upload is checked with the group its choice names, never
resolved again in the server."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from ..batch.plan import Group, PackSpec
from ..pack_catalog import PackInfo
from ..packs import pack_info

CHOICE_SEPARATOR = "::"
"""Between venue and track in the upload form's single venue-and-track choice."""


class ChoiceError(ValueError):
    """A venue, track or stage the server does not offer; the message says what it offers."""


@dataclass(frozen=True)
class Offered:
    """The packs offered, in order, keyed by the id the author picks (the `--venue` value)."""

    packs: dict[str, PackInfo]
    groups: dict[tuple[str, str, str], Group]
    """The resolved pack of each (venue, track, stage)."""

    @classmethod
    def load(cls, venues: tuple[str, ...]) -> Offered:
        """Every pack resolved in each track and stage; raises PackError on a broken one."""
        packs = {venue: pack_info(venue) for venue in venues}
        groups: dict[tuple[str, str, str], Group] = {}
        for venue, info in packs.items():
            for track, stage in itertools.product(info.tracks, info.stages):
                spec = PackSpec(venue, track, stage)
                groups[(venue, track, stage)] = Group.of(spec, spec.resolve())
        return cls(packs, groups)

    def to_dict(self) -> dict[str, Any]:
        """`GET /api/packs`: venues with their tracks and stages."""
        return {"venues": [{"id": venue, "name": info.name,
                            "tracks": [{"id": track, "description": text} for track, text in info.tracks.items()],
                            "stages": list(info.stages), "default_stage": info.default_stage}
                           for venue, info in self.packs.items()]}

    @property
    def stages(self) -> list[str]:
        """Every stage of any offered venue, in first-seen order."""
        return list(dict.fromkeys(stage for info in self.packs.values() for stage in info.stages))

    def choose(self, venue: str | None, track: str | None, stage: str | None) -> Group:
        """The group of (venue, track, stage), checked against what is offered; an empty venue
        means the only one, an empty track the venue's default track, an empty stage its
        default stage."""
        if not venue:
            if len(self.packs) > 1:
                raise ChoiceError(f"Choose a venue: {', '.join(self.packs)}.")
            venue = next(iter(self.packs))
        info = self.packs.get(venue)
        if info is None:
            raise ChoiceError(f"This server does not check '{venue}'; it checks {', '.join(self.packs)}.")
        track = track or info.default_track
        if track not in info.tracks:
            raise ChoiceError(f"{venue} has no track '{track}'; tracks: {', '.join(info.tracks)}.")
        stage = stage or info.default_stage
        if stage not in info.stages:
            raise ChoiceError(f"{venue} has no stage '{stage}'; stages: {', '.join(info.stages)}.")
        return self.groups[(venue, track, stage)]

    def split_choice(self, value: str | None) -> tuple[str | None, str | None]:
        """The form's `venue::track` value as (venue, track)."""
        if not value:
            return None, None
        venue, _, track = value.rpartition(CHOICE_SEPARATOR)
        return (venue or None), track
