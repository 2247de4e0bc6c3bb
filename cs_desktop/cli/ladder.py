"""The `captains-sea ladder` subcommand: the computer captain's levels measured against each other (issue 27).

    captains-sea ladder --out DIR [--games N] [--hard-games N] [--levels random,simple,easy,normal,hard]
                        [--scenarios FILE_OR_DIR ...] [--seed S] [--workers N | --scheduler ADDR | --no-cluster]
                        [--json]

Each pairing of levels (cs_desktop/balance/ladder.py) is a balance job in DIR/<first>-vs-<second>/, played on
the balance lab's runner; a stopped ladder run again with the same DIR plays only what is missing. The report
(ladder.json, ladder.txt, ladder.png) goes to DIR and the tables to the terminal.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

EXIT_PROBLEM = 2
DEFAULT_GAMES = 24  # a scenario and pairing, seats swapped: about 400 games a pairing, ±5%
DEFAULT_HARD_GAMES = 10  # with hard, which costs more: about 170 games a pairing, ±8%


def register_ladder(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("ladder", help="every level of the computer captain against the levels next to it (and hard "
                                      "against easy) on every two-sided scenario, seats swapped, each scenario at "
                                      "its own turn limit; Bradley-Terry ratings with intervals")
    p.add_argument("--out", required=True, metavar="DIR", help="folder for the pairings' games and the report; "
                                                                "run again with the same folder to go on")
    p.add_argument("--games", type=int, default=DEFAULT_GAMES,
                   help=f"games a scenario and pairing, half in each seat order (default {DEFAULT_GAMES})")
    p.add_argument("--hard-games", type=int, default=DEFAULT_HARD_GAMES,
                   help=f"the same for pairings with hard (default {DEFAULT_HARD_GAMES})")
    p.add_argument("--levels", default="random,simple,easy,normal,hard", help="the levels on the ladder")
    p.add_argument("--scenarios", nargs="+", metavar="FILE_OR_DIR",
                   help="scenario files or folders (default: every shipped duel and squadron action)")
    p.add_argument("--seed", type=int, default=1, help="seed of the ladder (default 1)")
    p.add_argument("--workers", type=int, default=None, help="local worker processes (default: one per core); "
                                                             "1 plays in this process; results do not depend on it")
    p.add_argument("--no-cluster", action="store_true", help="play in this process")
    p.add_argument("--scheduler", metavar="ADDR", help="the Dask cluster at ADDR instead of a local one")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    p.set_defaults(func=cmd_ladder)


def _problem(text: str) -> int:
    print(text, file=sys.stderr)
    return EXIT_PROBLEM


def default_scenarios() -> list[str]:
    from cs_desktop import SCENARIOS

    return [str(SCENARIOS), str(SCENARIOS / "fleets")]


def load_two_sided(paths: list[str]) -> tuple[list[Any], list[str]]:
    """The two-sided scenarios among `paths` (loaded), and a line for each one left out."""
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.formats.jsonread import FileFormatError
    from cs_desktop.batch.tournament import scenario_files

    loaded, notes = [], []
    for path in scenario_files(paths):
        try:
            item = load_scenario_with_ships(path)
        except (FileFormatError, OSError) as e:
            raise ValueError(f"{path}: {e}") from e
        if len(item[0].sides) != 2:
            notes.append(f"left out: {path.name}: {len(item[0].sides)} sides (a ladder pairs two captains)")
            continue
        loaded.append(item)
    return loaded, notes


def _args_problem(args: argparse.Namespace, levels: list[str]) -> str | None:
    """What is wrong with the options, before any work (None: nothing)."""
    from cs_desktop.ai.captains import CAPTAINS

    if len(levels) < 2 or any(lv not in CAPTAINS for lv in levels) or len(set(levels)) != len(levels):
        return f"--levels: give two or more different captains of {', '.join(CAPTAINS)}"
    for name in ("games", "hard_games"):
        n = getattr(args, name)
        if not 2 <= n <= 100_000 or n % 2:
            return f"--{name.replace('_', '-')}: give an even number from 2 to 100000 (half a seat order)"
    if args.scheduler and (args.workers is not None or args.no_cluster):
        return "--scheduler uses the workers of that cluster: give no --workers or --no-cluster with it"
    return None


def _write(rep: dict[str, Any], out: Path, scenarios: int, seed: int) -> None:
    """ladder.json, ladder.txt and the chart ladder.png in the --out folder."""
    from cs_desktop.balance import ladder
    from cs_desktop.formats.files import atomic_write_text
    from cs_desktop.gui.lab.ladder_chart import save_ladder

    atomic_write_text(out / "ladder.json", json.dumps(rep, indent=1) + "\n")
    atomic_write_text(out / "ladder.txt", ladder.text(rep))
    save_ladder(rep, out / "ladder.png", f"{scenarios} scenarios, seed {seed}, seats swapped, "
                                         "each scenario at its own turn limit")


def cmd_ladder(args: argparse.Namespace) -> int:
    from cs_desktop.balance import ladder
    from cs_desktop.balance.job import Job, JobError, scenario_pairings
    from cs_desktop.balance.runner import make_pool, run_job

    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    problem = _args_problem(args, levels)
    if problem is not None:
        return _problem(problem)
    try:
        loaded, notes = load_two_sided(args.scenarios or default_scenarios())
    except ValueError as e:
        return _problem(str(e))
    if not loaded:
        return _problem("no two-sided scenario to play")
    for note in notes:
        print(note, file=sys.stderr)
    out = Path(args.out)
    plan = ladder.pairings(levels)
    scenarios = scenario_pairings(loaded)
    try:
        pool = make_pool(args.workers, args.scheduler, cluster=not args.no_cluster)
    except JobError as e:
        return _problem(str(e))
    games: list[ladder.Game] = []
    started = time.monotonic()
    try:
        for first, second in plan:
            n = args.hard_games if "hard" in (first, second) else args.games
            job = Job(tuple(scenarios), (first, second), n, args.seed, None, batch=2, swap_seats=True)
            if not args.quiet:
                print(f"{first} vs {second}: {job.total_games()} games on {pool.name} "
                      f"({time.monotonic() - started:.0f} s so far)", file=sys.stderr)
            outcome = run_job(job, pool, out / f"{first}-vs-{second}", resume=False)
            for p, records in outcome.records.items():
                pairing = job.pairings[p]
                games += ladder.games_of(records, pairing.id, pairing.sides(), (first, second))
    except JobError as e:
        return _problem(str(e))
    except KeyboardInterrupt:
        print(f"interrupted; finished games are kept in {out}", file=sys.stderr)
        return 130
    finally:
        pool.close()
    rep = ladder.report(games, plan)
    rep["seed"], rep["scenarios"] = args.seed, [s.id for s in scenarios]
    _write(rep, out, len(scenarios), args.seed)
    print(json.dumps(rep, indent=1) if args.json else ladder.text(rep), end="\n" if args.json else "")
    return 0
