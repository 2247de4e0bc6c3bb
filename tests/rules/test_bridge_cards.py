"""1.7 Bridge Cards: set-up draw, hand limits by morale, Hold cards discarded for +1/-1 a die, card text
taking precedence for its own roll, the 17.7 draw and Play Now cards, hidden hands."""

from __future__ import annotations

from typing import Any

from cs_desktop.rules import bridge_cards as bc
from cs_desktop.rules import deck
from cs_desktop.rules import damage
from cs_desktop.rules.decisions import validate
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.fire_stages import fire_stages
from cs_desktop.rules.rolls import offer_bonus_cards
from cs_desktop.rules.state import FAIR, HANDY, STRIKE_CHECK, UNFIT

from tests.rules.fighting_kit import dice_left, events_since, man, mark, mods_of, ready, rolls_since, run, script
from tests.rules.harness import at, drive, duel, events_of
from tests.rules.test_firing import shoot

CARDS = {"bridge_cards": True, "bonus_cards": True}


def on(purpose: str, side: str, cards: list[str]) -> Any:
    """bonus_cards answer: `cards` for `side`'s roll of `purpose`, nothing otherwise."""
    return lambda r: list(cards) if r.side == side and r.info["purpose"] == purpose else []


def _hand(game: Any, side: str, cards: list[str]) -> None:
    game.state.sides[side].hand = list(cards)


def test_1_7_setup_draw_play_now_discarded_and_replaced_without_reshuffle() -> None:
    """2.0/1.7: seed 0: four Play Now cards come up in the set-up draw; they are discarded unplayed and
    replaced, nobody's wind or ship changes, no reshuffle: the deck is the start of the original shuffle and
    each side holds 3 Hold cards."""
    game = duel(seed=0, options={"bridge_cards": True})
    original = deck.new_deck(Dice(0))
    wind = game.state.wind
    drive(game, until=at("assign_crew"))
    s = game.state
    set_aside = events_of(game, "card_set_aside")
    assert len(set_aside) == 4 and events_of(game, "reshuffle") == []
    assert sorted(s.discard) == sorted(e["card"] for e in set_aside)
    assert all(deck.card_of(c)["type"] == "play_now" for c in s.discard)
    for side in ("us", "gb"):
        assert len(s.sides[side].hand) == 3
        assert all(deck.card_of(c)["type"] == "hold" for c in s.sides[side].hand)
    assert s.deck == original[:len(s.deck)] and len(s.deck) == 36 - 10
    drawn = list(reversed(original[len(s.deck):]))  # the top of the deck is the end of the list
    assert [c for c in drawn if c not in s.discard] == s.sides["us"].hand + s.sides["gb"].hand
    assert s.wind == wind and all(sh.morale == HANDY for sh in s.ships.values())


def test_1_7_2_hand_limit_follows_morale_and_falling_morale_forces_discards() -> None:
    """1.7.2 (ruling R1.7.2: Strike Check 3): 6 cards at Handy; morale falls to Fair -> discard 1 (the owner
    chooses which), Unfit -> 1 more, Strike Check -> 1 more."""
    game = ready(options=CARDS)
    hand = ["gun-captains#1", "gun-captains#2", "lucky-roll#1", "lucky-roll#2", "fire-parties#1", "cheers#1"]
    _hand(game, "gb", hand[:5] + ["fire-parties#2"])
    j = game.state.ships["java"]
    log: list = []
    for expected in (5, 4, 3):
        run(game, damage.lower_morale(game, j, "1.8"), log=log, discard_card=lambda r: r.options[-1])
        assert len(game.state.sides["gb"].hand) == expected
    assert j.morale == STRIKE_CHECK
    assert [(r.kind, r.side, r.rule) for r in log] == [("discard_card", "gb", "1.7.2")] * 3
    assert game.state.sides["gb"].hand == hand[:3]
    assert deck.hand_limit(game, "gb") == 3
    for morale, limit in ((HANDY, 6), (FAIR, 5), (UNFIT, 4)):
        j.morale = morale
        assert deck.hand_limit(game, "gb") == limit


def test_1_7_3_discard_one_card_per_die_for_plus_one() -> None:
    """1.7.3: to-hit with 3 dice, two Hold cards discarded: +1 on two dice ([4,4,4] -> [6,6,5] with Handy +1);
    the cards go to the discard pile."""
    game = ready(options=CARDS)
    man(game, "constitution", starboard_bow=2, starboard_aft=2)
    game.state.ships["java"].loads = {k: None for k in game.state.ships["java"].loads}
    _hand(game, "us", ["fire-parties#1", "lucky-roll#1", "smart-topmen#1"])
    script(game, [4, 4, 4, 6, 6, 6, 6])
    start = mark(game)
    log: list = []
    shoot(game, "us", "constitution", {"starboard_bow": "high", "starboard_aft": "high"}, log=log,
          bonus_cards=on("to-hit", "us", ["fire-parties#1", "lucky-roll#1"]))
    r = rolls_since(game, start, "to-hit")[0]
    assert r["card_bonus"] == [1, 1, 0] and r["modified"] == [6, 6, 5]
    offer = next(x for x in log if x.kind == "bonus_cards")
    assert offer.side == "us" and offer.info["max"] == 3 and offer.info["playable"] == []
    assert game.state.sides["us"].hand == ["smart-topmen#1"]
    assert game.state.discard[-2:] == ["fire-parties#1", "lucky-roll#1"]


def test_1_7_3_only_one_card_per_die() -> None:
    """1.7.3: a 1-die roll with 2 cards offered: discarding both is refused citing 1.7.3."""
    game = ready(options=CARDS)
    _hand(game, "us", ["fire-parties#1", "lucky-roll#1"])
    gen = offer_bonus_cards([("us", 1, "grapple", "12.0", False)], game)
    request = gen.send(None)[0]
    assert request.info["max"] == 1
    refusal = validate(game.state, request, ["fire-parties#1", "lucky-roll#1"])
    assert refusal is not None and refusal.rule == "1.7.3"
    assert validate(game.state, request, ["wind-veers#1"]) is not None  # not in hand


def test_1_7_3_lower_is_better_rolls_get_minus_one() -> None:
    """1.7.3 ('subtract -1, if appropriate'): on a Low-aimed damage-effects roll the discarded card gives -1."""
    game = ready(options=CARDS)
    man(game, "constitution", starboard_bow=1)
    game.state.ships["java"].loads = {k: None for k in game.state.ships["java"].loads}
    _hand(game, "us", ["fire-parties#1"])
    script(game, [6, 1, 1, 1, 1, 4, 4, 6])
    start = mark(game)
    shoot(game, "us", "constitution", {"starboard_bow": "low"}, bonus_cards=on("damage effects", "us", ["fire-parties#1"]))
    e = rolls_since(game, start, "damage effects")[0]
    assert e["card_bonus"] == [-1, 0, 0]
    assert events_since(game, start, "damage_effects")[0]["total"] == 4 + 4 + 6 - 2 - 1
    assert dice_left(game) == []


def test_1_7_3_non_initiative_player_decides_first() -> None:
    """1.7.3/1.7.4: rolls made together (initiative): the NIP is asked before the IP, before any die is rolled."""
    game = ready(options=CARDS, initiative="us")
    _hand(game, "us", ["fire-parties#1"])
    _hand(game, "gb", ["lucky-roll#1"])
    log: list = []
    run(game, offer_bonus_cards([("us", 1, "initiative", "6.0", False), ("gb", 1, "initiative", "6.0", False)],
                                game), log=log)
    assert [r.side for r in log] == ["gb", "us"]


def test_1_7_5_a_card_played_for_its_own_text_applies_to_every_die() -> None:
    """1.7.5: 'Veteran Gun Captains' (hook to-hit) chosen for a to-hit roll is played for its text: +1 to every
    die (a modifier, not a discard bonus)."""
    game = ready(options=CARDS)
    man(game, "constitution", starboard_bow=2, starboard_aft=2)
    game.state.ships["java"].loads = {k: None for k in game.state.ships["java"].loads}
    _hand(game, "us", ["gun-captains#1"])
    script(game, [3, 3, 3, 6, 6, 6, 6])
    start = mark(game)
    log: list = []
    shoot(game, "us", "constitution", {"starboard_bow": "high", "starboard_aft": "high"}, log=log,
          bonus_cards=on("to-hit", "us", ["gun-captains#1"]))
    assert next(x for x in log if x.kind == "bonus_cards").info["playable"] == ["gun-captains#1"]
    r = rolls_since(game, start, "to-hit")[0]
    assert mods_of(r)["Bridge Card 'Veteran Gun Captains' +1"] == 1
    assert r["card_bonus"] == [0, 0, 0] and r["modified"] == [5, 5, 5]


def test_1_7_5_morale_check_cards_are_playable_on_every_morale_check() -> None:
    """1.7.5: 'Double Ration of Grog' (hook morale check) is playable on a 3.10.1 morale check and adds +2:
    [1] -> 1 +1 Handy +2 = 4, held."""
    game = ready(options=CARDS)
    _hand(game, "gb", ["double-rations#1"])
    j = game.state.ships["java"]
    j.gunnery["port_bow"] = 1
    log: list = []
    script(game, [1])
    start = mark(game)
    run(game, damage.gunnery_hit(game, j, "port_bow", "11.4.10"), log=log, bonus_cards=(["double-rations#1"],))
    assert log[0].info["playable"] == ["double-rations#1"]
    assert rolls_since(game, start)[0]["modified"] == [4] and j.morale == HANDY


def test_17_7_the_initiative_player_draws_and_respects_the_hand_limit() -> None:
    """17.7/1.7.2: gb holds the initiative and 6 cards at Handy; drawing a 7th Hold card forces a discard."""
    game = ready(options=CARDS, initiative="gb")
    six = ["gun-captains#1", "gun-captains#2", "lucky-roll#1", "lucky-roll#2", "fire-parties#1", "fire-parties#2"]
    _hand(game, "gb", six)
    us_hand = list(game.state.sides["us"].hand)
    game.state.deck = ["smart-topmen#1"]
    log: list = []
    run(game, bc.draw_card(game, "gb"), log=log, discard_card="gun-captains#1")
    assert [r.kind for r in log] == ["discard_card"]
    assert game.state.sides["gb"].hand == six[1:] + ["smart-topmen#1"]
    assert game.state.sides["us"].hand == us_hand


def test_1_7_1_play_now_is_resolved_at_once_and_the_deck_reshuffled() -> None:
    """1.7.1: the IP draws 'Three Cheers': his ship's morale rises one level (Fair -> Handy); the card and the
    discard pile are shuffled back into the deck."""
    game = ready(options=CARDS, initiative="us")
    c = game.state.ships["constitution"]
    c.morale = FAIR
    game.state.deck = ["lucky-roll#1", "cheers#1"]
    game.state.discard = ["fire-parties#1"]
    hand = list(game.state.sides["us"].hand)
    start = mark(game)
    run(game, bc.draw_card(game, "us"))
    assert c.morale == HANDY and game.state.sides["us"].hand == hand
    assert sorted(game.state.deck) == ["cheers#1", "fire-parties#1", "lucky-roll#1"] and game.state.discard == []
    assert events_since(game, start, "play_now") and events_since(game, start, "reshuffle")


def test_1_7_1_an_inapplicable_play_now_card_is_simply_discarded_and_reshuffled() -> None:
    """1.7.1: 'Quick Powder Monkeys' with every broadside loaded: no effect; still reshuffled."""
    game = ready(options=CARDS)
    game.state.deck = ["powder-monkey#1"]
    game.state.discard = []
    start = mark(game)
    run(game, bc.draw_card(game, "us"))
    assert events_since(game, start, "no_effect") and game.state.deck == ["powder-monkey#1"]


def test_1_7_hands_are_hidden_in_the_views() -> None:
    """1.7.2: a side sees its own hand, only the size of the enemy's, the deck as a count; the card drawn is
    an event only its owner sees."""
    game = duel(seed=2, options={"bridge_cards": True})
    drive(game, until=at("assign_crew"))
    us, gb = game.view("us"), game.view("gb")
    assert us["sides"]["us"]["hand"] == game.state.sides["us"].hand and us["sides"]["gb"]["hand"] == 3
    assert gb["sides"]["us"]["hand"] == 3 and isinstance(gb["deck"], int) and "dice" not in gb
    drawn = [e for e in gb["events"] if e["type"] == "card_drawn"]
    assert drawn and all(e["side"] == "gb" for e in drawn)


def test_1_7_4_simultaneous_fire_cards_declared_before_any_to_hit_die_nip_first() -> None:
    """1.7.4/11.0: both ships fire; the NIP (gb) and then the IP (us) declare to-hit cards before either
    to-hit roll is made."""
    game = ready(options=CARDS, initiative="us")
    man(game, "constitution", starboard_bow=1)
    man(game, "java", port_bow=1)
    _hand(game, "us", ["fire-parties#1"])
    _hand(game, "gb", ["lucky-roll#1"])
    seen: list = []

    def cards(r: Any) -> list[str]:
        seen.append((r.side, r.info["purpose"], len([e for e in game.events if e["type"] == "roll"])))
        return []

    script(game, [1, 1])
    before = len([e for e in game.events if e["type"] == "roll"])
    j_choice = {"target": "constitution", "sections": {"port_bow": "low"}, "chaser": None}
    c_choice = {"target": "java", "sections": {"starboard_bow": "low"}, "chaser": None}
    run(game, fire_stages(game), fire=({"java": j_choice}, {"constitution": c_choice}), bonus_cards=cards)
    assert seen == [("gb", "to-hit", before), ("us", "to-hit", before)]
    assert dice_left(game) == []


def test_1_7_1_sprung_topmast_into_an_f_box_forces_fighting_sail_at_once() -> None:
    """1.7.1/17.5 (ruling R1.7.1): 'Sprung Topmast' drawn in 17.7 puts Java's rigging into an F box (5 -> 4):
    she changes to Fighting Sail at once (17.5 is already past this turn)."""
    game = ready(options=CARDS, initiative="gb")
    j = game.state.ships["java"]
    j.rigging = 5
    game.state.deck = ["sprung-topmast#1"]
    run(game, bc.draw_card(game, "gb"))
    assert j.rigging == 4 and j.sail == "fighting"
