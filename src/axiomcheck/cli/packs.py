"""`axiomcheck packs`: the shipped rule packs with their sources, tracks and stages."""

from __future__ import annotations

import click

from ..pack_catalog import PackInfo, cached_info, shipped_packs
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
        click.echo(f"{info.id}: {info.name}")
        if info.source:
            click.echo(f"  source: {info.source}")
        click.echo(f"  stages: {', '.join(info.stages)} (default {info.default_stage})")
        for track, description in info.tracks.items():
            default = " (default)" if track == info.default_track and len(info.tracks) > 1 else ""
            click.echo(f"  track {track}{default}: {description}")


def _validated(pack_id: str) -> PackInfo:
    from ..packs.catalog import validated_info  # noqa: PLC0415 - YAML, the schema and the rules: not cached only

    return validated_info(pack_id)
