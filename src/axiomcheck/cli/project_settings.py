"""A project's settings as the defaults of `check` and `batch`: `--config FILE`, `--isolated`.

The settings file (`settings.find_settings`: the nearest `axiomcheck.toml`, or
`pyproject.toml` with `[tool.axiomcheck]`) gives any option of the command by its long name;
its values become the command's defaults (click's `default_map`), so an option given on the
command line wins. Paths in the file are relative to the file's folder. Each value is
checked as the option would check it: a mistake names the file and line (exit 2).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from ..reporters import REPORTERS
from ..settings import Settings, SettingsError, find_settings, read_settings
from .common import fail_usage

F = TypeVar("F", bound=Callable[..., object])

SETTINGS_COMMANDS = ("check", "batch")
"""The commands a settings file sets."""
_NOT_SETTINGS = {"help", "config", "isolated"}
_META_CONFIG = "axiomcheck.config"
_META_ISOLATED = "axiomcheck.isolated"
_META_SOURCE = "axiomcheck.settings_file"
_PACK_SUFFIXES = (".yaml", ".yml")


def settings_options(command: F) -> F:
    """Add `--config FILE` and `--isolated` to a command; they are read before every other
    option, and the settings become the other options' defaults."""
    options = [
        click.option("--config", "config", type=click.Path(exists=True, dir_okay=False), default=None,
                     is_eager=True, expose_value=False, callback=_remember(_META_CONFIG),
                     help="Read the settings from FILE (an axiomcheck.toml, or a pyproject.toml with "
                          "[tool.axiomcheck]) instead of the nearest one (docs/configuration.md)."),
        click.option("--isolated", is_flag=True, default=False, is_eager=True, expose_value=False,
                     callback=_remember(_META_ISOLATED), help="Read no settings file: the command line alone."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def settings_source(ctx: click.Context) -> Path | None:
    """The settings file the command's defaults came from, if any."""
    source: Path | None = ctx.meta.get(_META_SOURCE)
    return source


def setting_keys(command: click.Command) -> dict[str, click.Option]:
    """The options a settings file may give `command`, by their key (the long name)."""
    keys = {}
    for param in command.params:
        if isinstance(param, click.Option) and param.name not in _NOT_SETTINGS:
            long_names = [opt for opt in param.opts if opt.startswith("--")]
            if long_names:
                keys[long_names[0][2:]] = param
    return keys


def _remember(meta_key: str) -> Callable[[click.Context, click.Parameter, Any], Any]:
    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        ctx.meta[meta_key] = value
        if _META_CONFIG in ctx.meta and _META_ISOLATED in ctx.meta:
            _apply(ctx)
        return value
    return callback


def _apply(ctx: click.Context) -> None:
    """Read the settings once both `--config` and `--isolated` are known, and make them the
    command's defaults."""
    config: str | None = ctx.meta[_META_CONFIG]
    if ctx.meta[_META_ISOLATED]:
        if config is not None:
            fail_usage("--config and --isolated do not go together: --isolated reads no settings file.")
        return
    try:
        path = Path(config) if config is not None else find_settings(Path.cwd())
    except OSError as error:  # the working folder was removed, say
        fail_usage(f"cannot look for a settings file ({error.strerror or error}); give --config FILE or --isolated.")
    if path is None:
        return
    command = ctx.command
    keys = setting_keys(command)
    try:
        settings = read_settings(path, _known_keys(ctx))
    except SettingsError as error:
        fail_usage(str(error))
    ctx.meta[_META_SOURCE] = path
    defaults: dict[str, Any] = dict(ctx.default_map or {})
    for key, (value, where) in settings.for_command(command.name or "", keys).items():
        option = keys[key]
        defaults[option.name or key] = _checked(ctx, option, key, _from_folder(settings, option, key, value), where)
    ctx.default_map = defaults


def _known_keys(ctx: click.Context) -> dict[str, set[str]]:
    """The keys each command that reads the settings takes (a key only the other command has
    is allowed and passed over, so that one file serves both): the running command's own, and
    its siblings' as the program's command group finds them (imported on first use by the
    group, so this module imports no command)."""
    running = ctx.command
    commands = [running]
    root = ctx.find_root().command
    if isinstance(root, click.Group) and root is not running:
        siblings = (root.get_command(ctx, name) for name in SETTINGS_COMMANDS if name != running.name)
        commands += [command for command in siblings if command is not None]
    return {command.name or "": set(setting_keys(command)) for command in commands}


def _checked(ctx: click.Context, option: click.Option, key: str, value: Any, where: str) -> Any:
    """`value` as the option takes it; a usage error naming `where` when it does not fit."""
    if option.is_flag and not isinstance(value, bool):
        fail_usage(f"{where}: {key} must be true or false, not {value!r}.")
    if option.multiple:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            fail_usage(f"{where}: {key} must be a string or a list of strings, not {value!r}.")
    elif isinstance(value, (list, dict)):
        fail_usage(f"{where}: {key} takes one value, not {value!r}.")
    try:
        option.type_cast_value(ctx, value)
    except click.BadParameter as error:
        fail_usage(f"{where}: {key}: {error.message}")
    return value


def _from_folder(settings: Settings, option: click.Option, key: str, value: Any) -> Any:
    """Paths written in the settings file, made relative to its folder: file and folder
    options, the PATH of `output` values, and a `venue` that names a pack file."""
    folder = settings.folder
    if isinstance(option.type, click.Path) and isinstance(value, str):
        return str(folder / os.path.expanduser(value))
    if key == "output":
        return [_output_from(folder, v) if isinstance(v, str) else v for v in
                (value if isinstance(value, list) else [value])]
    if key == "venue" and isinstance(value, str) and (value.endswith(_PACK_SUFFIXES) or os.sep in value):
        return str(folder / os.path.expanduser(value))
    if key == "references":  # index files (not the word `online`)
        return [v if not isinstance(v, str) or v.strip().lower() == "online" else str(folder / os.path.expanduser(v))
                for v in (value if isinstance(value, list) else [value])]
    return value


def _output_from(folder: Path, value: str) -> str:
    """An `output` value with its PATH (or the whole value, a file for `format`) from `folder`."""
    name, colon, path = value.partition(":")
    if name.strip().lower() not in REPORTERS:
        return str(folder / os.path.expanduser(value))
    if not colon or path in ("", "-"):
        return value
    return f"{name}:{folder / os.path.expanduser(path)}"
