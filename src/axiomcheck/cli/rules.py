"""`axiomcheck rules` and `rules explain`: what each rule checks, why, and how to fix it."""

from __future__ import annotations

import click

from .common import fail_usage


@click.group(invoke_without_command=True)
@click.pass_context
def rules(ctx: click.Context) -> None:
    """List the rules (id, name, group, summary); `rules explain ID` for one rule's documentation."""
    if ctx.invoked_subcommand is None:
        from ..rules import REGISTRY  # noqa: PLC0415 - the rules load only when listed
        from ..verdicts import VERDICTS  # noqa: PLC0415 - as above

        for rule in sorted(REGISTRY.values(), key=lambda r: r.id):
            click.echo(f"{rule.id}  {rule.name:<26} {rule.group:<10} {rule.summary}")
        for verdict in sorted(VERDICTS.values(), key=lambda v: v.id):
            click.echo(f"{verdict.id}  {verdict.name:<26} {'input':<10} {verdict.summary}")


@rules.command()
@click.argument("rule_id")
def explain(rule_id: str) -> None:
    """Show what RULE_ID (an id like AX101 or a name like page-limit) checks and how to fix it."""
    from ..docs import explain_text  # noqa: PLC0415 - the rule catalogue loads only when asked

    text = explain_text(rule_id)
    if text is None:
        fail_usage(f"no rule or verdict '{rule_id}'. `axiomcheck rules` lists them.")
    click.echo(text)
