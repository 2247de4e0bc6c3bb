"""Issue 12: the cheaper copies still check what they must (`determinize._build`), and still take nothing from the
hidden truth: a draw that does not show the view is refused, and the truth's hidden fields do not reach a copy."""

from __future__ import annotations

from typing import Any

import pytest

from cs_desktop.rules import determinize as dz
from cs_desktop.rules.determinize import DeterminizeError, determinize, from_record, public_record
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game

from tests.rules.test_determinize import _scenario, _state_of, _walk


def _mid_impulse() -> Game:
    """Constitution vs Java in an impulse of turn 2, answers given since its start, loads and cards in play."""
    scenario, ships = _scenario("constitution-vs-java.json")
    game = Game(scenario, ships, 3, {"turn_limit": 4})
    for g in _walk(game, 3):
        if g.state.turn == 2 and g.state.segment.startswith("impulse:") and g._segment_answers:
            return g
    raise AssertionError("no such point")


def test_a_draw_whose_hidden_loads_do_not_show_the_view_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The view shows only that an enemy gun is loaded; a draw that leaves it empty differs nowhere in the
    events, only in the view: the final check must refuse every such draw."""
    game = _mid_impulse()
    record = public_record(game, "us")
    enemy = next(s for s in record.state.ships.values() if s.side != "us" and any(s.loads.values()))
    slot = next(k for k, v in enemy.loads.items() if v is not None)
    assert from_record(record, Dice(1)).view("us", events=False) == game.view("us", events=False)
    draw_loads = dz.draw_loads

    def unload(state: Any, *args: Any) -> None:
        draw_loads(state, *args)
        state.ships[enemy.id].loads[slot] = None

    monkeypatch.setattr(dz, "draw_loads", unload)
    with pytest.raises(DeterminizeError):
        from_record(public_record(game, "us"), Dice(1), attempts=5)


def test_a_view_that_no_draw_can_show_gives_no_copy() -> None:
    """A record whose view differs from the game in one public number of the enemy's (his crew) and in one
    hidden-derived mark (whether he strains): no copy is accepted."""
    game = _mid_impulse()
    record = public_record(game, "us")
    enemy = next(s.id for s in record.state.ships.values() if s.side != "us")
    for key, change in (("crew", lambda v: v - 1), ("strain", lambda v: not v)):
        view = {**record.view, "ships": {**record.view["ships"]}}
        view["ships"][enemy] = dict(view["ships"][enemy], **{key: change(view["ships"][enemy][key])})
        forged = dz.PublicRecord(record.game, record.side, record.enemies, record.state, record.before,
                                 record.segment, record.answers, record.own_pending, record.has_pending_own,
                                 record.running, view)
        with pytest.raises(DeterminizeError):
            from_record(forged, Dice(2), attempts=5)


def test_the_truths_hidden_fields_do_not_reach_a_copy() -> None:
    """The same game with the enemy's hidden things changed in place (at the checkpoint and now: his loads and
    markers, his Strain amount, his hand, the deck order, the dice): the same record, the same copies."""
    game = _mid_impulse()
    other = game.clone()
    base, n_events = game.segment_start() or (None, 0)
    assert base is not None
    other._checkpoint = other._anchor = (base.clone(), n_events)
    for state in (other._checkpoint[0], other.state):
        for ship in state.ships.values():
            if ship.side == "us":
                continue
            ship.loads = {k: (None if v is None else "double" if v != "double" else "chain")
                          for k, v in ship.loads.items()}
            ship.strain = 3 - ship.strain if ship.strain else 0
        state.reload_track = [(due, ship, slot, ("double" if load != "double" else "chain")
                               if state.ships[ship].side != "us" else load, delayed)
                              for due, ship, slot, load, delayed in state.reload_track]
        state.sides["gb"].hand = sorted(state.sides["gb"].hand, reverse=True)
        state.deck = state.deck[::-1]
        state.dice = Dice(99)
    assert other.view("us") == game.view("us")
    assert other.fingerprint() != game.fingerprint()
    for k in range(3):
        assert _state_of(determinize(other, "us", Dice(k))) == _state_of(determinize(game, "us", Dice(k)))
