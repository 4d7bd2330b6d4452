"""The triage page's findings per file, as the compact data block its script renders.

A conference's findings repeat: the same rule names, fixes and often the same messages and
evidence across hundreds of files. The page therefore carries every finding as a short row of
numbers into one table of distinct texts (`strings`, index 0 the empty text, meaning "none"),
and its script (`html_page/triage.js`) writes each file's section from it: 3,000 files with
7 findings each take about a third of the bytes the same sections take as HTML.

The block is JSON (`<script type="application/json" id="file-data">`, never executed), one
file and one text a line:

- `strings`: the distinct texts;
- `fixes`: `{"rule index:fix index": anchor}` for the fixes several findings of a rule
  share, written once in the rules table under that anchor;
- `files`: per file `[path, status, submission, pages, main body, track, sha, findings]`:
  `submission` 0 or `[id or null, title, forum]`; `pages` a number or null; `main body` and
  `track` (only when not the run's) text indexes; `sha` its first 12 digits or "";
- each finding `[label, rule, name, page, message, evidence, fix, picture, picture not found,
  waiver, severity, confidence, count]`: text indexes except `page` (0: none) and `count`
  (0: once); `picture` the link to its picture beside the page, `picture not found` the path
  of one that is not there, `severity` only when waived, `confidence` only when not high;
  zeros at the end are left out (the fields most findings lack come last).

This is the page's own layout, not an interface: the JSON report (`--format json`) is.
"""

from __future__ import annotations

import json
from typing import Any

from ..report import Finding

EVIDENCE_CHARS = 160
"""The page shows this much of a finding's evidence (the JSON report has all of it)."""
FileEntry = list[Any]
"""One file's row of the data block (layout in the module docstring)."""


class StringTable:
    """Distinct texts, each kept once, by the index the page's rows refer to."""

    def __init__(self) -> None:
        self.texts: list[str] = [""]
        self._index: dict[str, int] = {"": 0}

    def __call__(self, text: str | None) -> int:
        """The index of `text` (0 for none or empty), adding it when new."""
        if not text:
            return 0
        index = self._index.get(text)
        if index is None:
            index = self._index[text] = len(self.texts)
            self.texts.append(text)
        return index


def short_evidence(finding: Finding) -> str | None:
    """The evidence the page shows: none when the message holds it already, else cut to
    `EVIDENCE_CHARS`."""
    evidence = finding.evidence
    if not evidence or evidence in finding.message:
        return None
    return evidence if len(evidence) <= EVIDENCE_CHARS else evidence[:EVIDENCE_CHARS - 1].rstrip() + "…"


def finding_entry(finding: Finding, strings: StringTable, picture: str | None) -> list[Any]:
    """A finding's row; `picture` is the link to its picture when the picture is there."""
    missing = finding.evidence_image if finding.evidence_image and picture is None else None
    entry: list[Any] = [
        strings("waived" if finding.waived else finding.severity.value), strings(finding.rule),
        strings(finding.name), finding.page or 0, strings(finding.message), strings(short_evidence(finding)),
        strings(finding.hint), strings(picture), strings(missing), strings(finding.waiver),
        strings(finding.severity.value if finding.waiver is not None else None),
        strings(finding.confidence.value if finding.confidence.value != "high" else None),
        finding.count if finding.count > 1 else 0]
    while entry and entry[-1] == 0:
        entry.pop()
    return entry


def data_block(strings: StringTable, fixes: dict[tuple[str, str], str], files: list[FileEntry]) -> str:
    """The JSON text of the data block, one file and one text a line, with every `<` escaped
    so that nothing in it can end the script element."""
    def dumps(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    fix_anchors = {f"{strings(rule)}:{strings(hint)}": anchor for (rule, hint), anchor in fixes.items()}
    text = ('{"strings":[\n' + ",\n".join(dumps(s) for s in strings.texts) + '],\n"fixes":' + dumps(fix_anchors)
            + ',\n"files":[\n' + ",\n".join(dumps(f) for f in files) + "]}")
    return text.replace("<", "\\u003c")

