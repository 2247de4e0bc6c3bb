"""Decision support (advice.py): maneuver previews (9.1), the firing picture (11.1-11.9) and exact shot odds
(11.4), checked against brute-force enumeration and against the engine's own attack procedure run over
every possible sequence of dice."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from cs_desktop.rules import advice
from cs_desktop.rules import firing
from cs_desktop.rules import geometry as geo
from cs_desktop.rules import maneuver
from cs_desktop.rules.game import Game
from tests.rules.harness import drive, duel


def _ready(a: tuple[int, int, int] = (10, 12, 3), b: tuple[int, int, int] = (16, 12, 1), wind: int = 5,
           **kw: Any) -> Game:
    game = duel(wind=wind, **kw)
    drive(game, until=lambda g: g.state.segment == "select")
    s = game.state
    for ship, (x, y, h) in zip(("constitution", "java"), (a, b), strict=True):
        st = s.ships[ship]
        st.x, st.y, st.heading = x, y, h
    s.stacks = []
    return game


# ------------------------------------------------------------------------------------- distributions
def _enumerate_defense(n: int, mod: int, strength: str) -> list[Fraction]:
    """11.4.7 by hand: every first roll, then every re-roll of the dice the hull re-rolls."""
    out = [Fraction(0)] * (n + 1)
    for first in product(range(1, 7), repeat=n):
        if strength == "firm":
            again = [i for i, v in enumerate(first) if v == 1]
        elif strength == "fragile":
            sixes = [i for i, v in enumerate(first) if v == 6]
            again = sixes[: -(-len(sixes) // 2)]
        else:
            again = []
        for rerolls in product(range(1, 7), repeat=len(again)):
            values = list(first)
            for i, v in zip(again, rerolls, strict=True):
                values[i] = v
            k = sum(1 for v in values if v + mod >= 5)
            out[k] += Fraction(1, 6 ** (n + len(again)))
    return out


@pytest.mark.parametrize("strength", ["average", "firm", "fragile"])
@pytest.mark.parametrize("mod", [0, 1])
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_11_4_7_defense_distribution_matches_enumeration(n: int, mod: int, strength: str) -> None:
    got = advice.defense_distribution(n, mod, strength)
    want = _enumerate_defense(n, mod, strength)
    assert got == pytest.approx([float(w) for w in want], abs=1e-12)


@pytest.mark.parametrize("mod", [-2, -1, 0, 1, 2])
def test_11_4_5_hits_distribution_matches_enumeration(mod: int) -> None:
    n = 4
    want = [Fraction(0)] * (n + 1)
    for dice in product(range(1, 7), repeat=n):
        want[sum(1 for v in dice if v + mod >= 5)] += Fraction(1, 6 ** n)
    assert advice.hits_distribution(n, mod) == pytest.approx([float(w) for w in want], abs=1e-12)


# ------------------------------------------------------------------------------------- the engine itself
class _NeedMore(Exception):
    pass


class _ScriptedDice:
    def __init__(self, values: list[int]) -> None:
        self.values = values
        self.i = 0

    def d6(self) -> int:
        if self.i >= len(self.values):
            raise _NeedMore
        self.i += 1
        return self.values[self.i - 1]


def _engine_outcomes(game: Game, firer_id: str, target_id: str, sections: list[str], aim: str) -> tuple[
        list[Fraction], dict[str, Fraction]]:
    """Run firing.roll_attacks over every possible sequence of dice (a depth-first walk of the dice tree);
    returns the exact distribution of total hits and the expected hull/rigging/crew hits."""
    state = game.state
    real_dice = state.dice
    smoke = dict(state.smoke)
    n_events = len(game.events)
    dist: dict[int, Fraction] = {}
    exp = {"hull": Fraction(0), "rigging": Fraction(0), "crew": Fraction(0)}
    choice = {"target": target_id, "sections": {s: aim for s in sections}, "chaser": None}
    stack: list[list[int]] = [[]]
    try:
        while stack:
            prefix = stack.pop()
            state.dice = _ScriptedDice(prefix)  # type: ignore[assignment]
            gen = firing.roll_attacks(game, state.ships[firer_id], choice)
            try:
                next(gen)
                raise AssertionError("roll_attacks asked a question")
            except StopIteration as stop:
                results = stop.value
            except _NeedMore:
                stack.extend(prefix + [v] for v in range(1, 7))
                continue
            finally:
                state.smoke = dict(smoke)
                del game.events[n_events:]
            p = Fraction(1, 6 ** len(prefix))
            hits = sum(r.hits for r in results)
            dist[hits] = dist.get(hits, Fraction(0)) + p
            for r in results:
                exp["hull"] += p * r.hull
                exp["rigging"] += p * r.rigging
                exp["crew"] += p * r.crew
    finally:
        state.dice = real_dice
    top = max(dist)
    return [dist.get(k, Fraction(0)) for k in range(top + 1)], exp


@pytest.mark.parametrize("strength,aim,fighting_sail", [
    ("firm", "low", False),
    ("fragile", "high", True),
    ("average", "high", False),
])
def test_11_4_shot_odds_equal_the_engine_over_every_dice_sequence(strength: str, aim: str,
                                                                   fighting_sail: bool) -> None:
    """11.4.4-11.4.9: Java, 2 MP east of Constitution and heading north, fires her port bow section (one
    die); the odds equal the engine's attack resolved over every possible sequence of dice (Firm/Fragile
    re-rolls, the damage roll with its windward and aim modifiers, Fighting Sail halving rigging hits)."""
    from tests.rules.harness import ship_card

    constitution = ship_card("constitution", hull_strength=strength)
    game = _ready(a=(10, 12, 3), b=(11, 12, 1), cards={"constitution": constitution})
    state = game.state
    java = state.ships["java"]
    if fighting_sail:
        state.ships["constitution"].sail = "fighting"
    line = firing.line_of_fire(state, java, state.ships["constitution"])
    assert line is not None and line.side == "port" and line.mp == 2
    java.assign["gunnery"]["port_bow"] = 1
    java.loads["port_bow"] = "round"
    odds = advice.shot_odds(state, "java", "constitution", ["port_bow"], aim)
    dist, exp = _engine_outcomes(game, "java", "constitution", ["port_bow"], aim)
    n = len(odds["hits"])
    dist = dist + [Fraction(0)] * (n - len(dist))
    assert odds["hits"] == pytest.approx([float(d) for d in dist], abs=1e-12)
    for key in ("hull", "rigging", "crew"):
        assert odds["expected"][key] == pytest.approx(float(exp[key]), abs=1e-12)


@pytest.mark.parametrize("aim", ["low", "high"])
def test_11_8_stern_rake_odds_equal_the_engine(aim: str) -> None:
    """11.8: a stern rake multiplies hull hits by 1.5 after defense; the odds follow the engine exactly."""
    # Constitution heads north at (10, 12); Java, next square east, heads east, away from her, on a
    # perpendicular heading: Constitution's starboard broadside rakes Java's stern.
    game = _ready(a=(10, 12, 1), b=(11, 12, 3))
    state = game.state
    con = state.ships["constitution"]
    line = firing.line_of_fire(state, con, state.ships["java"])
    assert line is not None and line.rake == "stern" and line.side == "starboard"
    con.assign["gunnery"]["starboard_bow"] = 1
    con.loads["starboard_bow"] = "round"
    odds = advice.shot_odds(state, "constitution", "java", ["starboard_bow"], aim)
    assert odds["rake"] == "stern"
    dist, exp = _engine_outcomes(game, "constitution", "java", ["starboard_bow"], aim)
    dist = dist + [Fraction(0)] * (len(odds["hits"]) - len(dist))
    assert odds["hits"] == pytest.approx([float(d) for d in dist], abs=1e-12)
    assert odds["expected"]["hull"] == pytest.approx(float(exp["hull"]), abs=1e-12)


def test_11_3_split_attacks_share_the_defense_dice() -> None:
    """11.3/11.4.2: two sections with different loads are two attacks, each meeting half the defense."""
    game = _ready(a=(10, 12, 1), b=(14, 12, 5))
    state = game.state
    con = state.ships["constitution"]
    con.loads["starboard_bow"] = "round"
    con.loads["starboard_aft"] = "double"
    odds = advice.shot_odds(state, "constitution", "java", ["starboard_bow", "starboard_aft"], "low")
    assert len(odds["attacks"]) == 2
    assert sum(a["defense_dice"] for a in odds["attacks"]) == odds["defense_dice"]
    assert odds["attacks"][1]["to_hit_modifier"] == odds["attacks"][0]["to_hit_modifier"] + 1  # Double Shot
    assert sum(odds["hits"]) == pytest.approx(1.0)
    assert odds["expected_hits"] == pytest.approx(sum(a["expected_hits"] for a in odds["attacks"]))
    for part in ("hull", "rigging", "crew"):  # each attack's damage split adds up to the whole
        assert odds["expected"][part] == pytest.approx(sum(a["expected"][part] for a in odds["attacks"]))


def test_11_1_shot_odds_refuse_a_section_that_does_not_bear() -> None:
    game = _ready(a=(10, 12, 1), b=(14, 12, 5))
    with pytest.raises(ValueError, match="11.1"):
        advice.shot_odds(game.state, "constitution", "java", ["port_bow"], "low")


def test_11_9_chaser_odds() -> None:
    game = _ready(a=(10, 12, 3), b=(14, 12, 3))
    odds = advice.shot_odds(game.state, "constitution", "java", [], chaser="bow")
    n = firing.chaser_dice(game.state.ships["constitution"], "bow")
    assert odds["expected"]["rigging"] == pytest.approx(n / 6)
    assert odds["expected"]["hull"] == 0


# ------------------------------------------------------------------------------------- maneuvers
def test_9_1_previews_show_where_each_maneuver_ends() -> None:
    game = _ready(a=(10, 12, 3), b=(16, 20, 1), wind=5)  # wind from the north: Constitution at D (beam)
    previews = advice.maneuver_previews(game.state, "constitution")
    legal = [p for p in previews if p["legal"]]
    assert [p["index"] for p in previews] == list(range(len(previews)))
    adv = next(p for p in legal if p["maneuver"] == "advance")
    assert adv["square"] == [11, 12] and adv["heading"] == 3 and adv["cost"] == 2
    assert adv["wind_position"] == "D" and adv["choice"]["strain"] == 0
    wear = next(p for p in legal if p["maneuver"] == "wear")
    assert wear["square"] == [10, 12] and wear["heading"] == geo.turn(3, wear["choice"]["turn"])
    tack = next(p for p in previews if p["maneuver"] == "tack")
    assert not tack["legal"] and tack["rule"] == "9.1.4"
    # every legal selection the engine offers is in exactly one preview
    opts, _ = maneuver.selection_options(game.state, game.state.ships["constitution"], legal[0]["remaining"])
    assert sorted(map(repr, opts)) == sorted(repr(o) for p in legal for o in p["options"])


def test_9_1_restriction_2_carry_over_needs_a_strain() -> None:
    game = _ready(a=(10, 12, 3), b=(16, 20, 1), wind=5)
    previews = advice.maneuver_previews(game.state, "constitution", remaining=1)
    adv = next(p for p in previews if p["maneuver"] == "advance")
    assert adv["carries_over"] and adv["strain_needed"] and adv["choice"]["strain"] >= 1
    assert all(o["strain"] >= 1 for o in adv["options"])


def test_9_1_4_tack_preview_turns_through_the_wind() -> None:
    game = _ready(a=(10, 12, 2), b=(20, 20, 1), wind=5)  # heading NE, wind from N: G? (beating)
    previews = advice.maneuver_previews(game.state, "constitution")
    tack = next(p for p in previews if p["maneuver"] == "tack")
    assert tack["legal"]
    assert tack["heading"] == 8 and tack["failure"]["heading"] == 1
    assert tack["failure"]["wind_position"] == "H"
    assert 0 < tack["success_chance"] <= 1


def test_9_3_advance_off_the_edge_reports_the_shift() -> None:
    game = _ready(a=(31, 12, 3), b=(25, 12, 3), wind=3)
    adv = next(p for p in advice.maneuver_previews(game.state, "constitution") if p["maneuver"] == "advance")
    assert adv["map_edge"]["shift"] == [-1, 0]
    assert adv["square"] == [31, 12]


# ------------------------------------------------------------------------------------- firing picture
def test_11_1_firing_picture_arcs_and_enemy() -> None:
    game = _ready(a=(10, 12, 1), b=(12, 12, 5), wind=3)
    pic = advice.firing_picture(game.state, "constitution")
    port = {tuple(s) for s in pic["arcs"]["port"]}
    star = {tuple(s) for s in pic["arcs"]["starboard"]}
    assert (13, 12) in star and (7, 12) in port and not port & star
    assert all(geo.mp_distance((10, 12), s) <= 24 for s in port | star)
    assert (10, 9) in {tuple(s) for s in pic["chaser_arcs"]["bow"]}
    (enemy,) = pic["enemies"]
    assert enemy["target"] == "java" and enemy["mp"] == 4 and enemy["in_arc"] == "starboard"
    assert set(enemy["sections"]) == {"starboard_bow", "starboard_aft"}
    assert enemy["carronades_in_range"] and not enemy["carronades_doubled"]
    # Java heads south; Constitution is to her west: Java's starboard side faces her (11.4.10)
    assert set(enemy["hit_sections"]) == {"starboard_bow", "starboard_aft"}
    con = game.state.ships["constitution"]
    for section, info in enemy["sections"].items():
        assert (info["long"], info["carronades"]) == firing.section_dice(con, section, 4)


def test_11_8_firing_picture_marks_a_rake() -> None:
    game = _ready(a=(10, 12, 1), b=(10, 8, 3), wind=3)  # Java crosses ahead? put her in the beam instead
    state = game.state
    java = state.ships["java"]
    java.x, java.y, java.heading = 14, 12, 7  # heading west, straight at Constitution: bow rake
    pic = advice.firing_picture(state, "constitution")
    (enemy,) = pic["enemies"]
    assert enemy["rake"] == "bow" and set(enemy["hit_sections"]) == {"port_bow", "starboard_bow"}


def test_firing_picture_out_of_range() -> None:
    game = _ready(a=(0, 0, 3), b=(31, 23, 3), wind=3)
    (enemy,) = advice.firing_picture(game.state, "constitution")["enemies"]
    assert not enemy["can_fire"] and "24 MP" in enemy["why"]


def test_9_3_fleet_advance_off_the_edge_reports_that_she_would_leave_the_battle() -> None:
    """R9.3f: with Java at (0,12) no shift fits. As written the Advance would end the game; under the fleet
    rules Constitution would leave the battle, which ends it only if she is her side's last ship fighting."""
    plain = _ready(a=(31, 12, 3), b=(0, 12, 3), wind=3)
    adv = next(p for p in advice.maneuver_previews(plain.state, "constitution") if p["maneuver"] == "advance")
    assert adv["map_edge"] == {"shift": None, "ends_game": True, "rule": "9.3"}
    for extra, ends in (({}, True), ({"us": [("congress", (15, 5, 3))]}, False)):
        game = _ready(a=(31, 12, 3), b=(0, 12, 3), wind=3, extra=extra, options={"fleet_rules": True})
        adv = next(p for p in advice.maneuver_previews(game.state, "constitution") if p["maneuver"] == "advance")
        assert adv["map_edge"] == {"shift": None, "ends_game": ends, "rule": "9.3", "escapes": True}
