"""A tournament's journal: each finished game kept as it finishes, so that a long tournament that stops (a crash, a
closed terminal, a machine restart) goes on where it stopped when run again with the same journal.

The file is JSON lines. The first line names the tournament (captains, games per seat order, seed, turn limit and
the scenario files, by name); every other line is one finished game, `{"job": i, "result": {...}}`, `i` its place in
the schedule. A game is written whole, with one `write` of one line, and flushed; a last line torn by a crash is
not a game and is played again. A game that failed is not kept: run again, it is played again.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO, Any


class JournalMismatch(ValueError):
    """The journal belongs to another tournament (or is not a journal); the message names the file and the field."""


def header(captains: tuple[str, str], games: int, seed: int, turn_limit: int | None,
           files: list[Path]) -> dict[str, Any]:
    """The first line. `turn_limit` as the user gave it (0: none); not given (null), each scenario's own printed
    limit, marked `printed_limits` since issue 31: a journal of before, whose null meant none, is another's."""
    first: dict[str, Any] = {"captains": list(captains), "games_per_seat_order": games, "seed": seed,
                             "turn_limit": turn_limit, "scenarios": [f.name for f in files]}
    if turn_limit is None:
        first["printed_limits"] = True
    return {"tournament": first}


def read(path: Path, expected: dict[str, Any], jobs: int) -> dict[int, dict[str, Any]]:
    """The games already finished, by place in the schedule; {} if there is no journal yet. Raises
    JournalMismatch if the file is another tournament's journal, or not a journal at all."""
    if not path.exists() or path.stat().st_size == 0:  # (empty: made, and stopped before its first line)
        return {}
    with path.open(encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    try:
        first = json.loads(lines[0])
    except ValueError:
        raise JournalMismatch(f"{path}: not a tournament journal (its first line is not JSON)") from None
    if not isinstance(first, dict) or not isinstance(first.get("tournament"), dict):
        raise JournalMismatch(f"{path}: not a tournament journal (no 'tournament' on its first line)")
    mine, theirs = expected["tournament"], first["tournament"]
    for key, value in mine.items():
        if theirs.get(key) != value:
            raise JournalMismatch(f"{path}: the journal of another tournament: its {key} is {theirs.get(key)!r}, "
                                  f"this one's {value!r}")
    done: dict[int, dict[str, Any]] = {}
    for line in lines[1:]:
        try:
            entry = json.loads(line)
        except ValueError:
            continue  # a line torn by a crash (or an empty last line): that game is played again
        if (isinstance(entry, dict) and type(entry.get("job")) is int and 0 <= entry["job"] < jobs
                and isinstance(entry.get("result"), dict)):
            done[entry["job"]] = entry["result"]
    return done


class Writer:
    """Appends finished games to the journal (writing its first line if the file is new)."""

    def __init__(self, path: Path, first: dict[str, Any]) -> None:
        new = not path.exists() or path.stat().st_size == 0
        self._file: IO[str] = path.open("a", encoding="utf-8")
        if new:
            self._line(first)
        elif not _ends_with_newline(path):
            self._file.write("\n")  # after a torn last line: the next game starts a line of its own
            self._file.flush()

    def game(self, job: int, result: dict[str, Any]) -> None:
        self._line({"job": job, "result": result})

    def _line(self, value: dict[str, Any]) -> None:
        self._file.write(json.dumps(value, sort_keys=True) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()


def _ends_with_newline(path: Path) -> bool:
    with path.open("rb") as f:
        f.seek(-1, os.SEEK_END)
        return f.read(1) == b"\n"
