"""Wooden Ships & Iron Men's melee (`wsim_melee`; ruling R15.0c), as `peer-wooden-ships-melee-capture.txt` writes
it in C. Melee Procedure: C.1 Total Melee Strength (crew squares x melee factor), C.2 one die each against the
Melee Resolution Table, C.3 up to three rounds or until three to one, which defeats a boarding party and takes
its ship; C.4 an undecided melee goes on next turn unless both disengage by consent; C.6 a victorious defending
party may board in turn for the remaining rounds.

API tested: wsim_melee.strength/casualties/winner/fight/go_on, melee.segment_melee under the switch; the switch in
the options, state and saved game. Constitution (crack: 4 factors a point) grappled with Java (average: 3) in one
square; every die scripted. Off (the default), 15.0's rounds as written (tests/rules/test_melee.py).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules import melee, wsim_melee
from cs_desktop.rules.game import Game
from cs_desktop.batch.simulate import play_game

from tests.rules.fighting_kit import dice_left, events_since, man, mark, ready, rolls_since, run, script

ON = {"wsim_melee": True}


def grappled(c_melee: int = 4, j_melee: int = 3, options: dict[str, Any] | None = ON) -> Game:
    game = ready((10, 12, 1), (10, 12, 1), options=options)
    man(game, "constitution", port_bow=7, port_aft=7, starboard_bow=4 - c_melee)  # 18 crew
    man(game, "java", port_bow=6, port_aft=6, starboard_bow=4 - j_melee)  # 16 crew
    game.state.grapples = [{"ships": ["constitution", "java"], "state": "grappled", "turn": 1}]
    return game


def fight(game: Game, log: list[Any] | None = None, **answers: Any) -> dict[str, Any]:
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    record = game.state.grapples[0]
    run(game, wsim_melee.fight(game, record, c, j), log=log, **answers)
    return record


def test_wsim_c1_c2_R15_0c_strength_and_the_resolution_table() -> None:
    """C.1: TMS = Melee crew x factor (crack 4, average 3, green 2). C.2 (designed table): TMS x die / 36,
    rounded half up: TMS 16 kills 0 on a 1, 3 on a 6; TMS 9 kills 0 on a 1, 2 on a 6."""
    game = grappled()
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    assert (wsim_melee.strength(c), wsim_melee.strength(j)) == (16, 9)
    assert [wsim_melee.casualties(16, d) for d in range(1, 7)] == [0, 1, 1, 2, 2, 3]
    assert [wsim_melee.casualties(9, d) for d in range(1, 7)] == [0, 1, 1, 1, 1, 2]
    assert wsim_melee.casualties(0, 6) == 0
    assert wsim_melee.winner(12, 4) == "boarders" and wsim_melee.winner(4, 12) == "defenders"
    assert wsim_melee.winner(11, 4) is None and wsim_melee.winner(0, 0) is None


def test_wsim_c3_R15_0c_three_to_one_takes_the_ship_in_one_round() -> None:
    """C.2-C.3: one die each, no split, no support, no modifiers: Constitution [6] marks off 3 (Java's whole
    party), Java [1] none; 16 to 0 is three to one: Java is captured and the duel ends."""
    game = grappled()
    script(game, [6, 1])
    start = mark(game)
    log: list[Any] = []
    fight(game, log)
    assert log == [] and dice_left(game) == []
    a, d = rolls_since(game, start, "melee round 1")
    assert (a["side"], a["dice"], a["modifiers"], d["side"], d["dice"]) == ("us", [6], [], "gb", [1])
    j = game.state.ships["java"]
    assert j.captured and j.crew == 13 and game.state.ended
    assert all("R15.0c" in e["text"] for e in events_since(game, start, "melee_round"))


def test_wsim_c3_c4_R15_0c_three_rounds_then_it_goes_on_next_turn() -> None:
    """C.3-C.4: three rounds of [1]/[1] mark nobody off (16 to 9 is less than three to one): the melee goes on;
    next turn's melee step asks both sides, not the boarder alone, and does not ask who boards."""
    game = grappled()
    script(game, [1, 1] * 3)
    start = mark(game)
    record = fight(game)
    assert len(rolls_since(game, start, "melee round")) == 6 and dice_left(game) == []
    assert record[wsim_melee.ONGOING] == "constitution" and events_since(game, start, "melee_goes_on")
    assert game.state.to_dict()["grapples"][0]["wsim_melee"] == "constitution"
    log: list[Any] = []
    script(game, [1, 1] * 3)
    run(game, melee.segment_melee(game), log=log, melee_continue=True)
    assert [(r.kind, r.side) for r in log] == [("melee_continue", "us"), ("melee_continue", "gb")]
    assert len(rolls_since(game, start, "melee round")) == 12


def test_wsim_c4_R15_0c_both_disengage_by_consent() -> None:
    """C.4: one side willing is enough to go on; both unwilling, the melee ends (the ships stay grappled)."""
    game = grappled()
    game.state.grapples[0][wsim_melee.ONGOING] = "constitution"
    script(game, [])
    start = mark(game)
    run(game, melee.segment_melee(game), melee_continue=False)
    assert events_since(game, start, "melee_disengaged") and wsim_melee.ONGOING not in game.state.grapples[0]
    assert game.state.grapples[0]["state"] == "grappled" and dice_left(game) == []


def test_wsim_c3_c6_R15_0c_beaten_boarders_are_prisoners_and_the_defenders_may_board() -> None:
    """C.3: Constitution boards with 1 point (TMS 4) against Java's 4 (TMS 12): after a round of [1]/[1] Java has
    three to one: the boarder's man is a prisoner (crew 18 -> 17), no capture. C.6: Java is asked to board in turn
    (2 rounds left); declining ends it."""
    game = grappled(c_melee=1, j_melee=4)
    script(game, [1, 1])
    start = mark(game)
    log: list[Any] = []
    fight(game, log, melee=False)
    assert [(r.kind, r.side, r.info["ship"]) for r in log] == [("melee", "gb", "java")]
    c = game.state.ships["constitution"]
    assert c.crew == 17 and c.melee_crew == 0 and not c.captured and not game.state.ended
    assert events_since(game, start, "repulsed")
    game = grappled(c_melee=1, j_melee=4)
    script(game, [1, 1, 1, 1])
    fight(game, melee=True)  # Java boards: 12 to Constitution's 0 after her round -- Constitution is taken
    assert game.state.ships["constitution"].captured and game.state.ended and dice_left(game) == []


def test_wsim_R15_0c_off_the_written_melee_and_nothing_written() -> None:
    """Off: 15.0's assault/defense split is asked, and neither the switch nor a melee mark is in the state."""
    game = grappled(options=None)
    script(game, [1, 1, 1, 1, 1, 1, 1])
    log: list[Any] = []
    run(game, melee.segment_melee(game), log=log, melee=True, melee_split=(4, 3))
    assert [r.kind for r in log][:3] == ["melee", "melee_split", "melee_split"]
    out = game.state.to_dict()
    assert "wsim_melee" not in out and all("wsim_melee" not in g for g in out["grapples"])


@pytest.mark.parametrize("seed, captains", [(6, ("simple", "simple")), (12, ("random", "simple"))])
def test_wsim_R15_0c_whole_games_board_by_it_and_replay(seed: int, captains: tuple[str, str]) -> None:
    """Seen acting: Constitution vs Java under the switch; a melee is fought by TMS rounds and ends in a capture;
    the switch is in every view and the saved game; the game replays."""
    scenario, ships = load_scenario_with_ships(SCENARIOS / "constitution-vs-java.json")
    game = play_game(scenario, ships, seed, captains, {**ON, "turn_limit": 30})
    rounds = [e for e in game.events if e["type"] == "melee_round"]
    assert rounds and all("R15.0c" in e["text"] for e in rounds)
    assert "captured" in game.state.end_reason
    assert all(game.view(side, events=False)["wsim_melee"] is True for side in ("us", "gb"))
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()
    assert json.loads(json.dumps(game.save_data()))["options"]["wsim_melee"] is True
