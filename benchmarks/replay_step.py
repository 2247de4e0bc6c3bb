"""Replay viewer speed (cs_desktop/play/replay.py): building a replay from a saved game, and each kind of step.

    python3 benchmarks/replay_step.py [--seed 7] [--every 16] [--scenario scenarios/constitution-vs-java.json]
                                      [--window]

Plays one game (the judgment captain on both sides), saves it, opens it as a replay and times: building it
(every decision replayed once, a checkpoint every `--every` decisions), one step forward, one step back, a
turn back and forward, a random jump, and the view of a position (what the viewer draws). With `--window`,
also the whole step in the replay viewer window (Qt offscreen: the model, the board, two ship cards and the
log redrawn). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.play.replay import Replay  # noqa: E402
from cs_desktop.formats.savegame import save_game  # noqa: E402
from cs_desktop.batch.simulate import play_game  # noqa: E402


def timed(label: str, step: Callable[[], object], times: int) -> None:
    ms = []
    for _ in range(times):
        start = time.perf_counter()
        step()
        ms.append((time.perf_counter() - start) * 1000)
    print(f"{label:34s} median {statistics.median(ms):7.3f} ms   max {max(ms):7.3f} ms   ({times} times)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenario", default="scenarios/constitution-vs-java.json")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--every", type=int, default=16)
    parser.add_argument("--window", action="store_true", help="also time the steps in the viewer window")
    args = parser.parse_args()
    scenario, ships = load_scenario_with_ships(args.scenario)
    game = play_game(scenario, ships, args.seed, ("judgment", "judgment"), {"turn_limit": 30})
    with tempfile.TemporaryDirectory() as tmp:
        path = save_game(game, Path(tmp) / "game.csgame", {"seats": {s: "human" for s in game.state.sides}})
        start = time.perf_counter()
        r = Replay.from_file(path, every=args.every)
        built = time.perf_counter() - start
        shown = Replay.from_file(path, every=args.every) if args.window else None
    print(f"game                               {scenario.id}, seed {args.seed}: {r.length} decisions, "
          f"{r.timeline.last_turn} turns, {len(game.events)} events; a checkpoint every {args.every} decisions")
    print(f"open the replay (replay once)      {built * 1000:7.1f} ms")
    rng = random.Random(1)
    r.goto(r.length // 2)
    timed("step forward (one decision)", lambda: r.forward() if r.position < r.length else r.first(), 300)
    r.goto(r.length // 2)
    timed("step back (one decision)", lambda: r.back() if r.position > 0 else r.last(), 300)
    r.last()
    timed("back one turn", lambda: r.back_turn() if r.position > 0 else r.last(), 100)
    r.first()
    timed("forward one turn", lambda: r.forward_turn() if r.position < r.length else r.first(), 100)
    timed("jump to a random position", lambda: r.goto(rng.randrange(r.length + 1)), 300)
    timed("view of a position (with events)", lambda: r.view(), 300)
    if shown is not None:
        window_steps(shown)


def window_steps(replay: Replay) -> None:
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from cs_desktop.gui.library.replay_viewer import ReplayViewer

    app = QApplication.instance() or QApplication([])
    viewer = ReplayViewer(replay)
    viewer.show()
    app.processEvents()
    rng = random.Random(2)
    for name in ("forward", "back", "forward_impulse", "back_impulse", "forward_turn", "back_turn"):
        ms = []
        for _ in range(40):  # from a random position (not timed) one step (timed)
            viewer.replay.goto(rng.randrange(1, replay.length))
            viewer.refresh()
            start = time.perf_counter()
            viewer.do_step(name)
            ms.append((time.perf_counter() - start) * 1000)
        print(f"{'window: ' + name.replace('_', ' '):34s} median {statistics.median(ms):7.3f} ms   max {max(ms):7.3f} ms"
              f"   (40 times)")
    viewer.close()


if __name__ == "__main__":
    main()
