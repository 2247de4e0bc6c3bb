"""Issue 27 item 6: "What would the captain do?" — the hard captain's top three choices at the player's decision,
each with its chance and a sentence, asked from the player's own seat: fair by construction."""

from __future__ import annotations

from cs_desktop.play.captain_advice import ask_captain, describe
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.determinize import determinize
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game

from tests.rules.test_determinize import _games, _walk


def _maneuver_point() -> tuple[Game, Request]:
    game, seed = _games()[0]
    for g in _walk(game, seed):
        request = g.pending[0]
        if request.kind == "select_maneuver" and g.state.turn >= 2:
            return g.clone(), request
    raise AssertionError("no maneuver selection in turn 2")


def test_27_6_the_captain_gives_its_top_choices_with_chances_and_reasons() -> None:
    game, request = _maneuver_point()
    before = game.fingerprint()
    advice = ask_captain(game, request, seed=4)
    assert game.fingerprint() == before  # asking changes nothing in the game
    assert advice.side == request.side and advice.kind == "select_maneuver"
    assert 1 <= len(advice.choices) <= 3 and advice.futures > 0
    assert len({c.text for c in advice.choices}) == len(advice.choices)
    for choice in advice.choices:
        assert 0.0 <= choice.chance <= 1.0 and choice.text and choice.why.endswith(".")
        assert game.clone().submit(request.side, choice.answer)  # each is a legal answer
    assert advice.choices[0].why.startswith("Its choice")
    assert advice.plan.startswith("Its plan")


def test_27_6_the_advice_is_the_same_whatever_the_enemy_hides() -> None:
    """Another truth behind the player's view (the enemy's maneuver, loads, hand, deck and dice drawn anew)
    gives the same advice, word for word."""
    game, request = _maneuver_point()
    variant = determinize(game, request.side, Dice(91))
    assert variant.fingerprint() != game.fingerprint()
    twin = variant.pending_for(request.side)
    assert twin is not None
    assert ask_captain(game, request, seed=4) == ask_captain(variant, twin, seed=4)


def test_27_6_answers_are_described_in_a_few_words() -> None:
    request = Request("fire", "us", "11.0", "", ships={"a": ({"target": None},)})
    assert describe(request, {"a": {"target": "b", "sections": {"port_bow": "high"}, "chaser": None}},
                    {"a": "Constitution", "b": "Java"}) == "Constitution: fire at b (port bow high)"
    assert describe(request, {"a": {"maneuver": "wear", "turn": -1, "to": "C"}}, {"a": "Constitution"}) == \
        "Constitution: wear to C"
