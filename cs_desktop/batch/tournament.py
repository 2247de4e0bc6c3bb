"""`captains-sea tournament`: two computer captains play every scenario given, each in both seats.

For each scenario, N games with captain A on the first side and B on the second, then N games with the seats
swapped (game k of both seat orders uses the same game seed, so the dice favour neither captain). Per scenario
and overall it reports each captain's wins, draws, losses and score (W + D/2), the mean VP margin, and how
the games ended. Games run in worker processes; every game's seed depends only on --seed and its place in
the schedule, and results are gathered in schedule order, so the output is the same bytes whatever
--workers.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import lru_cache
from pathlib import Path
from typing import Any

from cs_desktop.batch import journal as tj
from cs_desktop.batch.turn_limit import turn_limit_options, turn_limit_text

Job = tuple[str, int, int, int, tuple[str, str], int | None]  # file, order, game, seed, captains, turn limit


def scenario_files(paths: Iterable[str | os.PathLike[str]] | None) -> list[Path]:
    """Scenario files: each file as given, a folder as the *.json files directly in it (sorted)."""
    from cs_desktop import SCENARIOS

    out: list[Path] = []
    for p in map(Path, paths or [SCENARIOS]):
        if p.is_dir():
            out.extend(sorted(q for q in p.glob("*.json") if q.is_file()))
        else:
            out.append(p)
    return out


def labels(captains: tuple[str, str]) -> tuple[str, str]:
    """Names to report the captains by (a captain playing itself gets '-1' and '-2')."""
    a, b = captains
    return (a, b) if a != b else (f"{a}-1", f"{b}-2")


def game_seed(seed: int, game: int) -> int:
    return seed * 1_000_003 + game


@lru_cache(maxsize=None)
def _load(path: str) -> Any:
    from cs_desktop.formats.files import load_scenario_with_ships

    return load_scenario_with_ships(Path(path))


def play(job: Job) -> dict[str, Any]:
    """One game of the schedule (runs in a worker process)."""
    from cs_desktop.batch.simulate import ending, game_record, play_game

    path, order, k, seed, captains, turn_limit = job
    scenario, ships = _load(path)
    names = labels(captains)
    seated = (names[order], names[1 - order])  # who sits on the first and the second side
    kinds = (captains[order], captains[1 - order])
    options = turn_limit_options(turn_limit)  # None: the scenario's own printed limit; 0: none
    record = game_record(play_game(scenario, ships, seed, kinds, options), k)
    sides = [s.id for s in scenario.sides]
    by_side = dict(zip(sides, seated, strict=True))
    vp = {by_side[s]: record["vp"].get(s, 0) for s in sides}
    return {"scenario": scenario.id, "order": order, "game": k, "seed": seed,
            "seats": [[s, by_side[s]] for s in sides],  # the scenario's sides in order, with their captains
            "winner": by_side[record["winner"]] if record["winner"] else None, "vp": vp,
            "margin": vp[names[0]] - vp[names[1]], "how": ending(record["how"]), "turns": record["turns"]}


def _scenario_ids(files: Sequence[Path]) -> dict[str, str]:
    """Each schedule file's scenario id (a file that does not load is left out: its games fail when played)."""
    out: dict[str, str] = {}
    for f in files:
        try:
            out[str(f)] = _load(str(f))[0].id
        except Exception:  # noqa: BLE001 - reported by play_safely when its games are played
            continue
    return out


def play_safely(job: Job) -> dict[str, Any]:
    """`play`, or for a game that raised, what failed and the game's place and seed (the tournament goes on)."""
    try:
        return play(job)
    except Exception as e:  # noqa: BLE001 - any failure of one game is reported, and the others still count
        path, order, k, seed, captains, turn_limit = job
        try:
            name = _load(path)[0].id
        except Exception:  # noqa: BLE001 - the scenario itself would not load
            name = Path(path).stem
        return {"scenario": name, "file": path, "order": order, "game": k, "seed": seed,
                "captains": list(captains[order:] + captains[:order]), "turn_limit": turn_limit,
                "failed": f"{type(e).__name__}: {e}"}


def schedule(files: Sequence[Path], captains: tuple[str, str], games: int, seed: int,
             turn_limit: int | None) -> list[Job]:
    return [(str(f), order, k, game_seed(seed, k), captains, turn_limit)
            for f in files for order in (0, 1) for k in range(games)]


def tournament(files: Sequence[Path], captains: tuple[str, str], games: int, seed: int,
               turn_limit: int | None = None, workers: int | None = None,
               journal: Path | None = None) -> dict[str, Any]:
    """Play the schedule and tally it. A game that fails is listed under "failed" and left out of the tallies.
    With a `journal` (tournament_journal.py), each finished game is kept there as it finishes, and the games
    already in it are not played again; raises JournalMismatch for another tournament's journal. `turn_limit`
    as the user gave it (cs_desktop/batch/turn_limit.py): None plays each scenario's own printed limit, 0 none."""
    jobs = schedule(files, captains, games, seed, turn_limit)
    first = tj.header(captains, games, seed, turn_limit, list(files))
    done = tj.read(journal, first, jobs, _scenario_ids(files)) if journal is not None else {}
    todo = [i for i in range(len(jobs)) if i not in done]
    writer = tj.Writer(journal, first) if journal is not None else None
    try:
        for i, result in _played(jobs, todo, workers or os.cpu_count() or 1):
            done[i] = result
            if writer is not None and "failed" not in result:
                writer.game(i, result)
    finally:
        if writer is not None:
            writer.close()
    ordered = [(job, done[i]) for i, job in enumerate(jobs)]
    results = [r for _, r in ordered if "failed" not in r]
    names = labels(captains)
    per_scenario = []
    for f in files:
        mine = [r for job, r in ordered if job[0] == str(f) and "failed" not in r]
        per_scenario.append({"scenario": mine[0]["scenario"] if mine else f.stem, "file": f.name,
                             **tally(mine, names)})
    report = {"captains": list(names), "games_per_seat_order": games, "seed": seed, "turn_limit": turn_limit,
              "scenarios": per_scenario, "overall": tally(results, names), "results": results}
    failed = [r for _, r in ordered if "failed" in r]
    if failed:
        report["failed"] = failed
    return report


def _played(jobs: list[Job], todo: list[int], workers: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """(place in the schedule, result) of each game in `todo`, as each finishes."""
    if workers == 1 or len(todo) <= 1:
        for i in todo:
            yield i, play_safely(jobs[i])
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(play_safely, jobs[i]): i for i in todo}
        for future in as_completed(futures):
            yield futures[future], future.result()


MERGE_KEYS = ("captains", "games_per_seat_order", "seed", "turn_limit")


def merge(reports: Sequence[dict[str, Any]], sources: Sequence[str]) -> dict[str, Any]:
    """One report from the reports of the same tournament run in pieces (e.g. a scenario at a time, on several
    machines): game seeds depend only on the seed and the game number, so the pieces together are the report
    a single run over all their scenarios gives. Raises ValueError naming the piece that does not fit."""
    if not reports:
        raise ValueError("no reports to merge")
    first = reports[0]
    scenarios: list[dict[str, Any]] = []
    results: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    for report, source in zip(reports, sources, strict=True):
        for key in MERGE_KEYS:
            if report.get(key) != first.get(key):
                raise ValueError(f"{source}: {key} is {report.get(key)!r}, but {sources[0]} has {first.get(key)!r}")
        for block in report["scenarios"]:
            if block["scenario"] in seen:
                raise ValueError(f"{source}: scenario {block['scenario']} is also in {seen[block['scenario']]}")
            seen[block["scenario"]] = source
            scenarios.append(block)
        results.extend(report["results"])
    names = (first["captains"][0], first["captains"][1])
    merged = {**{k: first[k] for k in MERGE_KEYS}, "scenarios": scenarios, "overall": tally(results, names),
              "results": results}
    failed = [f for report in reports for f in report.get("failed", [])]
    if failed:
        merged["failed"] = failed
    return merged


def score_interval(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a score share (score / games), draws counting half."""
    if games == 0:
        return (0.0, 1.0)
    p = score / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def tally(results: list[dict[str, Any]], names: tuple[str, str]) -> dict[str, Any]:
    n = len(results)
    out: dict[str, Any] = {"games": n, "captains": {}}
    for me in names:
        wins = sum(1 for r in results if r["winner"] == me)
        draws = sum(1 for r in results if r["winner"] is None)
        sign = 1 if me == names[0] else -1
        out["captains"][me] = {"wins": wins, "draws": draws, "losses": n - wins - draws,
                               "score": wins + draws / 2,
                               "mean_margin": round(sum(sign * r["margin"] for r in results) / n, 2) if n else 0.0}
    endings: dict[str, int] = {}
    for r in results:
        endings[r["how"]] = endings.get(r["how"], 0) + 1
    out["endings"] = dict(sorted(endings.items()))
    return out


def to_text(report: dict[str, Any]) -> str:
    names = report["captains"]
    limit = turn_limit_text(report["turn_limit"])
    lines = [f"Tournament {names[0]} vs {names[1]}: {report['games_per_seat_order']} games per seat order and "
             f"scenario, seed {report['seed']}, turn limit {limit}", ""]
    width = max([len(s["scenario"]) for s in report["scenarios"]] + [len("overall")])
    lines.append(f"{'scenario':<{width}}  {'captain':<10} {'W':>4} {'D':>4} {'L':>4} {'score':>7} {'margin':>8}")
    for block in [*report["scenarios"], {"scenario": "overall", **report["overall"]}]:
        for i, name in enumerate(names):
            c = block["captains"][name]
            title = block["scenario"] if i == 0 else ""
            lines.append(f"{title:<{width}}  {name:<10} {c['wins']:>4} {c['draws']:>4} {c['losses']:>4} "
                         f"{c['score']:>7g} {c['mean_margin']:>+8.2f}")
        endings = ", ".join(f"{k} {v}" for k, v in block["endings"].items())
        lines.append(f"{'':<{width}}  endings ({block['games']} games): {endings}")
    overall, first = report["overall"], names[0]
    low, high = score_interval(overall["captains"][first]["score"], overall["games"])
    share = overall["captains"][first]["score"] / overall["games"] if overall["games"] else 0.0
    lines.append("")
    lines.append(f"{first} scores {share:.1%} of the points over {overall['games']} games "
                 f"(95% interval {low:.0%}-{high:.0%})")
    failed = report.get("failed", [])
    if failed:
        lines.append("")
        lines.append(f"{len(failed)} game(s) failed and are left out of the counts:")
        lines.extend(f"  {failure_line(f)}" for f in failed)
    return "\n".join(lines)


def failure_line(failed: dict[str, Any]) -> str:
    """A failed game: where it was in the schedule, what failed, and the command that plays it again alone."""
    limit = failed["turn_limit"]
    flag = "" if limit is None else f" --turn-limit {limit}"
    return (f"{failed['scenario']} game {failed['game']}, seat order {failed['order']} (seed {failed['seed']}): "
            f"{failed['failed']}; play it alone: captains-sea simulate --scenario {failed['file']} --captains "
            f"{','.join(failed['captains'])} --games 1 --seed {failed['seed']}{flag}")


def to_json(report: dict[str, Any]) -> str:
    return json.dumps(report, sort_keys=True, indent=2)
