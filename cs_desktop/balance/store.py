"""The output folder of a balance run: the job, and each finished batch, written atomically.

    OUT/job.json                  the job (pairings, captains, games, seed, ...) and its fingerprint
    OUT/batches/PPPPP-GGGGGGG.json the records of games G.. of pairing P, once the whole batch has finished
    OUT/results.json, pairings.csv, heatmap.png   written by output.py at the end

A folder that holds the same job is continued: its finished batches are kept and only the others are played
(`--resume` insists on it). A folder holding a different job is refused, naming what differs, so two runs
never mix their games.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from cs_desktop.balance.job import Job, JobError, canonical, game_seed

#: a game record of a batch: each field and the types it may have (a forged or damaged record is refused)
RECORD_FIELDS: dict[str, tuple[type, ...]] = {
    "game": (int,), "seed": (int,), "winner": (str, type(None)), "vp": (list,), "margin": (int, float),
    "decided_by": (str,), "how": (str,), "turns": (int,)}
#: the largest VP total, and the longest game, a record may say; the most bytes a record of a batch file may take
MAX_VP = 1e6
MAX_TURNS = 100_000
RECORD_BYTES = 4096


def record_problem(record: Any, job: Job, pairing: int, game: int) -> str:
    """What is wrong with the record of game `game` of pairing number `pairing`, or "" (issue 31, item 7)."""
    if not isinstance(record, dict):
        return "not an object"
    fields = {*RECORD_FIELDS, "captains"} if job.swap_seats else set(RECORD_FIELDS)
    if set(record) - fields:
        return f"it holds fields no record has: {', '.join(sorted(map(str, set(record) - fields)))}"
    for key, kinds in RECORD_FIELDS.items():
        value = record.get(key)
        if key not in record or not isinstance(value, kinds) or isinstance(value, bool):
            return f"its {key} is missing or of the wrong type"
    if len(record["vp"]) != 2 or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                         for v in record["vp"]):
        return "its vp is not two numbers"
    sides = job.pairings[pairing].sides()
    if record["winner"] is not None and record["winner"] not in sides:
        return f"its winner {record['winner']!r} is not a side of the pairing"
    seed = game_seed(job.seed, job.pairings[pairing].id, game)
    if (record["game"], record["seed"]) != (game, seed):
        return f"it says game {record['game']}, seed {record['seed']}: game {game} of this job has seed {seed}"
    return _result_problem(record, job, game)


def _result_problem(record: dict[str, Any], job: Job, game: int) -> str:
    """A record that contradicts itself or its game (issue 31, item 7: forged results were counted): the VP, the
    margin, the length, who sat where."""
    vp = record["vp"]
    if not all(math.isfinite(v) and abs(v) <= MAX_VP for v in vp):
        return f"its vp {vp!r} are not points a game gives"
    if record["margin"] != round(vp[0] - vp[1], 2):
        return f"its margin {record['margin']} is not the first side's VP minus the second's ({vp[0]} - {vp[1]})"
    if not 0 <= record["turns"] <= MAX_TURNS:
        return f"its turns {record['turns']} are outside 0 to {MAX_TURNS}"
    if job.swap_seats:
        a, b = job.captains
        seats = [b, a] if game % 2 else [a, b]
        if record.get("captains") != seats:
            return f"its captains {record.get('captains')!r} are not this game's seats {seats!r}"
    return ""


def _describe_difference(old: dict[str, Any], new: dict[str, Any]) -> str:
    diffs = [f"{key} {old.get(key)!r} there, {new.get(key)!r} asked"
             for key in ("captains", "games", "seed", "turn_limit", "batch") if old.get(key) != new.get(key)]
    old_ids = [p.get("id") for p in old.get("pairings", []) if isinstance(p, dict)]
    new_ids = [p["id"] for p in new["pairings"]]
    if old_ids != new_ids:
        diffs.append(f"pairings {len(old_ids)} there ({', '.join(map(str, old_ids[:3]))}...), {len(new_ids)} asked")
    elif not diffs:
        diffs.append("the scenarios or ship cards of the pairings differ")
    return "; ".join(diffs)


def read_job(folder: Path) -> Job:
    """The job a folder holds (its job.json), to continue it with nothing else: the folder is complete in itself
    (pairings with their scenarios and cards, no paths, no host names), so any machine that holds it can resume
    it. JobError if there is none, or its fingerprint is not its content's (a job.json edited by hand)."""
    from cs_desktop.formats.jsonread import FileFormatError, read_json

    path = folder / "job.json"
    try:
        data = read_json(path, 512 * 1024 * 1024, "a balance job")[1]
    except (FileFormatError, OSError) as e:
        raise JobError(f"{path}: cannot read the job to continue: {e}") from e
    try:
        job = Job.from_dict(data)
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise JobError(f"{path}: not a balance job this program can continue ({type(e).__name__}: {e})") from e
    if data.get("fingerprint") != job.fingerprint():
        raise JobError(f"{path}: its fingerprint is not its content's (the file was changed); start afresh in "
                       "another folder")
    return job


class Store:
    """Finished batches of one job in one folder."""

    def __init__(self, folder: Path, job: Job, resume: bool = False) -> None:
        from cs_desktop.formats.jsonread import FileFormatError, read_json

        self.folder, self.job = folder, job
        self.fingerprint = job.fingerprint()
        self.batches = folder / "batches"
        path = folder / "job.json"
        if folder.exists() and not folder.is_dir():
            raise JobError(f"{folder}: not a folder (--out needs a folder for the results)")
        if path.is_file():
            try:
                old = read_json(path, 512 * 1024 * 1024, "a balance job")[1]
            except (FileFormatError, OSError) as e:
                raise JobError(f"{path}: cannot read the job of this folder: {e}") from e
            if not isinstance(old, dict) or old.get("fingerprint") != self.fingerprint:
                what = _describe_difference(old, job.to_dict()) if isinstance(old, dict) else "not a job"
                raise JobError(f"{folder} holds a different balance job ({what}); choose another --out folder, "
                               f"or delete it to start afresh")
            self.resumed = True
        else:
            if resume:
                raise JobError(f"{folder}: --resume, but the folder holds no balance job (no job.json)")
            leftovers = [p.name for p in folder.iterdir()] if folder.is_dir() else []
            if leftovers:
                raise JobError(f"{folder} is not empty and holds no balance job (found {', '.join(leftovers[:3])}); "
                               "choose an empty or new folder")
            self.resumed = False
            from cs_desktop.formats.files import atomic_write_text

            atomic_write_text(path, json.dumps({**job.to_dict(), "fingerprint": self.fingerprint}, indent=1,
                                               sort_keys=True) + "\n")

    def _path(self, pairing: int, start: int) -> Path:
        return self.batches / f"{pairing:05d}-{start:07d}.json"

    def load(self) -> dict[tuple[int, int], list[dict[str, Any]]]:
        """The finished batches: (pairing index, first game) -> records. A batch file of another job, or one
        that does not hold the batch its name says, is an error naming it."""
        from cs_desktop.formats.jsonread import FileFormatError, read_json

        out: dict[tuple[int, int], list[dict[str, Any]]] = {}
        for p, start, stop in self.job.batches():
            path = self._path(p, start)
            if not path.is_file():
                continue
            try:
                data = read_json(path, RECORD_BYTES * (stop - start + 1), "a balance batch")[1]
            except (FileFormatError, OSError) as e:
                raise JobError(f"{path}: {e}; delete the file to play the batch again") from e
            expected = {"job": self.fingerprint, "pairing": self.job.pairings[p].id, "start": start, "stop": stop}
            got = {k: data.get(k) for k in expected} if isinstance(data, dict) else {}
            records = data.get("records") if isinstance(data, dict) else None
            if got != expected or not isinstance(records, list) or len(records) != stop - start:
                raise JobError(f"{path}: not batch {start}-{stop - 1} of pairing {expected['pairing']} of this job; "
                               "delete the file to play the batch again")
            for i, record in enumerate(records):
                problem = record_problem(record, self.job, p, start + i)
                if problem:
                    raise JobError(f"{path}: record {i} (game {start + i}): {problem}; delete the file to play the "
                                   "batch again")
            out[(p, start)] = records
        return out

    def save(self, pairing: int, start: int, stop: int, records: list[dict[str, Any]]) -> None:
        from cs_desktop.formats.files import atomic_write_text

        data = {"job": self.fingerprint, "pairing": self.job.pairings[pairing].id, "start": start, "stop": stop,
                "records": records}
        atomic_write_text(self._path(pairing, start), canonical(data) + "\n")
