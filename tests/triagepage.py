"""Read the triage page's data block back: each file's section as the page's script writes it
from the block (reporters/html_data.py has its layout), with the texts resolved."""

from __future__ import annotations

import json
import re
from typing import Any

FILE_FIELDS = ("path", "status", "submission", "pages", "main_body", "track", "sha", "findings")
FINDING_FIELDS = ("label", "rule", "name", "page", "message", "evidence", "fix", "picture", "missing", "waiver",
                  "severity", "confidence", "count")
NUMBERS = {"page", "count"}


def page_data(page: str) -> dict[str, Any]:
    """The page's data block as JSON, checking that it is the page's only JSON block and that no
    text in it could end its script element."""
    blocks = re.findall(r'<script type="application/json" id="file-data">(.*?)</script>', page, re.S)
    assert len(blocks) == 1
    assert "<" not in blocks[0]
    data: dict[str, Any] = json.loads(blocks[0])
    return data


def page_files(page: str) -> list[dict[str, Any]]:
    """Every file of the page, its findings as dicts of texts (None where the page shows none)
    and `shared_fix`, the anchor of the fix in the rules table when findings share it."""
    data = page_data(page)
    strings = data["strings"]
    files = []
    for entry in data["files"]:
        file = dict(zip(FILE_FIELDS, entry, strict=True))
        for name in ("main_body", "track"):
            file[name] = strings[file[name]] or None
        findings = []
        for row in file["findings"]:
            row = row + [0] * (len(FINDING_FIELDS) - len(row))
            finding = {name: (value if name in NUMBERS else strings[value] or None)
                       for name, value in zip(FINDING_FIELDS, row, strict=True)}
            finding["shared_fix"] = data["fixes"].get(f"{row[1]}:{row[6]}")
            findings.append(finding)
        file["findings"] = findings
        files.append(file)
    return files
