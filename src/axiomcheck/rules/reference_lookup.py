"""What a reference index said of each entry: entries it does not know, entries it knows otherwise.

The look-up itself runs before the rules, where the run has the index (`references`
package: a local SQLite index, or the online services), and hands its answers to the rules
in the check's context (`CheckContext.references`); these rules only report them, so that a
pack may enable them, raise their severity, or leave them out. Without an index the context
holds no answers and these rules say nothing: the report says once, for the whole run, that
the references were not checked.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..model import Region, RegionKind, Severity, Verdict
from ._text import SHORT_QUOTE, clip
from .base import CheckContext, NoOptions, Violation, rule

if TYPE_CHECKING:
    from ..model import Document, Lookup, ReferenceEntry


def _entries(doc: Document, context: CheckContext, verdict: Verdict) -> Iterator[tuple[ReferenceEntry, Lookup, str]]:
    """The entries the look-up gave `verdict`, with its answer and what it consulted."""
    check = context.references
    if check is None or check.unchecked is not None:
        return
    by_number = {entry.number: entry for entry in doc.bibliography.entries}
    for lookup in check.lookups:
        entry = by_number.get(lookup.entry)
        if lookup.verdict is verdict and entry is not None:
            yield entry, lookup, check.source


def _quoted(entry: ReferenceEntry) -> str:
    """The entry as a message quotes it: [12] 'Title' (First Author et al., 2020)."""
    label = f"[{entry.label}] " if entry.label else ""
    title = f"'{clip(entry.title, 90)}'" if entry.title else f"'{clip(entry.text, 90)}'"
    who = (entry.surnames[0] + (" et al." if len(entry.surnames) > 1 else "")) if entry.surnames else ""
    year = str(entry.year) if entry.year else ""
    said = ", ".join(part for part in (who, year) if part)
    return f"{label}{title}" + (f" ({said})" if said else "")


def _further_parts(entry: ReferenceEntry) -> tuple[Region, ...]:
    """The entry's pieces after its first (a column or page it runs on to), shaded."""
    return tuple(Region(part.page, part.bbox, RegionKind.SHADE) for part in entry.parts[1:])


@rule(id="AX706", name="reference-not-found", group="references", severity=Severity.WARNING,
      confidence="heuristic", needs_references=True)
def reference_not_found(doc: Document, options: NoOptions, context: CheckContext) -> Iterator[Violation]:
    """Every entry of the bibliography is a work the reference index knows.

    What it checks: each entry looked up in the reference index the run was given
    (`--references FILE` or `online`) by its arXiv id, its DOI, and its title with its first
    author's family name and year (case, accents, hyphenation, ligatures and LaTeX leftovers
    make no difference). An entry the index has no work like is reported, quoting it. Without
    an index nothing is looked up and nothing is reported (the report says the references
    were not checked).

    Why: 2026's venues desk-reject papers that cite works that do not exist (ICLR 2026
    confirmed them by looking every reference up; ACL 2026 rejected accepted papers for
    "citations to non-existent literature"; arXiv bans their authors for a year). An entry
    the index does not know may still exist (a book, a web page, a work newer than the
    index): a person must confirm it, which is why this is a warning.

    How to fix: find the work (its arXiv page, DOI or the venue's proceedings) and copy its
    reference from there; if it cannot be found, remove the entry and the claims that cite it.
    """
    for entry, _, source in _entries(doc, context, Verdict.NOT_FOUND):
        yield Violation(
            message=f"Entry {_quoted(entry)} was not found in {source}: a person should confirm that this work exists.",
            hint="Find the work (arXiv, DOI, proceedings) and copy its reference from there, or remove the entry.",
            page=entry.page, bbox=entry.bbox, evidence=clip(entry.text, SHORT_QUOTE), regions=_further_parts(entry))


@rule(id="AX707", name="reference-mismatch", group="references", severity=Severity.WARNING,
      confidence="heuristic", needs_references=True)
def reference_mismatch(doc: Document, options: NoOptions, context: CheckContext) -> Iterator[Violation]:
    """Every entry names its work as the reference index knows it.

    What it checks: entries whose title the index knows but with other authors or a year
    more than one year apart, and entries whose arXiv id or DOI names a different work than
    the entry's title (the work it names is quoted).

    Why: a real title with the wrong authors, or a real identifier of another work, is how
    generated references go wrong most often; a reader who follows it reaches another paper.

    How to fix: copy the reference from the work itself (its arXiv page or DOI), so that
    title, authors, year and identifier agree.
    """
    for entry, lookup, _ in _entries(doc, context, Verdict.MISMATCH):
        yield Violation(
            message=f"Entry {_quoted(entry)}: {lookup.reason}.",
            hint="Copy the reference from the work itself so that title, authors, year and identifier agree.",
            page=entry.page, bbox=entry.bbox, evidence=clip(entry.text, SHORT_QUOTE), regions=_further_parts(entry))


@rule(id="AX708", name="references-unchecked", group="references", severity=Severity.WARNING, needs_references=True)
def references_unchecked(doc: Document, options: NoOptions, context: CheckContext) -> Iterator[Violation]:
    """The references were looked up when a reference index was asked for.

    What it checks: a run given a reference index (`--references FILE` or `online`) whose
    look-up could not be made for this file, or for some of its entries: the index could not
    be read, the services could not be reached (no network), or the time ran out.

    Why: the reference checks then say nothing about this file, which is not the same as
    finding every reference: the report says so rather than passing the file in silence.

    How to fix: check the index file (rebuild it with `axiomcheck references index`) or the
    network, and check the file again.
    """
    check = context.references
    if check is None or not doc.bibliography.entries:
        return
    if check.unchecked is not None:
        reason, count = check.unchecked, len(doc.bibliography.entries)
    else:
        left = [lookup for lookup in check.lookups if lookup.verdict is Verdict.UNCHECKED]
        if not left:
            return
        reason, count = left[0].reason, len(left)
    yield Violation(
        message=f"{count} of {len(doc.bibliography.entries)} references were not checked: {reason}.",
        hint="Check the reference index (or the network, for online look-ups) and check the file again.")


RULES = (reference_not_found, reference_mismatch, references_unchecked)
