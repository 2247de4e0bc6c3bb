"""The messages of online play and their limits (docs/online.md describes them).

Every message is one JSON object in one WebSocket text frame, with its type under "t". What a client sends is
checked here before anything else reads it: its size, its depth, its type and the type of each field; a message
that fails gets a refusal that says why (`ProtocolError`), never an exception in the server. What the server
sends is written by `encode`: keys sorted, no spaces, so the same content is always the same bytes (the secrets
test compares them).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

#: the largest message a client may send (bytes); the WebSocket library closes a connection that sends more
MAX_MESSAGE_BYTES = 64 * 1024
#: the deepest nesting of arrays and objects in a client's message
MAX_DEPTH = 16
#: the most items in any one array or object of a client's message
MAX_ITEMS = 2_000
#: the longest string in a client's message
MAX_STRING = 4_096

#: what a client may send, and the fields each type takes: name -> (python type, required)
CLIENT_MESSAGES: dict[str, dict[str, tuple[type | tuple[type, ...], bool]]] = {
    "hello": {"code": (str, True), "since": (int, False)},  # take a seat with its invitation code
    "watch": {"game": (str, True), "since": (int, False)},  # a spectator: the public view only
    "host": {"scenario": (str, True), "seats": (dict, True), "seed": (int, False), "options": (dict, False),
             "key": (str, False)},  # key: the server's host key, if it has one
    "submit": {"ask": (int, True), "answer": (object, True)},  # answer the seat's pending request
    "strike": {"ask": (int, True)},  # 18.0: strike the colours
    "undo": {"ask": (int, True)},  # take back the seat's last decision (its number ask - 1), with consent
    "consent": {"agree": (bool, True)},  # the answer to another seat's request to take back a decision
    "export": {},  # a finished game's saved-game data (everything is revealed once the game is over)
    "sync": {"since": (int, False)},  # send the state again (after a gap)
    "games": {"codes": (list, True)},  # where each of the player's games stands (a list of invitation codes)
    "ping": {},
}
#: the most codes one `games` message may ask about
MAX_CODES = 50


class ProtocolError(ValueError):
    """A message that cannot be used; the text says why (it is sent back to the client)."""


@dataclass(frozen=True, slots=True)
class Message:
    type: str
    fields: dict[str, Any]


def _reject_constant(name: str) -> float:
    raise ProtocolError(f"{name} is not a JSON number")


def _check_shape(value: Any, depth: int = 0) -> None:
    """Depth, width and string length of a decoded JSON value, walked without recursion limits of its own."""
    stack = [(value, depth)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, str):
            if len(item) > MAX_STRING:
                raise ProtocolError(f"a string longer than {MAX_STRING} characters")
        elif isinstance(item, (list, dict)):
            if level >= MAX_DEPTH:
                raise ProtocolError(f"nested deeper than {MAX_DEPTH} levels")
            if len(item) > MAX_ITEMS:
                raise ProtocolError(f"an array or object of more than {MAX_ITEMS} items")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
            if isinstance(item, dict):
                stack.extend((key, level + 1) for key in item)


def _depth_guard(text: str) -> None:
    """Refuse deep nesting before the JSON parser recurses into it."""
    depth = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ProtocolError(f"nested deeper than {MAX_DEPTH} levels")
        elif ch in "]}":
            depth -= 1


def parse(data: str | bytes) -> Message:
    """A client's message, checked; or ProtocolError saying what is wrong with it."""
    if isinstance(data, bytes):
        raise ProtocolError("send JSON text frames, not binary frames")
    if len(data.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"a message of more than {MAX_MESSAGE_BYTES} bytes")
    _depth_guard(data)  # brackets inside strings count too: only ever stricter
    try:
        value = json.loads(data, parse_constant=_reject_constant)
    except ProtocolError:
        raise
    except (ValueError, RecursionError) as e:
        raise ProtocolError(f"not JSON: {e}") from None
    _check_shape(value)
    if not isinstance(value, dict):
        raise ProtocolError("a message is a JSON object")
    kind = value.get("t")
    if not isinstance(kind, str) or kind not in CLIENT_MESSAGES:
        raise ProtocolError(f"unknown message type {str(kind)[:40]!r}; one of {sorted(CLIENT_MESSAGES)}")
    spec = CLIENT_MESSAGES[kind]
    fields = {k: v for k, v in value.items() if k != "t"}
    unknown = sorted(set(fields) - set(spec))
    if unknown:
        raise ProtocolError(f"{kind}: unknown field {unknown[0][:40]!r}")
    for name, (typ, required) in spec.items():
        if name not in fields:
            if required:
                raise ProtocolError(f"{kind}: the field {name!r} is missing")
            continue
        if typ is int and (type(fields[name]) is not int or not 0 <= fields[name] < 2**53):
            raise ProtocolError(f"{kind}: {name!r} must be a whole number from 0")
        if typ is not object and not isinstance(fields[name], typ):
            raise ProtocolError(f"{kind}: {name!r} must be {_type_name(typ)}")
    return Message(kind, fields)


def _type_name(typ: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "a whole number", dict: "an object", list: "an array", bool: "true or false"}
    if isinstance(typ, tuple):
        return " or ".join(names.get(t, t.__name__) for t in typ)
    return names.get(typ, typ.__name__)


def encode(message: dict[str, Any]) -> str:
    """A server message as canonical JSON text: the same content is always the same characters."""
    return json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def refusal(message: str, **extra: Any) -> dict[str, Any]:
    """The server's answer to a message it cannot use."""
    return {"t": "error", "message": message, **extra}
