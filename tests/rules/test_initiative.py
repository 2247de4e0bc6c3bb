"""6.0 Determine Initiative: one die a side, +1 Crack, -1 Green, -1 per previous successive turn held; the
higher wins; ties are rolled again. Dice are set just before the roll (at the crew assignment)."""

from __future__ import annotations

from tests.rules.harness import at, drive, duel, events_of

from tests.rules.sailing_kit import next_dice


def test_6_0_successive_turn_penalty_grows_while_held_and_resets_when_lost():
    """6.0: us wins turn 1 (5 v 1); turn 2 us rolls at -1 (5-1 = 4 v 3) and wins: streak 2; turn 3 us rolls
    at -2 (5-2 = 3 v 4) and loses: gb streak 1 with no penalty, us streak 0; turn 4 us has no penalty and gb
    rolls at -1."""
    game = roll_initiative([5, 1])
    assert game.state.initiative == "us"
    game = roll_initiative([5, 3], game=game)
    t2 = init_rolls(game, 2)
    assert t2[0]["modifiers"] == [["held initiative 1 successive turn(s) -1", -1]] and t2[1]["modifiers"] == []
    assert game.state.initiative == "us" and game.state.sides["us"].initiative_streak == 2
    game = roll_initiative([5, 4], game=game)
    t3 = init_rolls(game, 3)
    assert t3[0]["modifiers"] == [["held initiative 2 successive turn(s) -2", -2]] and t3[0]["modified"] == [3]
    assert game.state.initiative == "gb"
    assert game.state.sides["gb"].initiative_streak == 1 and game.state.sides["us"].initiative_streak == 0
    game = roll_initiative([2, 2, 6, 1], game=game)  # gb 2-1 = 1 vs us 2: us wins without a tie
    t4 = init_rolls(game, 4)
    assert t4[0]["modifiers"] == [] and t4[1]["modifiers"] == [["held initiative 1 successive turn(s) -1", -1]]
    assert len(t4) == 2 and game.state.initiative == "us"


def roll_initiative(dice, game=None, qualities=("average", "average")):
    """Drive a duel (a new one, or `game`) to the next turn's crew assignment, set the next dice to `dice`
    (us's initiative die first, then gb's, re-rolls, then the Hull Bonus dice) and drive until that turn's
    initiative is decided. Both ships sail heading 3 on rows 4 and 20, far apart."""
    if game is None:
        game = duel(a=(4, 4, 3), b=(4, 20, 3), qualities=qualities)
    turn = game.state.turn + 1 if game.state.segment != "setup" else 1
    drive(game, until=lambda g: g.state.turn == turn and at("assign_crew")(g))
    next_dice(game, dice)
    drive(game, until=lambda g: any(e["type"] == "initiative" and e["turn"] == turn for e in g.events))
    return game


def init_rolls(game, turn):
    """The initiative roll events of `turn` (us, gb, then any re-rolls)."""
    return [e for e in events_of(game, "roll") if e["turn"] == turn and e["purpose"].startswith("initiative")]


def test_6_0_crack_adds_one_green_subtracts_one():
    """6.0: Crack us rolls 3 (+1 = 4), Green gb rolls 4 (-1 = 3): us wins; the modifiers are recorded."""
    game = roll_initiative([3, 4], qualities=("crack", "green"))
    us, gb = init_rolls(game, 1)
    assert (us["side"], us["dice"], us["modifiers"], us["modified"]) == ("us", [3], [["Crack crew +1", 1]], [4])
    assert (gb["side"], gb["dice"], gb["modifiers"], gb["modified"]) == ("gb", [4], [["Green crew -1", -1]], [3])
    assert us["rule"] == "6.0"
    assert game.state.initiative == "us" and game.state.sides["us"].initiative_streak == 1
    (won,) = events_of(game, "initiative")
    assert won["side"] == "us" and won["streak"] == 1


def test_6_0_a_tie_is_rolled_again():
    """6.0: 4 v 4 ties (a 'tie' event); the re-roll 2 v 5 gives gb the initiative; four dice in all."""
    game = roll_initiative([4, 4, 2, 5])
    rolled = init_rolls(game, 1)
    assert [(e["side"], e["dice"], e["purpose"]) for e in rolled] == [
        ("us", [4], "initiative"), ("gb", [4], "initiative"),
        ("us", [2], "initiative re-roll (tie)"), ("gb", [5], "initiative re-roll (tie)")]
    (tie,) = events_of(game, "tie")
    assert tie["rule"] == "6.0"
    assert game.state.initiative == "gb"


def test_6_0_a_tie_after_modifiers_is_rolled_again():
    """6.0: Crack us rolls 3 (+1 = 4) v Average gb 4: tied after modifiers; re-roll 6 (+1 = 7) v 1: us."""
    game = roll_initiative([3, 4, 6, 1], qualities=("crack", "average"))
    rolled = init_rolls(game, 1)
    assert [e["modified"] for e in rolled] == [[4], [4], [7], [1]]
    assert rolled[2]["modifiers"] == [["Crack crew +1", 1]]
    assert len(events_of(game, "tie")) == 1 and game.state.initiative == "us"


def test_6_0_natural_higher_die_loses_to_modifiers():
    """6.0: Green us rolls 5 (-1 = 4), Crack gb rolls 4 (+1 = 5): gb wins with the lower natural die."""
    game = roll_initiative([5, 4], qualities=("green", "crack"))
    assert [e["modified"] for e in init_rolls(game, 1)] == [[4], [5]]
    assert game.state.initiative == "gb" and events_of(game, "tie") == []
