"""The `axiomcheck` command line: check, inspect, rules, packs.

Exit codes: 0 every file passes; 1 a file has errors or could not be checked; 2 a usage or
rule-pack error; 3 an internal error (a bug in axiomcheck).
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import click

from . import __version__
from .authors import AuthorListError, read_author_list
from .isolation.limits import DEFAULT_LIMITS, Limits, format_duration, format_size, parse_duration, parse_size
from .manifest import ManifestError, read_manifest
from .packs import PackError, resolve, shipped_packs, validate_pack
from .reporters import REPORTERS
from .runner import FileTask, check_paths, check_tasks

EXIT_USAGE = 2
EXIT_INTERNAL = 3


def _fail_usage(message: str) -> None:
    click.echo(f"axiomcheck: {message}", err=True)
    sys.exit(EXIT_USAGE)


class _Size(click.ParamType):
    """A size in bytes: 100MB, 2GiB, 512M, 4096."""

    name = "size"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        try:
            return parse_size(str(value))
        except ValueError as error:
            self.fail(str(error), param, ctx)


class _Duration(click.ParamType):
    """A duration in seconds: 60, 90s, 2m, 500ms."""

    name = "duration"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, float):
            return value
        try:
            return parse_duration(str(value))
        except ValueError as error:
            self.fail(str(error), param, ctx)


def _limit_options(command: click.Command) -> click.Command:
    """The per-file limits (docs/limits-and-verdicts.md), shared by `check` and `inspect`."""
    options = [
        click.option("--timeout", type=_Duration(), default=format_duration(DEFAULT_LIMITS.timeout).replace(" ", ""),
                     show_default=True, help="Longest time to check one file (e.g. 90s, 2m)."),
        click.option("--max-memory", type=_Size(), default=format_size(DEFAULT_LIMITS.max_memory).replace(" ", ""),
                     show_default=True, help="Memory one file may use (e.g. 2GiB, 512MiB)."),
        click.option("--max-size", type=_Size(), default=format_size(DEFAULT_LIMITS.max_size).replace(" ", ""),
                     show_default=True, help="Largest file accepted (e.g. 100MB)."),
        click.option("--max-pages", type=click.IntRange(min=1), default=DEFAULT_LIMITS.max_pages,
                     show_default=True, help="Most pages a file may have."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _limits(timeout: float, max_memory: int, max_size: int, max_pages: int) -> Limits:
    try:
        return Limits(timeout=timeout, max_memory=max_memory, max_size=max_size, max_pages=max_pages)
    except ValueError as error:
        _fail_usage(f"{error}.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="axiomcheck")
def main() -> None:
    """Check paper PDFs against a venue's formatting, page-limit and anonymity rules."""


@main.command()
@click.argument("pdfs", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--venue", required=True, help="Rule pack: a shipped id (see `axiomcheck packs`) or a path to a YAML pack.")
@click.option("--track", default="paper", show_default=True, help="Track of the venue (see `axiomcheck packs`).")
@click.option("--stage", default=None, help="submission or camera-ready (default: the pack's default stage).")
@click.option("--format", "output_format", type=click.Choice(sorted(REPORTERS)), default="text", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), help="Write the report to FILE instead of standard output.")
@click.option("--authors", "authors_file", type=click.Path(exists=True, dir_okay=False),
              help="Known author names (CSV or one per line) to search for in the paper.")
@click.option("--manifest", "manifest_file", type=click.Path(exists=True, dir_okay=False),
              help="A CSV or YAML list of files to check (after PDFS), each with its own authors.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=1, show_default=True, help="Files checked in parallel.")
@click.option("--evidence", "evidence_dir", type=click.Path(file_okay=False, writable=True),
              help="Write a PNG of the page, with the box drawn, for every finding that has a box into DIR "
                   "(named in the report's `evidence_image`).")
@_limit_options
def check(pdfs: tuple[str, ...], venue: str, track: str, stage: str | None, output_format: str,
          output: str | None, authors_file: str | None, manifest_file: str | None, jobs: int,
          evidence_dir: str | None, timeout: float, max_memory: int, max_size: int, max_pages: int) -> None:
    """Check PDFS against a venue's rules and report every violation.

    Each file is parsed in a separate worker process under the limits below; a file that
    exceeds them gets a verdict and the others are still checked.
    """
    limits = _limits(timeout, max_memory, max_size, max_pages)
    try:
        pack = resolve(venue, track, stage)
    except PackError as error:
        _fail_usage(str(error))
    authors: tuple[str, ...] = ()
    if authors_file:
        try:
            authors = read_author_list(authors_file)
        except AuthorListError as error:
            _fail_usage(str(error))
    tasks = [FileTask(path, authors) for path in pdfs]
    if manifest_file:
        try:
            entries = read_manifest(manifest_file)
        except ManifestError as error:
            _fail_usage(str(error))
        tasks += [FileTask(entry.path, tuple(dict.fromkeys(authors + entry.authors))) for entry in entries]
    if not tasks:
        _fail_usage("give the PDF files to check, or --manifest FILE.")
    report = check_tasks(tasks, pack, limits, jobs, evidence_dir=evidence_dir)
    rendered = REPORTERS[output_format](report)
    if output:
        Path(output).write_text(rendered, encoding="utf-8")
    else:
        click.echo(rendered, nl=False)
    sys.exit(report.exit_code)


@main.command()
@click.argument("pdfs", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--venue", default="axiom-2026", show_default=True, help="Pack whose track decides what the main body excludes.")
@click.option("--track", default="paper", show_default=True)
@_limit_options
def inspect(pdfs: tuple[str, ...], output_format: str, venue: str, track: str, timeout: float, max_memory: int,
            max_size: int, max_pages: int) -> None:
    """Show the structure axiomcheck finds in PDFS: sections, main body, template, authors.

    JSON output is a list with one object per file: path, status, pages, the report's
    `structure` object, and any verdict for a file that could not be read."""
    limits = _limits(timeout, max_memory, max_size, max_pages)
    try:
        pack = resolve(venue, track, None)
    except PackError as error:
        _fail_usage(str(error))
    report = check_paths(list(pdfs), dataclasses.replace(pack, rules=()), limits=limits)
    if output_format == "json":
        click.echo(json.dumps([{"path": r.path, "status": r.status, "pages": r.pages, "structure": r.structure,
                                "findings": [f.to_dict() for f in r.findings]} for r in report.files],
                              indent=2, ensure_ascii=False))
    else:
        click.echo("\n\n".join(_structure_text(result) for result in report.files))
    if any(r.internal_error for r in report.files):
        sys.exit(EXIT_INTERNAL)
    sys.exit(1 if any(r.status == "error" for r in report.files) else 0)


def _structure_text(result) -> str:
    if result.structure is None:
        return "\n".join([f"{result.path}: not readable"] + [f"  {f.rule} {f.name}: {f.message}" for f in result.findings])
    s = result.structure
    template = s["template"]
    end = s["main_body_end"]
    lines = [
        f"{result.path}: {result.pages} pages, {s['page_size']}, {s['columns']} column(s)",
        f"  template:        {template['name']} / {template['mode'] or 'mode unknown'}"
        + (f" / {template['track']}" if template["track"] else "")
        + (f" / workshop '{template['workshop_title']}'" if template["workshop_title"] is not None else ""),
        f"  notice:          {s['notice'] or '(none found)'}",
        f"  title:           {s['title'] or '(none found)'}",
        f"  author block:    {'anonymous' if s['anonymous'] else '; '.join(s['authors'][:4]) or '(empty)'}",
        f"  line numbers:    {'yes' if s['line_numbers'] else 'no'}",
        f"  main body:       {s['main_body_pages']} pages"
        + (f", ends {round(end['fraction'] * 100)}% down page {end['page']}" if end else "")
        + (f", before '{s['main_body_ends_before']}'" if s["main_body_ends_before"] else ""),
    ]
    for key in ("acknowledgments", "impact", "references", "appendix", "checklist"):
        lines.append(f"  {key + ':':<16} {('page ' + str(s[key + '_page'])) if s[key + '_page'] else '-'}")
    lines.append("  headings:")
    for heading in s["headings"]:
        lines.append(f"    p{heading['page']:<3} {heading['kind']:<15} {heading['text']}"
                     + ("  (top of page)" if heading["top_of_page"] else ""))
    return "\n".join(lines)


@main.group(invoke_without_command=True)
@click.pass_context
def rules(ctx: click.Context) -> None:
    """List the rules (id, name, group, summary); `rules explain ID` for one rule's documentation."""
    if ctx.invoked_subcommand is None:
        from .rules import REGISTRY
        from .verdicts import VERDICTS

        for rule in sorted(REGISTRY.values(), key=lambda r: r.id):
            click.echo(f"{rule.id}  {rule.name:<26} {rule.group:<10} {rule.summary}")
        for verdict in sorted(VERDICTS.values(), key=lambda v: v.id):
            click.echo(f"{verdict.id}  {verdict.name:<26} {'input':<10} {verdict.summary}")


@rules.command()
@click.argument("rule_id")
def explain(rule_id: str) -> None:
    """Show what RULE_ID (an id like AX101 or a name like page-limit) checks and how to fix it."""
    from .docs import explain_text

    text = explain_text(rule_id)
    if text is None:
        _fail_usage(f"no rule or verdict '{rule_id}'. `axiomcheck rules` lists them.")
    click.echo(text)


@main.command()
def packs() -> None:
    """List the shipped rule packs with their tracks and stages."""
    for pack_id in shipped_packs():
        try:
            info = validate_pack(pack_id)
        except PackError as error:
            click.echo(f"{pack_id}: broken pack: {error}", err=True)
            continue
        click.echo(f"{info.id}: {info.name}")
        click.echo(f"  stages: {', '.join(info.stages)} (default {info.default_stage})")
        for track, description in info.tracks.items():
            click.echo(f"  track {track}: {description}")


if __name__ == "__main__":
    main()
