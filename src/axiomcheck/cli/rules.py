"""`axiomcheck rules` and `rules explain`: what each rule checks, why, and how to fix it."""

from __future__ import annotations

import click

from .. import datacache as cache

LISTED_CODE = ("rules", "verdicts.py")
"""The modules the listing is made from: a change to one of them makes it again."""


@click.group(invoke_without_command=True)
@click.pass_context
def rules(ctx: click.Context) -> None:
    """List the rules (id, name, group, summary); `rules explain ID` for one rule's documentation."""
    if ctx.invoked_subcommand is None:
        for line in _listing():
            click.echo(line)


def _listing() -> list[str]:
    """One line per rule and verdict, from the cache (`datacache.py`, keyed by the rule modules'
    sizes and times) or, when they changed, from the rule registry itself."""
    key = cache.digest("rules", cache.code_fingerprint(*LISTED_CODE))
    cached = cache.read("rules", key)
    if isinstance(cached, list) and all(isinstance(line, str) for line in cached):
        return cached
    from ..rules import REGISTRY  # noqa: PLC0415 - the rules load only when the listing is not cached
    from ..packs.selection import VERDICT_GROUP  # noqa: PLC0415 - as above
    from ..verdicts import VERDICTS  # noqa: PLC0415 - as above

    lines = [f"{rule.id}  {rule.name:<26} {rule.group:<10} {rule.summary}"
             for rule in sorted(REGISTRY.values(), key=lambda r: r.id)]
    lines += [f"{verdict.id}  {verdict.name:<26} {VERDICT_GROUP:<10} {verdict.summary}"
              for verdict in sorted(VERDICTS.values(), key=lambda v: v.id)]
    cache.write("rules", key, lines)
    return lines


@rules.command()
@click.argument("rule_id")
@click.option("--venue", default=None, help="Also say how this venue's pack runs the rule (see `axiomcheck packs`).")
@click.option("--track", default=None, help="The venue's track (default: the pack's default track).")
@click.option("--stage", default=None, help="submission or camera-ready (default: the pack's default stage).")
def explain(rule_id: str, venue: str | None, track: str | None, stage: str | None) -> None:
    """Show what RULE_ID (an id like AX101 or a name like page-limit) checks and how to fix it;
    with --venue, how that venue's pack runs it (its severity and option values, say the
    page limit), or that the pack does not run it."""
    from ..docs import explain_text, in_pack_text  # noqa: PLC0415 - the rule catalogue loads only when asked
    from ..packs import PackError  # noqa: PLC0415 - as above
    from .common import fail_usage  # noqa: PLC0415 - as above

    text = explain_text(rule_id)
    if text is None:
        fail_usage(f"no rule or verdict '{rule_id}'. `axiomcheck rules` lists them.")
    if venue is None and (track or stage):
        fail_usage("--track and --stage name a venue's track and stage: give --venue too.")
    if venue is not None:
        try:
            text += "\n\n" + in_pack_text(rule_id, venue, track, stage)
        except PackError as error:
            fail_usage(str(error))
    click.echo(text)
