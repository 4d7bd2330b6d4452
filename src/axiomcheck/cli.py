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
from .packs import PackError, resolve, shipped_packs, validate_pack
from .reporters import REPORTERS
from .authors import AuthorListError, read_author_list
from .runner import check_paths

EXIT_USAGE = 2
EXIT_INTERNAL = 3


def _fail_usage(message: str) -> None:
    click.echo(f"axiomcheck: {message}", err=True)
    sys.exit(EXIT_USAGE)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="axiomcheck")
def main() -> None:
    """Check paper PDFs against a venue's formatting, page-limit and anonymity rules."""


@main.command()
@click.argument("pdfs", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--venue", required=True, help="Rule pack: a shipped id (see `axiomcheck packs`) or a path to a YAML pack.")
@click.option("--track", default="paper", show_default=True, help="Track of the venue (see `axiomcheck packs`).")
@click.option("--stage", default=None, help="submission or camera-ready (default: the pack's default stage).")
@click.option("--format", "output_format", type=click.Choice(sorted(REPORTERS)), default="text", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), help="Write the report to FILE instead of standard output.")
@click.option("--authors", "authors_file", type=click.Path(exists=True, dir_okay=False),
              help="Known author names (CSV or one per line) to search for in the paper.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=1, show_default=True, help="Files checked in parallel.")
def check(pdfs: tuple[str, ...], venue: str, track: str, stage: str | None, output_format: str,
          output: str | None, authors_file: str | None, jobs: int) -> None:
    """Check PDFS against a venue's rules and report every violation."""
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
    report = check_paths(list(pdfs), pack, authors=authors, jobs=jobs)
    rendered = REPORTERS[output_format](report)
    if output:
        Path(output).write_text(rendered, encoding="utf-8")
    else:
        click.echo(rendered, nl=False)
    sys.exit(report.exit_code)


@main.command()
@click.argument("pdf", type=click.Path(dir_okay=False))
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--venue", default="axiom-2026", show_default=True, help="Pack whose track decides what the main body excludes.")
@click.option("--track", default="paper", show_default=True)
def inspect(pdf: str, output_format: str, venue: str, track: str) -> None:
    """Show the structure axiomcheck finds in PDF: sections, main body, template, authors."""
    try:
        pack = resolve(venue, track, None)
    except PackError as error:
        _fail_usage(str(error))
    report = check_paths([pdf], dataclasses.replace(pack, rules=()))
    result = report.files[0]
    if output_format == "json":
        click.echo(json.dumps({"path": result.path, "status": result.status, "pages": result.pages,
                               "structure": result.structure,
                               "findings": [f.to_dict() for f in result.findings]}, indent=2, ensure_ascii=False))
    else:
        click.echo(_structure_text(result))
    sys.exit(EXIT_INTERNAL if result.internal_error else (1 if result.status == "error" else 0))


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
