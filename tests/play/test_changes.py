"""Issue 30 item 4: the change set the session publishes with `changed` (play/changes.py), Qt-free: what a
sequence of presenter actions changes on the screen, so that each panel redraws only what it must."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cs_desktop.ai import captains
from cs_desktop.play.changes import EVERYTHING, ChangeTracker, Changes, changes
from cs_desktop.play.presenter import PlayPresenter
from cs_desktop.play.screen import empty_screen

ROOT = Path(__file__).resolve().parents[2]
JAVA = ROOT / "scenarios" / "constitution-vs-java.json"
ONLY_THINKING = Changes(game=False, view=False, events=False, request=False, thinking=True, other=False)


def _recorded() -> tuple[PlayPresenter, ChangeTracker, list[Changes]]:
    """A presenter whose every change is turned into a change set, as the session does."""
    presenter = PlayPresenter(make_captain=lambda kind, seed: captains.make_captain(kind, seed))
    tracker = ChangeTracker()
    seen: list[Changes] = []
    presenter.subscribe(lambda: seen.append(tracker.after(presenter.screen())))
    return presenter, tracker, seen


def _human_answers(presenter: PlayPresenter, seed: int) -> None:
    assert presenter.submit(presenter.random_answer(seed))


def test_30_4_a_sequence_of_presenter_actions_gives_its_change_sets() -> None:
    presenter, tracker, seen = _recorded()
    presenter.start_file(JAVA, {"us": "human", "gb": "simple"}, 5, {"turn_limit": 3})
    assert seen[-1] == EVERYTHING  # the first screen: everything is drawn
    answered = 0
    while presenter.screen().request is not None:  # the human answers until the computer must
        _human_answers(presenter, answered)
        answered += 1
        change = seen[-1]
        assert not change.game and change.request, change  # the same game; the question on screen changed
    move = presenter.computer.move()
    assert move is not None, "nothing asked of anybody"
    # the computer starts thinking: only `thinking` changed (the session publishes it): no log, no cards
    change = tracker.after(presenter.screen())
    assert change == ONLY_THINKING
    assert not change.log and not change.cards
    before = len(presenter.screen().events())
    assert presenter.computer.answered(move, move.captain.choose(move.seat), None)
    change = seen[-1]
    assert change.thinking and not change.game
    assert change.events == (len(presenter.screen().events()) != before)
    # the standing orders set again: the screen model is the same, what changed lies beside it
    presenter.set_orders(presenter.standing.orders)
    assert seen[-1] == Changes(False, False, False, False, False, other=True)
    assert seen[-1].cards and not seen[-1].log
    # another game: everything
    presenter.start_file(JAVA, {"us": "human", "gb": "human"}, 6, {"turn_limit": 3})
    assert seen[-1] == EVERYTHING


def test_30_4_an_undo_and_the_curtain_redraw_everything() -> None:
    presenter, _tracker, seen = _recorded()
    presenter.start_file(JAVA, {"us": "human", "gb": "human"}, 5, {"turn_limit": 3})
    assert presenter.screen().curtain
    presenter.confirm_handover()
    assert seen[-1] == EVERYTHING  # the hand-over curtain rises: everything
    presenter.start_file(JAVA, {"us": "human", "gb": "simple"}, 5, {"turn_limit": 3})
    for step in range(200):
        if presenter.can_undo():
            break
        if presenter.screen().request is not None:
            _human_answers(presenter, step)
            continue
        move = presenter.computer.move()
        assert move is not None
        assert presenter.computer.answered(move, move.captain.choose(move.seat), None)
    serial = presenter.screen().key[0]
    assert presenter.undo()
    assert presenter.screen().key[0] != serial  # an undo puts an earlier copy of the game in play
    assert seen[-1] == EVERYTHING


def test_30_4_the_views_are_compared_apart_from_their_events() -> None:
    presenter, tracker, _seen = _recorded()
    presenter.start_file(JAVA, {"us": "human", "gb": "human"}, 5, {"turn_limit": 3})
    presenter.confirm_handover()
    screen = presenter.screen()
    assert screen.view is not None
    view: Any = dict(screen.view)
    same_state = type(screen)(**{**{f: getattr(screen, f) for f in screen.__dataclass_fields__}, "view": view})
    assert changes(screen, same_state) == Changes(False, False, False, False, False, False)
    view["events"] = [*view["events"], {"n": 999, "type": "note", "text": "x"}]
    assert changes(screen, same_state) == Changes(False, False, True, False, False, False)
    view["wind"] = (view["wind"] + 1) % 6
    assert changes(screen, same_state).view
    assert changes(None, screen) == EVERYTHING
    assert changes(empty_screen(), screen) == EVERYTHING
    tracker.last = None
    assert tracker.after(screen) == EVERYTHING and tracker.last is screen
    assert tracker.after(screen) == Changes(False, False, False, False, False, other=True)
