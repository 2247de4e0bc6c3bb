"""1.7.3 Hold cards: a discard gives +1 to a die of the roll it is discarded for. Issue 28, item 2: the offer says
what the roll needs (`Request.needs` from `rolls.needs`: the modifier every die gets, the modified die values at
which the result changes; derived from the state, so outside the fingerprint), so that whether a +1 can change
the result is read from the request alone (`rolls.card_can_change`), and the player is not asked when it cannot
(play/turn_flow).

16.0 Bonus Move: die + Crew Quality + 1 for Sailing crew + Straining value, 6 or better holds the rigging. 7.0 Hull
Bonus: the table's steps. 11.4.7 defense: 5 or better cancels a hit. 17.4 strike check: a die of 1 or less
strikes; a Handy crew (+1) never does."""

from __future__ import annotations

from cs_desktop.play.turn_flow import StandingOrders, decide
from cs_desktop.rules import rolls
from cs_desktop.rules.tables import get_tables
from cs_desktop.rules import housekeeping as hk
from cs_desktop.rules.state import FAIR, HANDY, STRIKE_CHECK
from tests.rules.harness import answer, at, drive, duel, events_of
from tests.rules.test_housekeeping import _game
from tests.rules.test_bonus_move import strained


def test_1_7_3_a_plus_one_changes_a_roll_only_from_just_below_a_step() -> None:
    assert rolls.card_can_change(rolls.needs(5, [6])) is False  # 1+5 = 6 already holds
    assert rolls.card_can_change(rolls.needs(4, [6])) is True  # a 1 (+4 = 5) becomes 6
    assert rolls.card_can_change(rolls.needs(-2, [6])) is False  # 6-2 = 4: +1 never reaches 6
    assert rolls.card_can_change(rolls.needs(-1, [6])) is True  # a 6 (-1 = 5) becomes 6
    assert rolls.card_can_change(rolls.needs(0, [])) is False  # a roll whose result never changes
    assert rolls.card_can_change(rolls.needs(0, [3, 5])) is True
    assert rolls.card_can_change(rolls.needs(4, [3]), lower_is_better=True) is False  # 5..10: -1 never reaches 2
    assert rolls.card_can_change(rolls.needs(1, [3]), lower_is_better=True) is True  # 2+1 = 3 -> 2
    assert rolls.card_can_change(None) is None and rolls.card_can_change({}) is None
    assert rolls.card_can_change(rolls.needs(1, [2]), by=3) is False  # 1.7.5: +3 on a die that never fails
    assert rolls.card_can_change(rolls.needs(0, [2]), by=3) is True and rolls.card_can_change(rolls.needs(-2, [6]), by=2)


def _bonus_move_offer(monkeypatch: object, strain: int, quality: str) -> tuple[object, object]:
    game = strained(monkeypatch, strain, quality=quality, sailing=True)
    game.state.sides["us"].hand = ["lucky-roll#1"]
    game.options["bonus_cards"] = True  # the harness plays without cards
    answer(game, "gb", {"java": 0})
    drive(game, until=at("bonus_cards", "us"))
    request = next(r for r in game.pending if r.kind == "bonus_cards")
    return game, request


def test_16_0_the_bonus_move_offer_carries_what_the_roll_needs_and_the_roll_agrees(monkeypatch: object) -> None:
    for strain, quality in ((2, "crack"), (1, "green"), (2, "average")):
        game, request = _bonus_move_offer(monkeypatch, strain, quality)
        assert request.info["purpose"] == "bonus move" and request.info["for_rule"] == "16.0"
        need = request.needs
        assert need["steps"] == [6] and not need["lower_is_better"]
        assert rolls.card_can_change(need) is True  # at most +4 (Straining 2 at most here): a 1 fails
        answer(game, "us", [])
        drive(game, until=lambda g: any(e["purpose"] == "bonus move" for e in events_of(g, "roll")))
        (roll,) = [e for e in events_of(game, "roll") if e["purpose"] == "bonus move"]
        assert need["modifier"] == sum(v for _, v in roll["modifiers"])  # the offer's modifier is the roll's


def _strike_check_offer(morale: int) -> tuple[object, object]:
    """17.4: Java's rigging is in the Strike Check box; her crew's morale is `morale`."""
    game = _game()
    java = game.state.ships["java"]
    java.rigging, java.morale = STRIKE_CHECK, morale
    game.state.sides[java.side].hand = ["lucky-roll#1"]
    game.options["bonus_cards"] = True  # the harness plays without cards
    (request,) = next(hk.strike_checks(game))
    return game, request


def test_17_4_a_handy_crew_never_strikes_so_the_player_is_not_asked_for_a_card() -> None:
    """17.4: a die of 1 or less strikes; a Handy crew (+1) rolls 2 or better: a card's +1 changes nothing and the
    player is not asked, whatever his standing order; a Fair crew's 1 strikes, and he is asked."""
    orders = StandingOrders(hold_cards="always")  # even one who wants every roll offered
    game, request = _strike_check_offer(HANDY)
    assert request.needs == {"modifier": 1, "steps": [2], "lower_is_better": False}
    passed = decide(game.view(request.side), request, orders)
    assert passed is not None and passed.answer == [] and "no card in hand can change the result of the strike check" in passed.why
    game.state.sides["gb"].hand = ["fear-of-the-lash#1"]  # 1.7.5: +3 to every die of a strike check: still nothing
    (request,) = next(hk.strike_checks(game))
    assert request.info["playable"] == ["fear-of-the-lash#1"] and decide(game.view("gb"), request, orders) is not None
    game, request = _strike_check_offer(FAIR)
    assert request.needs["modifier"] == 0 and rolls.card_can_change(request.needs) is True
    assert decide(game.view(request.side), request, orders) is None
    assert decide(game.view(request.side), request, StandingOrders(hold_cards="never")) is not None
    game.state.sides["gb"].hand = ["fear-of-the-lash#1"]
    (request,) = next(hk.strike_checks(game))
    assert decide(game.view("gb"), request, StandingOrders(hold_cards="applies")) is None  # +3 saves a 1


def test_16_0_the_bonus_move_card_is_asked_when_a_one_fails(monkeypatch: object) -> None:
    """16.0: Crack, Sailing crew, Straining 2 (+4): a 1 is a 5 and fails; the card can save the rigging."""
    game, request = _bonus_move_offer(monkeypatch, 2, "crack")
    assert decide(game.view("us"), request, StandingOrders(hold_cards="always")) is None


def test_7_0_the_hull_bonus_offer_lists_every_step_of_the_table_the_die_can_cross() -> None:
    game = duel(a=(10, 12, 4), b=(22, 14, 2), wind=5, qualities=(None, "green"), options={"bonus_cards": True})
    drive(game, until=at("assign_crew"))
    game.state.sides["gb"].hand = ["lucky-roll#1"]
    drive(game, until=lambda g: any(r.kind == "bonus_cards" and r.info["purpose"] == "hull bonus" for r in g.pending))
    (request,) = [r for r in game.pending if r.kind == "bonus_cards"]
    assert request.info["purpose"] == "hull bonus" and request.info["for_rule"] == "7.0"
    need = request.needs
    java = game.state.ships["java"]
    column = [get_tables().hull_bonus(java.card.hull_type, v) for v in range(-1, 8)]  # a green crew: -1
    assert need["modifier"] == -1
    assert need["steps"] == [v for v in range(0, 8) if column[v + 1] != column[v]]
    answer(game, "gb", [])
    drive(game, until=lambda g: any(e["ship"] == "java" for e in events_of(g, "roll") if e["purpose"] == "hull bonus"))
    (roll,) = [e for e in events_of(game, "roll") if e["purpose"] == "hull bonus" and e["ship"] == "java"]
    assert sum(v for _, v in roll["modifiers"]) == need["modifier"]
