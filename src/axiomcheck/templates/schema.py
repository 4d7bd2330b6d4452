"""The JSON Schema every template file must satisfy (after `extends:` is applied)."""

from __future__ import annotations

from typing import Any

from ..model import PAGE_SIZES_MM, TEMPLATE_MODES

_NUMBER = {"type": "number"}
_TEXT = {"type": "string", "minLength": 1}
_REGEX = {"type": "string", "minLength": 1, "format": "regex"}
_REGEXES = {"type": "array", "items": _REGEX, "minItems": 1}
_MODE = {"enum": list(TEMPLATE_MODES)}
_CONDITIONS = {"type": "array", "minItems": 1, "items": {"enum": [
    "anonymous", "named", "line_numbers", "no_line_numbers", "page_numbers", "no_page_numbers"]}}


def _object(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": list(required), "additionalProperties": False}


_MODE_MATCH = _object({"match": _REGEX, "mode": _MODE, "track": _TEXT}, ("match", "mode"))
_MARKER = _object({
    "family": _REGEXES,
    "modes": {"type": "array", "items": _MODE_MATCH},
    "tracks": {"type": "array", "items": _object({"match": _REGEX, "track": _TEXT, "title": {"type": "boolean"}},
                                                 ("match", "track"))},
    "own": _object({"only": _REGEX, "submission_when": _CONDITIONS, "workshop": _REGEX, "workshop_option": _TEXT}),
}, ("family", "modes"))

_CHECKLIST = _object({
    "heading": _TEXT,
    "answers": {"type": "array", "items": _TEXT, "minItems": 1},
    "unanswered": _TEXT,
    "justification": {"type": "boolean"},
    "questions": {"type": "array", "minItems": 1, "items": _TEXT},
    "wordings": {"type": "array", "items": _TEXT},
    "earlier_questions": {"type": "array", "items": _TEXT},
}, ("heading", "answers", "unanswered", "justification", "questions"))
"""A paper checklist the template prints (NeurIPS): its heading, the answers it accepts, the
unanswered placeholder, whether every answer needs a justification, that year's questions by
their titles and, in the same order, as printed, and questions of earlier years' lists that this
one no longer asks."""

_LEFTOVERS = _object({
    "source": _TEXT,
    "titles": {"type": "array", "items": _TEXT},
    "abstracts": {"type": "array", "items": _TEXT},
    "instructions": {"type": "array", "items": _TEXT},
}, ("source",))
"""What the style files' example paper prints that a paper must not keep: its placeholder titles
and abstract sentences and its instructions to authors, each as printed, and where they come
from."""

SCHEMA: dict[str, Any] = _object({
    "template": {"type": "string", "pattern": r"^[a-z][a-z0-9]*(-\d{4})?$"},
    "extends": _TEXT,
    "family": {"type": "string", "pattern": r"^[a-z][a-z0-9]*$"},
    "family_label": _TEXT,
    "year": {"type": ["integer", "null"], "minimum": 1980, "maximum": 2100},
    "page": {"enum": sorted(PAGE_SIZES_MM)},
    "columns": {"type": "integer", "minimum": 1, "maximum": 4},
    "text_block": _object({"left": _NUMBER, "right": _NUMBER, "top": _NUMBER, "bottom": _NUMBER,
                           "tolerance": _NUMBER}, ("left", "right", "top", "bottom", "tolerance")),
    "body": _object({"size": _NUMBER, "size_tolerance": _NUMBER, "leading": _NUMBER, "leading_tolerance": _NUMBER,
                     "fonts": {"type": "array", "items": _TEXT, "minItems": 1}},
                    ("size", "size_tolerance", "leading", "leading_tolerance", "fonts")),
    "line_numbers": _object({"ruler": {"enum": ["plain", "padded"]}, "where": _TEXT}, ("ruler",)),
    "author_block": _object({"anonymous": _REGEXES}, ("anonymous",)),
    "notice_size": _NUMBER,
    "notices": {"type": "object", "minProperties": 1, "additionalProperties": _object({
        "mode": _MODE, "track": _TEXT, "where": {"enum": ["notice", "running_head"]}, "text": _TEXT,
        "option": _TEXT}, ("mode", "option"))},
    "checklist": _CHECKLIST,
    "leftovers": _LEFTOVERS,
    "fingerprint": _object({"notice_size_below": _NUMBER, "why": _TEXT}, ("notice_size_below", "why")),
    "recognise": _object({
        "notice": _MARKER,
        "running_head": _MARKER,
        "year": _object({
            "patterns": _REGEXES,
            "ordinals": {"type": "array", "items": _object({"match": _REGEX, "offset": {"type": "integer"}},
                                                           ("match", "offset"))},
            "copyright": _REGEX,
            "own_notice": {"type": "boolean"},
            "subject": _REGEX,
            "dated": _REGEX,
        }),
        "layout": _object({
            "edge_tolerance": {"type": "array", "items": _NUMBER, "minItems": 2, "maxItems": 2},
            "page": {"enum": sorted(PAGE_SIZES_MM)},
            "subject": _REGEX,
            "not_with_ruler": {"enum": ["plain", "padded"]},
            "not_with_running_head": _REGEX,
            "not_with_notice": _REGEX,
        }, ("edge_tolerance",)),
        "without_notice": {"type": "array", "items": _object(
            {"when": _CONDITIONS, "mode": _MODE, "why": _TEXT}, ("when", "mode", "why"))},
        "no_mode_why": _TEXT,
    }),
}, ("template", "family", "family_label", "year", "page", "columns", "text_block", "body", "line_numbers",
    "author_block", "notices", "recognise"))
"""`extends` names another template file whose keys this one starts from; every key but
`template`, `year` and `fingerprint` is inherited, and a key given here replaces the
inherited one as a whole."""
