"""15.0 Melee: who may board, assault/defense and support, modifiers (quality, morale, French attacker),
hits cancelling one for one, repeated rounds, repulse and capture (which ends the game)."""

from __future__ import annotations

from typing import Any

from cs_desktop.rules import melee
from cs_desktop.rules.state import FAIR

from tests.rules.fighting_kit import dice_left, events_since, man, mark, mods_of, ready, rolls_since, run, script
from tests.rules.harness import ship_card


def _grappled(c_melee: int = 4, j_melee: int = 3, **kw: Any) -> Any:
    game = ready((10, 12, 1), (10, 12, 1), **kw)
    man(game, "constitution", port_bow=7, port_aft=7, starboard_bow=4 - c_melee)  # 18 crew
    man(game, "java", port_bow=6, port_aft=6, starboard_bow=4 - j_melee)  # 16 crew
    game.state.grapples = [{"ships": ["constitution", "java"], "state": "grappled", "turn": 1}]
    return game


def _fight(game: Any, **answers: Any) -> list:
    log: list = []
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    run(game, melee.fight(game, c, j), log=log, **answers)
    return log


def test_15_0_one_round_assault_defense_support_and_cancellation() -> None:
    """15.0 steps 2-8: Constitution (crack +1, Handy +1) assaults with 3 of 4 (1 support), Java (Handy +1)
    defends with 2 of 3 (1 support); dice [3,1,2] -> [5,3,4], support +1 on the 4 -> 2 hits; [4,1] -> [5,2],
    support cannot reach 5 -> 1 hit; 1 cancels 1: Java loses 1 crew (16 -> 15); the attacker stops."""
    game = _grappled()
    script(game, [3, 1, 2, 4, 1])
    start = mark(game)
    log = _fight(game, melee_split=(3, 2), melee_support=lambda r: r.info["suggested"])
    assert dice_left(game) == []
    a, d = rolls_since(game, start, "melee")
    assert a["modified"] == [5, 3, 4] and mods_of(a) == {"Crack crew +1": 1, "Crew Morale Handy +1": 1}
    assert d["modified"] == [5, 2] and mods_of(d) == {"Crew Morale Handy +1": 1}
    supports = [r for r in log if r.kind == "melee_support"]
    assert [(r.side, r.info["values"], r.info["support"], r.info["suggested"]) for r in supports] == [
        ("us", [5, 3, 4], 1, [0, 0, 1]), ("gb", [5, 2], 1, [0, 0])]
    rnd = events_since(game, start, "melee_round")[0]
    assert (rnd["attacker_hits"], rnd["defender_hits"]) == (1, 0)
    j = game.state.ships["java"]
    assert j.crew == 15 and j.melee_crew == 2 and game.state.ships["constitution"].crew == 18
    assert [r.kind for r in log][-1] == "melee_continue" and not game.state.ended


def test_15_0_split_options_assault_at_least_one() -> None:
    """15.0 steps 2-3: the attacker sends 1..4 of his 4 Melee points; the defender 0..3 of his 3."""
    game = _grappled()
    script(game, [1, 1, 1, 1, 1, 1, 1])
    log = _fight(game, melee_split=(4, 3))
    splits = [r for r in log if r.kind == "melee_split"]
    assert [(r.side, r.options) for r in splits] == [("us", (1, 2, 3, 4)), ("gb", (0, 1, 2, 3))]


def test_15_0_french_attacker_plus_one_not_for_french_defender() -> None:
    """15.0 step 4: +1 for the attacker if his ship is French; a French defender gets nothing."""
    game = _grappled(cards={"constitution": ship_card("constitution", nation="FR"),
                            "java": ship_card("java", nation="FR")})
    script(game, [1, 1, 1, 1, 1, 1, 1])
    start = mark(game)
    _fight(game, melee_split=(4, 3))
    a, d = rolls_since(game, start, "melee")
    assert mods_of(a)["French attacker +1"] == 1 and "French attacker +1" not in mods_of(d)


def test_15_0_repeated_rounds_until_capture_which_ends_the_game() -> None:
    """15.0 step 8: round 1 [1]/[1] no hits, the attacker continues; round 2 [6] vs [1]: Java's last Melee point
    falls -> captured, the game ends with +10 VP for the captor."""
    game = _grappled(c_melee=1, j_melee=1)
    game.state.ships["java"].morale = FAIR
    script(game, [1, 1, 6, 1])
    log = _fight(game, melee_split=(1, 1, 1, 1), melee_continue=True)
    assert [r.kind for r in log] == ["melee_split", "melee_split", "melee_continue", "melee_split", "melee_split"]
    j = game.state.ships["java"]
    assert j.captured and j.crew == 15 and game.state.ended and "captured" in game.state.end_reason
    end = game.events[-1]
    assert end["type"] == "game_end" and end["result"]["sides"]["us"]["captured"] == 1


def test_15_0_attacker_losing_his_last_melee_point_is_repulsed() -> None:
    """15.0 step 8: Constitution assaults with her only Melee point [1]; Java's [6] kills it: repulsed, no
    continue question, no capture."""
    game = _grappled(c_melee=1, j_melee=3)
    script(game, [1, 6, 6, 6])
    start = mark(game)
    log = _fight(game, melee_split=(1, 3))
    assert "melee_continue" not in [r.kind for r in log]
    assert events_since(game, start, "repulsed") and game.state.ships["constitution"].melee_crew == 0
    assert game.state.ships["constitution"].crew == 17 and not game.state.ended


def test_15_0_hits_only_strike_crew_in_the_melee() -> None:
    """15.0 step 7: 3 uncancelled hits against a defender with 1 Melee point take only that point."""
    game = _grappled(c_melee=4, j_melee=1)
    script(game, [6, 6, 6, 1, 1])
    _fight(game, melee_split=(4, 1))
    assert game.state.ships["java"].crew == 15 and game.state.ships["java"].captured


def test_15_0_ip_may_board_first_then_nip_and_the_melee_ships_make_no_bonus_move() -> None:
    """15.0: the IP (us) declines, the NIP (gb) boards; the attacker breaks off: the Bonus Move the text skips
    is that of these two ships, which lie grappled (ruling R15.0b with R16.0): play goes on to 16.0, where
    neither is asked nor moves. Without melee it goes to the Bonus Move likewise."""
    from cs_desktop.rules.bonus_move import segment_bonus

    game = _grappled()
    log: list = []
    script(game, [1, 1, 1, 1, 1, 1])
    run(game, melee.segment_melee(game), log=log, melee=(False, True), melee_split=(3, 3))
    assert [(r.kind, r.side) for r in log][:3] == [("melee", "us"), ("melee", "gb"), ("melee_split", "gb")]
    assert log[-1].kind == "melee_continue" and game.state.segment == "bonus"
    squares = {s.id: s.square for s in game.state.ships.values()}
    log = []
    run(game, segment_bonus(game), log=log)
    assert log == [] and {s.id: s.square for s in game.state.ships.values()} == squares
    assert game.state.segment == "housekeeping"
    game = _grappled()
    script(game, [])
    run(game, melee.segment_melee(game), melee=False)
    assert game.state.segment == "bonus"


def test_15_0_a_melee_does_not_cancel_the_bonus_move_of_other_ships() -> None:
    """15.0 step 8 / 16.0 (ruling R15.0b): Congress ('us', not in the melee) strained this turn; Constitution
    boards Java and breaks off after one round. Congress still makes her forced Bonus Move (one square
    ahead, heading 3), and, repulse or break-off, the grappled pair stays put."""
    from cs_desktop.rules.bonus_move import segment_bonus

    game = _grappled(c_melee=1, j_melee=1, extra={"us": [("congress", (20, 5, 3))]})
    for ship_id, (x, y, h) in (("constitution", (10, 12, 1)), ("java", (10, 12, 1)), ("congress", (20, 5, 3))):
        ship = game.state.ships[ship_id]
        ship.x, ship.y, ship.heading = x, y, h
    congress = game.state.ships["congress"]
    congress.strain = 1
    script(game, [1, 1, 6])
    run(game, melee.segment_melee(game), melee=(True,), melee_split=(1, 1), melee_continue=False)
    assert game.state.segment == "bonus"
    run(game, segment_bonus(game))
    assert congress.square == (21, 5) and congress.heading == 3
    assert game.state.ships["constitution"].square == game.state.ships["java"].square == (10, 12)
    assert dice_left(game) == []


def test_1_7_4_melee_cards_are_declared_by_both_before_either_rolls_nip_first() -> None:
    """1.7.3-1.7.4/15.0 step 4: the NIP (gb, defender) and then the IP (us) are offered cards before any melee
    die is rolled; 'Marines in the Tops' (hook melee) is playable for the assault and adds +1 per die."""
    game = _grappled(options={"bridge_cards": True, "bonus_cards": True})
    game.state.sides["us"].hand = ["marine-volley#1", "lucky-roll#1"]
    game.state.sides["gb"].hand = ["lucky-roll#2"]
    seen: list = []

    def cards(r: Any) -> list[str]:
        seen.append((r.side, len([e for e in game.events if e["type"] == "roll"]), r.info["playable"]))
        return ["marine-volley#1"] if r.side == "us" else []

    script(game, [1, 1, 1, 1, 1, 1, 1])
    before = len([e for e in game.events if e["type"] == "roll"])
    start = mark(game)
    _fight(game, melee_split=(4, 3), bonus_cards=cards)
    assert seen == [("gb", before, []), ("us", before, ["marine-volley#1"])]
    a = rolls_since(game, start, "melee assault")[0]
    assert mods_of(a)["Bridge Card 'Marines in the Tops' +1"] == 1 and a["card_bonus"] == [0, 0, 0, 0]
    assert game.state.sides["us"].hand == ["lucky-roll#1"] and "marine-volley#1" in game.state.discard
