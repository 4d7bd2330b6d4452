"""`axiomcheck packs`: the shipped rule packs with their sources, tracks and stages."""

from __future__ import annotations

import click

from ..packs import shipped_packs
from ..packs.catalog import validated_info
from ..packs import PackError


@click.command()
def packs() -> None:
    """List the shipped rule packs with their sources, tracks and stages."""
    for pack_id in shipped_packs():
        try:
            info = validated_info(pack_id)
        except PackError as error:
            click.echo(f"{pack_id}: broken pack: {error}", err=True)
            continue
        click.echo(f"{info.id}: {info.name}")
        if info.source:
            click.echo(f"  source: {info.source}")
        click.echo(f"  stages: {', '.join(info.stages)} (default {info.default_stage})")
        for track, description in info.tracks.items():
            default = " (default)" if track == info.default_track and len(info.tracks) > 1 else ""
            click.echo(f"  track {track}{default}: {description}")
