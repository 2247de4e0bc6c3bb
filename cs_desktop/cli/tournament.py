"""The `captains-sea tournament` subcommand (parser and entry point; the work is in tournament.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cs_desktop.batch import turn_limit

EXIT_PROBLEM = 2
EXIT_FAILED_GAMES = 1  # the report is printed, without the games that failed (listed on stderr)


def register_tournament(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("tournament", help="two computer captains play every scenario in both seats; "
                                          "wins, draws, losses, score and VP margin")
    p.add_argument("--captains", help="the two captains, comma separated: easy, normal, hard, judgment, simple or random")
    p.add_argument("--scenarios", nargs="+", metavar="FILE_OR_DIR",
                   help="scenario files or folders (default: every shipped scenario)")
    p.add_argument("--games", type=int, default=10, help="games per scenario and seat order (default 10)")
    p.add_argument("--seed", type=int, default=1, help="seed of the tournament (default 1)")
    p.add_argument("--turn-limit", type=int, default=None, help=turn_limit.HELP)
    p.add_argument("--workers", type=int, default=None, help="worker processes (default: one per CPU); "
                                                             "the output does not depend on it")
    p.add_argument("--json", action="store_true", help="print JSON (per scenario, overall and per game)")
    p.add_argument("--journal", metavar="FILE",
                   help="keep each finished game in FILE as it finishes; run the same tournament again with the "
                        "same FILE and it goes on where it stopped")
    p.add_argument("--merge", nargs="+", metavar="REPORT",
                   help="play nothing: merge the --json reports of one tournament run in pieces (e.g. a "
                        "scenario at a time) into the report of the whole")
    p.set_defaults(func=cmd_tournament)


def cmd_tournament(args: argparse.Namespace) -> int:
    from cs_desktop.ai.captains import CAPTAINS
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.formats.jsonread import FileFormatError
    from cs_desktop.batch.tournament import failure_line, scenario_files, to_json, to_text, tournament
    from cs_desktop.batch.journal import JournalMismatch

    if args.merge:
        return _merge(args)
    if not args.captains:
        print("--captains: give two captains, comma separated (or --merge REPORT...)", file=sys.stderr)
        return EXIT_PROBLEM
    captains = tuple(c.strip() for c in args.captains.split(","))
    if len(captains) != 2 or any(c not in CAPTAINS for c in captains):
        print(f"--captains: give two of {', '.join(CAPTAINS)}, comma separated", file=sys.stderr)
        return EXIT_PROBLEM
    if not 1 <= args.games <= 100_000:
        print("--games: give a number from 1 to 100000", file=sys.stderr)
        return EXIT_PROBLEM
    if not turn_limit.valid(args.turn_limit):
        print(turn_limit.PROBLEM, file=sys.stderr)
        return EXIT_PROBLEM
    if args.workers is not None and args.workers < 1:
        print("--workers: give a number of processes, 1 or more", file=sys.stderr)
        return EXIT_PROBLEM
    files = scenario_files(args.scenarios)
    if not files:
        print("--scenarios: no .json files found in " + ", ".join(args.scenarios), file=sys.stderr)
        return EXIT_PROBLEM
    two_sided = []
    for path in files:
        try:
            scenario, _ = load_scenario_with_ships(path)
        except (FileFormatError, OSError) as e:
            print(f"{path}: {e}", file=sys.stderr)
            return EXIT_PROBLEM
        if len(scenario.sides) == 2:
            two_sided.append(path)
        else:  # a tournament seats two captains, each in both seats
            print(f"{path}: left out: {len(scenario.sides)} sides, and a tournament seats two captains (play it "
                  "with `captains-sea simulate --captains A,B,C`)", file=sys.stderr)
    if not two_sided:
        print("--scenarios: no two-sided scenario to play", file=sys.stderr)
        return EXIT_PROBLEM
    files = two_sided
    journal = Path(args.journal) if args.journal else None
    try:
        report = tournament(files, (captains[0], captains[1]), args.games, args.seed, args.turn_limit,
                            args.workers, journal)
    except (JournalMismatch, OSError) as e:
        print(f"--journal: {e}", file=sys.stderr)
        return EXIT_PROBLEM
    print(to_json(report) if args.json else to_text(report))
    failed = report.get("failed", [])
    for f in failed:
        print(f"failed: {failure_line(f)}", file=sys.stderr)
    return EXIT_FAILED_GAMES if failed else 0


def _merge(args: argparse.Namespace) -> int:
    from cs_desktop.formats.jsonread import FileFormatError, read_json
    from cs_desktop.batch.tournament import merge, to_json, to_text

    reports = []
    for path in args.merge:
        try:
            report = read_json(path, 256 * 1024 * 1024, "a tournament report (--json)")[1]
        except (FileFormatError, OSError) as e:
            print(f"{path}: {e}", file=sys.stderr)
            return EXIT_PROBLEM
        missing = [k for k in ("captains", "games_per_seat_order", "seed", "turn_limit", "scenarios", "results")
                   if not isinstance(report, dict) or k not in report]
        if missing:
            print(f"{path}: not a tournament report (--json): no {', '.join(missing)}", file=sys.stderr)
            return EXIT_PROBLEM
        reports.append(report)
    try:
        merged = merge(reports, args.merge)
    except (ValueError, KeyError, TypeError) as e:
        print(f"--merge: {e}", file=sys.stderr)
        return EXIT_PROBLEM
    print(to_json(merged) if args.json else to_text(merged))
    return 0
