"""Messages for pydantic's validation errors, in a player's words: (field path, what was expected).

`validate_model` validates JSON data against a model strictly (`"3"` is not a number, `3.0` not a whole
number) and turns every error into (field path, problem): union branches folded into the one that fits,
an unknown field listed with the fields allowed there, a model-level check named by its field. Ship,
scenario and saved-game files all report through here (`cs_desktop/formats/files.py`, `cs_desktop/formats/savegame.py`).
"""

from __future__ import annotations

import json
import re
import types
import typing
from collections.abc import Sequence
from typing import Any, cast

from pydantic import BaseModel, ValidationError

from cs_desktop.formats.jsonread import FileFormatError, field_path, kind_of, short

_TAG = re.compile(r"[\[\](),]|^(constrained-str|str|int|float|bool|none|list|dict|tuple)$")


def _unwrap(tp: Any) -> list[Any]:
    """The concrete types an annotation may hold (Annotated, Optional and unions unwrapped)."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(tp)[0])
    if origin in (typing.Union, types.UnionType):
        out: list[Any] = []
        for arg in typing.get_args(tp):
            out.extend(_unwrap(arg))
        return out
    return [tp]


def _model_at(root: type[BaseModel], loc: Sequence[Any]) -> type[BaseModel] | None:
    """The model class found by following `loc` (field names, indexes, keys) from `root`; None if lost."""
    current: list[Any] = [root]
    for part in loc:
        nxt: list[Any] = []
        for tp in current:
            if isinstance(tp, type) and issubclass(tp, BaseModel):
                f = tp.model_fields.get(part) if isinstance(part, str) else None
                if f is not None:
                    nxt.extend(_unwrap(f.annotation))
                continue
            origin = typing.get_origin(tp)
            args = typing.get_args(tp)
            if origin is list and args:
                nxt.extend(_unwrap(args[0]))
            elif origin is dict and len(args) == 2:
                nxt.extend(_unwrap(args[1]))
            elif origin is tuple and args:
                nxt.extend(_unwrap(args[0]))
        current = nxt
    for tp in current:
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            return tp
    return None


_TYPE_WORDS = {
    "int_type": "a whole number", "int_from_float": "a whole number", "string_type": "text",
    "bool_type": "true or false", "float_type": "a number", "list_type": "an array [...]",
    "tuple_type": "an array [column, row]", "dict_type": "an object {...}", "model_type": "an object {...}",
    "model_attributes_type": "an object {...}",
}
_BRANCH_WORDS = {"constrained-str": "a ship id (text)", "str": "text", "tuple[int, int]": "[column, row]"}


_BOUND_WORDS = {"greater_than_equal": ("at least", "ge"), "less_than_equal": ("at most", "le"),
                "greater_than": ("more than", "gt"), "less_than": ("less than", "lt")}


def _message(err: dict[str, Any]) -> str:
    kind = err["type"]
    value = err.get("input")
    if kind == "missing":
        return "required field is missing"
    if kind in _TYPE_WORDS:
        got = "null" if value is None else f"{kind_of(value)} {short(value)}"
        return f"expected {_TYPE_WORDS[kind]}, got {got}"
    if kind in _BOUND_WORDS:
        words, key = _BOUND_WORDS[kind]
        return f"must be {words} {err.get('ctx', {}).get(key)}, got {short(value)}"
    msg = str(err["msg"])
    if msg.startswith("Value error, "):
        return msg[len("Value error, "):]
    if msg.startswith("Assertion failed, "):
        msg = msg[len("Assertion failed, "):]
    return f"{msg[0].lower()}{msg[1:]} (got {short(value)})"


def _branch_word(tag: str) -> str:
    if tag in _BRANCH_WORDS:
        return _BRANCH_WORDS[tag]
    if tag.startswith("literal["):
        return "one of " + tag[len("literal["):-1].replace("'", "")
    m = re.search(r"(\w+)\]$", tag)
    return f"a {m.group(1)} object" if m else tag


def problems_from(e: ValidationError, root: type[BaseModel]) -> list[tuple[str, str]]:
    """Turn pydantic's errors into (field path, problem) pairs, folding union branches into one."""
    problems: list[tuple[str, str]] = []
    unions: dict[tuple[Any, ...], dict[str, list[tuple[tuple[Any, ...], dict[str, Any]]]]] = {}
    order: list[tuple[str, Any]] = []
    listed: set[tuple[Any, ...]] = set()  # parents whose allowed fields were already listed
    for details in e.errors(include_url=False):
        err = cast(dict[str, Any], details)
        loc = tuple(err["loc"])
        tag_at = next((i for i, p in enumerate(loc) if isinstance(p, str) and _TAG.search(p)
                       and p != "[key]"), None)
        if tag_at is None:
            order.append(("plain", (loc, err)))
            continue
        prefix, tag, rest = loc[:tag_at], str(loc[tag_at]), loc[tag_at + 1:]
        if prefix not in unions:
            unions[prefix] = {}
            order.append(("union", prefix))
        unions[prefix].setdefault(tag, []).append((rest, err))
    for kind, item in order:
        if kind == "plain":
            loc, err = item
            clean = tuple(p for p in loc if p != "[key]")
            problems.append(_one(clean, err, root, key="[key]" in loc, listed=listed))
            continue
        prefix = item
        branches = unions[prefix]
        fitting = {t: errs for t, errs in branches.items()
                   if not any(not rest and err["type"] in _TYPE_WORDS for rest, err in errs)}
        if not fitting:
            value = next(iter(branches.values()))[0][1].get("input")
            words = " or ".join(_branch_word(t) for t in branches)
            problems.append((field_path(prefix), f"expected {words}, got {kind_of(value)} {short(value)}"))
            continue
        for errs in fitting.values():
            for rest, err in errs:
                problems.append(_one(prefix + tuple(p for p in rest if p != "[key]"), err, root, listed=listed))
    return problems


def _one(loc: tuple[Any, ...], err: dict[str, Any], root: type[BaseModel], key: bool = False,
         listed: set[tuple[Any, ...]] | None = None) -> tuple[str, str]:
    kind = err["type"]
    if kind == "extra_forbidden":
        parent = loc[:-1]
        if listed is not None and parent in listed:
            return field_path(loc), "unknown field"
        if listed is not None:
            listed.add(parent)
        model = _model_at(root, list(parent))
        allowed = ", ".join(model.model_fields) if model else ""
        return field_path(loc), "unknown field" + (f"; the fields here are: {allowed}" if allowed else "")
    if key:
        return field_path(loc), "bad key: " + _message(err)
    message = _message(err)
    if kind == "value_error" and err["msg"].startswith("Value error, "):
        # model-level checks name their field first ("gunnery needs ...", "weather_gauge names ...")
        m = re.match(r"([a-z_]+(?:\.[a-z_]+)?)(?=[ :])", message)
        if m and m.group(1).split(".")[0] in _fields_of(_model_at(root, list(loc)) or root):
            field = m.group(1)
            message = message[len(field):].lstrip(": ")
            return field_path(loc + tuple(field.split("."))), message
    return field_path(loc), message


def _fields_of(model: type[BaseModel]) -> set[str]:
    return set(model.model_fields)


def validate_text(model: type[BaseModel], text: str, source: str) -> Any:
    """As `validate_model`, from a JSON text `parse_json` has already checked (a large file need not be held twice:
    once as plain values, once as the model)."""
    try:
        return model.model_validate_json(text, strict=True)
    except ValidationError as e:
        raise FileFormatError(source, problems_from(e, model)) from None


def validate_model(model: type[BaseModel], data: Any, source: str) -> Any:
    """`data` (plain JSON values) as a `model`, validated strictly; FileFormatError naming each field."""
    try:
        return model.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as e:
        raise FileFormatError(source, problems_from(e, model)) from None
