"""9.0-9.1 Maneuvering: hidden selection revealed on completion, the six restrictions, Advance with its free
turn (a Wear), Wear (1 or 2 MP), Back Sail, Tack (roll, -1 within 6 MP, failure = In Irons for the turn),
Straining for a carry-over and the carry-over itself.

Wind 5 throughout (blows south, comes from heading 1), so heading -> wind position is:
1 H, 2 F, 3 D, 4 A, 5 C, 6 B, 7 E, 8 G.
"""

from __future__ import annotations

from cs_desktop.rules.decisions import explain_forbidden

from tests.rules.harness import answer, at, drive, events_of

from tests.rules.sailing_kit import next_dice, rolls, ship_events, to_select


def test_9_1_4_tack_only_from_beating(monkeypatch):
    """9.1.4: from D (heading 3) Tack is refused citing 9.1.4."""
    game = sailing(monkeypatch, (10, 12, 3))
    assert refusal(game, {"maneuver": "tack", "strain": 0}).rule == "9.1.4"


def sailing(monkeypatch, a, b=(28, 20, 7), speed=12, ip="us"):
    """Constitution at `a` with speed `speed`, Java at `b` with speed 0 (so she never selects): returns the
    game with Constitution's turn-1 selection pending."""
    game = to_select(monkeypatch, a, b, {"constitution": speed, "java": 0}, ip=ip)
    assert [r.side for r in game.pending] == ["us"]
    return game


def refusal(game, choice):
    """Submit `choice` for Constitution; it must be refused (the state unchanged); returns the Refusal."""
    before = game.fingerprint()
    result = game.submit("us", {"constitution": choice})
    assert not result, f"accepted: {choice}"
    assert game.fingerprint() == before
    return result


def options(game):
    """Constitution's legal selections now."""
    return list(game.pending_for("us").ships["constitution"])


def choose(game, choice):
    return answer(game, "us", {"constitution": choice})


def con(game):
    return game.state.ships["constitution"]


def until_revealed(game, n=1, policy=None):
    """Drive until Constitution has revealed `n` maneuvers in all (stops at the next request after it)."""
    drive(game, until=lambda g: len(ship_events(g, "reveal", "constitution")) >= n, policy=policy)
    return ship_events(game, "reveal", "constitution")[n - 1]


WEAR_A_TO_D = {"maneuver": "wear", "turn": -1, "to": "D", "cost": 2, "strain": 0}
WEAR_D_TO_F = {"maneuver": "wear", "turn": -1, "to": "F", "cost": 2, "strain": 0}
ADVANCE = {"maneuver": "advance", "strain": 0}
BACK_SAIL = {"maneuver": "back_sail", "strain": 0}


def test_9_1_selection_is_hidden_from_the_enemy_until_the_maneuver_completes(monkeypatch):
    """9.1 / 9.0: both at speed 12; Constitution (heading 4, diagonal) selects Advance (3 MP), Java Back Sail
    (2 MP). At impulse 2 Java completes and selects again while Constitution's Advance is still under way:
    gb's view shows {'hidden': True}, the 'selected' event is us's only; after it completes (impulse 3) the
    'reveal' event tells gb it was an Advance."""
    game = to_select(monkeypatch, (10, 12, 4), (28, 20, 7), {"constitution": 12, "java": 12})
    choose(game, ADVANCE)
    assert game.view("gb")["ships"]["constitution"]["maneuver"] is None  # applied once both have selected
    answer(game, "gb", {"java": BACK_SAIL})
    assert [(r.kind, r.side, game.state.impulse) for r in game.pending] == [("select_maneuver", "gb", 2)]
    assert game.view("gb")["ships"]["constitution"]["maneuver"] == {"hidden": True}
    assert game.view("us")["ships"]["constitution"]["maneuver"] == {"maneuver": "advance", "revealed": False}
    (selected,) = ship_events(game, "selected", "constitution")
    assert selected["visible_to"] == "us"
    assert not [e for e in game.visible_events("gb") if e["type"] == "selected" and e["ship"] == "constitution"]
    reveal = until_revealed(game)
    assert reveal["impulse"] == 3 and reveal["maneuver"] == {"maneuver": "advance", "revealed": True}
    assert reveal in game.visible_events("gb")


def test_9_0_both_maneuvers_are_revealed_before_the_initiative_player_orders_the_moves(monkeypatch):
    """9.0 / 4.0 (Reveal Maneuver, then Complete Maneuver): "if both players reveal maneuvers, the Initiative
    Player decides who moves first" — when the move order is asked both completed maneuvers are already
    revealed to both sides, so the Initiative Player decides knowing them."""
    game = to_select(monkeypatch, (10, 12, 3), (28, 20, 7), {"constitution": 12, "java": 12})
    choose(game, ADVANCE)
    answer(game, "gb", {"java": BACK_SAIL})
    assert [(r.kind, game.state.impulse) for r in game.pending] == [("move_order", 2)]  # both complete now
    assert game.view("us")["ships"]["java"]["maneuver"] == {"maneuver": "back_sail", "revealed": True}
    assert game.view("gb")["ships"]["constitution"]["maneuver"] == {"maneuver": "advance", "revealed": True}
    assert [e["ship"] for e in game.visible_events("us") if e["type"] == "reveal"] == ["constitution", "java"]
    answer(game, "us", "non_initiative_first")
    assert len(ship_events(game, "reveal", "constitution")) == 1  # not revealed a second time on execution


def test_9_1_restriction_1_a_maneuver_completing_next_turn_may_be_selected(monkeypatch):
    """9.1 (1): speed 1 (one activation, impulse 12): Advance (2 MP) is offered with Straining 1 or 2 only;
    Advance + Straining 1 is accepted and carries over with 1 MP spent at the end of turn 1."""
    game = sailing(monkeypatch, (10, 12, 3), speed=1)
    assert game.pending_for("us").info["remaining"] == {"constitution": 1}
    assert [o for o in options(game) if o["maneuver"] == "advance"] == [
        {"maneuver": "advance", "strain": 1}, {"maneuver": "advance", "strain": 2}]
    choose(game, {"maneuver": "advance", "strain": 1})
    drive(game, until=lambda g: g.state.segment == "bonus" or at("bonus_move")(g))
    assert con(game).maneuver == {"maneuver": "advance", "revealed": False} and con(game).spent == 1


def test_9_1_restriction_2_carry_over_without_straining_is_refused(monkeypatch):
    """9.1 (2): speed 1: Advance without a Strain is refused citing 9.1 and the reason."""
    game = sailing(monkeypatch, (10, 12, 3), speed=1)
    result = refusal(game, ADVANCE)
    assert result.rule == "9.1"
    assert explain_forbidden(game.pending_for("us"), "constitution", ADVANCE).startswith("9.1: a maneuver that "
                                                                                       "carries over")


def test_9_1_restriction_3_either_straining_block_and_the_enemy_learns_only_that_you_strain(monkeypatch):
    """9.1 (3), 9.1.5: speed 12, Back Sail + Straining 2 (optional): us sees strain 2, gb sees only True;
    the public 'strain' event names no level."""
    game = sailing(monkeypatch, (10, 12, 3))
    assert {o["strain"] for o in options(game) if o["maneuver"] == "back_sail"} == {0, 1, 2}
    choose(game, {"maneuver": "back_sail", "strain": 2})
    assert con(game).strain == 2
    assert game.view("us")["ships"]["constitution"]["strain"] == 2
    assert game.view("gb")["ships"]["constitution"]["strain"] is True
    (strain,) = events_of(game, "strain")
    assert "visible_to" not in strain and "2" not in strain["text"] and "choice" not in strain


def test_9_1_3_restriction_4_no_back_sail_twice_in_a_row(monkeypatch):
    """9.1.3 / 9.1 (4): after a Back Sail completes, Back Sail is refused citing 9.1.3; Advance is fine."""
    game = sailing(monkeypatch, (10, 12, 3))
    choose(game, BACK_SAIL)
    until_revealed(game)
    assert game.pending_for("us").kind == "select_maneuver" and game.state.impulse == 2
    assert refusal(game, BACK_SAIL).rule == "9.1.3"
    assert BACK_SAIL not in options(game)
    choose(game, ADVANCE)


def test_9_1_restriction_5_no_wear_twice_in_a_row(monkeypatch):
    """9.1 (5): from A (heading 4) Wear to D (2 MP); right after it, Wear D->F is refused citing 9.1
    (twice in a row)."""
    game = sailing(monkeypatch, (10, 12, 4))
    choose(game, WEAR_A_TO_D)
    until_revealed(game)
    assert con(game).heading == 3
    result = refusal(game, WEAR_D_TO_F)
    assert result.rule == "9.1"
    assert "twice in a row" in explain_forbidden(game.pending_for("us"), "constitution", WEAR_D_TO_F)


def test_9_1_restriction_5_the_free_turn_of_an_advance_counts_as_a_wear(monkeypatch):
    """9.1 (5), 9.1.1: Advance from D (heading 3) with the free turn to A (heading 4): the next Wear (A->D)
    is refused citing 9.1, the free turn counting as a Wear."""
    game = sailing(monkeypatch, (10, 12, 3))
    choose(game, ADVANCE)
    drive(game, until=at("advance_turn"))
    answer(game, "us", {"constitution": {"turn": 1, "to": "A"}})
    assert con(game).heading == 4 and con(game).square == (11, 12)
    assert refusal(game, WEAR_A_TO_D).rule == "9.1"
    why = explain_forbidden(game.pending_for("us"), "constitution", WEAR_A_TO_D)
    assert "free turn from Advance counts" in why


def test_9_1_restriction_5_no_wear_twice_in_the_same_square(monkeypatch):
    """9.1 (5): Wear A->D, then Back Sail (so not 'in a row'), then Wear D->F in the same square is refused
    citing 9.1 (same square); after an Advance into a new square it is offered again."""
    game = sailing(monkeypatch, (10, 12, 4))
    choose(game, WEAR_A_TO_D)
    until_revealed(game, 1)
    choose(game, BACK_SAIL)
    until_revealed(game, 2)
    assert refusal(game, WEAR_D_TO_F).rule == "9.1"
    assert "same square" in explain_forbidden(game.pending_for("us"), "constitution", WEAR_D_TO_F)
    choose(game, ADVANCE)
    drive(game, until=at("advance_turn"))
    answer(game, "us", {"constitution": {"turn": 0, "to": "D"}})
    assert con(game).square == (11, 12)
    assert WEAR_D_TO_F in options(game)


def test_9_1_restriction_6_nothing_turns_into_irons_tack_is_the_way(monkeypatch):
    """9.1 (6): from F (heading 2) a Wear to H (heading 1) is refused citing 9.1; the F panel offers
    Advance, Tack and Back Sail; an Advance from G (heading 8) offers no free turn to H, only to E."""
    game = sailing(monkeypatch, (10, 12, 2))
    assert refusal(game, {"maneuver": "wear", "turn": -1, "to": "H", "cost": 2, "strain": 0}).rule == "9.1"
    assert {o["maneuver"] for o in options(game)} == {"advance", "tack", "back_sail"}
    game = sailing(monkeypatch, (10, 12, 8))
    choose(game, ADVANCE)
    drive(game, until=at("advance_turn"))
    assert game.pending[0].ships == {"constitution": ({"turn": 0, "to": "G"}, {"turn": -1, "to": "E"})}


def test_9_1_1_advance_across_a_side_costs_2_mp(monkeypatch):
    """9.1.1: heading 3, speed 12: the Advance completes in impulse 2: (10,12) -> (11,12), heading kept."""
    game = sailing(monkeypatch, (10, 12, 3))
    choose(game, ADVANCE)
    drive(game, until=at("advance_turn"))
    assert game.state.impulse == 2 and con(game).square == (11, 12) and con(game).heading == 3


def test_9_1_1_advance_across_a_corner_costs_3_mp(monkeypatch):
    """9.1.1: heading 4 (A), speed 12: the Advance completes in impulse 3 (not 2): (10,12) -> (11,13); no
    free turn (nothing is superior to A)."""
    game = sailing(monkeypatch, (10, 12, 4))
    choose(game, ADVANCE)
    drive(game, until=lambda g: bool(ship_events(g, "move", "constitution")))
    (move,) = ship_events(game, "move", "constitution")
    assert move["impulse"] == 3 and move["square"] == [11, 13] and move["rule"] == "9.1.1"
    assert not any(d["kind"] == "advance_turn" for d in game.decisions)
    assert con(game).heading == 4


def test_9_1_1_free_turn_only_to_a_superior_position(monkeypatch):
    """9.1.1: Advance from D (heading 3): the free turn offers D (no turn) or A (heading 4), never F; taking
    A turns her to heading 4 (a 'turn' event citing 9.1.1) in (11,12) at no MP."""
    game = sailing(monkeypatch, (10, 12, 3))
    choose(game, ADVANCE)
    drive(game, until=at("advance_turn"))
    (request,) = game.pending
    assert request.ships == {"constitution": ({"turn": 0, "to": "D"}, {"turn": 1, "to": "A"})}
    assert not game.submit("us", {"constitution": {"turn": -1, "to": "F"}})
    answer(game, "us", {"constitution": {"turn": 1, "to": "A"}})
    (turned,) = ship_events(game, "turn", "constitution")
    assert turned["rule"] == "9.1.1" and turned["heading"] == 4 and con(game).square == (11, 12)


def test_9_1_2_wear_bearing_away_costs_1_mp(monkeypatch):
    """9.1.2, R9.1.2: from A (heading 4) the Wear toward C (heading 5) costs 1 MP: it completes in impulse 1
    in the same square."""
    game = sailing(monkeypatch, (10, 12, 4))
    wear = {"maneuver": "wear", "turn": 1, "to": "C", "cost": 1, "strain": 0}
    assert wear in options(game)
    choose(game, wear)
    reveal = until_revealed(game)
    assert reveal["impulse"] == 1
    assert (con(game).heading, con(game).square) == (5, (10, 12))


def test_9_1_2_wear_luffing_costs_2_mp_and_only_to_inferior_positions(monkeypatch):
    """9.1.2, R9.1.2: from A the Wear toward D (heading 3) costs 2 MP, completing in impulse 2; from D a
    Wear back to A (superior) is refused citing 9.1.2."""
    game = sailing(monkeypatch, (10, 12, 4))
    choose(game, WEAR_A_TO_D)
    reveal = until_revealed(game)
    assert reveal["impulse"] == 2 and con(game).heading == 3 and con(game).square == (10, 12)
    game = sailing(monkeypatch, (10, 12, 3))
    forbidden = [f for f in game.pending_for("us").info["forbidden"]["constitution"]
                 if f["choice"]["maneuver"] == "wear" and f["choice"]["to"] == "A" and not f["choice"]["strain"]]
    assert [f["rule"] for f in forbidden] == ["9.1.2"]
    assert refusal(game, forbidden[0]["choice"]).rule == "9.1.2"


def test_9_1_3_back_sail_holds_the_ship_in_place(monkeypatch):
    """9.1.3: Back Sail (2 MP) completes in impulse 2 ('back_sail' event); square and heading unchanged."""
    game = sailing(monkeypatch, (10, 12, 3))
    choose(game, BACK_SAIL)
    until_revealed(game)
    (held,) = ship_events(game, "back_sail", "constitution")
    assert held["impulse"] == 2 and held["rule"] == "9.1.3"
    assert (con(game).square, con(game).heading) == ((10, 12), 3)
    assert not ship_events(game, "move", "constitution")


def tack_roll(monkeypatch, die, java=(28, 20, 7), quality=None):
    """Constitution (heading 2, F, speed 12) Tacks; the tack die is `die`. Returns the game after the roll."""
    game = sailing(monkeypatch, (10, 12, 2), b=java)
    if quality:
        con(game).quality = quality
    next_dice(game, [die])  # no other die is rolled before the tack completes in impulse 2
    choose(game, {"maneuver": "tack", "strain": 0})
    drive(game, until=lambda g: bool(rolls(g, "tack")))
    return game


def test_9_1_4_tack_comes_through_on_5_or_more(monkeypatch):
    """9.1.4: Crack Constitution rolls 4 (+1 = 5): through the wind from F (heading 2) via H (1) to G
    (heading 8), in (10,12)."""
    game = tack_roll(monkeypatch, 4)
    (r,) = rolls(game, "tack")
    assert (r["rule"], r["dice"], r["modifiers"], r["modified"]) == ("9.1.4", [4], [["Crack crew +1", 1]], [5])
    assert [e["heading"] for e in ship_events(game, "turn", "constitution")] == [1, 8]
    assert con(game).heading == 8 and not con(game).halted and con(game).square == (10, 12)


def test_9_1_4_tack_minus_one_with_the_enemy_within_6_mp(monkeypatch):
    """9.1.4: Java 3 squares away (6 MP): Average Constitution rolls 5 - 1 = 4: fails, In Irons."""
    game = tack_roll(monkeypatch, 5, java=(13, 12, 7), quality="average")
    (r,) = rolls(game, "tack")
    assert r["modifiers"] == [["enemy within 6 MP -1", -1]] and r["modified"] == [4]
    assert con(game).heading == 1 and con(game).halted


def test_9_1_4_failed_tack_lies_in_irons_for_the_rest_of_the_turn(monkeypatch):
    """9.1.4: Crack, die 3 (+1 = 4): In Irons (heading 1) at (10,12); no further selection or movement
    this turn although 10 activations remain; speed stays 12 on the card but she is halted."""
    game = tack_roll(monkeypatch, 3)
    assert con(game).heading == 1 and con(game).halted
    (irons,) = ship_events(game, "in_irons", "constitution")
    assert irons["rule"] == "9.1.4" and irons["impulse"] == 2
    drive(game, until=lambda g: g.state.turn == 2)
    turn1 = [e for e in game.events if e["turn"] == 1 and e.get("ship") == "constitution" and e["impulse"] > 2
             and e["impulse"] <= 12]
    assert turn1 == []
    assert [d["kind"] for d in game.decisions if d["kind"] == "select_maneuver"] == ["select_maneuver"]


def test_7_0_4_a_ship_in_irons_rolls_no_hull_bonus_and_her_speed_remains_0(monkeypatch):
    """7.0 step 4 (ruling R9.1.4): after the failed tack she is still In Irons when turn 2's movement rates
    are set: no Hull Bonus roll for her and speed 0 (though the test fixes her speed at 12 otherwise)."""
    game = tack_roll(monkeypatch, 3)
    drive(game, until=lambda g: g.state.turn == 2 and g.state.segment == "select")
    assert con(game).heading == 1 and con(game).speed == 0
    assert rolls(game, "hull bonus", turn=2) and not [r for r in rolls(game, "hull bonus", turn=2)
                                                      if r["ship"] == "constitution"]
    (speed,) = [e for e in ship_events(game, "speed", "constitution") if e["turn"] == 2]
    assert speed["rule"] == "7.0" and speed["speed"] == 0 and "In Irons" in speed["text"]


def test_9_1_4_a_ship_in_irons_falls_off_when_she_selects(monkeypatch):
    """9.1 step 1 with ruling R9.1.4: in turn 2's selection her wind position is H, whose table offers only
    Fall Off (0 MP) to G (heading 8) or F (heading 2). It is complete at once, revealed and made in her
    square; she is no longer In Irons and, with no activations left this turn, selects her next maneuver,
    which must carry a Strain (9.1 restriction 2)."""
    game = tack_roll(monkeypatch, 3)
    drive(game, until=lambda g: g.state.turn == 2 and at("select_maneuver")(g))
    assert {(o["maneuver"], o["turn"], o["to"]) for o in options(game)} == {("fall_off", -1, "G"),
                                                                           ("fall_off", 1, "F")}
    assert not any(d["kind"] == "fall_off" for d in game.decisions)
    choose(game, {"maneuver": "fall_off", "turn": 1, "to": "F", "strain": 0})
    (reveal,) = [e for e in ship_events(game, "reveal", "constitution") if e["turn"] == 2]
    assert reveal["impulse"] == 0 and reveal["maneuver"]["maneuver"] == "fall_off"
    (turned,) = [e for e in ship_events(game, "turn", "constitution") if e["turn"] == 2]
    assert turned["rule"] == "9.1.4" and turned["heading"] == 2
    assert con(game).heading == 2 and con(game).square == (10, 12) and con(game).maneuver is None
    request = game.pending_for("us")
    assert request.kind == "select_maneuver" and request.info["remaining"]["constitution"] == 0
    assert options(game) and all(o["strain"] in (1, 2) for o in options(game))


def test_9_1_5_carried_over_maneuver_keeps_its_spent_mp_into_the_next_turn(monkeypatch):
    """9.1 (2), R9.1b: speed 1, Advance + Straining 1: 1 MP spent in turn 1 (impulse 12); the forced Bonus
    Move takes her to (11,12); in turn 2 she is not asked to select and the Advance completes at impulse
    12 of turn 2 with its second MP: (12,12)."""
    game = sailing(monkeypatch, (10, 12, 3), speed=1)
    choose(game, {"maneuver": "advance", "strain": 1})
    drive(game, until=lambda g: g.state.turn == 2)
    assert con(game).spent == 1 and con(game).maneuver["maneuver"] == "advance"
    drive(game, until=lambda g: len(ship_events(g, "move", "constitution")) == 2)
    move = ship_events(game, "move", "constitution")[1]
    assert (move["turn"], move["impulse"], move["square"]) == (2, 12, [12, 12])
    assert len([d for d in game.decisions if d["kind"] == "select_maneuver"]) == 1


def test_9_1_restriction_2_the_request_says_which_choices_carry_over(monkeypatch):
    """9.1 (2): speed 2, heading 4 (A, corner): Advance costs 3 > 2 activations -> carries over; Back Sail
    (2 MP) does not. The request marks each option, so a player sees why a Strain is needed."""
    game = sailing(monkeypatch, (10, 12, 4), speed=2)
    request = game.pending[0]
    flags = dict(zip((repr(o) for o in request.ships["constitution"]), request.info["carries_over"]["constitution"]))
    advance = [k for k in flags if "'advance'" in k]
    back = [k for k in flags if "'back_sail'" in k]
    assert advance and all(flags[k] for k in advance)
    assert back and not any(flags[k] for k in back)
    assert request.info["remaining"]["constitution"] == 2


def test_9_1_restriction_2_a_ship_at_speed_0_selects_and_must_strain(monkeypatch):
    """4.0 / 9.1 restrictions 1-2 (ruling R9.1a): Java at speed 0 with no maneuver is asked to select at
    the start of the Activation Cycle like any ship; every choice carries over, so every one is offered
    only with a Strain, a plain choice is refused citing 9.1, and her Strain forces the Bonus Move (16.0)."""
    from tests.rules.sailing_kit import fix_speeds
    from tests.rules.harness import duel

    fix_speeds(monkeypatch, {"constitution": 12, "java": 0})
    game = duel(a=(10, 12, 3), b=(28, 20, 7))
    drive(game, until=at("select_maneuver"))
    assert sorted(r.side for r in game.pending) == ["gb", "us"]
    request = game.pending_for("gb")
    assert request.info["remaining"]["java"] == 0
    assert request.ships["java"] and all(o["strain"] in (1, 2) for o in request.ships["java"])
    before = game.fingerprint()
    refused = game.submit("gb", {"java": {"maneuver": "back_sail", "strain": 0}})
    assert not refused and refused.rule == "9.1" and game.fingerprint() == before
    answer(game, "gb", {"java": {"maneuver": "back_sail", "strain": 1}})
    drive(game, until=lambda g: g.state.segment == "housekeeping" or g.state.turn == 2)
    (move,) = [e for e in ship_events(game, "move", "java")]
    assert move["rule"] == "16.0" and move["square"] == [27, 20]


def test_9_1_a_ship_with_a_carried_over_maneuver_is_not_asked_again(monkeypatch):
    """4.0 "Select Maneuvers (if not already selected)": Java at speed 0 holding a maneuver is not asked."""
    game = sailing(monkeypatch, (10, 12, 3))
    assert [r.side for r in game.pending] == ["us"]
    assert game.state.ships["java"].maneuver is not None


def test_9_1_4_a_ship_taken_aback_holding_a_maneuver_loses_it_and_falls_off():
    """Ruling R9.1.4: Constitution holds a carried-over Advance (1 MP spent) when the wind leaves her In Irons
    (heading 1, wind 5) at the start of the Activation Cycle: at speed 0 she could never complete it, so it
    is lost (without saying what it was) and she selects from the H table: Fall Off to G, made at once."""
    from cs_desktop.rules.activation import segment_select

    from tests.rules.fighting_kit import ready, run
    from tests.rules.sailing_kit import hold_still

    game = ready((10, 12, 1), (20, 12, 3))
    hold_still(game, "java")
    c = con(game)
    c.maneuver, c.spent, c.speed = {"maneuver": "advance", "revealed": False}, 1, 0
    fall_off = {"constitution": {"maneuver": "fall_off", "turn": -1, "to": "G", "strain": 0}}
    log: list = []
    run(game, segment_select(game), log=log,
        select_maneuver=(fall_off, lambda r: {"constitution": r.ships["constitution"][0]}))
    (lost,) = ship_events(game, "maneuver_lost", "constitution")
    assert lost["rule"] == "9.1.4" and "advance" not in lost["text"].lower()
    assert c.heading == 8 and c.square == (10, 12)
    assert [r.kind for r in log] == ["select_maneuver", "select_maneuver"]
    assert all(o["strain"] in (1, 2) for o in log[1].ships["constitution"])


def test_9_1_a_secret_selection_changes_nothing_the_enemy_sees_until_revealed(monkeypatch):
    """9.1: after a Wear (A->D), Constitution secretly selects Back Sail. gb's view of her changes only by the
    hidden marker and the MP spent: the 'no Wear twice in a row' mark is cleared at the reveal, not at the
    selection, which would tell gb the hidden maneuver is no Wear."""
    from cs_desktop.rules import maneuver as mv

    game = sailing(monkeypatch, (10, 12, 4))
    choose(game, WEAR_A_TO_D)
    until_revealed(game)
    assert con(game).no_wear and con(game).maneuver is None
    seen = {k: v for k, v in game.view("gb")["ships"]["constitution"].items() if k not in ("maneuver", "spent")}
    mv.apply_selection(game, con(game), BACK_SAIL)
    after = {k: v for k, v in game.view("gb")["ships"]["constitution"].items() if k not in ("maneuver", "spent")}
    assert after == seen and game.view("gb")["ships"]["constitution"]["maneuver"] == {"hidden": True}
    mv.reveal(game, con(game))
    assert not con(game).no_wear
