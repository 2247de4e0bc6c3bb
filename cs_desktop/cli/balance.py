"""The `captains-sea balance` subcommand (parser and entry point; the work is in cs_desktop/balance/).

    captains-sea balance SCENARIO... | --sweep [FOLDER]  --games N --captains A,B --out DIR
                         [--workers N | --scheduler ADDR | --no-cluster] [--resume]
    captains-sea balance --resume --out DIR        (the folder's own job, on any machine that holds it)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from cs_desktop.batch import turn_limit

EXIT_PROBLEM = 2


def register_balance(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("balance", help="the balance lab: many computer games of scenarios or of every pairing of "
                                       "ships; score, VP margins, endings and the 19.0 bid that evens each pairing")
    p.add_argument("scenarios", nargs="*", metavar="SCENARIO", help="scenario files or folders of them")
    p.add_argument("--sweep", nargs="?", const="", metavar="FOLDER",
                   help="play every ordered pairing of the ship cards of FOLDER (default: the shipped ships), as a "
                        "meeting engagement and as a chase")
    p.add_argument("--engagements", default="meeting,chase", help="with --sweep: meeting, chase or both (default)")
    p.add_argument("--games", type=int, default=20, help="games per pairing (default 20)")
    p.add_argument("--captains", default="simple,simple",
                   help="the first side's and the second side's captain, comma separated (default simple,simple)")
    p.add_argument("--seed", type=int, default=1, help="seed of the run (default 1); each game's seed comes from "
                                                       "it, the pairing and the game number")
    p.add_argument("--turn-limit", type=int, default=None, help=turn_limit.HELP)
    p.add_argument("--batch", type=int, default=20, help="games per batch, the unit of work and of resuming")
    p.add_argument("--out", metavar="DIR", help="folder for job.json, finished batches, results.json, pairings.csv "
                                                "and heatmap.png; a folder holding the same job is continued")
    p.add_argument("--resume", action="store_true", help="continue the job in --out (an error if there is none); "
                                                         "alone with --out, the folder's own job, on any machine")
    p.add_argument("--workers", type=int, default=None,
                   help="worker processes of the embedded local Dask cluster (default: one per core); 1 plays "
                        "in this process; the results do not depend on it")
    p.add_argument("--no-cluster", action="store_true", help="play in this process (tests, debugging)")
    p.add_argument("--scheduler", metavar="ADDR", help="use the Dask cluster at ADDR (tls://host:port) instead "
                                                       "of a local one; its workers need the same cs_desktop "
                                                       "installed (checked); TLS settings from Dask's configuration")
    p.add_argument("--json", action="store_true", help="print results.json instead of the table")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    p.set_defaults(func=cmd_balance)


def _problem(text: str) -> int:
    print(text, file=sys.stderr)
    return EXIT_PROBLEM


def cmd_balance(args: argparse.Namespace) -> int:
    from cs_desktop.ai.captains import CAPTAINS
    from cs_desktop.balance.job import Job, JobError, scenario_pairings, ships_in, sweep_pairings
    from cs_desktop.balance.output import json_text, matrices, results, table, write
    from cs_desktop.balance.runner import Progress, make_pool, run_job
    from cs_desktop.balance.store import read_job
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.formats.jsonread import FileFormatError
    from cs_desktop.batch.tournament import scenario_files

    captains = tuple(c.strip() for c in args.captains.split(","))
    if len(captains) != 2 or any(c not in CAPTAINS for c in captains):
        return _problem(f"--captains: give two of {', '.join(CAPTAINS)}, comma separated")
    if not 1 <= args.games <= 1_000_000:
        return _problem("--games: give a number from 1 to 1000000")
    if not 1 <= args.batch <= 10_000:
        return _problem("--batch: give a number from 1 to 10000")
    if not turn_limit.valid(args.turn_limit):
        return _problem(turn_limit.PROBLEM)
    if args.workers is not None and args.workers < 1:
        return _problem("--workers: give a number of processes, 1 or more")
    if args.scheduler and (args.workers is not None or args.no_cluster):
        return _problem("--scheduler uses the workers of that cluster: give no --workers or --no-cluster with it")
    if args.resume and not args.out:
        return _problem("--resume: give the --out folder to continue")
    alone = args.resume and args.sweep is None and not args.scenarios  # the folder's own job.json, nothing else
    if not alone and (args.sweep is None) == (not args.scenarios):
        return _problem("give scenario files, or --sweep [FOLDER] (not both), or --resume --out DIR alone")
    try:
        if alone:
            pairings = []
        elif args.sweep is not None:
            from cs_desktop import SCENARIOS

            engagements = [e.strip() for e in args.engagements.split(",") if e.strip()]
            bad = [e for e in engagements if e not in ("meeting", "chase")]
            if bad or not engagements:
                return _problem(f"--engagements: {', '.join(bad) or 'none'}; give meeting, chase or meeting,chase")
            pairings = sweep_pairings(ships_in(Path(args.sweep) if args.sweep else SCENARIOS / "ships"), engagements)
        else:
            files = scenario_files(args.scenarios)
            if not files:
                return _problem("no .json scenario files in " + ", ".join(args.scenarios))
            named = {Path(a).resolve() for a in args.scenarios if Path(a).is_file()}
            loaded = []
            for path in files:
                try:
                    item = load_scenario_with_ships(path)
                except (FileFormatError, OSError) as e:
                    return _problem(f"{path}: {e}")
                if len(item[0].sides) != 2:  # the lab weighs one side against the other (scores, margins, bids)
                    why = (f"{path}: {len(item[0].sides)} sides: the balance lab measures two-sided scenarios (play "
                           "it with `captains-sea simulate --captains A,B,C`)")
                    if Path(path).resolve() in named:
                        return _problem(why)
                    print(f"left out: {why}", file=sys.stderr)  # found in a folder: the others are measured
                    continue
                loaded.append(item)
            if not loaded:
                return _problem("no two-sided scenario in " + ", ".join(args.scenarios))
            pairings = scenario_pairings(loaded)
        out = Path(args.out) if args.out else None
        if alone and out is not None:
            job = read_job(out)
        else:
            job = Job(tuple(pairings), (captains[0], captains[1]), args.games, args.seed, args.turn_limit,
                      args.batch)
        pool = make_pool(args.workers, args.scheduler, cluster=not args.no_cluster)
    except JobError as e:
        return _problem(str(e))
    started = time.monotonic()

    def progress(p: Progress) -> None:
        if args.quiet:
            return
        if not p.pairing:
            kept = f", {p.kept} kept from {out}" if p.kept else ""
            print(f"{len(job.pairings)} pairings, {p.total} games on {pool.name}{kept}", file=sys.stderr)
            return
        rate = (p.done - p.kept) / max(time.monotonic() - started, 1e-9)
        print(f"{p.done}/{p.total} games ({p.done / p.total:.0%}), {rate:.1f} games/s — {p.pairing}",
              file=sys.stderr)

    try:
        outcome = run_job(job, pool, out, args.resume, progress)
    except JobError as e:
        return _problem(str(e))
    except KeyboardInterrupt:
        print(f"interrupted; finished batches are kept in {out}" if out else "interrupted", file=sys.stderr)
        return 130
    finally:
        pool.close()
    report = results(outcome)
    if out is not None:
        written = write(report, out)
        from cs_desktop.gui.lab.heatmap import save_heatmap

        caption = f"{' vs '.join(job.captains)}, {job.games} games a pairing, seed {job.seed}"
        written.append(save_heatmap(matrices(report), out / "heatmap.png", caption))
        if not args.quiet:
            print("wrote " + ", ".join(str(p) for p in written), file=sys.stderr)
    print(json_text(report) if args.json else table(report), end="\n" if not args.json else "")
    return 0
