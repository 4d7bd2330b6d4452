"""JUnit XML: what CI dashboards (Jenkins, GitLab, Azure DevOps, test-report actions) show.

One `testsuite` per file (named by its path, or by its submission and path, `#21 Title
(papers/0a1b2c.pdf)`, when a manifest or an export says which it is; its properties give
the submission's id, title and forum), one `testcase` per rule that ran on it
(`AX101 page-limit`): a rule with an error that stands is a `failure` listing its findings;
a rule whose errors are all waived is `skipped` with the waiver; warnings and notes go to
the test case's `system-out` and do not fail it. A verdict (the file could not be, or not
fully, checked: AX9xx) is a test case of its own with an `error` element. A run stopped
before its last file ends with a suite `axiomcheck run` whose properties say so (`run_status`
partial, `files_done`, `files_total`, `reason`) and whose one case is an `error`,
`partial: 12 of 30 files (stopped by Ctrl-C)`, so that a dashboard never shows it as whole.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..model import Severity
from ..report import FileResult, Finding, Report, RunStatus
from .base import Emitter, completed, one_line
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
    EXTENSION = ".xml"

    def start(self, run: Report) -> None:
        name = f"axiomcheck {run.venue}/{run.track}/{run.stage}"
        self.stream.write(f'<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="{_attribute(name)}">\n')
        self.count = 0

    def file(self, result: FileResult) -> None:
        by_rule: dict[str, list[Finding]] = {rule_id: [] for rule_id in result.rules_run}
        names = {rule_id: describe(rule_id).name for rule_id in result.rules_run}
        for finding in result.findings:
            by_rule.setdefault(finding.rule, []).append(finding)
            names.setdefault(finding.rule, finding.name)
        cases = [_testcase(result, rule_id, names[rule_id], findings) for rule_id, findings in by_rule.items()]
        ref = result.submission
        name = f"{ref.label} ({result.path})" if ref is not None and ref.label else result.path
        suite = ET.Element("testsuite", name=name, tests=str(len(cases)),
                           failures=str(sum(1 for c in cases if c.find("failure") is not None)),
                           errors=str(sum(1 for c in cases if c.find("error") is not None)),
                           skipped=str(sum(1 for c in cases if c.find("skipped") is not None)))
        properties = ET.SubElement(suite, "properties")
        for key, value in (("status", result.status), ("sha256", result.sha256), ("pages", result.pages),
                           ("track", result.track), ("submission", ref.id if ref else None),
                           ("title", ref.title if ref else None), ("forum", ref.forum if ref else None)):
            if value is not None:
                ET.SubElement(properties, "property", name=key, value=str(value))
        suite.extend(cases)
        ET.indent(suite, space="  ", level=1)
        self.stream.write("  " + ET.tostring(suite, encoding="unicode") + "\n")
        self.count += 1

    def finish(self, status: RunStatus | None = None) -> None:
        done = completed(status, self.count)
        if done.partial:
            self.stream.write("  " + ET.tostring(_partial_run(done), encoding="unicode") + "\n")
        self.stream.write("</testsuites>\n")


def _partial_run(done: RunStatus) -> ET.Element:
    """The suite that says a run stopped before its last file."""
    suite = ET.Element("testsuite", name="axiomcheck run", tests="1", failures="0", errors="1", skipped="0")
    properties = ET.SubElement(suite, "properties")
    for key, value in (("run_status", done.state), ("files_done", done.done), ("files_total", done.total),
                       ("reason", done.reason)):
        if value is not None:
            ET.SubElement(properties, "property", name=key, value=str(value))
    case = ET.SubElement(suite, "testcase", name="every file checked", classname="axiomcheck run")
    ET.SubElement(case, "error", message=done.summary, type="partial run").text = (
        f"{done.summary}: the outputs list only the files done; run the same command again to check the rest.")
    ET.indent(suite, space="  ", level=1)
    return suite


def _attribute(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")
