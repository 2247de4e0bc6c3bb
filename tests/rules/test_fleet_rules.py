"""The fleet rules switch (`fleet_rules`, rulings R9.3f-R9.3g, R18.0f-R18.0h, R19.0f): with many ships a side
a ship that cannot stay on the map leaves the battle and the battle goes on; a struck ship stays as a hulk
that an enemy may take possession of; a side is beaten when it has nothing left fighting; a captured ship
scores the capture points in place of the strike points. The map is 32 x 24 squares (x 0..31, y 0..23)."""

from __future__ import annotations

from cs_desktop.rules.decisions import Request, sample
from cs_desktop.rules.determinize import determinize
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.rules.victory import tally

from tests.rules.harness import answer, at, drive, duel, events_of
from tests.rules.sailing_kit import fix_speeds, hold_still

FLEET = {"fleet_rules": True}


def _plain(game: Game, request: Request) -> dict[str, dict[str, object]]:
    assert request.ships is not None
    return {sid: next((o for o in opts if o["maneuver"] == "back_sail" and not o.get("strain")),
                      next((o for o in opts if not o.get("strain")), opts[0]))
            for sid, opts in request.ships.items()}


def advance_off(monkeypatch, a, b, *, extra, options=FLEET, hulks=()):
    """Constitution (speed 12) at `a` Advances; every other ship has speed 0 and holds a Back Sail. `hulks`
    are struck before the first maneuver. Returns the game once Constitution's Advance is made, or she has
    left, or the game has ended."""
    speeds = {"constitution": 12, "java": 0}
    speeds.update({sid: 0 for more in extra.values() for sid, _ in more})
    fix_speeds(monkeypatch, speeds)
    game = duel(a=a, b=b, extra=extra, options=dict(options))
    hold_still(game, *(sid for sid, speed in speeds.items() if speed == 0))
    drive(game, until=at("select_maneuver", "us"))
    for sid in hulks:
        game.state.ships[sid].struck = True
    request = game.pending_for("us")
    assert request is not None
    choice = _plain(game, request)
    choice["constitution"] = {"maneuver": "advance", "strain": 0}
    answer(game, "us", choice)
    drive(game, until=lambda g: g.ended or bool(events_of(g, "move") or events_of(g, "escaped")),
          policy={"select_maneuver": _plain})
    return game


def test_9_3_fleet_ship_that_cannot_stay_escapes_battle_goes_on(monkeypatch):
    """R9.3f: Constitution at (31,12) heading 3 Advances east; Java lies at (0,12), so no shift keeps every
    ship on the map. Under the fleet rules she leaves the battle (event `escaped`, rule 9.3), nothing
    shifts, and the battle goes on: Congress fights on for the United States."""
    game = advance_off(monkeypatch, (31, 12, 3), (0, 12, 7), extra={"us": [("congress", (15, 5, 3))]})
    assert not game.ended
    con = game.state.ships["constitution"]
    assert con.escaped and not con.afloat and con.square == (31, 12)
    (escaped,) = events_of(game, "escaped")
    assert escaped["rule"] == "9.3" and escaped["ship"] == "constitution" and escaped["side"] == "us"
    assert not events_of(game, "map_shift") and not events_of(game, "map_edge")
    assert game.state.ships["java"].square == (0, 12) and game.state.ships["congress"].square == (15, 5)
    assert [s.id for s in game.state.afloat("us")] == ["congress"]
    # the next turn goes on without her: she is asked nothing and never moves again
    drive(game, until=lambda g: g.state.turn == 3, policy={"select_maneuver": _plain})
    assert not game.ended
    asked = [d for d in game.decisions[-6:] if d["kind"] in ("assign_crew", "select_maneuver")]
    assert asked and all("constitution" not in d["answer"] for d in asked)
    assert con.square == (31, 12)


def test_9_3_switch_off_the_same_move_ends_the_game(monkeypatch):
    """9.3 / 18.0 as written (the switch off): the same move ends the game at once, three ships or not."""
    game = advance_off(monkeypatch, (31, 12, 3), (0, 12, 7), extra={"us": [("congress", (15, 5, 3))]},
                       options={})
    assert game.ended and "sailed off the map (9.3)" in game.state.end_reason
    assert events_of(game, "map_edge") and not events_of(game, "escaped")
    assert "escaped" not in game.state.to_dict()["ships"]["constitution"]
    assert "fleet_rules" not in game.view("us") and "escaped" not in game.events[-1]["result"]["sides"]["us"]


def test_9_3_fleet_shift_keeps_every_ship_fighting_on_the_map(monkeypatch):
    """R9.3f: a shift that keeps every ship still fighting on the map is made as in 9.3: (-1, 0) here."""
    game = advance_off(monkeypatch, (31, 12, 3), (20, 5, 7), extra={"us": [("congress", (5, 5, 3))]})
    assert events_of(game, "map_shift")[0]["shift"] == [-1, 0]
    assert {s.id: s.square for s in game.state.ships.values()} == {
        "constitution": (31, 12), "java": (19, 5), "congress": (4, 5)}
    assert not any(s.escaped for s in game.state.ships.values())


def test_9_3_fleet_hulk_carried_off_by_a_shift_drifts_out_of_the_battle(monkeypatch):
    """R9.3g: hulks do not hold the fleets back: the struck Guerriere at (0,9) would stop any shift, but the
    shift is made for the ships still fighting and carries her off the map: she drifts out of the battle
    (escaped, still struck: her enemy keeps the strike points)."""
    game = advance_off(monkeypatch, (31, 12, 3), (20, 5, 7), extra={"gb": [("guerriere", (0, 9, 7))]},
                       hulks=("guerriere",))
    assert events_of(game, "map_shift")[0]["shift"] == [-1, 0]
    guerriere = game.state.ships["guerriere"]
    assert guerriere.escaped and guerriere.struck and guerriere.square == (0, 9)  # her last square on the map
    (adrift,) = events_of(game, "adrift")
    assert adrift["rule"] == "9.3" and adrift["ship"] == "guerriere"
    assert not game.ended  # Java still fights
    assert tally(game)["sides"]["us"]["struck"] == 1


def test_18_0_fleet_side_beaten_when_its_last_ship_fighting_escapes(monkeypatch):
    """R18.0f: Java has struck; Britain's last ship fighting, Guerriere, cannot stay on the map and leaves:
    Britain has nothing left fighting and the game ends; victory points decide (R19.0f: Java struck, +5 to
    the United States; Guerriere escaped, nothing)."""
    fix_speeds(monkeypatch, {"constitution": 0, "java": 0, "guerriere": 12})
    game = duel(a=(0, 12, 7), b=(20, 5, 7), extra={"gb": [("guerriere", (31, 12, 3))]}, options=FLEET)
    hold_still(game, "constitution")
    game.state.ships["java"].struck = True
    drive(game, until=at("select_maneuver", "gb"))
    answer(game, "gb", {"guerriere": {"maneuver": "advance", "strain": 0}})
    drive(game, policy={"select_maneuver": _plain})
    assert game.ended
    assert game.state.end_reason == "Britain has no ship left fighting: Guerriere left the battle (9.3)"
    result = game.events[-1]["result"]
    assert result["sides"]["us"]["struck"] == 1 and result["sides"]["us"]["escaped"] == 1
    assert result["sides"]["us"]["captured"] == 0 and result["sides"]["gb"]["escaped"] == 0


def _alongside_a_hulk(take: bool) -> Game:
    """Constitution and Java share (10,12); Java has struck; Guerriere fights on far away. Driven to the end
    of the first impulse in which anyone acts, answering `take` to the boarding party."""
    game = duel(a=(10, 12, 3), b=(10, 12, 3), extra={"gb": [("guerriere", (25, 20, 7))]}, options=FLEET)
    game.state.ships["java"].struck = True
    drive(game, until=lambda g: g.state.turn > 1 or bool(events_of(g, "possession")),
          policy={"take_possession": lambda g, r: take, "select_maneuver": _plain,
                  "assign_crew": lambda g, r: {sid: {"sailing": 0, "rigging_change": 0, "rigging_dc": 0,
                                                     "hull_dc": {s: 0 for s in lim["gunnery"]},
                                                     "gunnery": {s: 0 for s in lim["gunnery"]}}
                                               for sid, lim in r.info["limits"].items()}})
    return game


def test_18_0_fleet_hulk_may_be_taken_possession_of_by_a_boarding_party():
    """R18.0h: a ship with crew left to Melee sharing the square of an enemy hulk is asked (at the 12.0 step)
    whether to send a boarding party; yes takes possession of her with no roll: Java is captured, the game
    goes on (Guerriere still fights), and the tally counts her captured, not struck (R19.0f)."""
    game = _alongside_a_hulk(True)
    (taken,) = events_of(game, "possession")
    assert taken["rule"] == "18.0" and taken["ship"] == "constitution" and taken["hulk"] == "java"
    java = game.state.ships["java"]
    assert java.captured and java.struck and not game.ended
    assert game.decisions[-1]["kind"] == "take_possession"
    sides = tally(game)["sides"]
    assert (sides["us"]["struck"], sides["us"]["captured"]) == (0, 1)


def test_18_0_fleet_declined_hulk_is_asked_again_and_stays_struck():
    game = _alongside_a_hulk(False)
    assert sum(1 for d in game.decisions if d["kind"] == "take_possession") >= 2
    java = game.state.ships["java"]
    assert java.struck and not java.captured and java.square == (10, 12)


def _fire_requests(monkeypatch, java_struck: bool) -> tuple[Game, list[Request]]:
    fix_speeds(monkeypatch, {"constitution": 0, "java": 12, "guerriere": 0})
    game = duel(a=(10, 12, 1), b=(14, 12, 3), extra={"gb": [("guerriere", (25, 20, 7))]}, options=FLEET)
    game.state.ships["java"].struck = java_struck
    seen: list[Request] = []

    def fire(g: Game, r: Request) -> dict[str, object]:
        seen.append(r)
        return {s: opts[0] for s, opts in (r.ships or {}).items()}

    drive(game, until=lambda g: g.state.turn > 2, policy={"fire": fire, "select_maneuver": _plain})
    return game, seen


def test_18_0_fleet_hulk_neither_moves_nor_fires_nor_is_a_target(monkeypatch):
    """R18.0g: Java lies 4 squares off Constitution's starboard battery. Fighting, she is offered as a target
    (and fires back); struck, nobody is asked to fire (she is no target and fires no more), she is asked for
    no crew or maneuver, and she stays in her square (no drift) though her speed would be 12."""
    _, fighting = _fire_requests(monkeypatch, False)
    assert any(o.get("target") == "java" for r in fighting for opts in (r.ships or {}).values() for o in opts)
    game, seen = _fire_requests(monkeypatch, True)
    assert seen == []
    assert game.state.ships["java"].square == (14, 12) and game.state.turn == 3
    asked = [d["answer"] for d in game.decisions if d["kind"] in ("assign_crew", "select_maneuver")]
    assert asked and all("java" not in a for a in asked)


def test_19_0_fleet_captured_ship_counts_capture_points_in_place_of_strike_points():
    """R19.0f: Java struck and taken, Guerriere struck: 10 + 5 for the United States (as written, without
    the switch, a struck ship later captured would count both: 5 + 10 + 5)."""
    extra = {"gb": [("guerriere", (25, 20, 7))]}
    for options, expected in ((FLEET, (1, 1, 15)), ({}, (2, 1, 20))):
        game = duel(extra=extra, options=dict(options))
        for sid in ("java", "guerriere"):
            game.state.ships[sid].struck = True
        game.state.ships["java"].captured = True
        us = tally(game)["sides"]["us"]
        base = us["bonus"] + us["bid_received"]
        assert (us["struck"], us["captured"], us["vp"] - base) == expected


def test_fleet_views_show_hulks_and_escaped_ships_to_both_sides(monkeypatch):
    """Both sides see which ships have left the battle and which are hulks; hidden things stay hidden."""
    game = advance_off(monkeypatch, (31, 12, 3), (0, 12, 7), extra={"us": [("congress", (15, 5, 3))],
                                                                    "gb": [("guerriere", (20, 20, 7))]},
                       hulks=("guerriere",))
    for side in ("us", "gb", None):
        view = game.view(side)
        assert view["fleet_rules"] is True
        ships = view["ships"]
        assert ships["constitution"]["escaped"] is True and ships["constitution"]["struck"] is False
        assert ships["guerriere"]["struck"] is True and ships["guerriere"]["escaped"] is False
        assert ships["congress"]["escaped"] is False
    gb_view = game.view("gb")["ships"]["constitution"]
    assert all(isinstance(v, bool) for v in gb_view["loads"].values())  # her loads stay hidden from Britain


def test_fleet_determinized_copies_and_replay_keep_escaped_ships_and_hulks():
    """Random play of three ships a side under the fleet rules until ships have left the battle: determinized
    copies for both sides show the same ships (escaped, hulks) as the game, and the game replays exactly."""
    game = duel(a=(26, 12, 3), b=(6, 12, 7), seed=3, extra={"us": [("congress", (24, 6, 3)), ("chesapeake", (24, 18, 3))],
                                                             "gb": [("guerriere", (8, 6, 7)), ("macedonian", (8, 18, 7))]},
                options={**FLEET, "turn_limit": 12})
    rng = Dice(4)
    while game.pending and len(events_of(game, "escaped")) < 2:
        request = game.pending[0]
        answer(game, request.side, sample(game.state, request, rng))
    assert len(events_of(game, "escaped")) >= 2
    for side in ("us", "gb"):
        copy = determinize(game, side, Dice(5))
        assert copy.view(side, events=False)["ships"] == game.view(side, events=False)["ships"]
        assert copy.state.fleet_rules
        assert {s.id for s in copy.state.ships.values() if s.escaped} == {
            s.id for s in game.state.ships.values() if s.escaped}
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()


def test_fleet_switch_off_leaves_the_state_dict_as_before():
    """Without the switch the state dict (views, fingerprints) has no fleet keys: old games are unchanged."""
    plain, off = duel(), duel(options={"fleet_rules": False})
    assert plain.fingerprint() == off.fingerprint()
    assert "fleet_rules" not in plain.state.to_dict()
    assert all("escaped" not in s for s in plain.state.to_dict()["ships"].values())
    assert duel(options=FLEET).state.to_dict()["fleet_rules"] is True


def test_17_4_18_0_fleet_a_strike_ends_the_game_only_when_the_side_has_nothing_left_fighting():
    """R18.0f with 17.4: Java strikes ([6, 3] at -2 -> [4, 1]) while Guerriere still fights: the game goes
    on; when Guerriere, the last British ship fighting, strikes in her turn ([1] -> -1), the game ends with the
    reason that Britain has no ship left fighting."""
    from cs_desktop.rules import housekeeping as hk
    from cs_desktop.rules.state import STRIKE_CHECK
    from tests.rules.fighting_kit import ready, run, script

    game = ready(extra={"gb": [("guerriere", (25, 20, 7))]}, options=FLEET)
    java, guerriere = game.state.ships["java"], game.state.ships["guerriere"]
    java.rigging, java.morale = 0, STRIKE_CHECK
    script(game, [6, 3])
    run(game, hk.strike_checks(game))
    assert java.struck and not game.state.ended
    guerriere.morale = STRIKE_CHECK
    script(game, [1])
    run(game, hk.strike_checks(game))
    assert guerriere.struck and game.state.ended
    assert game.state.end_reason == "Britain has no ship left fighting: Guerriere struck her colours (17.4)"
