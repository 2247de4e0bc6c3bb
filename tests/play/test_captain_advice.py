"""Issue 27 item 6: "What would the captain do?" — the hard captain's top three choices at the player's decision,
each with its chance and a sentence, asked from the player's own seat: fair by construction."""

from __future__ import annotations

from cs_desktop.ai.levels import HELM_WITHIN, enemy_range
from cs_desktop.play.captain_advice import ask_captain, describe
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.determinize import determinize
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.rules.views import public_board

from tests.rules.test_determinize import _games, _walk


def _point(kind: str) -> tuple[Game, Request]:
    """A decision of `kind` from turn 2 on with a real choice for some ship (a copy of the game there)."""
    game, seed = _games()[0]
    for g in _walk(game, seed):
        request = g.pending[0]
        if request.kind == kind and g.state.turn >= 2 and any(len(o) > 1 for o in (request.ships or {}).values()):
            return g.clone(), request
    raise AssertionError(f"no {kind} with a choice from turn 2")


def _maneuver_point() -> tuple[Game, Request]:
    return _point("select_maneuver")


def _fire_point() -> tuple[Game, Request]:
    """A fire step: hard searches it (a maneuver far from the enemy it leaves to its judgment)."""
    return _point("fire")


def test_27_6_the_captain_gives_its_top_choices_with_chances_and_reasons() -> None:
    game, request = _fire_point()
    before = game.fingerprint()
    advice = ask_captain(game, request, seed=4)
    assert game.fingerprint() == before  # asking changes nothing in the game
    assert advice.side == request.side and advice.kind == "fire"
    assert 1 <= len(advice.choices) <= 3 and advice.futures > 0
    assert len({c.text for c in advice.choices}) == len(advice.choices)
    for choice in advice.choices:
        assert 0.0 <= choice.chance <= 1.0 and choice.text and choice.why.endswith(".")
        assert game.clone().submit(request.side, choice.answer)  # each is a legal answer
    assert advice.choices[0].why.startswith("Its choice")
    assert advice.plan.startswith("Its plan")


def test_27_6_a_decision_the_captain_leaves_to_its_judgment_says_so() -> None:
    game, request = _maneuver_point()
    assert enemy_range(public_board(game), request.side) > HELM_WITHIN  # hard's helm searches only nearer
    advice = ask_captain(game, request, seed=4)
    assert advice.futures == 0 and len(advice.choices) == 1
    assert "judgment alone" in advice.choices[0].why and 0.0 <= advice.choices[0].chance <= 1.0
    assert game.clone().submit(request.side, advice.choices[0].answer)


def test_27_6_the_advice_is_the_same_whatever_the_enemy_hides() -> None:
    """Another truth behind the player's view (the enemy's maneuver, loads, hand, deck and dice drawn anew)
    gives the same advice, word for word."""
    game, request = _fire_point()
    variant = determinize(game, request.side, Dice(91))
    assert variant.fingerprint() != game.fingerprint()
    twin = variant.pending_for(request.side)
    assert twin is not None
    assert ask_captain(game, request, seed=4) == ask_captain(variant, twin, seed=4)


def test_27_6_answers_are_described_in_a_few_words() -> None:
    request = Request("fire", "us", "11.0", "", ships={"a": ({"target": None},)})
    assert describe(request, {"a": {"target": "b", "sections": {"port_bow": "high"}, "chaser": None}},
                    {"a": "Constitution", "b": "Java"}) == "Constitution: fire at Java (port bow high)"
    assert describe(request, {"a": {"maneuver": "wear", "turn": -1, "to": "C"}}, {"a": "Constitution"}) == \
        "Constitution: wear to C"
