"""The judgment captain (issue 10, point 2): each judgment from a real game position, built with the rules
harness, and legal answers over whole games of every shipped scenario."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cs_desktop.ai.captains import make_captain
from cs_desktop.ai.seat import Seat
from cs_desktop.ai.evaluate import evaluate, stance, victory_terms_of, vp_now, win_probability
from cs_desktop.ai.judgment import JudgmentCaptain, think
from cs_desktop.ai.judgment_guns import Guns
from cs_desktop.ai.judgment_helm import Helm
from cs_desktop.ai.temper import Temper
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from tests.rules.harness import at, drive, duel
from tests.rules.sailing_kit import fix_speeds

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted(p for p in (ROOT / "scenarios").glob("*.json"))


def decide(game: Game, request: Request) -> Any:
    return think(game.view(request.side, events=False), request, game.cards,
                 victory_terms_of(game.scenario, game.cards))


def pending(game: Game, kind: str, side: str = "us") -> Request:
    request = game.pending_for(side)
    assert request is not None and request.kind == kind, game.pending
    return request


# ------------------------------------------------------------------------------------------- crew (5.0)
@pytest.mark.parametrize("enemy_x, bears", [(6, "port"), (14, "starboard")])
def test_judgment_mans_the_battery_that_bears(enemy_x: int, bears: str) -> None:
    # Constitution heads north (1); Java lies to the west (port) or to the east (starboard), 8 MP off.
    game = duel(a=(10, 12, 1), b=(enemy_x, 12, 1))
    drive(game, until=at("assign_crew", "us"))
    request = pending(game, "assign_crew")
    assign = decide(game, request)["constitution"]
    other = "starboard" if bears == "port" else "port"
    lim = request.info["limits"]["constitution"]
    for section in (f"{bears}_bow", f"{bears}_aft"):
        assert assign["gunnery"][section] == lim["gunnery"][section]
    assert sum(assign["gunnery"][s] for s in (f"{other}_bow", f"{other}_aft")) < sum(
        lim["gunnery"][s] for s in (f"{other}_bow", f"{other}_aft"))


def test_judgment_keeps_boarders_back_alongside() -> None:
    # Java one square off: boarding is possible this turn (12.0), so some crew stay free for Melee (5.1.6).
    game = duel(a=(10, 12, 1), b=(11, 12, 1))
    drive(game, until=at("assign_crew", "us"))
    request = pending(game, "assign_crew")
    assign = decide(game, request)["constitution"]
    used = (assign["sailing"] + assign["rigging_change"] + assign["rigging_dc"] + sum(assign["hull_dc"].values())
            + sum(assign["gunnery"].values()))
    assert request.info["limits"]["constitution"]["crew"] - used >= 2


# ------------------------------------------------------------------------------------------- fire (11.0)
def _fire_request(monkeypatch: pytest.MonkeyPatch, enemy_x: int) -> Game:
    # Constitution lies still heading north; Java sails west toward her, her starboard broadside bearing.
    fix_speeds(monkeypatch, {"constitution": 0, "java": 1})
    game = duel(a=(10, 12, 1), b=(enemy_x, 12, 7))
    drive(game, until=at("fire", "us"))
    return game


def test_judgment_holds_fire_at_long_range(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _fire_request(monkeypatch, 19)  # 9 squares apart: 18 MP, Java closing
    request = pending(game, "fire")
    assert any(o["target"] == "java" for o in request.ships["constitution"])
    assert decide(game, request)["constitution"]["target"] is None


def test_judgment_fires_close(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _fire_request(monkeypatch, 13)  # 3 squares apart: 6 MP
    request = pending(game, "fire")
    choice = decide(game, request)["constitution"]
    assert choice["target"] == "java"
    bearing = {s for o in request.ships["constitution"] for s in o["sections"]}
    assert set(choice["sections"]) == bearing  # every section that can fire does


@pytest.mark.parametrize("within, fires", [(None, True), (6, True), (5, False)])
def test_27_2_a_level_holds_fire_beyond_its_range(monkeypatch: pytest.MonkeyPatch, within: int | None,
                                                 fires: bool) -> None:
    # a weaker level's patience is the guns' own (Guns.fire): the shot the judgment takes at 6 MP, held beyond
    game = _fire_request(monkeypatch, 13)  # 3 squares apart: 6 MP
    request = pending(game, "fire")
    choice = think(game.view("us", events=False), request, game.cards, victory_terms_of(game.scenario, game.cards),
                   Temper(fire_within=within))["constitution"]
    assert choice["target"] == ("java" if fires else None)


def test_27_2_a_chaser_fires_at_any_range_of_a_weaker_level(monkeypatch: pytest.MonkeyPatch) -> None:
    # Guns.fire(within=): the patience holds the broadsides only; a chaser's shot (11.9) the guns chose stands
    game = _fire_request(monkeypatch, 13)  # 6 MP
    request = pending(game, "fire")
    options = request.ships["constitution"]
    shot = next(o for o in options if o["target"] == "java")
    chaser = {**shot, "sections": {}, "chaser": "bow"}
    monkeypatch.setattr(Guns, "_worth_firing", lambda self, ship_id, opts: opts[-1])
    guns = Guns(Helm(game.view("us", events=False), "us", game.cards, None))
    assert guns.fire("constitution", (*options, chaser), within=5) == chaser
    assert guns.fire("constitution", (*options, shot), within=5)["target"] is None  # a broadside is held


def test_judgment_aims_by_purpose(monkeypatch: pytest.MonkeyPatch) -> None:
    # Aim High is worth more when the shot's purpose is the rigging: chasing a faster enemy (11.4.8-11.4.9).
    game = _fire_request(monkeypatch, 13)
    request = pending(game, "fire")
    game.state.ships["java"].speed = 9
    slow = decide(game, request)["constitution"]["sections"]
    assert "high" in slow.values()
    game.state.ships["java"].speed = 0
    game.state.ships["constitution"].speed = 9
    fast = decide(game, request)["constitution"]["sections"]
    assert set(fast.values()) == {"low"}


# ------------------------------------------------------------------------------------------- loads (11.7)
def _load_request(ship: str = "constitution") -> Request:
    keys = {f"{ship}:starboard_bow": ("round", "chain", "double")}
    return Request("select_load", "us", "11.7", "next load", ships=keys)


def test_judgment_double_shot_close() -> None:
    game = duel(a=(10, 12, 1), b=(13, 12, 7))  # 6 MP
    drive(game, until=at("assign_crew", "us"))
    assert decide(game, _load_request())["constitution:starboard_bow"] == "double"
    far = duel(a=(10, 12, 1), b=(21, 12, 7))  # 22 MP
    drive(far, until=at("assign_crew", "us"))
    assert decide(far, _load_request())["constitution:starboard_bow"] == "round"


def test_judgment_chain_against_a_faster_enemy() -> None:
    game = duel(a=(10, 12, 1), b=(16, 12, 7))  # 12 MP
    drive(game, until=at("assign_crew", "us"))
    game.state.ships["java"].speed = 8
    game.state.ships["constitution"].speed = 3
    assert decide(game, _load_request())["constitution:starboard_bow"] == "chain"
    game.state.ships["java"].speed = 2
    assert decide(game, _load_request())["constitution:starboard_bow"] != "chain"


# ------------------------------------------------------------------------------------------- 20.1 and the plan
def test_judgment_stalls_when_stalling_wins_and_closes_when_it_must() -> None:
    # Chesapeake (x3, printed as the scenario's own terms) gains three VP a hit to Shannon's one; Shannon holds
    # a 3 VP bonus: a draw if nobody fires.
    game = duel(ships=("chesapeake", "shannon"), victory_override={"us": {"multiplier": 3, "bonus": 0}})
    terms = victory_terms_of(game.scenario, game.cards)
    assert stance(game.view("us", events=False), "us", terms) == "fight"
    assert stance(game.view("gb", events=False), "gb", terms) == "stall"
    # Shannon, losing by more than a draw, has nothing left to stall for
    game.state.ships["shannon"].crew -= 3
    assert stance(game.view("gb", events=False), "gb", terms) == "fight"


def test_evaluate_is_the_vp_margin_and_its_prospects() -> None:
    game = duel(ships=("constitution", "java"))
    terms = victory_terms_of(game.scenario, game.cards)
    us, gb = game.view("us", events=False), game.view("gb", events=False)
    assert vp_now(us, terms) == {"us": 0.0, "gb": terms["gb"]["bonus"]}
    assert evaluate(us, "us", terms) == pytest.approx(-evaluate(gb, "gb", terms))
    before = evaluate(us, "us", terms)
    game.state.ships["java"].rigging -= 4  # four boxes scored on Java: 4 VP for us
    assert evaluate(game.view("us", events=False), "us", terms) == pytest.approx(before + 4, abs=0.01)
    assert win_probability(20) > 0.8 > 0.2 > win_probability(-10)


# ------------------------------------------------------------------------------------------- the helm (9.0-9.3)
def test_judgment_stays_on_the_map(monkeypatch: pytest.MonkeyPatch) -> None:
    # Shannon stalls and sails west, Chesapeake 24 squares astern: one more square west and the map (32 wide)
    # can hardly hold both (9.3). She turns back rather than run.
    fix_speeds(monkeypatch, {"chesapeake": 0, "shannon": 6})
    game = duel(ships=("chesapeake", "shannon"), a=(28, 12, 3), b=(3, 12, 7), wind=5)
    drive(game, until=at("select_maneuver", "gb"))
    request = pending(game, "select_maneuver", "gb")
    assert any(o["maneuver"] == "advance" for o in request.ships["shannon"])
    assert decide(game, request)["shannon"]["maneuver"] != "advance"


@pytest.mark.parametrize("java, takes", [((10, 2, 5), 1), ((12, 9, 1), 0)])
def test_judgment_takes_a_bonus_move_when_it_helps(java: tuple[int, int, int], takes: int) -> None:
    # 16.0: Constitution must close (she is behind on 20.1 terms). Java dead ahead and coming on: one more
    # square is worth the rigging check. Java on her bow, heading the same way: the square ahead would
    # put her in Java's broadside arc (worth four times as much to Java): she stays.
    game = duel(a=(10, 12, 1), b=java)
    drive(game, until=at("assign_crew", "us"))
    request = Request("bonus_move", "us", "16.0", "bonus move?", ships={"constitution": (0, 1, 2)})
    assert decide(game, request) == {"constitution": takes}


# ------------------------------------------------------------------------------------------- boarding (12.0, 15.0)
def test_judgment_grapples_when_the_melee_odds_are_good() -> None:
    game = duel(a=(10, 12, 1), b=(11, 12, 1))
    drive(game, until=at("assign_crew", "us"))
    request = Request("grapple", "us", "12.0", "grapple?", options=(False, True),
                      info={"ship": "constitution", "enemy": "java"})
    game.state.ships["java"].crew = 3
    assert decide(game, request) is True
    game.state.ships["java"].crew = 16
    game.state.ships["constitution"].crew = 4
    assert decide(game, request) is False


def test_judgment_boards_the_last_prize_only_when_the_capture_pays() -> None:
    # 15.0/18.0: taking Java ends the battle. Java's guns are silenced and her crew down to 3 (37 boxes to us);
    # Constitution has lost 9 crew (36 VP to Java at x4 -- printed as the scenario's own terms -- with her 11 VP
    # bonus). Captured now: a draw (within 5 VP); fought on, her silent guns make it a win. Without that damage
    # the capture wins outright.
    game = duel(a=(10, 12, 1), b=(11, 12, 1), victory_override={"gb": {"multiplier": 4, "bonus": 11}})
    drive(game, until=at("assign_crew", "us"))
    java = game.state.ships["java"]
    java.gunnery = {k: 0 for k in java.gunnery}
    java.crew = 3
    game.state.ships["constitution"].crew = 9
    request = Request("melee", "us", "15.0", "board?", options=(False, True),
                      info={"ship": "constitution", "enemy": "java"})
    assert decide(game, request) is False
    game.state.ships["constitution"].crew = 18
    assert decide(game, request) is True


def test_judgment_repels_rather_than_boards_a_stronger_crew() -> None:
    game = duel(a=(10, 12, 1), b=(11, 12, 1))
    drive(game, until=at("assign_crew", "us"))
    game.state.ships["constitution"].crew = 5
    request = Request("melee", "us", "15.0", "board?", options=(False, True),
                      info={"ship": "constitution", "enemy": "java"})
    assert decide(game, request) is False
    game.state.ships["constitution"].crew = 18
    game.state.ships["java"].crew = 4
    assert decide(game, request) is True


def test_judgment_splits_melee_crew_between_dice_and_support() -> None:
    # 15.0: twelve Melee crew, average and Handy (+1): about nine dice and three support points make the most
    # hits; throwing all twelve as dice leaves nothing to lift the fours.
    game = duel(a=(10, 12, 1), b=(11, 12, 1))
    drive(game, until=at("assign_crew", "us"))
    request = Request("melee_split", "us", "15.0", "split?", options=tuple(range(1, 13)),
                      info={"ship": "constitution", "role": "assault", "melee_crew": 12})
    assert 8 <= decide(game, request) <= 10
    game.state.ships["constitution"].morale = 1  # Unfit -1: fewer dice, more support
    assert 5 <= decide(game, request) <= 8


# ------------------------------------------------------------------------------------------- Hold cards (1.7.3)
def test_judgment_spends_hold_cards_where_they_swing_a_roll() -> None:
    game = duel(options={"bridge_cards": True, "bonus_cards": True})
    drive(game, until=at("assign_crew", "us"))

    def ask(purpose: str, dice: int, hand: list[str], playable: list[str]) -> Any:
        return decide(game, Request("bonus_cards", "us", "1.7.3", "cards?",
                                    info={"purpose": purpose, "for_rule": "x", "dice": dice, "max": min(dice, len(hand)),
                                          "hand": hand, "playable": playable}))

    assert ask("strike check", 1, ["lucky-roll#1"], []) == ["lucky-roll#1"]  # +1 where a die decides much
    assert ask("hull bonus", 1, ["lucky-roll#1"], []) == []  # kept for a roll that matters
    assert ask("defense", 6, ["lucky-roll#1"], ["lucky-roll#1"]) == ["lucky-roll#1"]  # its own effect


def test_11_4_10_judgment_takes_the_first_hull_hit_on_the_ship_hit_not_the_first_afloat() -> None:
    """11.4.10 in a fleet: the defender's choice is about the ship hit, named in the request. Constitution has
    Java to port; United States, hit along her bow sections, has Guerriere to starboard: her first hit goes to the
    port bow, the broadside that does not bear (the first ship's bearing would have said starboard)."""
    game = duel(a=(10, 12, 1), b=(6, 12, 1), extra={"us": [("united-states", (30, 12, 1))],
                                                      "gb": [("guerriere", (34, 12, 1))]})
    request = Request("hull_first", "us", "11.4.10", "?", options=("port_bow", "starboard_bow"),
                      info={"ship": "united-states"})
    assert decide(game, request) == "port_bow"
    first = Request("hull_first", "us", "11.4.10", "?", options=("port_bow", "starboard_bow"),
                    info={"ship": "constitution"})
    assert decide(game, first) == "starboard_bow"


# ------------------------------------------------------------------------------------------- whole games
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_judgment_always_answers_legally(path: Path) -> None:
    scenario, ships = load_scenario_with_ships(path)
    for k, names in enumerate((("judgment", "random"), ("random", "judgment"), ("judgment", "judgment"))):
        game = Game(scenario, ships, 3 + k, {"turn_limit": 6})
        sides = [s.id for s in scenario.sides]
        seats = {side: make_captain(name, 5 + i) for i, (side, name) in enumerate(zip(sides, names, strict=True))}
        while game.pending:
            request = game.pending[0]
            result = game.submit(request.side, seats[request.side].choose(Seat(game, request)))
            assert result, f"{path.stem}: {request.kind}: {result}"
        assert game.ended


def test_judgment_sees_nothing_hidden() -> None:
    # The same view gives the same answer whatever the enemy's hidden loads, hand, deck order and dice are.
    game = duel(a=(10, 12, 1), b=(13, 12, 7), options={"bridge_cards": True})
    drive(game, until=at("assign_crew", "us"))
    captain = JudgmentCaptain(1)
    request = pending(game, "assign_crew")
    before = captain.choose(Seat(game, request))
    view = game.view("us", events=False)
    java = game.state.ships["java"]
    java.loads = {k: "double" for k in java.loads}
    game.state.deck.reverse()
    game.state.dice = Dice(12345)
    assert game.view("us", events=False) == view
    assert captain.choose(Seat(game, request)) == before
