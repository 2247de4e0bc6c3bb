"""16.0 Bonus Move: forced after a Straining selection, otherwise optional (Non-Initiative Player declares
first, both before any roll), never for a dismasted ship (unless forced) nor one In Irons; one square
straight ahead, no turn; then the rigging check: die + Crew Quality + 1 for Sailing crew + Straining value,
6+ holds, otherwise 1 or 2 rigging hits (the Straining value).

Wind 5 (heading 3 = D). Constitution ('us', Crack) at (10,12) heading 3; Java ('gb') far away."""

from __future__ import annotations

from tests.rules.harness import answer, at, drive, duel, events_of, full_gunnery

from tests.rules.sailing_kit import fix_speeds, hold_still, next_dice


def test_16_0_dismasted_ship_that_strained_must_still_move(monkeypatch):
    """3.8 / 16.0: dismasted but Straining 1: the Bonus Move is forced all the same: (10,12)->(11,12)."""
    game = strained(monkeypatch, 1, rigging=0)
    answer(game, "gb", {"java": 0})
    drive(game, until=lambda g: bool(bonus_rolls(g)) and bool(g.pending))
    assert con(game).square == (11, 12)


def with_sailing(game, request):
    """Full gunnery, but one point off the last section to put one on Sailing (5.1.1)."""
    out = full_gunnery(game, request)
    for assign in out.values():
        for section in ("starboard_aft", "starboard_bow", "port_aft", "port_bow"):
            if assign["gunnery"][section]:
                assign["gunnery"][section] -= 1
                break
        assign["sailing"] = 1
    return out


def strained(monkeypatch, strain, quality="average", sailing=False, ip="us", rigging=None):
    """Constitution selects Advance with Straining `strain` at speed 1 (a carry-over); returns at the bonus
    segment with Java's optional Bonus Move request pending."""
    fix_speeds(monkeypatch, {"constitution": 1, "java": 0})
    game = duel(a=(10, 12, 3), b=(28, 20, 7), seed=4, qualities=(quality, "average"))
    hold_still(game, "java")
    policy = {"assign_crew": with_sailing} if sailing else None
    drive(game, until=at("select_maneuver", "us"), policy=policy)
    game.state.initiative = ip
    if rigging is not None:
        game.state.ships["constitution"].rigging = rigging
    answer(game, "us", {"constitution": {"maneuver": "advance", "strain": strain}})
    drive(game, until=at("bonus_move"))
    return game


def bonus_rolls(game):
    return [e for e in events_of(game, "roll") if e["purpose"] == "bonus move"]


def con(game):
    return game.state.ships["constitution"]


def test_16_0_straining_forces_the_bonus_move_one_square_straight_ahead(monkeypatch):
    """16.0: Constitution strained (1): she is not asked, moves (10,12)->(11,12) keeping heading 3 (no free
    turn offered though D->A would be superior); die 5 + Straining 1 = 6 holds: rigging unchanged."""
    game = strained(monkeypatch, 1)
    assert [(r.kind, r.side) for r in game.pending] == [("bonus_move", "gb")]
    next_dice(game, [5])
    answer(game, "gb", {"java": 0})
    drive(game, until=lambda g: g.state.segment == "housekeeping" or g.state.turn == 2)
    assert con(game).square == (11, 12) and con(game).heading == 3
    assert not any(e["type"] == "turn" and e.get("ship") == "constitution" for e in game.events)
    assert not any(d["kind"] == "advance_turn" for d in game.decisions)
    (roll,) = bonus_rolls(game)
    assert roll["rule"] == "16.0" and roll["dice"] == [5] and roll["modifiers"] == [["Straining 1 +1", 1]]
    assert con(game).rigging == con(game).card.rigging_points
    assert events_of(game, "bonus_ok")


def test_16_0_failed_check_after_straining_1_costs_one_rigging_hit(monkeypatch):
    """16.0: Straining 1, die 4 (+1 = 5 < 6): one rigging hit, rigging 16 -> 15."""
    game = strained(monkeypatch, 1)
    next_dice(game, [4])
    answer(game, "gb", {"java": 0})
    drive(game, until=lambda g: bool(bonus_rolls(g)) and bool(g.pending))
    assert bonus_rolls(game)[0]["modified"] == [5]
    assert con(game).rigging == 15


def test_16_0_failed_check_after_straining_2_costs_two_rigging_hits(monkeypatch):
    """16.0: Straining 2, die 3 (+2 = 5 < 6): two rigging hits, rigging 16 -> 14."""
    game = strained(monkeypatch, 2)
    next_dice(game, [3])
    answer(game, "gb", {"java": 0})
    drive(game, until=lambda g: bool(bonus_rolls(g)) and bool(g.pending))
    (roll,) = bonus_rolls(game)
    assert roll["modifiers"] == [["Straining 2 +2", 2]] and roll["modified"] == [5]
    assert con(game).rigging == 14


def test_16_0_rigging_check_adds_crew_quality_and_sailing_crew(monkeypatch):
    """16.0 / 5.1.1: Crack crew (+1) with one point on Sailing (+1), Straining 1 (+1): die 3 -> 6 holds."""
    game = strained(monkeypatch, 1, quality="crack", sailing=True)
    assert con(game).assign["sailing"] == 1
    next_dice(game, [3])
    answer(game, "gb", {"java": 0})
    drive(game, until=lambda g: bool(bonus_rolls(g)) and bool(g.pending))
    (roll,) = bonus_rolls(game)
    assert roll["modifiers"] == [["Crack crew +1", 1], ["crew assigned to Sailing +1", 1], ["Straining 1 +1", 1]]
    assert roll["modified"] == [6] and con(game).rigging == 16


def test_16_0_green_crew_subtracts_one(monkeypatch):
    """16.0: Green crew, Straining 2, die 5 (-1 +2 = 6) holds; the -1 is recorded."""
    game = strained(monkeypatch, 2, quality="green")
    next_dice(game, [5])
    answer(game, "gb", {"java": 0})
    drive(game, until=lambda g: bool(bonus_rolls(g)) and bool(g.pending))
    (roll,) = bonus_rolls(game)
    assert roll["modifiers"] == [["Green crew -1", -1], ["Straining 2 +2", 2]] and roll["modified"] == [6]


def test_16_0_optional_bonus_move_non_initiative_player_declares_first_and_no_roll_before_both(monkeypatch):
    """16.0: neither ship strained (both speed 0); us holds the initiative, so gb is asked first; after gb
    declares Straining 1 nothing is rolled yet; then us is asked; both then move one square ahead."""
    fix_speeds(monkeypatch, {"constitution": 0, "java": 0})
    game = duel(a=(10, 12, 3), b=(28, 20, 7), seed=5)
    hold_still(game, "constitution", "java")  # neither selects, so neither has to Strain (9.1 restriction 2)
    drive(game, until=at("bonus_move"))
    game.state.initiative = "us"
    from tests.rules.harness import pending_kind
    assert pending_kind(game) == "bonus_move"
    first = game.pending[0]
    assert first.side == "gb" and first.ships == {"java": (0, 1, 2)}
    answer(game, "gb", {"java": 1})
    assert bonus_rolls(game) == []
    assert [(r.kind, r.side) for r in game.pending] == [("bonus_move", "us")]
    assert game.pending[0].ships == {"constitution": (0, 1, 2)}
    answer(game, "us", {"constitution": 2})
    drive(game, until=lambda g: len(bonus_rolls(g)) == 2 and bool(g.pending))
    assert con(game).square == (11, 12)
    assert game.state.ships["java"].square == (27, 20)
    assert [r["ship"] for r in bonus_rolls(game)] == ["constitution", "java"]  # moved and rolled IP first


def test_16_0_declining_the_optional_bonus_move_leaves_the_ship_in_place(monkeypatch):
    """16.0: answering 0 for both: no move, no bonus roll."""
    fix_speeds(monkeypatch, {"constitution": 0, "java": 0})
    game = duel(a=(10, 12, 3), b=(28, 20, 7), seed=5)
    hold_still(game, "constitution", "java")  # neither selects, so neither has to Strain (9.1 restriction 2)
    drive(game, until=lambda g: g.state.segment == "housekeeping" or g.state.turn == 2)
    assert con(game).square == (10, 12) and game.state.ships["java"].square == (28, 20)
    assert bonus_rolls(game) == []


def test_16_0_dismasted_ship_may_not_choose_a_bonus_move(monkeypatch):
    """16.0 / 3.8: Constitution's rigging in the Strike Check box (0): only Java is asked."""
    fix_speeds(monkeypatch, {"constitution": 0, "java": 0})
    game = duel(a=(10, 12, 3), b=(28, 20, 7), seed=5)
    hold_still(game, "constitution", "java")  # neither selects, so neither has to Strain (9.1 restriction 2)
    drive(game, until=at("assign_crew"))
    con(game).rigging = 0
    drive(game, until=at("bonus_move"))
    assert [(r.side, set(r.ships)) for r in game.pending] == [("gb", {"java"})]
    answer(game, "gb", {"java": 0})
    assert not any(r.kind == "bonus_move" for r in game.pending)
