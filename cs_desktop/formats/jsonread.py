"""Reading a JSON file carefully: the one reader behind ship, scenario and saved-game files.

Every problem becomes a `FileFormatError` that names the file and, for each problem, where it is -- a line
and column for what is wrong with the text, a field path (`options.turn_limit`, `sides[0].ships[1]`) for a
value that JSON accepts but this program does not:

- a file that is missing, a folder, too big (refused before it is read), or not UTF-8 (each bad byte);
- control characters and a byte-order mark anywhere but at the very start;
- bad JSON syntax, nesting deeper than `MAX_DEPTH`, a key twice in one object (the line of the second);
- `NaN`, `Infinity`, `-Infinity`, a number too large for a float (`1e999`), an integer of more than
  `MAX_DIGITS` digits (Python refuses to convert more than 4300 digits), text with an unpaired `\\ud800`.

Plain `json` only: nothing in a file is ever executed. No pydantic here (see `cs_desktop/formats/modelerrors.py`).
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

#: deepest nesting of arrays and objects accepted (a scenario with inline cards needs about 10)
MAX_DEPTH = 50
#: longest integer accepted, in digits (every number in these files fits in 20)
MAX_DIGITS = 40
#: at most this many bad characters or bytes are listed; the rest are counted
MAX_LISTED = 10


class FileFormatError(Exception):
    """A file that cannot be used. `problems` lists (where, what is wrong); where is a field path, a
    "line L, column C", or "(file)"."""

    def __init__(self, path: str | os.PathLike[str], problems: Sequence[tuple[str, str]]) -> None:
        self.path = str(path)
        self.problems: list[tuple[str, str]] = list(problems) or [("(file)", "unknown problem")]
        super().__init__(str(self))

    def lines(self) -> list[str]:
        return [f"{self.path}: {field}: {problem}" for field, problem in self.problems]

    def __str__(self) -> str:
        return "\n".join(self.lines())


# ---------------------------------------------------------------------------------------------- bytes


def read_bytes(path: str | os.PathLike[str], limit: int, expected: str = "a .json file") -> bytes:
    """The bytes of `path`, at most `limit` of them: the size is checked before reading, and no more than
    `limit` + 1 bytes are ever read (a file that grows meanwhile is still refused). Only a regular file is read:
    a pipe, a device (`/dev/zero`) or a socket is refused at once, and the file is opened without blocking, so
    nothing a path names can hang the reader (issue 31, item 6)."""
    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise FileFormatError(p, [("(file)", "file not found")]) from None
    except OSError as e:
        raise FileFormatError(p, [("(file)", f"cannot read the file: {e.strerror or e}")]) from None
    if stat.S_ISDIR(st.st_mode):
        raise FileFormatError(p, [("(file)", f"is a folder, expected {expected}")])
    if not stat.S_ISREG(st.st_mode):
        raise FileFormatError(p, [("(file)", f"is not a regular file (a pipe, device or socket), expected {expected}")])
    if st.st_size > limit:
        raise FileFormatError(p, [("(file)", f"file is {st.st_size} bytes; the limit is {limit} bytes")])
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):  # replaced by a pipe after the check above
                raise FileFormatError(p, [("(file)", f"is not a regular file, expected {expected}")])
            data = fh.read(limit + 1)
    except OSError as e:
        raise FileFormatError(p, [("(file)", f"cannot read the file: {e.strerror or e}")]) from None
    if len(data) > limit:
        raise FileFormatError(p, [("(file)", f"file is larger than the limit of {limit} bytes")])
    return data


def _line_col(text: str, pos: int) -> str:
    line = text.count("\n", 0, pos) + 1
    return f"line {line}, column {pos - text.rfind(chr(10), 0, pos)}"


def _capped(problems: list[tuple[str, str]], total: int) -> list[tuple[str, str]]:
    if total > len(problems):
        problems.append(("(file)", f"... and {total - len(problems)} more like these"))
    return problems


def decode_text(data: bytes, source: str | os.PathLike[str]) -> str:
    """UTF-8 text of `data` (one byte-order mark at the start is dropped); each invalid byte is reported
    with its line and column."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    problems: list[tuple[str, str]] = []
    text = ""
    pos = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    while pos < len(data) and len(problems) < MAX_LISTED:
        try:
            data[pos:].decode("utf-8")
            break
        except UnicodeDecodeError as e:
            text += data[pos:pos + e.start].decode("utf-8")
            problems.append((_line_col(text, len(text)), f"not UTF-8 text: invalid byte "
                                                         f"0x{data[pos + e.start]:02x}; save the file as UTF-8"))
            text += "\ufffd"
            pos += e.start + 1
    tail = data[pos:]
    rest = len(tail) - len(tail.decode("utf-8", "ignore").encode("utf-8"))  # the invalid bytes left
    raise FileFormatError(source, _capped(problems, len(problems) + rest))


# ---------------------------------------------------------------------------------------------- text

_BAD_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufeff]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
#: the structure of a JSON text, enough to follow objects, arrays and keys (strings are skipped whole)
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[{}\[\],:]', re.DOTALL)


def _char_problems(text: str) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    end = 0
    for m in _BAD_CHAR.finditer(text):
        if len(problems) == MAX_LISTED:
            break
        ch, end = m.group(), m.end()
        where = _line_col(text, m.start())
        if ch == "\ufeff":
            problems.append((where, "a byte-order mark (U+FEFF) inside the text is not allowed; remove it"))
        else:
            problems.append((where, f"control character U+{ord(ch):04X} is not allowed; remove it, or inside "
                                    f"text write it as the escape \\u{ord(ch):04x}"))
    rest = _BAD_CHAR.subn("", text[end:])[1] if len(problems) == MAX_LISTED else 0
    return _capped(problems, len(problems) + rest)


class _Bad:
    """A value JSON reads but the file may not hold; the walk reports it with its field path."""

    __slots__ = ("problem",)

    def __init__(self, problem: str) -> None:
        self.problem = problem


class _Duplicate(ValueError):
    pass


class _Numbers:
    """The parse hooks for numbers and NaN/Infinity: a value the file may not hold becomes a _Bad marker,
    and `found` says whether there was any (then the walk looks at every value, not only the containers)."""

    def __init__(self) -> None:
        self.found = False

    def _bad(self, problem: str) -> _Bad:
        self.found = True
        return _Bad(problem)

    def parse_constant(self, name: str) -> _Bad:
        return self._bad(f"{name} is not a number in this format; write a number")

    def parse_float(self, literal: str) -> float | _Bad:
        value = float(literal)
        if math.isfinite(value):
            return value
        return self._bad(f"the number {literal[:20]}{'...' if len(literal) > 20 else ''} is too large")

    def parse_int(self, literal: str) -> int | _Bad:
        digits = len(literal.lstrip("-"))
        if digits > MAX_DIGITS:
            return self._bad(f"a whole number of {digits} digits is far too large (at most {MAX_DIGITS} digits)")
        return int(literal)


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _Duplicate(key)
            seen.add(key)
    return out


def _find(text: str, depth_limit: int | None) -> tuple[int, str] | None:
    """Follow the structure of `text` (valid JSON up to the problem) to the first repeated key in one
    object, or the first bracket deeper than `depth_limit`: (position, problem)."""
    stack: list[set[str] | None] = []  # the keys seen in each open object; None for an array
    key_next = False
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if tok in "{[":
            stack.append(set() if tok == "{" else None)
            key_next = tok == "{"
            if depth_limit is not None and len(stack) > depth_limit:
                return m.start(), f"nested deeper than {depth_limit} levels of arrays and objects"
        elif tok in "]}":
            if stack:
                stack.pop()
            key_next = False
        elif tok == ",":
            key_next = bool(stack) and stack[-1] is not None
        elif tok == ":":
            key_next = False
        elif key_next and stack and stack[-1] is not None:
            key_next = False
            try:
                key = json.loads(tok)
            except ValueError:
                continue
            keys = stack[-1]
            if key in keys:
                return m.start(), f"duplicate key {key!r}: a key may appear only once in an object"
            keys.add(key)
    return None


def field_path(parts: Iterable[Any]) -> str:
    """`sides[0].ships[1].heading` for ("sides", 0, "ships", 1, "heading")."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + str(part)
    return out or "(file)"


def _walk(data: Any, text: str, scalars: bool) -> list[tuple[str, str]]:
    """Problems by field path: nesting deeper than MAX_DEPTH and, if `scalars`, the _Bad markers and text
    with unpaired surrogates. Iterative (no recursion), and only containers are visited unless `scalars`."""
    if type(data) is _Bad:
        return [("(file)", data.problem)]
    if type(data) is str and _LONE_SURROGATE.search(data):
        return [("(file)", "the text holds an unpaired \\ud800-\\udfff escape, which is not a character")]
    if type(data) is not dict and type(data) is not list:
        return []
    problems: list[tuple[str, str]] = []
    surrogates = _SURROGATE_ESCAPE.search(text) is not None
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) >= MAX_DEPTH:
            found = _find(text, MAX_DEPTH)
            where = _line_col(text, found[0]) if found else field_path(path)
            return [(where, f"nested deeper than {MAX_DEPTH} levels of arrays and objects")]
        items = value.items() if type(value) is dict else enumerate(value)
        for k, v in items:
            tv = type(v)
            if tv is dict or tv is list:
                stack.append((v, path + (k,)))
            elif not scalars:
                continue
            elif tv is _Bad:
                problems.append((field_path(path + (k,)), v.problem))
            elif surrogates and tv is str and _LONE_SURROGATE.search(v):
                problems.append((field_path(path + (k,)), "the text holds an unpaired \\ud800-\\udfff escape, "
                                                          "which is not a character"))
            if surrogates and type(k) is str and _LONE_SURROGATE.search(k):
                problems.append((field_path(path + (k.encode("utf-8", "replace").decode(),)),
                                 "this key holds an unpaired \\ud800-\\udfff escape"))
    problems.sort(key=lambda p: p[0])
    return problems


#: a text that may hold an integer too long for Python to convert (then each integer is checked)
_LONG_DIGITS = re.compile("[0-9]{%d}" % (MAX_DIGITS + 1))


def count_values(text: str) -> int:
    """At least as many as the arrays, objects and items a JSON text holds (its brackets and commas, in strings
    too): counted in C without building anything."""
    return text.count("{") + text.count("[") + text.count(",") + 1


def parse_json(text: str, source: str | os.PathLike[str], limit: int | None = None,
               max_values: int | None = None) -> Any:
    """The JSON value of `text` (of the file `source`), or FileFormatError listing every problem found.
    `max_values`: a text holding more values than this (`count_values`) is refused before it is parsed, so the
    memory a refused file costs is bounded (Python takes some 50 to 150 bytes for each value; issue 31, item 7)."""
    if limit is not None and len(text) > limit // 4 and len(text.encode("utf-8", "surrogatepass")) > limit:
        raise FileFormatError(source, [("(file)", f"text is larger than the limit of {limit} bytes")])
    if max_values is not None and (values := count_values(text)) > max_values:
        raise FileFormatError(source, [("(file)", f"holds some {values} values (objects, arrays and their items); "
                                                  f"at most {max_values} are read")])
    if text.startswith("\ufeff"):
        text = text[1:]
    problems = _char_problems(text)
    if problems:
        raise FileFormatError(source, problems)
    numbers = _Numbers()
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_constant=numbers.parse_constant,
                          parse_float=numbers.parse_float,  # floats are few: always checked
                          parse_int=numbers.parse_int if _LONG_DIGITS.search(text) else None)  # ints are many
    except json.JSONDecodeError as e:
        cut = e.pos >= len(text.rstrip()) or (e.msg.startswith("Unterminated string")
                                              and '"' not in text[e.pos + 1:])
        hint = "; the text ends here: the file looks cut short" if cut and text.strip() else ""
        msg = e.msg.replace(" starting at", "")
        raise FileFormatError(source, [(f"line {e.lineno}, column {e.colno}", f"bad JSON: {msg}{hint}")]) from None
    except _Duplicate as e:
        found = _find(text, None)
        where = _line_col(text, found[0]) if found else "(file)"
        raise FileFormatError(source, [(where, f"duplicate key {e.args[0]!r}: a key may appear only once in "
                                               "an object")]) from None
    except RecursionError:
        found = _find(text, MAX_DEPTH)
        where = _line_col(text, found[0]) if found else "(file)"
        raise FileFormatError(source, [(where, "bad JSON: nested too deeply")]) from None
    except MemoryError:
        raise FileFormatError(source, [("(file)", "too big to read into memory")]) from None
    except (ValueError, OverflowError) as e:
        raise FileFormatError(source, [("(file)", f"bad JSON: {e}")]) from None
    problems = _walk(data, text, numbers.found or _SURROGATE_ESCAPE.search(text) is not None)
    if problems:
        raise FileFormatError(source, problems)
    return data


#: what each format is, for a message about a file opened in the wrong place
FORMAT_NAMES = {"captains-sea/ship": "a ship file", "captains-sea/scenario": "a scenario file",
                "captains-sea/game": "a saved game"}


def kind_of(value: Any) -> str:
    """What a JSON value is, in words."""
    return {dict: "an object", list: "an array", str: "text", bool: "true/false", int: "a number",
            float: "a number", type(None): "null"}.get(type(value), type(value).__name__)


def short(value: Any) -> str:
    """A value as JSON, cut to 60 characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_header(data: Any, source: str | os.PathLike[str], expected: str, supported: Sequence[int],
                 hints: dict[str, str] | None = None) -> None:
    """The file is an object whose `format` is `expected` and whose `version` is one of `supported` -- a
    whole number: `1.0` and `true` are refused. `hints` add advice for a file of another known format."""
    if not isinstance(data, dict):
        what = FORMAT_NAMES.get(expected, repr(expected))
        raise FileFormatError(source, [("(file)", f"expected a JSON object {{...}} holding {what}, "
                                                  f"got {kind_of(data)}")])
    fmt = data.get("format")
    if fmt is None:
        raise FileFormatError(source, [("format", f"missing; expected \"format\": \"{expected}\"")])
    if fmt != expected:
        other = FORMAT_NAMES.get(fmt) if isinstance(fmt, str) else None
        what = f"this is {other}, " if other else ""
        hint = (hints or {}).get(fmt) if isinstance(fmt, str) else None
        raise FileFormatError(source, [("format", f"{what}got {short(fmt)}; expected {expected!r}"
                                                  + (f" ({hint})" if hint else ""))])
    version = data.get("version")
    listed = ", ".join(str(v) for v in supported)
    if version is None:
        raise FileFormatError(source, [("version", f"missing; supported versions: {listed}")])
    if type(version) is not int:
        raise FileFormatError(source, [("version", f"expected a whole number, got {kind_of(version)} "
                                                   f"{short(version)}; supported versions: {listed}")])
    if version not in supported:
        raise FileFormatError(source, [("version", f"version {version} is not supported; supported versions: "
                                                   f"{listed}")])


def read_json(path: str | os.PathLike[str], limit: int, expected: str = "a .json file") -> tuple[str, Any]:
    """Text and JSON value of the file `path` (at most `limit` bytes), or FileFormatError."""
    text = decode_text(read_bytes(path, limit, expected), path)
    return text, parse_json(text, path)
