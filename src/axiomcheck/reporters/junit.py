"""JUnit XML: what CI dashboards (Jenkins, GitLab, Azure DevOps, test-report actions) show.

One `testsuite` per file (named by its path), one `testcase` per rule that ran on it
(`AX101 page-limit`): a rule with an error that stands is a `failure` listing its findings;
a rule whose errors are all waived is `skipped` with the waiver; warnings and notes go to
the test case's `system-out` and do not fail it. A verdict (the file could not be, or not
fully, checked: AX9xx) is a test case of its own with an `error` element.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..finding_types import Severity
from ..report import FileResult, Finding, Report
from .base import Emitter, one_line
from .catalog import describe
from ..verdicts import is_verdict


def _line(finding: Finding) -> str:
    where = f"page {finding.page}: " if finding.page else ""
    text = f"{finding.severity}: {where}{one_line(finding.message)}"
    if finding.hint:
        text += f" Fix: {finding.hint}"
    if finding.evidence_image:
        text += f" See: {finding.evidence_image}"
    if finding.waiver is not None:
        text += f" Waived: {one_line(finding.waiver)}"
    return text


def _testcase(result: FileResult, rule_id: str, name: str, findings: list[Finding]) -> ET.Element:
    case = ET.Element("testcase", name=f"{rule_id} {name}", classname=result.path)
    standing = [f for f in findings if f.severity == Severity.ERROR and not f.waived]
    waived = [f for f in findings if f.severity == Severity.ERROR and f.waived]
    if standing:
        kind = "error" if any(is_verdict(f) for f in standing) else "failure"
        element = ET.SubElement(case, kind, message=one_line(standing[0].message), type=f"{rule_id} {name}")
        element.text = "\n".join(_line(f) for f in standing)
    elif waived:
        ET.SubElement(case, "skipped", message=f"waived: {one_line(waived[0].waiver or '')}")
    others = [f for f in findings if f not in standing]
    if others:
        ET.SubElement(case, "system-out").text = "\n".join(_line(f) for f in others)
    return case


class JunitEmitter(Emitter):
    NAME = "junit"
    EXTENSION = ".xml"

    def start(self, run: Report) -> None:
        name = f"axiomcheck {run.venue}/{run.track}/{run.stage}"
        self.stream.write(f'<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="{_attribute(name)}">\n')

    def file(self, result: FileResult) -> None:
        by_rule: dict[str, list[Finding]] = {rule_id: [] for rule_id in result.rules_run}
        names = {rule_id: describe(rule_id).name for rule_id in result.rules_run}
        for finding in result.findings:
            by_rule.setdefault(finding.rule, []).append(finding)
            names.setdefault(finding.rule, finding.name)
        cases = [_testcase(result, rule_id, names[rule_id], findings) for rule_id, findings in by_rule.items()]
        suite = ET.Element("testsuite", name=result.path, tests=str(len(cases)),
                           failures=str(sum(1 for c in cases if c.find("failure") is not None)),
                           errors=str(sum(1 for c in cases if c.find("error") is not None)),
                           skipped=str(sum(1 for c in cases if c.find("skipped") is not None)))
        properties = ET.SubElement(suite, "properties")
        for key, value in (("status", result.status), ("sha256", result.sha256), ("pages", result.pages),
                           ("track", result.track)):
            if value is not None:
                ET.SubElement(properties, "property", name=key, value=str(value))
        suite.extend(cases)
        ET.indent(suite, space="  ", level=1)
        self.stream.write("  " + ET.tostring(suite, encoding="unicode") + "\n")

    def finish(self) -> None:
        self.stream.write("</testsuites>\n")


def _attribute(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")
