"""Board redraw speed: `BoardView.set_view` + rendering the whole view to a QImage, with every ship of the
largest shipped scenario (by ship count), plus the same with the firing and maneuver overlays shown; then the
redraw for 2, 6 and 24 ships (issue 11 item 4 aims at <= 8 ms for 24): the Constitution vs Java view with
each side's ship copied into a line of 1, 3 and 12 ships (a 12-a-side battle; the view dict is plain data, so
the copies are made there, not in the engine).

    QT_QPA_PLATFORM=offscreen python3 benchmarks/board_redraw.py [--runs 30] [--size 1280x800]

Prints figures (median and spread of N runs, milliseconds); asserts nothing. Moves do not glide here
(CAPTAINS_SEA_NO_ANIMATION is set), so a redraw is only the redraw.
"""

from __future__ import annotations

import argparse
import copy
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["CAPTAINS_SEA_NO_ANIMATION"] = "1"

from PySide6.QtGui import QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from cs_desktop import SCENARIOS  # noqa: E402
from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.gui.board import BoardView  # noqa: E402
from cs_desktop.rules import advice  # noqa: E402
from cs_desktop.rules.game import Game  # noqa: E402


def largest_scenario() -> Path:
    best, count = None, -1
    for path in sorted(Path(SCENARIOS).glob("*.json")):
        try:
            scenario, _ships = load_scenario_with_ships(path)
        except Exception:  # noqa: BLE001 - a broken file is not this benchmark's business
            continue
        n = sum(len(side.ships) for side in scenario.sides)
        if n > count:
            best, count = path, n
    assert best is not None
    return best


def render(view: BoardView, image: QImage) -> None:
    image.fill(0)
    painter = QPainter(image)
    view.render(painter)
    painter.end()


CPU: dict[int, list[float]] = {}  # id(wall list) -> the same runs' CPU time of this process


def timed(fn, runs: int) -> list[float]:  # type: ignore[no-untyped-def]
    """Wall-clock milliseconds of each run (the CPU time of the runs is kept too: on a shared machine the
    wall clock also counts other processes' turns)."""
    out, cpu = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    CPU[id(out)] = cpu
    return out


def show(label: str, ms: list[float]) -> None:
    q = statistics.quantiles(ms, n=10) if len(ms) >= 10 else [min(ms), max(ms)]
    cpu = CPU.get(id(ms))
    extra = f"   cpu median {statistics.median(cpu):6.2f}" if cpu else ""
    print(f"{label:<44} median {statistics.median(ms):7.2f} ms   p10 {q[0]:7.2f}   p90 {q[-1]:7.2f}{extra}   "
          f"({len(ms)} runs)")


def fleet_view(view: dict[str, Any], per_side: int) -> tuple[dict[str, Any], dict[str, str]]:
    """`view` (two ships, one a side) with each side's ship copied into a line of `per_side` ships: the two
    lines face each other 4 columns apart, ships two rows apart, around the map's centre."""
    out = copy.deepcopy(view)
    ships = out["ships"]
    w, h = out.get("map_size", [32, 24])
    firsts = {}
    for sid, ship in ships.items():
        firsts.setdefault(ship["side"], (sid, ship))
    new: dict[str, Any] = {}
    names: dict[str, str] = {}
    for k, (side, (sid, ship)) in enumerate(sorted(firsts.items())):
        x = w // 2 - 2 + 4 * k
        for i in range(per_side):
            copy_id = sid if i == 0 else f"{sid}-{i + 1}"
            s = dict(ship, id=copy_id, x=x + (i % 2), y=max(0, h // 2 - per_side + 2 * i) % h,
                     heading=3 if k == 0 else 7)
            new[copy_id] = s
            names[copy_id] = f"{sid.title()} {i + 1}"
    out["ships"] = new
    out["smoke"] = [[w // 2, h // 2, [2, 1]], [w // 2 + 1, h // 2 - 2, [1]]]
    return out, names


def by_ship_count(board: BoardView, view: dict[str, Any], image: QImage, runs: int) -> None:
    for per_side in (1, 3, 12):
        fleet, names = fleet_view(view, per_side)
        board.set_view(fleet, names=names)
        board.fit_to_ships()

        def redraw() -> None:
            board.set_view(fleet, names=names)
            render(board, image)

        redraw()
        show(f"{2 * per_side:>2} ships: set_view + render", timed(redraw, runs))
        show(f"{2 * per_side:>2} ships: set_view only", timed(lambda: board.set_view(fleet, names=names), runs))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--scenario", default=None)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv)
    path = Path(args.scenario) if args.scenario else largest_scenario()
    scenario, ships = load_scenario_with_ships(path)
    game = Game(scenario, ships, seed=1, options={"bridge_cards": False, "bonus_cards": False})
    side = scenario.sides[0].id
    view_dict = game.view(side)
    names = {k: c.name for k, c in ships.items()}
    w, h = (int(v) for v in args.size.split("x"))
    board = BoardView()
    board.resize(w, h)
    board.set_view(view_dict, names=names)
    board.show()
    app.processEvents()
    board.fit_to_ships()
    app.processEvents()
    image = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    print(f"scenario {path.name}: {len(game.state.ships)} ships, view {w}x{h}, zoom {board.zoom_level():.2f}")

    def redraw() -> None:
        board.set_view(view_dict, names=names)
        render(board, image)

    redraw()  # warm-up (fonts, caches)
    show("set_view + render (fit to ships)", timed(redraw, args.runs))
    show("set_view only", timed(lambda: board.set_view(view_dict, names=names), args.runs))
    show("render only (cached items)", timed(lambda: render(board, image), args.runs))

    board.camera.fit_to_map()
    show("set_view + render (whole map)", timed(redraw, args.runs))

    ship_id = next(iter(game.state.ships))
    picture = advice.firing_picture(game.state, ship_id)
    previews = advice.maneuver_previews(game.state, ship_id)
    board.fit_to_ships()

    def with_overlays() -> None:
        board.set_view(view_dict, names=names)
        board.show_firing(picture)
        board.show_maneuver_previews(ship_id, previews)
        render(board, image)

    with_overlays()
    show("set_view + overlays + render", timed(with_overlays, args.runs))

    duel_path = Path(SCENARIOS) / "constitution-vs-java.json"
    d_scenario, d_ships = load_scenario_with_ships(duel_path)
    duel = Game(d_scenario, d_ships, seed=1, options={"bridge_cards": False, "bonus_cards": False})
    print(f"by ship count ({duel_path.name} copied into lines), view {w}x{h}:")
    by_ship_count(board, duel.view(d_scenario.sides[0].id), image, args.runs)
    show("advice.firing_picture", timed(lambda: advice.firing_picture(game.state, ship_id), args.runs))
    show("advice.maneuver_previews", timed(lambda: advice.maneuver_previews(game.state, ship_id), args.runs))
    enemy = next((e for e in picture["enemies"] if e["in_arc"]), None)
    if enemy is not None:
        secs = [s for s, i in enemy["sections"].items() if i["can_fire"]]
        if secs:
            show("advice.shot_odds", timed(lambda: advice.shot_odds(game.state, ship_id, enemy["target"], secs, "low"),
                                           args.runs))


if __name__ == "__main__":
    main()

