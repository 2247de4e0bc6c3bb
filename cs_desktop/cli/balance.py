"""The `captains-sea balance` subcommand (parser and entry point; the work is in cs_desktop/balance/).

    captains-sea balance SCENARIO... | --sweep [FOLDER]  --games N --captains A,B --out DIR
                         [--workers N | --scheduler ADDR | --no-cluster] [--resume]
    captains-sea balance --resume --out DIR        (the folder's own job, on any machine that holds it)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cs_desktop.batch import turn_limit

if TYPE_CHECKING:  # the work's modules are imported when the command runs, not when the parser is built
    from cs_desktop.balance.job import Job, Pairing
    from cs_desktop.balance.runner import Progress

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


class _Problem(Exception):
    """A problem with the command line or its files: printed, exit code 2."""


def _problem(text: str) -> int:
    print(text, file=sys.stderr)
    return EXIT_PROBLEM


def _check_args(args: argparse.Namespace) -> tuple[str, str]:
    """The options checked before any work (raises _Problem); returns the two captains."""
    from cs_desktop.ai.captains import CAPTAINS

    captains = tuple(c.strip() for c in args.captains.split(","))
    if len(captains) != 2 or any(c not in CAPTAINS for c in captains):
        raise _Problem(f"--captains: give two of {', '.join(CAPTAINS)}, comma separated")
    if not 1 <= args.games <= 1_000_000:
        raise _Problem("--games: give a number from 1 to 1000000")
    if not 1 <= args.batch <= 10_000:
        raise _Problem("--batch: give a number from 1 to 10000")
    if not turn_limit.valid(args.turn_limit):
        raise _Problem(turn_limit.PROBLEM)
    if args.workers is not None and args.workers < 1:
        raise _Problem("--workers: give a number of processes, 1 or more")
    if args.scheduler and (args.workers is not None or args.no_cluster):
        raise _Problem("--scheduler uses the workers of that cluster: give no --workers or --no-cluster with it")
    if args.resume and not args.out:
        raise _Problem("--resume: give the --out folder to continue")
    return captains[0], captains[1]


def _sweep_pairings(args: argparse.Namespace) -> list[Pairing]:
    """--sweep [FOLDER]: every ordered pairing of the folder's ships, in the engagements asked."""
    from cs_desktop import SCENARIOS
    from cs_desktop.balance.job import ships_in, sweep_pairings

    engagements = [e.strip() for e in args.engagements.split(",") if e.strip()]
    bad = [e for e in engagements if e not in ("meeting", "chase")]
    if bad or not engagements:
        raise _Problem(f"--engagements: {', '.join(bad) or 'none'}; give meeting, chase or meeting,chase")
    return sweep_pairings(ships_in(Path(args.sweep) if args.sweep else SCENARIOS / "ships"), engagements)


def _scenario_pairings(names: list[str]) -> list[Pairing]:
    """The scenarios named or found in the folders named; a many-sided one found in a folder is left out (said),
    one named is a problem."""
    from cs_desktop.balance.job import scenario_pairings
    from cs_desktop.batch.tournament import scenario_files
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.formats.jsonread import FileFormatError

    files = scenario_files(names)
    if not files:
        raise _Problem("no .json scenario files in " + ", ".join(names))
    named = {Path(a).resolve() for a in names if Path(a).is_file()}
    loaded = []
    for path in files:
        try:
            item = load_scenario_with_ships(path)
        except (FileFormatError, OSError) as e:
            raise _Problem(f"{path}: {e}") from e
        if len(item[0].sides) != 2:  # the lab weighs one side against the other (scores, margins, bids)
            why = (f"{path}: {len(item[0].sides)} sides: the balance lab measures two-sided scenarios (play "
                   "it with `captains-sea simulate --captains A,B,C`)")
            if Path(path).resolve() in named:
                raise _Problem(why)
            print(f"left out: {why}", file=sys.stderr)  # found in a folder: the others are measured
            continue
        loaded.append(item)
    if not loaded:
        raise _Problem("no two-sided scenario in " + ", ".join(names))
    return scenario_pairings(loaded)


def _job(args: argparse.Namespace, captains: tuple[str, str], out: Path | None) -> Job:
    """The job: the --out folder's own (--resume --out DIR alone), or the pairings of a sweep or of scenarios."""
    from cs_desktop.balance.job import Job
    from cs_desktop.balance.store import read_job

    alone = args.resume and args.sweep is None and not args.scenarios  # the folder's own job.json, nothing else
    if not alone and (args.sweep is None) == (not args.scenarios):
        raise _Problem("give scenario files, or --sweep [FOLDER] (not both), or --resume --out DIR alone")
    if alone:
        return read_job(out) if out is not None else Job((), captains, args.games, args.seed, args.turn_limit,
                                                          args.batch)
    pairings = _sweep_pairings(args) if args.sweep is not None else _scenario_pairings(args.scenarios)
    return Job(tuple(pairings), captains, args.games, args.seed, args.turn_limit, args.batch)


def _progress(args: argparse.Namespace, job: Job, pool_name: str, out: Path | None) -> Callable[[Progress], None]:
    """The progress lines on stderr (none with --quiet): the job's size, then each batch with its rate."""
    started = time.monotonic()

    def progress(p: Progress) -> None:
        if args.quiet:
            return
        if not p.pairing:
            kept = f", {p.kept} kept from {out}" if p.kept else ""
            print(f"{len(job.pairings)} pairings, {p.total} games on {pool_name}{kept}", file=sys.stderr)
            return
        rate = (p.done - p.kept) / max(time.monotonic() - started, 1e-9)
        print(f"{p.done}/{p.total} games ({p.done / p.total:.0%}), {rate:.1f} games/s — {p.pairing}",
              file=sys.stderr)

    return progress


def _write(report: Any, out: Path, job: Job, quiet: bool) -> None:
    """results.json, pairings.csv and the heatmap in the --out folder."""
    from cs_desktop.balance.output import matrices, write
    from cs_desktop.gui.lab.heatmap import save_heatmap

    written = write(report, out)
    caption = f"{' vs '.join(job.captains)}, {job.games} games a pairing, seed {job.seed}"
    written.append(save_heatmap(matrices(report), out / "heatmap.png", caption))
    if not quiet:
        print("wrote " + ", ".join(str(p) for p in written), file=sys.stderr)


def cmd_balance(args: argparse.Namespace) -> int:
    from cs_desktop.balance.job import JobError
    from cs_desktop.balance.output import json_text, results, table
    from cs_desktop.balance.runner import make_pool, run_job

    out = Path(args.out) if args.out else None
    try:
        job = _job(args, _check_args(args), out)
        pool = make_pool(args.workers, args.scheduler, cluster=not args.no_cluster)
    except (_Problem, JobError) as e:
        return _problem(str(e))
    try:
        outcome = run_job(job, pool, out, args.resume, _progress(args, job, pool.name, out))
    except JobError as e:
        return _problem(str(e))
    except KeyboardInterrupt:
        print(f"interrupted; finished batches are kept in {out}" if out else "interrupted", file=sys.stderr)
        return 130
    finally:
        pool.close()
    report = results(outcome)
    if out is not None:
        _write(report, out, job, args.quiet)
    print(json_text(report) if args.json else table(report), end="\n" if not args.json else "")
    return 0
