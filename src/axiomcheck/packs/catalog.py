"""What `axiomcheck packs` says about a shipped pack: validated once, then read from the cache
(`pack_catalog.py`, which reads it without loading this package)."""

from __future__ import annotations

from ..pack_catalog import PackInfo, cached_info, remember_info
from .choice import entries
from .loader import chain_paths
from .resolve import validate_pack


def validated_info(pack_id: str) -> PackInfo:
    """The identity, tracks and stages of shipped pack `pack_id` once all of it resolves;
    raises PackError (or TemplateError for the template file it names)."""
    info = cached_info(pack_id)
    if info is not None:
        return info
    info = validate_pack(pack_id)
    entries(pack_id)  # the `chosen_for:` entries too
    remember_info(pack_id, info, chain_paths(pack_id))
    return info
