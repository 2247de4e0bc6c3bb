"""A tournament's journal: each finished game kept as it finishes, so that a long tournament that stops (a crash, a
closed terminal, a machine restart) goes on where it stopped when run again with the same journal.

The file is JSON lines. The first line names the tournament (captains, games per seat order, seed, turn limit and
the scenario files, by name); every other line is one finished game, `{"job": i, "result": {...}}`, `i` its place in
the schedule. A game is written whole, with one `write` of one line, and flushed; a last line torn by a crash is
not a game and is played again. A game that failed is not kept: run again, it is played again.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from cs_desktop.formats.jsonread import FileFormatError, read_bytes

#: the longest line read from a journal (a game line is some 300 bytes): a longer one is not a game
MAX_LINE_BYTES = 64 * 1024
#: the largest VP total, and the longest game, a result may say
MAX_VP = 1e6
MAX_TURNS = 100_000

#: a game line's result: each field and the types it may have (a forged or damaged line is refused, issue 31)
RESULT_FIELDS: dict[str, tuple[type, ...]] = {
    "scenario": (str,), "order": (int,), "game": (int,), "seed": (int,), "seats": (list,),
    "winner": (str, type(None)), "vp": (dict,), "margin": (int, float), "how": (str,), "turns": (int,)}


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


def read(path: Path, expected: dict[str, Any], jobs: Sequence[tuple[Any, ...]],
         scenario_ids: Mapping[str, str] | None = None) -> dict[int, dict[str, Any]]:
    """The games already finished, by place in the schedule `jobs` (tournament.Job: file, order, game, seed, ...);
    {} if there is no journal yet. Raises JournalMismatch if the file is another tournament's journal, not a
    journal at all, or holds a game line that is not one of this schedule's games as it was written (a record of
    the wrong shape or types, a game out of the schedule or not the game at its place, a game written twice),
    naming the file and the line. A line that is not JSON at all is a write torn by a crash: played again.
    `scenario_ids`: each schedule file's scenario id, so that a result moved from another scenario is refused.
    Only a regular file is read, and at most MAX_LINE_BYTES a line (memory stays bounded)."""
    if not path.exists() or path.stat().st_size == 0:  # (empty: made, and stopped before its first line)
        return {}
    try:
        raw = read_bytes(path, MAX_LINE_BYTES * (len(jobs) + 2), "a tournament journal")
    except FileFormatError as e:
        raise JournalMismatch(f"{path}: cannot be read as a journal: "
                              + "; ".join(what for _where, what in e.problems)) from None
    lines = raw.decode("utf-8", errors="replace").split("\n")
    del raw
    if len(lines[0]) > MAX_LINE_BYTES:
        raise JournalMismatch(f"{path}: not a tournament journal (its first line is {len(lines[0])} characters long)")
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
    where: dict[int, int] = {}
    for n, line in enumerate(lines[1:], 2):
        if len(line) > MAX_LINE_BYTES:
            raise JournalMismatch(f"{path}, line {n}: not a game line ({len(line)} characters; a game line is a few "
                                  "hundred); this journal cannot be continued (remove the line, or give another "
                                  "--journal)")
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError):
            continue  # a line torn by a crash (or an empty last line): that game is played again
        problem = game_line_problem(entry, jobs, scenario_ids)
        if not problem and entry["job"] in where:
            problem = f"game {entry['job']} again (first on line {where[entry['job']]})"
        if problem:
            raise JournalMismatch(f"{path}, line {n}: {problem}; this journal cannot be continued (remove the "
                                  "line, or give another --journal)")
        where[entry["job"]] = n
        done[entry["job"]] = entry["result"]
    return done


def game_line_problem(entry: Any, jobs: Sequence[tuple[Any, ...]], scenario_ids: Mapping[str, str] | None = None) -> str:
    """What is wrong with a game line of the journal, or "": its shape and types, its place in the schedule, and
    whether its result is one this game could have (its scenario, who sat where, the VP, margin and winner agree)."""
    if not isinstance(entry, dict) or set(entry) != {"job", "result"}:
        return 'not a game line ({"job": N, "result": {...}})'
    job, result = entry["job"], entry["result"]
    if type(job) is not int or not 0 <= job < len(jobs):
        return f"job {job!r} is not a game of this tournament (0 to {len(jobs) - 1})"
    if not isinstance(result, dict):
        return "its result is not an object"
    for key, kinds in RESULT_FIELDS.items():
        value = result.get(key)
        if key not in result or not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            return f"its result's {key} is missing or of the wrong type"
    file, order, game, seed = jobs[job][:4]
    if (result["order"], result["game"], result["seed"]) != (order, game, seed):
        return (f"its result (seat order {result['order']}, game {result['game']}, seed {result['seed']}) is not "
                f"game {job} of the schedule (seat order {order}, game {game}, seed {seed})")
    scenario = (scenario_ids or {}).get(str(file))
    if scenario is not None and result["scenario"] != scenario:
        return f"its result is a game of {result['scenario']!r}; game {job} of the schedule is one of {scenario!r}"
    return _result_problem(result, jobs[job])


def _labels(captains: Sequence[str]) -> tuple[str, str]:
    """= tournament.labels (a captain playing itself gets '-1' and '-2')."""
    a, b = captains
    return (a, b) if a != b else (f"{a}-1", f"{b}-2")


def _result_problem(result: dict[str, Any], job: tuple[Any, ...]) -> str:
    """A result that contradicts itself or its game: who sat where, the VP, the margin, the winner, the length."""
    names = _labels(job[4])
    order = job[1]
    seated = [names[order], names[1 - order]]
    seats = result["seats"]
    if (not all(isinstance(s, list) and len(s) == 2 and all(isinstance(x, str) for x in s) for s in seats)
            or [s[1] for s in seats] != seated):
        return f"its seats {seats!r} are not this game's (first side {seated[0]}, second side {seated[1]})"
    vp = result["vp"]
    if set(vp) != set(names) or not all(type(v) in (int, float) and math.isfinite(v) and abs(v) <= MAX_VP
                                        for v in vp.values()):
        return f"its vp {vp!r} is not a number of points for each of {names[0]} and {names[1]}"
    if abs(result["margin"] - (vp[names[0]] - vp[names[1]])) > 1e-6:
        return f"its margin {result['margin']} is not {names[0]}'s VP minus {names[1]}'s"
    if result["winner"] is not None and result["winner"] not in names:
        return f"its winner {result['winner']!r} is not one of {names[0]} and {names[1]}"
    if not 0 <= result["turns"] <= MAX_TURNS:
        return f"its turns {result['turns']} are outside 0 to {MAX_TURNS}"
    return ""


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
