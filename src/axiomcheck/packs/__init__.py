"""Rule packs: YAML data that selects and configures rules per venue, track and stage.

`resolve(venue, track, stage, selection)` is the one way in: the pack files are read and
checked against the pack schema (`loader.py`, `schema.py`), their layers merged for the
track and stage (`resolve.py`), options filled from the named template (`options.py`) and
the command line's rule selection applied (`selection.py`).
"""

from .loader import PackDeprecationWarning, PackError, chain_paths
from .options import OptionError, configure
from .resolve import ConfiguredRule, ResolvedPack, pack_info, resolve, validate_pack
from .selection import Selection, SelectionError

__all__ = ["ConfiguredRule", "OptionError", "PackDeprecationWarning", "PackError", "ResolvedPack", "Selection",
           "SelectionError", "chain_paths", "configure", "pack_info", "resolve", "validate_pack"]
