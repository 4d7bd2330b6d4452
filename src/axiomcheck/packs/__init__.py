"""Rule packs: YAML data that selects and configures rules per venue, track and stage."""

from .loader import PackError
from .resolve import (ConfiguredRule, PackInfo, ResolvedPack, configure, pack_info, packs_directory, resolve,
                      shipped_packs, validate_pack)

__all__ = ["ConfiguredRule", "PackError", "configure", "PackInfo", "ResolvedPack", "pack_info", "packs_directory",
           "resolve", "shipped_packs", "validate_pack"]
