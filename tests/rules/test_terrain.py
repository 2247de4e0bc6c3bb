"""Islands and shoals (issue 14 item 1; rulings R2.0e, R9.1e, R9.1f, R17.0a, R11.4.6b, R9.3i, R19.0g): no ship
enters an island and no shot crosses one; a ship entering a shoal may run aground on a seeded die and gets
off by a die each Housekeeping Phase; the terrain shifts with the map; a scenario without terrain plays
byte for byte as before. The map is 32 x 24 squares; wind 5 blows toward heading 5 (from the north), so
heading 3 is a beam reach and heading 5 is running before the wind (C)."""

from __future__ import annotations

import json

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.ai.captains import make_captain
from cs_desktop.ai.judgment_view import scratch_state
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.files import load_scenario_with_ships, parse_scenario
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.rules import maneuver as mv
from cs_desktop.rules import terrain as tr
from cs_desktop.rules.bonus_move import may_choose_bonus
from cs_desktop.rules.decisions import explain_forbidden
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.fire_options import firing_options
from cs_desktop.rules.firing import HOLD, line_of_fire
from cs_desktop.rules.game import Game
from cs_desktop.rules.victory import tally

from tests.rules.fighting_kit import ready, run, script
from tests.rules.harness import answer, at, drive, duel, events_of
from tests.rules.sailing_kit import fix_speeds, hold_still
from tests.rules.test_properties import check_invariants

SHOALS = SCENARIOS / "fleets" / "frigates-among-the-shoals.json"


def island(*squares: tuple[int, int]) -> dict[str, object]:
    return {"kind": "island", "squares": [list(sq) for sq in squares]}


def shoal(*squares: tuple[int, int]) -> dict[str, object]:
    return {"kind": "shoal", "squares": [list(sq) for sq in squares]}


def _select(monkeypatch, terrain, a=(10, 12, 3), b=(28, 20, 7), quality="crack"):
    """Constitution (speed 12) at `a` is asked to select; Java holds a Back Sail at speed 0."""
    fix_speeds(monkeypatch, {"constitution": 12, "java": 0})
    game = duel(a=a, b=b, terrain=terrain, qualities=(quality, None))
    hold_still(game, "java")
    drive(game, until=at("select_maneuver", "us"))
    return game


def _maneuvers(game):
    return {o["maneuver"] for o in game.pending_for("us").ships["constitution"]}


# ---------------------------------------------------------------- islands (R9.1e)
def test_r9_1e_an_advance_into_an_island_is_not_offered_and_is_refused_with_the_rule(monkeypatch):
    """R9.1e: Constitution heading 3 at (10,12) with an island at (11,12): the Advance is not in her legal
    maneuvers, it is listed as forbidden by R9.1e, and submitting it is refused citing R9.1e; the state is
    unchanged. The same square as a shoal leaves the Advance legal."""
    game = _select(monkeypatch, [island((11, 12))])
    assert "advance" not in _maneuvers(game)
    forbidden = game.pending_for("us").info["forbidden"]["constitution"]
    assert any(f["choice"]["maneuver"] == "advance" and f["rule"] == "R9.1e" for f in forbidden)
    before = game.fingerprint()
    refused = game.submit("us", {"constitution": {"maneuver": "advance", "strain": 0}})
    assert not refused and refused.rule == "R9.1e"
    why = explain_forbidden(game.pending_for("us"), "constitution", {"maneuver": "advance", "strain": 0})
    assert why is not None and why.startswith("R9.1e: ") and "island" in why
    assert game.fingerprint() == before
    assert "advance" in _maneuvers(_select(monkeypatch, [shoal((11, 12))]))


def test_r9_1e_no_bonus_move_is_offered_with_land_ahead():
    """R9.1e with 16.0: a ship with an island ahead is not offered a Bonus Move; one square to the side she is."""
    game = duel(a=(10, 12, 3), terrain=[island((11, 12))])
    con = game.state.ships["constitution"]
    assert not may_choose_bonus(game.state, con)
    con.heading = 4
    assert may_choose_bonus(game.state, con)


def test_r9_1e_running_onto_land_she_may_back_sail_again_and_haul_off(monkeypatch):
    """R9.1e: running before the wind (heading 5, C: only Advance and Back Sail) with land at (10,13) dead ahead
    and her last maneuver a Back Sail, Back Sail is still offered (restriction 4 gives way), and when it is
    made she is asked for the free turn of 9.1.1: she hauls her head up to heading 4 and the land is no longer
    ahead."""
    game = _select(monkeypatch, [island((10, 13))], a=(10, 12, 5))
    con = game.state.ships["constitution"]
    assert con.no_back_sail is False
    assert _maneuvers(game) == {"back_sail"}
    answer(game, "us", {"constitution": {"maneuver": "back_sail", "strain": 0}})
    drive(game, until=at("advance_turn", "us"))
    request = game.pending_for("us")
    assert request.rule == "R9.1e"
    turns = {o["turn"] for o in request.ships["constitution"]}
    assert turns == {0, -1, 1}
    answer(game, "us", {"constitution": next(o for o in request.ships["constitution"] if o["turn"] == -1)})
    assert con.heading == 4 and con.square == (10, 12) and con.no_back_sail
    assert not tr.land_ahead(game.state, con)
    # had she kept her head: Back Sail again, though she has just backed her sails
    con.heading = 5
    options, _ = mv.selection_options(game.state, con, 12)
    assert {o["maneuver"] for o in options} == {"back_sail"}


def test_r2_0e_terrain_off_the_map_a_square_twice_or_a_ship_on_an_island_are_file_errors():
    """R2.0e: FILE: FIELD: problem for a terrain square off the map, a ship starting on an island (also a
    lettered start square), and a square listed twice."""
    data = json.loads(SHOALS.read_text(encoding="utf-8"))
    data["terrain"][0]["squares"].append([32, 5])
    data["sides"][1]["ships"][0]["start"] = list(data["terrain"][2]["squares"][0])
    with pytest.raises(FileFormatError) as err:
        parse_scenario(json.dumps(data), "shoals.json")
    fields = dict(err.value.problems)
    assert "off the map" in fields["terrain[0].squares[4]"]
    start = fields["sides[1].ships[0].start"]
    assert "is an island" in start and "R9.1e" in start
    assert str(err.value).startswith("shoals.json: ")
    data = json.loads(SHOALS.read_text(encoding="utf-8"))
    data["engagement"] = "meeting"
    data["sides"][0]["ships"][0]["start"] = "A"  # A is (10, 12)
    data["terrain"].append({"kind": "island", "squares": [[10, 12]]})
    with pytest.raises(FileFormatError) as err:
        parse_scenario(json.dumps(data), "shoals.json")
    assert "sides[0].ships[0].start" in dict(err.value.problems)
    data = json.loads(SHOALS.read_text(encoding="utf-8"))
    data["terrain"].append({"kind": "shoal", "squares": [data["terrain"][0]["squares"][0]]})
    with pytest.raises(FileFormatError) as err:
        parse_scenario(json.dumps(data), "shoals.json")
    assert "already in terrain[0]" in str(err.value)


# ---------------------------------------------------------------- line of fire (R11.4.6b)
def test_r11_4_6b_an_island_on_the_line_of_fire_blocks_the_shot_a_shoal_or_a_corner_does_not():
    """R11.4.6b: Constitution heading 1 at (10,12), Java at (14,12) on her starboard beam: an island at
    (12,12) blocks the line (no line of fire, only Hold Fire offered); a shoal there does not. Java at
    (12,14) on the diagonal: the line touches only (11,13), so an island at (11,12) (a corner) does not block."""
    def bearing(terrain, b=(14, 12, 1)):
        game = ready(a=(10, 12, 1), b=b, terrain=terrain)
        con, java = game.state.ships["constitution"], game.state.ships["java"]
        con.loads = {s: "round" for s in con.loads}
        return line_of_fire(game.state, con, java), firing_options(game.state, con)

    line, options = bearing([island((12, 12))])
    assert line is None and options == (HOLD,)
    line, options = bearing([shoal((12, 12))])
    assert line is not None and line.side == "starboard" and len(options) > 1
    line, _ = bearing([island((11, 12))], b=(12, 14, 1))
    assert line is not None
    line, _ = bearing([island((11, 13))], b=(12, 14, 1))
    assert line is None


# ---------------------------------------------------------------- shoals (R9.1f, R17.0a)
def _into_the_shoal(monkeypatch, die, quality="crack", sail="medium"):
    game = _select(monkeypatch, [shoal((11, 12))], quality=quality)
    game.state.ships["constitution"].sail = sail
    script(game, [die])
    answer(game, "us", {"constitution": {"maneuver": "advance", "strain": 0}})
    drive(game, until=lambda g: bool(events_of(g, "aground") or events_of(g, "shoal_clear")))
    game.state.dice = Dice(5)
    return game


def test_r9_1f_a_ship_entering_a_shoal_sounds_and_runs_aground_on_2_or_less(monkeypatch):
    """R9.1f: Constitution (Crack, +1) advances into the shoal at (11,12) and sounds: die 1 -> 2, aground. She
    gets no free turn, her maneuver is gone, she is halted for the turn and never asked to select; the state
    dict and both views show her aground and the terrain."""
    game = _into_the_shoal(monkeypatch, 1)
    con = game.state.ships["constitution"]
    (sounding,) = [e for e in events_of(game, "roll") if e["purpose"] == "sounding the shoal"]
    assert sounding["rule"] == "R9.1f" and sounding["modified"] == [2]
    assert con.square == (11, 12) and con.aground and con.halted and con.maneuver is None
    assert not events_of(game, "turn")
    for side in ("us", "gb"):
        view = game.view(side)
        assert view["ships"]["constitution"]["aground"] is True
        assert view["terrain"] == [[11, 12, "shoal"]]
    drive(game, until=lambda g: g.state.turn == 2 and g.state.segment == "select")
    drive(game, until=lambda g: g.state.turn == 3 or any(
        r.kind == "select_maneuver" and "constitution" in (r.ships or {}) for r in g.pending))
    assert con.square == (11, 12)
    assert game.state.turn == 3 or con.aground is False


def test_r9_1f_a_higher_die_and_fighting_sail_clear_the_shoal(monkeypatch):
    """R9.1f: die 2 with a Crack crew -> 3: she finds water enough and keeps her free turn; an Average crew at
    Fighting Sail has +1 for her sail: die 2 -> 3, clear too; a Green crew's die 3 -> 2: aground."""
    game = _into_the_shoal(monkeypatch, 2)
    assert not game.state.ships["constitution"].aground and events_of(game, "shoal_clear")
    game = _into_the_shoal(monkeypatch, 2, quality="average", sail="fighting")
    (sounding,) = [e for e in events_of(game, "roll") if e["purpose"] == "sounding the shoal"]
    assert ["Fighting Sail +1", 1] in sounding["modifiers"] and not game.state.ships["constitution"].aground
    game = _into_the_shoal(monkeypatch, 3, quality="green")
    assert game.state.ships["constitution"].aground


def test_r17_0a_a_ship_aground_gets_off_on_5_or_more_with_kedging():
    """R17.0a: in Housekeeping a ship aground rolls one die: Crack +1, crew on Sailing +1 (kedging). Die 3 ->
    5: afloat. Without crew on Sailing die 3 -> 4: still aground. A ship afloat rolls nothing."""
    game = ready(terrain=[shoal((10, 12))])
    con = game.state.ships["constitution"]
    con.aground = True
    con.assign["sailing"] = 0
    script(game, [3])
    run(game, tr.get_off(game))
    assert con.aground and events_of(game, "still_aground")
    con.assign["sailing"] = 1
    script(game, [3])
    run(game, tr.get_off(game))
    (roll,) = [e for e in events_of(game, "roll") if e["purpose"] == "getting off the shoal"][-1:]
    assert roll["rule"] == "R17.0a" and ["kedging: crew on Sailing +1", 1] in roll["modifiers"]
    assert not con.aground and events_of(game, "afloat")
    script(game, [])
    run(game, tr.get_off(game))  # nothing aground: no die (the scripted dice would fail on one)


def test_r9_1f_a_ship_aground_has_speed_0_and_is_not_asked_to_maneuver_until_she_floats(monkeypatch):
    """R9.1f with 7.0: while she cannot get off (R17.0a, made impossible here), at each movement rates a ship
    aground rolls no Hull Bonus, her speed is 0, and she is asked for no maneuver and no Bonus Move; once she
    is afloat she is asked again."""
    monkeypatch.setattr(tr, "AFLOAT_AT", 99)
    game = duel(a=(10, 12, 3), b=(28, 20, 7), terrain=[shoal((10, 12))])
    con = game.state.ships["constitution"]
    con.aground = True  # from the start (set-up is pending)
    drive(game, until=lambda g: g.state.turn == 3)
    assert con.aground and con.speed == 0
    assert game.state.terrain == {con.square: "shoal"}  # she never left it (the map may have shifted, R9.3i)
    assert not [e for e in events_of(game, "move") if e["ship"] == "constitution"]
    bonus = [e for e in events_of(game, "roll") if e["purpose"].startswith("hull bonus")]
    assert bonus and all(e["ship"] != "constitution" for e in bonus)
    assert len(events_of(game, "still_aground")) == 2
    asked = [d for d in game.decisions if d["kind"] in ("select_maneuver", "bonus_move")]
    assert asked and all("constitution" not in d["answer"] for d in asked)
    con.aground = False
    drive(game, until=at("select_maneuver", "us"))
    assert "constitution" in game.pending_for("us").ships


def test_r19_0g_running_aground_scores_nothing():
    """R19.0g: the tally of a game with a ship aground is the tally of the same game with her afloat."""
    game = ready(terrain=[shoal((10, 12))])
    plain = tally(game)
    game.state.ships["constitution"].aground = True
    assert tally(game) == plain


# ---------------------------------------------------------------- the map edge (R9.3i)
def test_r9_3i_the_terrain_shifts_with_the_map_and_squares_off_the_board_are_kept(monkeypatch):
    """R9.3i: Constitution at (31,12) heading 3 Advances east, Java at (20,12): everything shifts one square
    west, the island at (25,5) to (24,5), the shoal at (0,3) off the board to (-1,3), kept; the event says
    the islands and shoals shifted. A shift back brings the shoal on again."""
    game = _select(monkeypatch, [island((25, 5)), shoal((0, 3))], a=(31, 12, 3), b=(20, 12, 7))
    answer(game, "us", {"constitution": {"maneuver": "advance", "strain": 0}})
    drive(game, until=lambda g: bool(events_of(g, "move")))
    (shift,) = events_of(game, "map_shift")
    assert shift["shift"] == [-1, 0] and "islands and shoals" in shift["text"]
    assert game.state.terrain == {(24, 5): "island", (-1, 3): "shoal"}
    assert game.state.to_dict()["terrain"] == [[-1, 3, "shoal"], [24, 5, "island"]]
    mv.apply_shift(game.state, (1, 0))
    assert game.state.terrain == {(25, 5): "island", (0, 3): "shoal"}


def test_r9_3i_fleet_rules_shift_the_terrain_too(monkeypatch):
    """R9.3i under the fleet rules (R9.3f): the fleet shift moves the terrain the same way."""
    fix_speeds(monkeypatch, {"constitution": 12, "java": 0})
    game = duel(a=(31, 12, 3), b=(20, 12, 7), terrain=[island((25, 5))], options={"fleet_rules": True})
    hold_still(game, "java")
    drive(game, until=at("select_maneuver", "us"))
    answer(game, "us", {"constitution": {"maneuver": "advance", "strain": 0}})
    drive(game, until=lambda g: bool(events_of(g, "move")))
    assert game.state.terrain == {(24, 5): "island"} and "islands and shoals" in events_of(game, "map_shift")[0]["text"]


# ---------------------------------------------------------------- no terrain: as before
def test_no_terrain_leaves_the_scenario_state_and_games_byte_identical():
    """A scenario without terrain dumps without the key, and its state dict, views and fingerprint carry no
    terrain and no `aground`: the same game with `terrain: []` is the same bytes, move for move."""
    plain, empty = duel(seed=3), duel(seed=3, terrain=[])
    assert "terrain" not in plain.scenario.model_dump(mode="json")
    assert "terrain" not in empty.scenario.model_dump(mode="json")
    for game in (plain, empty):
        drive(game, until=lambda g: g.state.turn == 3)
    assert plain.fingerprint() == empty.fingerprint()
    data = plain.state.to_dict()
    assert "terrain" not in data and all("aground" not in s for s in data["ships"].values())
    assert "terrain" not in plain.view("us")


# ---------------------------------------------------------------- the captains and whole games
def test_the_captains_view_rebuilds_the_terrain_and_grounding():
    """Terrain is public: the judgment captain's scratch state, rebuilt from a side's view, has the same
    terrain and the same ships aground, so the engine's own legal-move helper gives it the same answer."""
    scenario, ships = load_scenario_with_ships(SHOALS)
    game = Game(scenario, ships, 1, {})
    game.state.ships["galatea"].aground = True
    scratch = scratch_state(game.view("us", events=False), game.cards)
    assert scratch.terrain == game.state.terrain and scratch.ships["galatea"].aground
    assert any(kind == "island" for kind in scratch.terrain.values())


@pytest.mark.parametrize("kind, seed", [("random", 1), ("random", 2), ("simple", 3), ("simple", 4)])
def test_captains_play_the_shoals_scenario_to_the_end_legally_and_it_replays(kind, seed):
    """Property: random and simple captains play `frigates-among-the-shoals` to its turn limit. Every answer is
    accepted (none enters an island), every invariant holds after every decision, no ship ever stands on an
    island, and the game replays to the same fingerprint."""
    scenario, ships = load_scenario_with_ships(SHOALS)
    game = Game(scenario, ships, seed, {})
    captains = {s.id: make_captain(kind, seed + i) for i, s in enumerate(scenario.sides)}
    while game.pending:
        check_invariants(game)
        for ship in game.state.ships.values():
            assert game.state.terrain.get(ship.square) != "island", ship.id
        request = game.pending[0]
        result = game.submit(request.side, captains[request.side].choose(Seat(game, request)))
        assert result, result
    assert game.ended
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()


def test_the_shoals_scenario_grounds_ships_in_play():
    """The mechanism is reached in real games, not only in set pieces: over a few random games on the shipped
    scenario some ship sounds a shoal, one runs aground and one gets off."""
    seen: set[str] = set()
    scenario, ships = load_scenario_with_ships(SHOALS)
    for seed in range(1, 7):
        game = Game(scenario, ships, seed, {})
        captains = {s.id: make_captain("random", seed + i) for i, s in enumerate(scenario.sides)}
        while game.pending:
            request = game.pending[0]
            assert game.submit(request.side, captains[request.side].choose(Seat(game, request)))
        seen |= {e["type"] for e in game.events}
    assert {"shoal_clear", "aground", "afloat"} <= seen


def test_the_captains_weigh_a_shoal_ahead():
    """The judgment helm prices a position on a shoal below the same position at open sea (R9.1f: she may lie
    there aground), and a blocked line of fire (R11.4.6b) gives no hits either way; the simple captain marks an
    Advance into a shoal down by SHOAL_RISK."""
    from cs_desktop.ai import judgment_helm, simple
    from cs_desktop.ai.judgment_helm import Helm

    scenario, ships = load_scenario_with_ships(SHOALS)
    game = Game(scenario, ships, 1, {})
    view = game.view("us", events=False)
    helm = Helm(view, "us", game.cards, None)
    me, enemy = view["ships"]["congress"], view["ships"]["galatea"]
    reef = next(sq for sq, kind in sorted(helm.state.terrain.items()) if kind == "shoal")
    esq = (int(enemy["x"]), int(enemy["y"]))
    on_reef = helm.position(me, reef, 3, enemy, esq)
    terrain = helm.state.terrain
    helm.state.terrain = {}
    at_sea = helm.position(me, reef, 3, enemy, esq)
    helm.state.terrain = terrain
    assert on_reef < at_sea and judgment_helm.SHOAL_RISK > 0
    captain = simple.SimpleCaptain(1)
    ship = dict(me, x=reef[0] - 1, y=reef[1], heading=3)
    advance = {"maneuver": "advance", "strain": 0}
    open_sea = dict(view, terrain=[])
    assert (captain._option_score(view, ship, enemy, advance)
            == captain._option_score(open_sea, ship, enemy, advance) - simple.SHOAL_RISK)


def test_the_judgment_captain_plays_the_shoals_scenario_legally_and_it_replays():
    """The judgment captain (both sides) plays `frigates-among-the-shoals` to the end: every answer accepted,
    never a ship on an island, the game replays to the same fingerprint."""
    scenario, ships = load_scenario_with_ships(SHOALS)
    game = Game(scenario, ships, 9, {})
    captains = {s.id: make_captain("judgment", 9 + i) for i, s in enumerate(scenario.sides)}
    while game.pending:
        request = game.pending[0]
        assert game.submit(request.side, captains[request.side].choose(Seat(game, request)))
        assert all(game.state.terrain.get(s.square) != "island" for s in game.state.ships.values())
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert game.ended and again.fingerprint() == game.fingerprint()
