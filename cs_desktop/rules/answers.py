"""The one canonical form of an answer, its limits, and strict comparison with the legal choices.

Every answer a player (or a saved game) gives goes through `canonical` before it is checked, recorded in
`Game.decisions` or applied, so that a game never depends on how the answer happened to be written:

- an answer is a JSON value: text, whole numbers, true/false, null, finite numbers, lists and objects;
- tuples become lists; object keys must be text, and every object's keys are put in sorted order (all levels);
- at most `MAX_DEPTH` levels of nesting, `MAX_VALUES` values and `MAX_TEXT` characters of text in all, whole
  numbers within ±`MAX_INT` (what JSON carries exactly); no NaN or infinity.

Anything else is refused with a `MalformedAnswer` whose message a player can read. `same` compares an answer
with a legal choice strictly: ``True``, ``1`` and ``1.0`` are different answers, although Python calls them
equal.
"""

from __future__ import annotations

import math
from typing import Any

MAX_DEPTH = 8  # the deepest legal answer (setup: ship -> "loads" -> section) has three levels
MAX_VALUES = 5_000
MAX_TEXT = 20_000
MAX_INT = 2**53 - 1


class MalformedAnswer(ValueError):
    """An answer that is not a plain JSON value within the limits; the message says what is wrong."""


def show(value: Any, limit: int = 60) -> str:
    """A short printable form of a (canonical) answer for a refusal message."""
    try:
        text = repr(value)
    except Exception:  # e.g. a whole number too long to print
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def canonical(answer: Any) -> Any:
    """The canonical copy of `answer` (see the module docstring), or `MalformedAnswer`."""
    counts = [1, 0]  # values and characters of text read so far
    try:
        copy = _quick(answer, 0, counts)
    except _Unusual:
        pass
    else:
        if counts[0] <= MAX_VALUES and counts[1] <= MAX_TEXT:
            return copy
    budget = [MAX_VALUES, MAX_TEXT]  # values and characters of text still allowed
    return _canon(answer, 0, budget)


class _Unusual(Exception):
    """`_quick` met something it leaves to `_canon`: an answer to refuse, or one near the limits."""


def _quick(value: Any, depth: int, counts: list[int]) -> Any:
    """The canonical copy of a plain answer within the limits, made without `_canon`'s running checks; raises
    `_Unusual` at anything else, and `canonical` then asks `_canon`, which refuses it with the exact reason.
    `counts` adds up the values (each container adds its length) and the characters of text and names;
    a container stops the walk as soon as the values are over the limit."""
    kind = type(value)
    if kind is dict:
        if depth >= MAX_DEPTH:
            raise _Unusual
        counts[0] += len(value)
        if counts[0] > MAX_VALUES:
            raise _Unusual
        for key in value:
            if type(key) is not str:
                raise _Unusual
            counts[1] += len(key)
        out = {}
        for key in sorted(value):
            item = value[key]
            item_kind = type(item)  # text, whole numbers, true/false and null copied here, not by a call
            if item_kind is str:
                counts[1] += len(item)
                out[key] = item
            elif item_kind is bool or item is None or (item_kind is int and -MAX_INT <= item <= MAX_INT):
                out[key] = item
            else:
                out[key] = _quick(item, depth + 1, counts)
        return out
    if kind is list or kind is tuple:
        if depth >= MAX_DEPTH:
            raise _Unusual
        counts[0] += len(value)
        if counts[0] > MAX_VALUES:
            raise _Unusual
        if not value:
            return []
        return [_quick(item, depth + 1, counts) for item in value]
    if kind is str:
        counts[1] += len(value)
        return value
    if kind is bool or value is None:
        return value
    if kind is int and -MAX_INT <= value <= MAX_INT:
        return value
    if kind is float and math.isfinite(value):
        return value
    raise _Unusual


def _canon(value: Any, depth: int, budget: list[int]) -> Any:
    budget[0] -= 1
    kind = type(value)
    if kind is str:
        budget[1] -= len(value)
        _check(budget)
        return value
    if budget[0] < 0:
        _check(budget)
    if kind is dict:
        if depth >= MAX_DEPTH:
            raise MalformedAnswer(f"the answer is nested too deeply (more than {MAX_DEPTH} levels)")
        _check(budget, len(value))
        for key in value:
            if type(key) is not str:
                raise MalformedAnswer(f"the names in an answer must be text; {show(key, 30)} is not")
            budget[1] -= len(key)
        _check(budget)
        return {key: _canon(value[key], depth + 1, budget) for key in sorted(value)}
    if kind is bool or kind is int:
        if kind is int and not -MAX_INT <= value <= MAX_INT:
            raise MalformedAnswer("a number in the answer is far too large")
        return value
    if value is None:
        return None
    if kind is list or kind is tuple:
        if depth >= MAX_DEPTH:
            raise MalformedAnswer(f"the answer is nested too deeply (more than {MAX_DEPTH} levels)")
        _check(budget, len(value))
        return [_canon(v, depth + 1, budget) for v in value]
    if kind is float:
        if math.isfinite(value):
            return value
        raise MalformedAnswer("a number in the answer is not a finite number (NaN or infinity)")
    raise MalformedAnswer(f"an answer is made of text, whole numbers, true/false, lists and objects; "
                          f"a {kind.__name__} is not one of them")


def _check(budget: list[int], more: int = 0) -> None:
    """Refuse an answer over the limits (`more`: values about to be read)."""
    if budget[0] < more:
        raise MalformedAnswer(f"the answer is too large (more than {MAX_VALUES} values)")
    if budget[1] < 0:
        raise MalformedAnswer(f"the answer is too long (more than {MAX_TEXT} characters of text)")


def same(answer: Any, legal: Any) -> bool:
    """Whether a canonical answer is exactly the legal choice `legal` (lists and tuples alike; key order
    ignored; a bool, a whole number and a float never match each other)."""
    kind = type(answer)
    if kind is str:
        return type(legal) is str and answer == legal
    if kind is list or kind is tuple:
        other = type(legal)
        return ((other is list or other is tuple) and len(answer) == len(legal)
                and all(same(a, b) for a, b in zip(answer, legal)))
    if kind is dict:
        if type(legal) is not dict or answer.keys() != legal.keys():
            return False
        for key, value in answer.items():
            other_value = legal[key]
            if type(value) is str:  # most values of a choice are names: compared here, not by a call
                if type(other_value) is not str or value != other_value:
                    return False
            elif not same(value, other_value):
                return False
        return True
    return kind is type(legal) and bool(answer == legal)


def among(answer: Any, legal: tuple[Any, ...]) -> bool:
    """Whether a canonical answer is exactly one of the legal choices."""
    try:
        found = legal.index(answer)  # fast, but loose: True == 1 == 1.0, and a list never equals a tuple
    except ValueError:
        found = -1
    if found >= 0 and same(answer, legal[found]):
        return True
    return any(same(answer, choice) for choice in legal)
