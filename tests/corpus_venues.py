"""Which shipped pack, track and stage check each real corpus paper: the venue it was made for.

The manifest (../shared/corpus/papers/manifest.yaml) names each paper's template, mode and
category. A paper made for a main conference we ship a pack for is checked with that venue's
pack (NeurIPS, ICML, ICLR and the *ACL venues, whatever year: an earlier year's paper is held
to the 2026 pack, and its year is what template-family reports); a paper made for anything else
(a workshop, a course, another venue) with axiom-2026, the NeurIPS 2026 workshop pack. The stage
is the one its mode calls for: a submission (a workshop's too) at `submission`, a camera-ready
or preprint (both print the authors) at `camera-ready`; the track is the one its style option names (NeurIPS
`eandd`, `position`), else the pack's default track.
"""

from __future__ import annotations

import re
from typing import Any

from axiomcheck.packs import pack_info

FAMILY_PACKS = {"neurips": "neurips-2026", "nips": "neurips-2026", "icml": "icml-2026", "iclr": "iclr-2026",
                "acl": "acl-arr-2026", "emnlp": "acl-arr-2026"}
"""The first word of a manifest `template` (after `other:`) -> the pack of that venue."""
FALLBACK = "axiom-2026"
NOT_FOR_THE_VENUE = re.compile(r"workshop|course|seminar|student project|non-paper|slide", re.I)
"""A mode, category, template or style option with one of these words: the paper was made for
something other than the main conference whose template it uses."""


def venue_of(entry: dict[str, Any]) -> tuple[str, str, str]:
    """(pack, track, stage) for one manifest entry."""
    template = str(entry.get("template") or "").removeprefix("other:").strip().lower()
    family = re.split(r"[-/ (]", template, maxsplit=1)[0]
    described = " ".join(str(entry.get(key) or "") for key in ("mode", "category", "template", "style_option"))
    venue = FAMILY_PACKS.get(family, FALLBACK)
    if NOT_FOR_THE_VENUE.search(described):
        venue = FALLBACK
    option = str(entry.get("style_option") or "")
    track = next((t for t in pack_info(venue).tracks if re.search(rf"\b{t}\b", option)), pack_info(venue).default_track)
    mode = str(entry.get("mode") or "").lower()
    stage = "submission" if re.match(r"(?:workshop\s+)?submission", mode) or mode.startswith("n/a") \
        and "preprint" not in mode else "camera-ready"
    return venue, track, stage
