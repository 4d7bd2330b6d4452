"""The venues a server offers, with their tracks and stages, and checking a choice against them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..packs import PackInfo, validate_pack

CHOICE_SEPARATOR = "::"
"""Between venue and track in the upload form's single venue-and-track choice."""


class ChoiceError(ValueError):
    """A venue, track or stage the server does not offer; the message says what it offers."""


@dataclass(frozen=True)
class Offered:
    """The packs offered, in order, keyed by the id the author picks (the `--venue` value)."""

    packs: dict[str, PackInfo]

    @classmethod
    def load(cls, venues: tuple[str, ...]) -> Offered:
        """Validate every pack (each track and stage); raises PackError on a broken one."""
        return cls({venue: validate_pack(venue) for venue in venues})

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

    def choose(self, venue: str | None, track: str | None, stage: str | None) -> tuple[str, str, str]:
        """(venue, track, stage) checked against what is offered; an empty venue means the only
        one, an empty track the venue's default track, an empty stage its default stage."""
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
        return venue, track, stage

    def split_choice(self, value: str | None) -> tuple[str | None, str | None]:
        """The form's `venue::track` value as (venue, track)."""
        if not value:
            return None, None
        venue, _, track = value.rpartition(CHOICE_SEPARATOR)
        return (venue or None), track
