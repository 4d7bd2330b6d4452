"""The venue a PDF was made for, from the template recognised in it: which shipped pack, track
and stage check it when no venue is given.

Which pack serves which template is data: each pack lists the PDFs it checks under
`chosen_for:`, one entry per template, mode and (for a final notice) track:

    chosen_for:
      - {template: neurips-2026, mode: submission, stage: submission}
      - {template: neurips-2026, mode: final, track: position, stage: camera-ready, pack_track: position}
      - {template: neurips-2026, mode: final, track: workshop, workshop_title: AXIOM ..., stage: camera-ready}

An entry without `track` matches a PDF whose notice names no track (a submission); an entry
with `workshop_title` only the workshop of that title. `pack_track` is the pack's track for
such a PDF (default: the pack's default track).

A PDF made with another year's or an edited style of a family a pack serves (NeurIPS 2025, an
ICLR style edited to print 2027, an ICML build whose notice prints no year), or for a track or
workshop of that venue no pack lists, is checked by the **nearest** pack: the one serving the
family's template in the same mode, for the same track when one lists it, else for the main
track; its template finding says the style is not the venue's. A template of a family no pack
serves, or a mode that is neither a submission nor a camera-ready, has no venue: the caller
says so, lists the packs and asks for `--venue`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..model import TEMPLATE_MODES, TemplateMode, TemplateName, member
from ..report import FoundTemplate, VenueChoice
from ..templates import all_templates
from ..pack_catalog import shipped_packs
from .loader import PackError, read_chain
from .resolve import pack_info


class NoVenue(ValueError):
    """No shipped pack checks this PDF's template in its mode: the message says why and which
    packs there are."""


@dataclass(frozen=True)
class ChosenFor:
    """One `chosen_for:` entry of a pack."""

    venue: str
    template: TemplateName
    mode: TemplateMode
    stage: str
    track: str | None = None
    workshop_title: str | None = None
    pack_track: str | None = None

    def matches(self, template: FoundTemplate) -> bool:
        if (template.name, template.mode, template.track) != (self.template, self.mode, self.track):
            return False
        return self.workshop_title is None or _loose(template.workshop_title or "") == _loose(self.workshop_title)


def _loose(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def template_label(name: TemplateName) -> str:
    """How people name a recognised template: `neurips-2026` -> NeurIPS 2026, `acl` -> ACL."""
    label = next((t.family_label for t in all_templates() if t.family == name.family), name.family)
    return f"{label} {name.year}" if name.year else label


def entries(venue: str) -> list[ChosenFor]:
    """The `chosen_for:` entries of pack `venue` (its own file's), validated; raises PackError
    naming the line (the pack schema has checked each entry's keys and mode)."""
    pack = read_chain(venue)[-1]
    info = pack_info(venue)
    return [_entry(pack.path, line, item, info.id, info.stages, tuple(info.tracks)) for line, item in pack.chosen_for]


def _entry(path: Path, line: int, item: dict[str, str], venue: str, stages: tuple[str, ...],
           tracks: tuple[str, ...]) -> ChosenFor:
    if item["stage"] not in stages:
        raise PackError(path, line, f"`stage: {item['stage']}` is not a stage of the pack.",
                        f"Choose from: {', '.join(stages)}.", "chosen_for")
    if item.get("pack_track") is not None and item["pack_track"] not in tracks:
        raise PackError(path, line, f"`pack_track: {item['pack_track']}` is not a track of the pack.",
                        f"Choose from: {', '.join(tracks)}.", "chosen_for")
    return ChosenFor(venue=venue, template=TemplateName.parse(item["template"]),
                     mode=member(TEMPLATE_MODES, item["mode"]), stage=item["stage"], track=item.get("track"),
                     workshop_title=item.get("workshop_title"), pack_track=item.get("pack_track"))


def all_entries() -> list[ChosenFor]:
    """Every shipped pack's entries, packs in name order."""
    return [entry for venue in shipped_packs() for entry in entries(venue)]


def choose(template: FoundTemplate, path: str = "the PDF") -> VenueChoice:
    """The shipped pack, track and stage for a PDF with this recognised template (the report's
    `structure.template`); raises NoVenue when no pack lists it."""
    listed = all_entries()
    entry = next((e for e in listed if e.matches(template)), None)
    nearest = entry is None
    entry = entry or _nearest(template, listed)
    if entry is None:
        raise NoVenue(f"{path}: {_why_none(template)}; {_packs_hint()}")
    info = pack_info(entry.venue)
    return VenueChoice(venue=entry.venue, track=entry.pack_track or info.default_track, stage=entry.stage,
                       template=template.name, template_label=template_label(template.name), mode=entry.mode,
                       template_track=template.track, nearest=nearest)


CHECKED_MODES = ("submission", "final")
"""The modes a stage is chosen for (a preprint is neither a submission nor a camera-ready)."""


def _nearest(template: FoundTemplate, listed: list[ChosenFor]) -> ChosenFor | None:
    """The entry for the template's family in its mode, for its track when one lists it, else
    for the main track (a workshop or track no pack lists); None for a family no pack serves or
    a mode no stage is chosen for."""
    if template.mode not in CHECKED_MODES or template.name.family == "unknown":
        return None
    family = [e for e in listed if e.template.family == template.name.family and e.mode == template.mode
              and e.workshop_title is None]
    return next((e for e in family if e.track == template.track), None) or \
        next((e for e in family if e.track in (None, "main")), None)


def choose_for_files(templates: list[tuple[str, FoundTemplate | None]]) -> VenueChoice:
    """One choice for files checked together: each file's template (None for a file that could
    not be read, which does not take part) must lead to the same pack, track and stage."""
    chosen = [(path, choose(template, path)) for path, template in templates if template is not None]
    if not chosen:
        unread = ", ".join(path for path, _ in templates) or "no file"
        raise NoVenue(f"no template could be recognised ({unread} could not be read); {_packs_hint()}")
    first = chosen[0][1]
    if any((c.venue, c.track, c.stage) != (first.venue, first.track, first.stage) for _, c in chosen):
        listed = "; ".join(f"{path}: {c.venue} {c.track} {c.stage}" for path, c in chosen)
        raise NoVenue(f"the files were made for different venues or stages ({listed}); pass --venue "
                      "(and --track, --stage), or check them one at a time")
    return first


def _why_none(template: FoundTemplate) -> str:
    name, mode, track = template.name, template.mode, template.track
    if not name.known:
        return "axiomcheck does not recognise the template this PDF was made with, so it cannot choose its venue"
    made = f"made with the {template_label(name)} template"
    if mode is None:
        return f"{made}, but its mode (submission or camera-ready) cannot be told, so no venue is chosen for it"
    if mode == "preprint":
        return f"{made} in preprint mode, which is neither a submission nor a camera-ready"
    if track == "workshop":
        title = template.workshop_title
        return f"{made} for the workshop {repr(title) if title else '(untitled)'}, which no shipped pack checks"
    if track:
        return f"{made} ({mode} mode, {track} track), which no shipped pack checks"
    return f"{made} ({mode} mode), which no shipped pack checks"


def _packs_hint() -> str:
    return f"pass --venue with one of: {', '.join(shipped_packs())} (`axiomcheck packs` describes them)"


__all__ = ["CHECKED_MODES", "ChosenFor", "NoVenue", "all_entries", "choose", "choose_for_files", "entries",
           "template_label"]
