"""Sweep the determinized copies (issue 10) over every shipped scenario: how often does `determinize` find no copy
consistent with a side's view?

Plays games with cheap captains (the judgment captain, the engine's own random sampler) on scenarios/*.json and
scenarios/fleets/*.json (each with its own options, fleet rules on where its file says so, and a turn limit, as the
tournament plays them) and, at every k-th decision, asks `determinize(game, side, Dice(...))` for every side.
Prints, per scenario, the copies asked for, the DeterminizeErrors (no copy in 60 draws) and the draws refused on the
way (a drawn copy that did not show the side its view: each is a gap in the draws, even where a later draw was kept),
then the first failing points, each with the command that reproduces it. It prints figures and asserts nothing.

    python3 scripts/determinize_sweep.py                       # the default sweep: about a CPU-minute
    python3 scripts/determinize_sweep.py --games 2 --every 1   # wider
    python3 scripts/determinize_sweep.py --only lake-erie --captains judgment
    python3 scripts/determinize_sweep.py --point scenarios/fleets/frigate-fleets-12-a-side.json 0 judgment 567 us

`--point FILE SEED CAPTAIN DECISION SIDE` plays that game to that decision and tells why the draws are refused:
for each of 40 draws, the first thing in which the copy differs from what the side has seen (the copy's events,
its requests, or which parts of the view).
"""

from __future__ import annotations

import argparse
import glob
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cs_desktop.ai.captains import make_captain  # noqa: E402
from cs_desktop.ai.seat import Seat  # noqa: E402
from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.rules import determinize as dz  # noqa: E402
from cs_desktop.rules.dice import Dice  # noqa: E402
from cs_desktop.rules.game import Game  # noqa: E402


def scenario_files(only: str | None) -> list[Path]:
    files = sorted(glob.glob(str(ROOT / "scenarios" / "*.json"))) + \
        sorted(glob.glob(str(ROOT / "scenarios" / "fleets" / "*.json")))
    return [Path(f) for f in files if only is None or only in Path(f).name]


def new_game(path: Path, seed: int, captain: str, turn_limit: int) -> tuple[Game, dict[str, Any]]:
    """The game and its captains as `simulate.play_game` seats them (one kind of captain on every side)."""
    scenario, ships = load_scenario_with_ships(path)
    game = Game(scenario, ships, seed, {"turn_limit": turn_limit})
    game.lazy_checkpoints()
    seats = {s.id: make_captain(captain, seed * 7919 + i) for i, s in enumerate(scenario.sides)}
    return game, seats


def play_on(game: Game, seats: dict[str, Any]) -> None:
    request = game.pending[0]
    result = game.submit(request.side, seats[request.side].choose(Seat(game, request)))
    if not result:
        raise RuntimeError(f"illegal answer: {result}")


def where(game: Game) -> str:
    pending = game.pending
    asked = f"{pending[0].kind} asked of {pending[0].side}" if pending else "nothing asked"
    return f"turn {game.state.turn}, impulse {game.state.impulse}, {game.state.segment}, {asked}"


def sweep(args: argparse.Namespace) -> None:
    captains = args.captains.split(",")
    totals: Counter[str] = Counter()
    failing: list[str] = []
    refusing: list[str] = []  # points where a copy was kept after draws refused
    start = time.process_time()
    build = dz._build
    refused = Counter[str]()

    def counting(record: dz.PublicRecord, rng: Dice) -> Game | None:
        copy = build(record, rng)
        if copy is None:
            refused["draws"] += 1
        return copy

    dz._build = counting
    print(f"{'scenario':42} {'games':>5} {'decisions':>9} {'copies':>7} {'errors':>6} {'refused':>7}  CPU s")
    for path in scenario_files(args.only):
        t0 = time.process_time()
        counts: Counter[str] = Counter()
        refused.clear()
        for k in range(args.games):
            for captain in captains:
                seed = args.seed + k
                game, seats = new_game(path, seed, captain, args.turn_limit)
                counts["games"] += 1
                n = 0
                while game.pending and n < args.max_decisions:
                    if n % args.every == 0:
                        for side in game.state.sides:
                            counts["copies"] += 1
                            before = refused["draws"]
                            point = (f"{path.relative_to(ROOT)} seed {seed} {captain} decision {n} side {side}: "
                                     f"{where(game)}")
                            again = (f"\n    python3 scripts/determinize_sweep.py --turn-limit {args.turn_limit} "
                                     f"--point {path.relative_to(ROOT)} {seed} {captain} {n} {side}")
                            try:
                                dz.determinize(game, side, Dice(seed * 100_003 + n))
                            except dz.DeterminizeError as e:
                                counts["errors"] += 1
                                failing.append(f"{point} ({e}){again}")
                            else:
                                if refused["draws"] > before:
                                    refusing.append(f"{point} ({refused['draws'] - before} refused){again}")
                    play_on(game, seats)
                    n += 1
                counts["decisions"] += n
        counts["refused"] = refused["draws"]
        totals.update(counts)
        print(f"{path.name:42} {counts['games']:5} {counts['decisions']:9} {counts['copies']:7} {counts['errors']:6}"
              f" {counts['refused']:7}  {time.process_time() - t0:.1f}", flush=True)
    dz._build = build
    print(f"{'all':42} {totals['games']:5} {totals['decisions']:9} {totals['copies']:7} {totals['errors']:6}"
          f" {totals['refused']:7}  {time.process_time() - start:.1f}")
    print(f"\nfirst failing points ({min(len(failing), args.shown)} of {len(failing)}):" if failing
          else "\nno failing point")
    for line in failing[:args.shown]:
        print(line)
    if refusing:
        print(f"\nfirst points where draws were refused before a copy was kept ({min(len(refusing), args.shown)} of "
              f"{len(refusing)}):")
    for line in refusing[:args.shown]:
        print(line)


def _diff(a: Any, b: Any, path: str = "") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        return [d for k in sorted(set(a) | set(b), key=str) if a.get(k) != b.get(k)
                for d in _diff(a.get(k), b.get(k), f"{path}.{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y for d in _diff(x, y, f"{path}[{i}]")]
    return [f"{path}: seen {a!r}, copy {b!r}"]


def why_refused(record: dz.PublicRecord, copy: Game) -> str:
    """The first thing in which a copy that `_consistent` refused differs from the record."""
    seen = record.segment
    mine = [dz._public_event(e, record.side) for e in copy.events[len(record.before):]]
    for i, (a, b) in enumerate(zip(seen, mine)):
        if a != b:
            return f"event {i} of the segment differs: seen {a}, copy {b}"
    if len(mine) != len(seen):
        asked = [f"{r.kind} of {r.side}" for r in copy.pending]
        return f"the copy has {len(mine)} events of the segment, the side saw {len(seen)}; the copy asks {asked}"
    return "view differs: " + "; ".join(_diff(record.view, copy.view(record.side, events=False))[:6])


def point(args: argparse.Namespace) -> None:
    file, seed, captain, decision, side = args.point
    game, seats = new_game(ROOT / file, int(seed), captain, args.turn_limit)
    for _ in range(int(decision)):
        play_on(game, seats)
    print(where(game))
    record = dz.public_record(game, side)
    print(f"the segment so far: {len(record.segment)} events, answer groups "
          f"{[(s, k) for group in record.answers for s, k, _ in group]}")
    reasons: Counter[str] = Counter()
    last: list[Game] = []
    checks = dz._events_ok, dz._consistent

    def seen(check: Any) -> Any:
        def wrapped(copy: Game, *rest: Any) -> bool:
            last[:] = [copy]  # the copy being checked (changed in place as its answers are replayed)
            return bool(check(copy, *rest))
        return wrapped

    dz._events_ok, dz._consistent = seen(checks[0]), seen(checks[1])
    try:
        rng = Dice(int(seed))
        for _ in range(40):
            last.clear()
            if dz._build(record, rng) is not None:
                reasons["consistent"] += 1
            elif last:
                reasons[why_refused(record, last[0])[:400]] += 1
            else:
                reasons["refused before its first answer group"] += 1
    finally:
        dz._events_ok, dz._consistent = checks
    for reason, n in reasons.most_common():
        print(f"{n:3}  {reason}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--captains", default="judgment,random", help="captain kinds, a game each (comma-separated)")
    parser.add_argument("--games", type=int, default=1, help="games per scenario and captain kind")
    parser.add_argument("--seed", type=int, default=0, help="game k uses seed + k")
    parser.add_argument("--every", type=int, default=3, help="determinize at every k-th decision")
    parser.add_argument("--turn-limit", type=int, default=30)
    parser.add_argument("--max-decisions", type=int, default=1500, help="per game")
    parser.add_argument("--only", help="only the scenario files whose name contains this")
    parser.add_argument("--shown", type=int, default=12, help="failing points to print")
    parser.add_argument("--point", nargs=5, metavar=("FILE", "SEED", "CAPTAIN", "DECISION", "SIDE"))
    args = parser.parse_args()
    if args.point:
        point(args)
    else:
        sweep(args)


if __name__ == "__main__":
    main()
