"""Test-only driving of the real program: `python -m tests.gui.program_hook DATA_DIR HOOK` starts the program as
`captains-sea --data-dir DATA_DIR` does (gui/app.py's `run_app`, the same start-up checks and offers), then runs
HOOK on the window (tests/gui/window/test_kill.py). It lives with the tests, out of the program's start-up path:

- `play:<scenario file>:<seed>:<decisions>` starts a hotseat game (two human seats) and answers that many
  decisions through the session, as the order widgets would, with engine-sampled legal answers; then prints
  `PENDING <decisions> <sha256 of the game's fingerprint> <what is asked>` and waits (to be killed).
- `campaign:<campaign>:<seed>:<decisions>` starts that campaign, lets the computer's policy answer until its
  first battle, fights it on the board and answers the player's side until the game holds that many decisions and
  the player is asked (the computer captain not thinking); then prints the same `PENDING ...` line and waits.
- `report` accepts the offer to continue (if one is made), prints `OFFER <question>` and the same
  `PENDING ...` line for the continued game, then ends the process at once.

Every line is flushed at once.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from cs_desktop.gui.app import run_app

if TYPE_CHECKING:
    from cs_desktop.gui.window.main import MainWindow


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def run(window: MainWindow, hook: str) -> None:
    if hook.startswith("play:"):
        path, seed, count = hook[len("play:"):].rsplit(":", 2)
        _play(window, path, int(seed), int(count))
    elif hook.startswith("campaign:"):
        campaign, seed, count = hook[len("campaign:"):].rsplit(":", 2)
        _campaign(window, campaign, int(seed), int(count))
    elif hook == "report":
        _report(window)
    else:
        _say(f"UNKNOWN HOOK {hook}")


def _play(window: MainWindow, path: str, seed: int, count: int) -> None:
    from cs_desktop.formats.files import load_scenario_with_ships

    scenario, _ships = load_scenario_with_ships(path)
    seats = {side.id: "human" for side in scenario.sides}
    from cs_desktop.gui.dialogs.standing_orders import save_orders
    from cs_desktop.play.turn_flow import StandingOrders

    orders = StandingOrders(ask_everything=True)  # every decision as the engine asks it (kept for the restart)
    save_orders(window.settings, orders)
    window.session.standing.orders = orders
    window.files.start_game(path, seats, seed, {})
    session = window.session
    made = 0
    while session.screen().key[1] < count:
        if session.curtain:
            session.presenter.confirm_handover()
            continue
        assert session.request() is not None, "a hotseat game always asks a human"
        session.submit(session.random_answer(seed + 1 + made))
        made += 1
    _say(session.presenter.files.pending_line())


def _campaign(window: MainWindow, campaign: str, seed: int, count: int) -> None:
    import time

    from PySide6.QtWidgets import QApplication

    from cs_desktop.campaign import policy

    control = window.campaign
    presenter = control.start(window.files.library(), campaign, seed)
    assert presenter is not None, "the campaign starts"
    while (req := presenter.request()) is not None and req.kind != "battle":
        assert presenter.choose(policy.choose(presenter.engine, req))
    control.fight()
    session = window.session
    made = 0
    while True:
        QApplication.processEvents()
        asked = session.request() is not None and session.screen().thinking is None
        if asked and session.screen().key[1] >= count:
            break
        if asked:
            session.submit(session.random_answer(seed + 1 + made))
            made += 1
        else:
            time.sleep(0.01)  # the computer captain thinks
    _say(session.presenter.files.pending_line())


def _report(window: MainWindow) -> None:
    box = getattr(window, "resume_box", None)
    if box is None:
        _say("OFFER none")
    else:
        _say(f"OFFER {box.text().splitlines()[-1]}")
        box.continue_button.click()
        _say(window.session.presenter.files.pending_line())
    os._exit(0)  # at once: no close prompt, the data folder stays as this start left it


def main(argv: list[str]) -> int:
    data_dir, hook = argv
    os.environ["CAPTAINS_SEA_DATA"] = data_dir
    return run_app(on_window=lambda window: QTimer.singleShot(0, lambda: run(window, hook)))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
