"""Start-up time of the desktop client: from process start to an interactive window, and to the first
decision of a new game on screen. Prints figures; asserts nothing (STYLE: speed is measured, not tested).

    python3 benchmarks/startup.py            # uses $DISPLAY, or the offscreen platform without one
    python3 benchmarks/startup.py --runs 5   # best and median of 5 fresh processes
"""

from __future__ import annotations

import time

T0 = time.perf_counter()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def one_run() -> dict[str, float]:
    """Runs in a fresh process: import, build the window, wait for the first event-loop turn after show."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    marks: dict[str, float] = {}
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    marks["import Qt"] = time.perf_counter() - T0
    app = QApplication.instance() or QApplication([])
    from cs_desktop.gui.window.main import MainWindow
    from cs_desktop.gui.session import GameSession

    marks["import program"] = time.perf_counter() - T0
    tmp = tempfile.mkdtemp()
    window = MainWindow(GameSession(), settings=QSettings(os.path.join(tmp, "s.ini"), QSettings.Format.IniFormat))
    window.show()
    marks["window built"] = time.perf_counter() - T0

    def interactive() -> None:
        marks["interactive window"] = time.perf_counter() - T0
        import cs_desktop

        t = time.perf_counter()
        window.files.start_game(cs_desktop.SCENARIOS / "constitution-vs-java.json", {"us": "human", "gb": "simple"}, 1, {})
        app.processEvents()
        assert window.orders.widget is not None
        marks["new game to first decision (s)"] = time.perf_counter() - t
        app.exit(0)  # not quit(): that closes the window, which asks Save / Discard / Cancel for the game

    QTimer.singleShot(0, interactive)
    app.exec()
    return marks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh processes to time (default 3)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(one_run()))
        return 0
    results = []
    for _ in range(args.runs):
        t = time.perf_counter()
        out = subprocess.run([sys.executable, __file__, "--child"], capture_output=True, text=True, check=True)
        marks = json.loads(out.stdout.strip().splitlines()[-1])
        marks["process wall clock"] = time.perf_counter() - t
        results.append(marks)
    print(f"Captain's Sea start-up, {args.runs} fresh process(es), seconds (best / median):")
    for key in results[0]:
        values = [r[key] for r in results]
        print(f"  {key:32s} {min(values):7.3f} / {statistics.median(values):7.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
