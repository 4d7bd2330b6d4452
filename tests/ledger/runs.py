"""The runs the error ledger records: each corpus paper checked with its own venue's pack and
with axiom-2026, at the stage its mode calls for, and the findings the ledger holds.

A recorded finding is an error, or a warning of an integrity rule (AX4xx) or of a leftover
rule (AX6xx), as the report gives it (identical findings aggregated into one). `Key` is what a ledger row must match:
paper, run, rule and page.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from axiomcheck.api import check_path
from axiomcheck.packs import pack_info, resolve
from axiomcheck.report import Finding
from corpus_venues import FALLBACK, venue_of

LEDGER = Path(__file__).resolve().parent / "papers.yaml"
"""The reviewed rows, one per recorded finding, sorted by paper, run, rule and page."""
FIELDS = ("paper", "run", "rule", "page", "gist", "why")
"""The fields of a row, all required (page is null for a finding about the whole file)."""


@dataclass(frozen=True, order=True)
class Key:
    """What identifies a recorded finding: the paper, the run (pack/track/stage), rule and page."""

    paper: str
    run: str
    rule: str
    page: int | None

    def __str__(self) -> str:
        return f"{self.paper} {self.run} {self.rule} p{self.page}"


def runs_of(entry: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(pack, track, stage) of each run of a paper: its venue's, then axiom-2026's (default
    track, same stage) unless its venue is axiom-2026."""
    venue, track, stage = venue_of(entry)
    runs = [(venue, track, stage)]
    if venue != FALLBACK:
        runs.append((FALLBACK, pack_info(FALLBACK).default_track, stage))
    return runs


RECORDED_WARNINGS = ("AX4", "AX6", "AX7")
"""The rule groups whose warnings the ledger records too: integrity (hidden text, prompts, reviewer
copies, overflow), leftovers (undefined references, placeholders, chat, template text, stale
headers) and references (what the bibliography shows by itself: the corpus runs look nothing up)."""


def recorded(finding: Finding) -> bool:
    """An error, or a warning of an integrity (AX4xx), leftover (AX6xx) or reference (AX7xx) rule."""
    return finding.severity == "error" or finding.rule.startswith(RECORDED_WARNINGS)


def run_findings(path: Path, entry: dict[str, Any]) -> list[tuple[Key, Finding]]:
    """Every recorded finding of every run of one paper."""
    found = []
    for venue, track, stage in runs_of(entry):
        result = check_path(str(path), resolve(venue, track, stage))
        run = f"{venue}/{track}/{stage}"
        found.extend((Key(entry["id"], run, f.rule, f.page), f) for f in result.findings if recorded(f))
    return found


def ledger_rows() -> list[dict[str, Any]]:
    """The ledger's rows, as written."""
    return yaml.safe_load(LEDGER.read_text(encoding="utf-8")) or []


def key_of(row: dict[str, Any]) -> Key:
    """The key a row records."""
    return Key(str(row["paper"]), str(row["run"]), str(row["rule"]), row["page"])
