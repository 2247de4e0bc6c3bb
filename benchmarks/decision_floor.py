"""What a decision costs before any rule runs (issue 12): the floor under "games per CPU-second".

    python3 benchmarks/decision_floor.py            # 3 runs a figure, CPU time
    PYTHONPATH=build/compiled python3 -P benchmarks/decision_floor.py    # the compiled engine

A game is the answers to its questions. This prints, for Constitution vs Java with the engine's own random legal
answers (as `benchmarks/engine.py` plays it):
- the questions a game asks, by kind;
- what one decision costs in the whole game (CPU µs);
- the *floor*: what one decision costs the real `Game` when the segment asking does nothing else. The segment
  yields a real `Request` with two options, the answer is drawn as the benchmark draws it (`decisions.sample`),
  then `Game.submit` puts it in canonical form, checks it, records it and sends it back into the segment, which
  emits one event. Everything but the rules themselves;
- what that means: games per CPU-second if the rules cost nothing, and the µs a decision the rules may take at
  the aim of 200 games a CPU-second.

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Generator
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent.parent))  # after PYTHONPATH: a compiled copy there wins

from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.rules import decisions  # noqa: E402
from cs_desktop.rules.decisions import Request  # noqa: E402
from cs_desktop.rules.dice import Dice  # noqa: E402
from cs_desktop.rules.game import Game  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
AIM = 200.0  # whole games a CPU-second (issue 12)


class BareGame(Game):
    """The real Game whose every segment is one question after another and nothing else: `QUESTIONS` questions
    with two options each, one event an answer, then the game ends."""

    QUESTIONS = 20000

    def _start_segment(self) -> Generator[list[Request], dict[str, Any], None]:
        sides = list(self.state.sides)
        for n in range(self.QUESTIONS):
            side = sides[n % 2]
            answers = yield [Request("bonus_cards", side, "1.7.3", "Play a card on this roll?",
                                     options=("none", "gunnery-1"))]
            self.emit("cards", "1.7.3", f"{side} answers {answers[side]}", side=side)
        self.state.ended = True


def play(game: Game, rng: Dice) -> None:
    while True:
        pending = game.pending
        if not pending:
            return
        request = pending[0]
        game.submit(request.side, decisions.sample(game.state, request, rng))


def floor_us(scenario: Any, ships: Any) -> float:
    """CPU µs a decision of the bare game."""
    game = BareGame(scenario, ships, 1, {})
    game.lazy_checkpoints()
    t = time.process_time()
    play(game, Dice(7))
    return (time.process_time() - t) / BareGame.QUESTIONS * 1e6


def whole_games(scenario: Any, ships: Any, games: int) -> tuple[float, Counter[str]]:
    """(CPU µs a decision, questions by kind) over `games` games from seed 1000, turn limit 30."""
    kinds: Counter[str] = Counter()
    spent = 0.0
    for k in range(games):
        seed = 1000 + k
        t = time.process_time()
        game = Game(scenario, ships, seed, {"turn_limit": 30})
        game.lazy_checkpoints()
        play(game, Dice(seed * 31 + 7))
        spent += time.process_time() - t
        kinds.update(d["kind"] for d in game.decisions)
    return spent / sum(kinds.values()) * 1e6, kinds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    import cs_desktop.rules.activation as probe

    scenario, ships = load_scenario_with_ships(ROOT / "scenarios" / "constitution-vs-java.json")
    floor_us(scenario, ships)  # warm up
    floors = sorted(floor_us(scenario, ships) for _ in range(args.runs))
    wholes = [whole_games(scenario, ships, args.games) for _ in range(args.runs)]
    per_decision = sorted(w[0] for w in wholes)
    kinds = wholes[0][1]
    asked = sum(kinds.values()) / args.games
    floor, whole = statistics.median(floors), statistics.median(per_decision)

    print(f"engine: {'compiled (mypyc)' if probe.__file__.endswith('.so') else 'pure Python'}; "
          f"{args.runs} runs a figure (median, lowest-highest); CPU time")
    print(f"\nConstitution vs Java, engine policy, {args.games} games: {asked:.1f} questions a game")
    for kind, n in kinds.most_common():
        print(f"  {kind:<20}{n / args.games:7.1f}  ({n / sum(kinds.values()):.0%})")
    print(f"\na decision in a whole game        {whole:7.2f} µs   ({per_decision[0]:.2f}-{per_decision[-1]:.2f})")
    print(f"the floor: a bare decision        {floor:7.2f} µs   ({floors[0]:.2f}-{floors[-1]:.2f})")
    print(f"  so the rules take               {whole - floor:7.2f} µs a decision")
    print(f"\nwhole games a CPU-second now      {1e6 / (whole * asked):7.1f}")
    print(f"  if the rules cost nothing       {1e6 / (floor * asked):7.1f}")
    budget = 1e6 / AIM / asked
    print(f"at the aim of {AIM:.0f} games a CPU-second: {budget:.2f} µs a decision, of which the floor takes "
          f"{floor:.2f}: {budget - floor:.2f} µs left for the rules (now {whole - floor:.2f})")


if __name__ == "__main__":
    main()
