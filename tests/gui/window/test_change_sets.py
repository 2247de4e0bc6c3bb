"""Issue 30 item 4: the window redraws what changed (play/changes.py). When only the thinking captain changes
— a computer captain starts thinking while the human's question stays on screen — the orders panel keeps its
request widget and the log and the dice tray are not drawn again; a human's answer does draw them.

Actions: a game against the computer; the human answers at random (from his seat, as the orders panel's random
answer does) until the computer starts thinking with the human's own question still on screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cs_desktop.play.changes import Changes

from tests.gui.conftest import COMPUTER_TURN_GUARD_MS

ROOT = Path(__file__).resolve().parents[3]
JAVA = ROOT / "scenarios" / "constitution-vs-java.json"
ONLY_THINKING = Changes(game=False, view=False, events=False, request=False, thinking=True, other=False)


def test_30_4_a_thinking_update_rebuilds_neither_the_orders_widget_nor_the_log(qtbot: Any, make_window: Any,
                                                                              monkeypatch: Any) -> None:
    window = make_window()
    session = window.session
    drawn = {"log": 0, "dice": 0}
    for name in drawn:
        panel = getattr(window, name)
        redraw = panel.refresh

        def counted(screen: Any, redraw: Any = redraw, name: str = name) -> None:
            drawn[name] += 1
            redraw(screen)

        monkeypatch.setattr(panel, "refresh", counted)
    #: after each `changed` (the window's own refresh runs first): the change set, the request widget, the draws
    seen: list[tuple[Changes, Any, int, int]] = []
    session.changed.connect(lambda change: seen.append((change, window.orders.widget, drawn["log"], drawn["dice"])))
    session.presenter.start_file(JAVA, {"us": "human", "gb": "simple"}, 5, {"turn_limit": 3})
    found = None
    for answer in range(60):
        qtbot.waitUntil(lambda: session.request() is not None and window.orders.widget is not None,
                        timeout=COMPUTER_TURN_GUARD_MS)
        found = next((i for i in range(1, len(seen)) if seen[i][0] == ONLY_THINKING and seen[i][1] is not None),
                     None)
        if found is not None:
            break
        drawn_before = drawn["log"]
        assert session.submit(session.random_answer(answer))
        assert drawn["log"] > drawn_before  # an answer: the log is drawn again
    assert found is not None, "the computer never thought while the human's question was on screen"
    change, widget, log_draws, dice_draws = seen[found]
    _, widget_before, log_before, dice_before = seen[found - 1]
    assert widget is widget_before  # the orders panel kept its request widget
    assert (log_draws, dice_draws) == (log_before, dice_before)  # neither the log nor the dice tray drawn again
    assert "thinking" in window.orders.prompt.text() or session.screen().thinking is not None
