"""The rule pack a command checks against, decided once: the one named with --venue, or the one
the PDFs' template calls for (`packs.choice`) when no venue is given. What is decided here is
what the run checks with (`batch.plan.Group`): nothing after this resolves the pack again.

Recognising the template reads each file in an isolated worker, like `inspect` (no rule runs),
so the command line still never parses a PDF in its own process; the check then reads the
files again with the chosen pack.
"""

from __future__ import annotations

from ..batch.plan import Group, PackSpec
from ..execution import check_paths
from ..limits import Limits
from ..model import DEFAULT_MAIN_BODY_EXCLUDES
from ..packs import PackError, ResolvedPack, Selection, SelectionError, resolve
from ..packs.choice import NoVenue, choose_for_files
from ..report import VenueChoice
from .common import fail_usage

_READ_ONLY = ResolvedPack(venue="", name="", track="", stage="", main_body_excludes=DEFAULT_MAIN_BODY_EXCLUDES,
                          rules=())
"""A pack without rules: checking with it reads a file's structure (its template) and nothing else."""


def pack_for(venue: str | None, track: str | None, stage: str | None, selection: Selection,
             pdfs: tuple[str, ...], limits: Limits) -> tuple[Group, VenueChoice | None]:
    """The pack to check `pdfs` against (with the command line's rule `selection`), resolved,
    and the choice when it was recognised rather than given; a pack or selection mistake, or
    PDFs whose template no pack serves, end the command (exit 2)."""
    choice = None
    if venue is None:
        choice = recognised_venue(pdfs, limits)
        venue, track, stage = choice.venue, track or choice.track, stage or choice.stage
    try:
        pack = resolve(venue, track, stage, selection)
    except (PackError, SelectionError) as error:
        fail_usage(str(error))
    spec = PackSpec(venue, pack.track, pack.stage, selection.select, selection.ignore, selection.extend_select)
    return Group.of(spec, pack), choice


def recognised_venue(pdfs: tuple[str, ...], limits: Limits) -> VenueChoice:
    """The shipped pack, track and stage the template of `pdfs` calls for (exit 2 when none)."""
    if not pdfs:
        fail_usage("give --venue (a shipped pack or a pack file): without PDFS on the command line there is no "
                   "template to recognise the venue from.")
    report = check_paths(list(pdfs), _READ_ONLY, limits=limits)
    templates = [(result.path, result.structure.template if result.structure else None) for result in report.files]
    try:
        return choose_for_files(templates)
    except NoVenue as error:
        fail_usage(str(error))
