"""What processes tell each other: typed values as JSON, never pickle.

A message is a named tuple (`messages.py`, and the web page's in `web/checker.py`) whose
fields are plain values, model types (dataclasses and named tuples of `axiomcheck.model`
and `axiomcheck.report`), or a file's result. `encode_message` writes it as UTF-8 JSON,
`[name, [field values]]`; `decode_message(data, kinds)` reads it back as
one of the message classes the reader expects, checked against the type hints all the way
down. A value of another shape is a `CodecError`, never an object of a class nobody asked
for, so a process subverted by a hostile file cannot make the process that reads it run
code. `decode_value(data, kind)` reads any value by its type (a helper's facts: a page
count, the metadata, a page's words).

A file's result and a finding travel in the report's own JSON form, written and read by the
report's codec (`codec/__init__.py`): `result_to_wire` adds only whether the result records a
bug of ours, which the report leaves out.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar, Union

from . import finding_from_json, finding_to_json, result_from_json, result_to_json
from ..report import FileResult, Finding

_T = TypeVar("_T")
_Decoder = Callable[[Any], Any]


class CodecError(ValueError):
    """Bytes that are not a message (or a value) of the kind the reader expects."""


def result_to_wire(result: FileResult) -> dict[str, Any]:
    """A file's result as JSON data: its object in the report (`codec.result_to_json`), and
    whether it records a bug of ours (which the report leaves out)."""
    return {"file": result_to_json(result), "internal_error": result.internal_error}


def result_from_wire(data: Any) -> FileResult:
    """The result `result_to_wire` wrote; CodecError when `data` is not one."""
    if type(data) is not dict or type(data.get("file")) is not dict or type(data.get("internal_error")) is not bool:
        raise CodecError("a file's result must be {file: {...}, internal_error: true or false}")
    try:
        return result_from_json(data["file"], internal_error=data["internal_error"])
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise CodecError(f"not a file's result ({type(error).__name__}: {error})") from error


def finding_from_wire(data: Any) -> Finding:
    """A finding in its report form (`codec.finding_to_json`); CodecError when `data` is not one."""
    if type(data) is not dict:
        raise CodecError("a finding must be an object")
    try:
        return finding_from_json(data)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise CodecError(f"not a finding ({type(error).__name__}: {error})") from error


_OWN_ENCODERS: dict[type, Callable[[Any], Any]] = {FileResult: result_to_wire, Finding: finding_to_json}
"""Types written in the report's own JSON form, not field by field: the one place to change
when results change their JSON form."""
_OWN_DECODERS: dict[type, _Decoder] = {FileResult: result_from_wire, Finding: finding_from_wire}


def _plain(value: Any) -> Any:
    """What `json` cannot write itself: our own-codec types, then any dataclass as its fields."""
    own = _OWN_ENCODERS.get(type(value))
    if own is not None:
        return own(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: getattr(value, name) for name in _field_names(type(value))}
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"{type(value).__name__} cannot be sent between processes")


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(kind))


def encode_value(value: Any) -> bytes:
    """`value` as UTF-8 JSON (dataclasses as objects of their fields, named tuples as arrays)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=_plain).encode("utf-8")


def encode_message(message: Any) -> bytes:
    """A message as `[class name, [field values]]` in UTF-8 JSON."""
    return encode_value([type(message).__name__, message])


def decode_message(data: bytes, kinds: tuple[type[_T], ...]) -> _T:
    """The message in `data`, which must be one of `kinds` (CodecError otherwise)."""
    parsed = _parse(data)
    if not (isinstance(parsed, list) and len(parsed) == len(("name", "fields")) and isinstance(parsed[0], str)):
        raise CodecError("a message must be [name, [fields]]")
    kind = next((k for k in kinds if k.__name__ == parsed[0]), None)
    if kind is None:
        raise CodecError(f"unexpected message {parsed[0]!r} (expected {', '.join(k.__name__ for k in kinds)})")
    decoded: _T = decoder(typing.cast(Any, kind))(parsed[1])
    return decoded


def decode_value(data: bytes, kind: Any) -> Any:
    """The value of type `kind` in `data` (CodecError when it has another shape)."""
    return decoder(kind)(_parse(data))


def _parse(data: bytes) -> Any:
    try:
        return json.loads(data)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise CodecError(f"not JSON ({type(error).__name__})") from error


@functools.cache
def decoder(kind: Any) -> _Decoder:
    """A function that reads JSON data as type `kind` and checks it on the way."""
    own = _OWN_DECODERS.get(kind)
    if own is not None:
        return own
    plain = _PLAIN_DECODERS.get(kind)
    if plain is not None:
        return plain
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (Union, types.UnionType):
        return _union(tuple(decoder(arg) for arg in args))
    if origin is list:
        return _list_of(decoder(args[0]))
    if origin is dict:
        if args[0] is not str:
            raise TypeError(f"only string keys cross processes, not {kind}")
        return _dict_of(decoder(args[1]))
    if origin is tuple:
        if args[-1:] == (Ellipsis,):
            return _tuple_of(decoder(args[0]))
        return _fixed_tuple(kind, tuple(decoder(arg) for arg in args))
    if isinstance(kind, type) and issubclass(kind, tuple) and hasattr(kind, "_fields"):
        return _named_tuple(kind)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass(kind)
    raise TypeError(f"no codec for {kind!r}")


def _same(value: Any) -> Any:
    return value


def _expect(kind: type, words: str) -> _Decoder:
    def read(value: Any) -> Any:
        if type(value) is not kind:
            raise CodecError(f"expected {words}, not {type(value).__name__}")
        return value
    return read


def _integer(value: Any) -> int:
    if type(value) is not int:
        raise CodecError(f"expected a whole number, not {type(value).__name__}")
    return value


def _number(value: Any) -> float:
    """A number as it was sent: a whole number stays one (so 10 prints as 10 again)."""
    if type(value) not in (float, int):
        raise CodecError(f"expected a number, not {type(value).__name__}")
    return typing.cast(float, value)


def _union(options: tuple[_Decoder, ...]) -> _Decoder:
    def read(value: Any) -> Any:
        for option in options:
            try:
                return option(value)
            except CodecError:
                continue
        raise CodecError(f"{type(value).__name__} matches none of the expected types")
    return read


def _array(value: Any) -> list[Any]:
    if type(value) is not list:
        raise CodecError(f"expected an array, not {type(value).__name__}")
    return value


def _list_of(item: _Decoder) -> _Decoder:
    return lambda value: [item(x) for x in _array(value)]


def _tuple_of(item: _Decoder) -> _Decoder:
    return lambda value: tuple([item(x) for x in _array(value)])


def _fixed_tuple(kind: Any, items: tuple[_Decoder, ...]) -> _Decoder:
    def read(value: Any) -> tuple[Any, ...]:
        if len(_array(value)) != len(items):
            raise CodecError(f"expected {len(items)} values for {kind}, not {len(value)}")
        return tuple([item(x) for item, x in zip(items, value, strict=True)])
    return read


def _dict_of(item: _Decoder) -> _Decoder:
    def read(value: Any) -> dict[str, Any]:
        if type(value) is not dict:
            raise CodecError(f"expected an object, not {type(value).__name__}")
        return {key: item(x) for key, x in value.items()}
    return read


_PLAIN_DECODERS: dict[Any, _Decoder] = {
    Any: _same, None: _expect(type(None), "null"), type(None): _expect(type(None), "null"),
    bool: _expect(bool, "true or false"), str: _expect(str, "a string"), int: _integer, float: _number,
}
"""The decoders of plain JSON values, by type."""
_SCALARS: dict[Any, frozenset[type]] = {str: frozenset({str}), bool: frozenset({bool}), int: frozenset({int}),
                                      float: frozenset({int, float}), type(None): frozenset({type(None)})}
"""The JSON types each plain type may arrive as (a whole number stays a whole number)."""


def _scalar_types(kind: Any) -> frozenset[type] | None:
    """The JSON types of a plain type or a union of plain types; None for anything else."""
    if kind in _SCALARS:
        return _SCALARS[kind]
    if typing.get_origin(kind) in (Union, types.UnionType):
        parts = [_SCALARS.get(arg) for arg in typing.get_args(kind)]
        if all(part is not None for part in parts):
            return frozenset().union(*typing.cast(list[frozenset[type]], parts))
    return None


def _named_tuple(kind: type) -> _Decoder:
    """Named tuples (a page's words, their boxes) come by the thousand: plain fields are
    checked by their JSON type in one pass, and only the others are decoded."""
    hints = typing.get_type_hints(kind)
    fields: tuple[str, ...] = kind._fields  # type: ignore[attr-defined]
    plain = tuple(_scalar_types(hints[name]) for name in fields)
    nested = tuple((index, decoder(hints[name])) for index, name in enumerate(fields) if plain[index] is None)
    required = len(fields) - len(kind._field_defaults)  # type: ignore[attr-defined]
    build = functools.partial(tuple.__new__, kind)

    def read(value: Any) -> Any:
        if type(value) is not list or not required <= len(value) <= len(fields):
            raise CodecError(f"expected {len(fields)} values for {kind.__name__}")
        for allowed, item in zip(plain, value, strict=False):  # defaults may be left out
            if allowed is not None and type(item) not in allowed:
                raise CodecError(f"{kind.__name__}: unexpected {type(item).__name__}")
        if nested:
            value = list(value)
            for index, read_nested in nested:
                if index < len(value):
                    value[index] = read_nested(value[index])
        if len(value) < len(fields):
            return kind(*value)
        return build(value)
    return read


@functools.cache
def _dataclass(kind: type) -> _Decoder:
    hints = typing.get_type_hints(kind)
    fields = {f.name: decoder(hints[f.name]) for f in dataclasses.fields(kind) if f.init}
    required = {f.name for f in dataclasses.fields(kind)
                if f.init and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}

    def read(value: Any) -> Any:
        if type(value) is not dict:
            raise CodecError(f"expected an object for {kind.__name__}, not {type(value).__name__}")
        unknown = value.keys() - fields.keys()
        missing = required - value.keys()
        if unknown or missing:
            raise CodecError(f"{kind.__name__}: unknown fields {sorted(unknown)}, missing {sorted(missing)}")
        return kind(**{name: fields[name](x) for name, x in value.items()})
    return read
