"""Turn a rule pack, a track, a stage and a rule selection into the configured rules to run.

A pack is YAML data (see docs/rule-packs.md), read and checked by `loader.py`:

    pack: axiom-2026
    extends: neurips-2026            # optional: a shipped pack id or a path
    template: neurips-2026           # the template file the layout, font and notice rules read
    main_body_excludes: [...]        # sections that do not count toward page limits
    default_stage: submission
    default_track: main              # the track when none is given (else `paper`, else the first)
    chosen_for: [...]                # PDFs checked with this pack when no venue is given (choice.py)
    rules: {page-size: {sizes: [letter]}}
    disable: [rule-name, ...]
    stages: {submission: {rules: ..., disable: ...}, camera-ready: {...}}
    tracks: {paper: {description: ..., only: [...], rules: ..., disable: ..., stages: {...}}}

Configuring and enabling are separate. Options merge key by key through every layer, in
order, for each pack from the base of the `extends` chain to the pack itself: its `rules`,
then the stage's, then the track's, then the track's stage's. Whether a rule runs is decided
by `enable:`, `disable:` and `enabled:` in the same order, and by a rule entry in the pack
that is the first of the chain to name the rule; in a pack that extends one which already
names it, an entry only changes options, unless it stands in a track or stage the extended
packs do not have. A track's `only:` lists every rule it may run. The command line's
`Selection` then chooses among those rules (`selection.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..model import DEFAULT_MAIN_BODY_EXCLUDES, SectionKind, Severity
from ..pack_catalog import PackInfo
from .loader import Layer, PackError, PackFile, read_chain
from .options import OptionError, configure
from .selection import NO_SELECTION, Selection, SelectionError, choose

if TYPE_CHECKING:  # the rules and templates load when a pack is resolved, not when its identity is read
    from ..rules import Rule
    from ..templates import TemplateFacts

DEFAULT_MAX_FINDINGS_PER_RULE = 50
"""A rule reports at most this many findings per file unless the pack says otherwise."""


@dataclass(frozen=True)
class ConfiguredRule:
    rule: Rule
    options: Any
    severity: Severity
    applies_to: tuple[str, ...] = ()
    """Template families the rule checks (the engine skips PDFs of other families); empty: all."""


@dataclass(frozen=True)
class ResolvedPack:
    """The rules to run for one venue, track and stage."""

    venue: str
    name: str
    track: str
    stage: str
    main_body_excludes: tuple[SectionKind, ...]
    rules: tuple[ConfiguredRule, ...]
    template: str | None = None
    """The template file the pack names for this track and stage."""
    max_findings_per_rule: int = DEFAULT_MAX_FINDINGS_PER_RULE
    """The most findings one rule reports per file."""
    main_body_page_limit: int | None = None
    """How many pages the main body may fill on this track and stage (from the options of the
    rule that checks it, `rules.base.MainBodyPageLimit`), None when no rule limits it."""


def _stages(chain: list[PackFile]) -> tuple[str, ...]:
    stages: list[str] = []
    for pack in chain:
        stages += [stage for stage in pack.body.stages if stage not in stages]
    return tuple(stages) or ("submission",)


def _tracks(chain: list[PackFile]) -> dict[str, str]:
    tracks: dict[str, str] = {}
    for pack in chain:
        for name, track in pack.tracks.items():
            tracks[name] = str(track.description or tracks.get(name, ""))
    return tracks


def _info(chain: list[PackFile]) -> PackInfo:
    last = chain[-1]
    stages = _stages(chain)
    default = next((pack.default_stage for pack in reversed(chain) if pack.default_stage), stages[0])
    tracks = _tracks(chain)
    named = next((pack for pack in reversed(chain) if pack.default_track), None)
    track = named.default_track if named and named.default_track else \
        "paper" if "paper" in tracks or not tracks else next(iter(tracks))
    if named is not None and tracks and track not in tracks:
        raise PackError(named.path, named.default_track_line, f"`default_track: {track}` names no track of the pack.",
                        f"Choose one of: {', '.join(tracks)}.", "default_track")
    return PackInfo(id=last.id, name=last.name, path=last.path, tracks=tracks, stages=stages,
                    default_stage=default, default_track=track,
                    source=next((pack.source for pack in reversed(chain) if pack.source), ""))


def pack_info(venue: str) -> PackInfo:
    """Identity, tracks and stages of a pack, validated."""
    return _info(read_chain(venue))


def _layers(pack: PackFile, track: str, stage: str) -> list[tuple[str, Layer]]:
    """The pack's layers that apply to `track` and `stage`, in order, each with its scope."""
    layers = [("pack", pack.body)]
    if stage in pack.body.stages:
        layers.append((f"stage {stage}", pack.body.stages[stage]))
    if track in pack.tracks:
        track_layer = pack.tracks[track]
        layers.append((f"track {track}", track_layer))
        if stage in track_layer.stages:
            layers.append((f"track {track} stage {stage}", track_layer.stages[stage]))
    return layers


@dataclass
class _RuleState:
    """What the layers read so far say about one rule."""

    enabled: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    severity: Severity | None = None
    applies_to: tuple[str, ...] = ()
    entry: tuple[Path, int] | None = None
    """Where the rule's last entry is written (file and line), for messages."""


@dataclass
class _Resolution:
    """The layers of a chain read in order, for one track and stage."""

    rules: dict[str, _RuleState] = field(default_factory=dict)
    excludes: tuple[SectionKind, ...] = DEFAULT_MAIN_BODY_EXCLUDES
    only: tuple[str, ...] | None = None
    template: tuple[str, Path] | None = None

    def apply(self, pack: PackFile, layer: Layer, named_before: set[str]) -> None:
        self.excludes = layer.main_body_excludes if layer.main_body_excludes is not None else self.excludes
        self.template = (layer.template, pack.path) if layer.template is not None else self.template
        for entry in layer.rules:
            state = self.rules.setdefault(entry.name, _RuleState())
            if entry.name not in named_before:  # the first pack to name a rule in this scope turns it on
                state.enabled = True
            state.enabled = entry.enabled if entry.enabled is not None else state.enabled
            state.options.update(entry.options)
            state.severity = entry.severity or state.severity
            state.applies_to = entry.applies_to if entry.applies_to is not None else state.applies_to
            state.entry = (pack.path, entry.line)
        for names, enabled in ((layer.enable, True), (layer.disable, False)):
            for name in names:
                self.rules.setdefault(name, _RuleState()).enabled = enabled
        self.only = layer.only if layer.only is not None else self.only


def resolve(venue: str, track: str | None = None, stage: str | None = None,
            selection: Selection = NO_SELECTION) -> ResolvedPack:
    """The configured rules for `venue` (pack id or path), `track`, `stage` and `selection`
    (no track or stage: the pack's defaults). Raises PackError for a mistake in the pack,
    SelectionError for an unknown selector."""
    from ..rules import REGISTRY  # noqa: PLC0415 - see TYPE_CHECKING above

    selection.check()
    chain = read_chain(venue)
    info = _info(chain)
    stage = stage or info.default_stage
    track = track or info.default_track
    if track not in info.tracks:
        raise PackError("", None, f"{info.id} has no track '{track}'; tracks: {', '.join(info.tracks) or '(none)'}.",
                        "Use --track with one of them.")
    if stage not in info.stages:
        raise PackError("", None, f"{info.id} has no stage '{stage}'; stages: {', '.join(info.stages)}.",
                        "Use --stage with one of them.")
    resolution = _Resolution()
    named_before: set[str] = set()
    scopes_before: set[str] = set()
    for pack in chain:
        for scope, layer in _layers(pack, track, stage):
            resolution.apply(pack, layer, named_before if scope in scopes_before else set())
        named_before |= pack.named()
        scopes_before |= pack.scopes()
    facts = _load_template(resolution.template)
    configured = {}
    for name, state in resolution.rules.items():
        if state.enabled and (resolution.only is None or name in resolution.only):
            rule = REGISTRY[name]
            configured[rule] = ConfiguredRule(rule, _options(rule, state, facts, resolution.template, info.path),
                                              state.severity or rule.severity, state.applies_to)
    chosen = tuple(choose(configured, selection, lambda rule: _added(rule, facts, track)))
    return ResolvedPack(venue=info.id, name=info.name, track=track, stage=stage,
                        main_body_excludes=resolution.excludes, rules=chosen,
                        template=facts.name if facts else None, max_findings_per_rule=_max_findings(chain),
                        main_body_page_limit=main_body_page_limit(chosen))


def main_body_page_limit(rules: tuple[ConfiguredRule, ...]) -> int | None:
    """The main-body page limit the configured rules enforce (`rules.base.MainBodyPageLimit`)."""
    from ..rules.base import MainBodyPageLimit  # noqa: PLC0415 - see TYPE_CHECKING above

    return next((int(c.options.main_body_pages) for c in rules if isinstance(c.options, MainBodyPageLimit)), None)


def _max_findings(chain: list[PackFile]) -> int:
    """`max_findings_per_rule:` of the last pack in the chain that sets it, else the default."""
    return next((pack.max_findings_per_rule for pack in reversed(chain) if pack.max_findings_per_rule is not None),
                DEFAULT_MAX_FINDINGS_PER_RULE)


def _load_template(template: tuple[str, Path] | None) -> TemplateFacts | None:
    from ..templates import TemplateError, find_template  # noqa: PLC0415 - see TYPE_CHECKING above

    if template is None:
        return None
    name, path = template
    try:
        return find_template(str(path.parent / name) if name.endswith((".yaml", ".yml")) else name)
    except TemplateError as error:
        where = (f" ({error.path}:{error.line})" if error.line else
                 f" ({error.path})" if str(error.path) != name else "")
        raise PackError(path, None, f"`template: {name}`{where}: {error.problem}", error.fix, "template") from error


def _options(rule: Rule, state: _RuleState, facts: TemplateFacts | None, template: tuple[str, Path] | None,
             pack: Path) -> Any:
    """The rule's options: what the pack gives, the rest from the template file or the defaults."""
    try:
        return configure(rule, facts, **state.options)
    except OptionError as error:
        path, line = state.entry or ((template[1], None) if template else (pack, None))
        raise PackError(path, line, f"rule '{rule.name}': {error.problem}", error.fix, f"rules.{rule.name}") from error


def _added(rule: Rule, facts: TemplateFacts | None, track: str) -> ConfiguredRule:
    """A rule the selection adds, configured as the pack would: its defaults and its template's numbers."""
    try:
        return ConfiguredRule(rule, configure(rule, facts), rule.severity)
    except OptionError as error:
        raise SelectionError(f"{rule.id} {rule.name} reads its options from a template file, and the pack's "
                             f"{track} track has none it can use ({error}). Fix: choose a track with a "
                             "template, or add the rule to the pack.") from error


def validate_pack(venue: str) -> PackInfo:
    """Load every track and stage of a pack, so that a mistake anywhere in it is reported."""
    info = pack_info(venue)
    for track in info.tracks:
        for stage in info.stages:
            resolve(venue, track, stage)
    return info
