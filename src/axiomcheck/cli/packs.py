"""`axiomcheck packs`: the shipped rule packs with their sources, tracks and stages."""

from __future__ import annotations

import click

from ..pack_catalog import PackInfo, cached_info, listing, shipped_packs
from ..yamldata import DataFileError


@click.command()
def packs() -> None:
    """List the shipped rule packs with their sources, tracks and stages."""
    for pack_id in shipped_packs():
        try:
            info = cached_info(pack_id) or _validated(pack_id)
        except DataFileError as error:  # the pack (PackError) or the template it names
            click.echo(f"{pack_id}: broken pack: {error}", err=True)
            continue
        click.echo("\n".join(listing(info)))


def _validated(pack_id: str) -> PackInfo:
    from ..packs.catalog import validated_info  # noqa: PLC0415 - YAML, the schema and the rules: not cached only

    return validated_info(pack_id)
