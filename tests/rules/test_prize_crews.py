"""The prize crews option (`prize_crews`, with the fleet rules; rulings R18.0j-R18.0p), Wooden Ships & Iron
Men's prize crews, prisoners and recapture in Captain's Sea's terms: a ship taken (a hulk boarded, R18.0h, or a
ship carried in melee, 15.0) gets a prize crew from her captor's Melee crew, at least one point for six of her
prisoners (her own crew); the men leave the captor's crew track but are no hits; at Housekeeping after 17.4 the
prisoners take her back if they outnumber the prize crew more than six to one (WS&IM D.9), at once;
a ship of the prize's side alongside may board her to retake her (one round of 15.0 dice); a ship retaken goes
back to her side as a hulk, worth the strike points to her enemy, not the capture points.

Constitution (us: crack, 18 crew points) and Java (gb: average, 16) share (12, 12); Guerriere (gb: average,
11) fights on far away unless a test brings her alongside. Every die is scripted."""

from __future__ import annotations

import pytest

from cs_desktop.ai import judgment
from cs_desktop.ai.judgment_view import damage_taken, scratch_state
from cs_desktop.ai.simple import RULES_OF_THUMB, SimpleCaptain
from cs_desktop.rules import fleet_end, housekeeping, melee
from cs_desktop.rules import prize_crews as pc
from cs_desktop.rules.cards import Scenario
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.game import Game
from cs_desktop.rules.state import ShipState
from cs_desktop.rules.state import empty_assignment
from cs_desktop.rules.victory import tally

from tests.rules.fighting_kit import dice_left, events_since, man, mark, mods_of, ready, rolls_since, run, script
from tests.rules.harness import duel

ON = {"fleet_rules": True, "prize_crews": True}
SAME = (12, 12, 1)
FAR = {"gb": [("guerriere", (25, 20, 7))]}


def alongside(extra: dict[str, list[tuple[str, tuple[int, int, int]]]] | None = None,
              options: dict[str, object] | None = None) -> Game:
    game = ready(SAME, SAME, extra=extra or FAR, options=dict(ON if options is None else options))
    for ship in game.state.ships.values():
        ship.assign = empty_assignment()  # every crew point to Melee (5.1.6)
    return game


def held(prize_crew: int, java_crew: int = 16) -> Game:
    """Java captured by Constitution, a prize crew of `prize_crew` aboard her, `java_crew` prisoners."""
    game = alongside()
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    j.struck = j.captured = True
    j.crew = java_crew
    c.crew -= prize_crew
    c.crew_detached = prize_crew
    j.prize_crew, j.prize_crew_from = prize_crew, "constitution"
    return game


# ---------------------------------------------------------------------------------------------- R18.0j
def test_R18_0j_switch_off_the_state_dict_and_the_saved_options_are_as_before() -> None:
    plain, off = duel(options={"fleet_rules": True}), duel(options={"fleet_rules": True, "prize_crews": False})
    assert plain.fingerprint() == off.fingerprint()
    data = plain.state.to_dict()
    assert "prize_crews" not in data
    assert all(not {"prize_crew", "prize_crew_from", "crew_detached"} & set(s) for s in data["ships"].values())
    assert "prize_crews" not in plain.scenario.options.model_dump()
    on = duel(options=ON).state.to_dict()
    assert on["prize_crews"] is True and on["ships"]["java"]["prize_crew"] == 0


def test_R18_0j_without_the_fleet_rules_the_option_is_refused_naming_it() -> None:
    with pytest.raises(ValueError, match="prize_crews needs fleet_rules"):
        duel(options={"prize_crews": True})
    with pytest.raises(ValueError, match="prize_crews needs options.fleet_rules"):
        Scenario.model_validate({**duel().scenario.model_dump(mode="json"), "options": {"prize_crews": True}})


def test_R18_0j_saved_game_and_command_line_refuse_it_alone(capsys: pytest.CaptureFixture[str]) -> None:
    from cs_desktop import SCENARIOS
    from cs_desktop.cli.main import main
    from cs_desktop.formats.savegame import SaveError, parse_save, save_text

    args = ["simulate", "--scenario", str(SCENARIOS / "constitution-vs-java.json"), "--games", "1"]
    assert main([*args, "--option", "prize_crews=true"]) == 2
    assert "--option: prize_crews needs fleet_rules" in capsys.readouterr().err
    text = save_text(duel(options={"fleet_rules": True}))
    with pytest.raises(SaveError, match="prize_crews needs fleet_rules"):
        parse_save(text.replace('"fleet_rules": true', '"prize_crews": true'))
    assert parse_save(text.replace('"fleet_rules": true', '"fleet_rules": true, "prize_crews": true'))


# ---------------------------------------------------------------------------------------------- R18.0k
def test_R18_0k_possession_puts_a_prize_crew_aboard_from_the_captors_crew_not_as_hits() -> None:
    """Java (struck, 16 crew points: prisoners) needs a guard of 3; Constitution (18, all Melee) may spare 17
    and sends 6: her crew track goes 18 -> 12, no hit event, nothing scored for Britain."""
    game = alongside()
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    j.struck = True
    log: list[Request] = []
    start = mark(game)
    run(game, fleet_end.take_possession_step(game), log=log, take_possession=True, prize_crew=6)
    asked = [r for r in log if r.side == "us"]
    assert [r.kind for r in asked] == ["take_possession", "prize_crew"]
    assert asked[0].info == {"ship": "constitution", "hulk": "java", "prisoners": 16, "guard": 3, "can_spare": 17}
    assert asked[1].options == tuple(range(3, 18)) and asked[1].rule == "18.0"
    assert j.captured and j.prize_crew == 6 and j.prize_crew_from == "constitution" and j.crew == 16
    assert c.crew == 12 and c.crew_detached == 6 and c.damage()["crew"] == 0
    (ev,) = events_since(game, start, "prize_crew")
    assert ev["rule"] == "18.0" and "R18.0k" in ev["text"] and (ev["men"], ev["prisoners"]) == (6, 16)
    assert not events_since(game, start, "hit") and not events_since(game, start, "roll")
    assert tally(game)["sides"]["gb"]["hits"]["crew"] == 0 and tally(game)["sides"]["us"]["captured"] == 1


def test_R18_0k_a_ship_with_only_one_crew_point_cannot_send_a_boarding_party() -> None:
    game = alongside()
    game.state.ships["java"].struck = True
    game.state.ships["constitution"].crew = 1
    assert fleet_end.prizes_within_reach(game.state, "us") == []
    game.state.ships["constitution"].crew = 2  # she keeps one: a guard of 1 for Java's 16 is all she has
    log: list[Request] = []
    run(game, fleet_end.take_possession_step(game), log=log, take_possession=True)
    assert [r.kind for r in log] == ["take_possession"]  # one possible prize crew: not asked
    assert game.state.ships["java"].prize_crew == 1 and game.state.ships["constitution"].crew == 1


def _boarding(game: Game) -> tuple[ShipState, ShipState]:
    """Constitution grappled with Java, Java's crew all at her guns, Constitution's 4 assault dice scripted to
    carry her ([3, 3, 3, 3] -> 5s); returns (Constitution, Java)."""
    man(game, "constitution", port_bow=7, port_aft=7)
    man(game, "java", port_bow=6, port_aft=6, starboard_bow=4)
    game.state.grapples = [{"ships": ["constitution", "java"], "state": "grappled", "turn": 1}]
    script(game, [3, 3, 3, 3])
    return game.state.ships["constitution"], game.state.ships["java"]


def test_R18_0k_a_melee_capture_leaves_the_boarders_aboard_as_the_prize_crew() -> None:
    """15.0: Java has no Melee crew left; Constitution's 4 assault ([3,3,3,3] -> 5s) carry her; Constitution's
    4 Melee points can spare 4, Java's 16 prisoners need 3: she is asked 3 or 4 and sends 4."""
    c, j = _boarding(game := ready(SAME, SAME, extra=FAR, options=ON))
    log: list[Request] = []
    run(game, melee.fight(game, c, j), log=log, melee_split=(4, 0), prize_crew=4)
    assert dice_left(game) == [] and j.captured and not game.state.ended
    (ask,) = [r for r in log if r.kind == "prize_crew"]
    assert ask.options == (3, 4) and ask.rule == "15.0" and ask.info["prisoners"] == 16
    assert (c.crew, c.crew_detached, j.prize_crew) == (14, 4, 4)


def test_R18_0k_R18_0l_a_captor_short_of_men_sends_all_she_can_and_the_prisoners_take_her_back() -> None:
    """15.0 capture with only 2 Melee points left: Java's 16 prisoners need 3, so both go across without a
    question; at Housekeeping 16 > 6 x 2 and the prisoners retake her with no die (WS&IM's ratio)."""
    game = ready(SAME, SAME, extra=FAR, options=ON)
    man(game, "constitution", port_bow=7, port_aft=7, starboard_bow=2)
    man(game, "java", port_bow=6, port_aft=6, starboard_bow=4)
    game.state.grapples = [{"ships": ["constitution", "java"], "state": "grappled", "turn": 1}]
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    script(game, [3, 3])
    log: list[Request] = []
    run(game, melee.fight(game, c, j), log=log, melee_split=(2, 0))
    assert "prize_crew" not in [r.kind for r in log]
    assert (j.captured, j.prize_crew, c.crew, c.crew_detached) == (True, 2, 16, 2)
    script(game, [])
    start = mark(game)
    pc.prisoners_step(game)
    assert not j.captured and j.struck and events_since(game, start, "retaken")
    assert not rolls_since(game, start)


def test_R18_0l_exactly_three_to_one_rolls_nothing() -> None:
    game = held(3, java_crew=9)
    script(game, [])
    pc.prisoners_step(game)
    assert game.state.ships["java"].captured


def test_R18_0o_a_capture_that_ends_the_battle_puts_no_prize_crew_aboard() -> None:
    c, j = _boarding(game := ready(SAME, SAME, options=ON))
    log: list[Request] = []
    run(game, melee.fight(game, c, j), log=log, melee_split=(4, 0))
    assert game.state.ended and j.captured and j.prize_crew == 0 and c.crew == 18
    assert "prize_crew" not in [r.kind for r in log]


# ---------------------------------------------------------------------------------------------- R18.0l
@pytest.mark.parametrize("prize_crew", [3, 4, 6])
def test_R18_0l_at_six_to_one_or_better_she_is_held_and_nothing_is_rolled(prize_crew: int) -> None:
    """WS&IM D.9: "At least one crew square of the prize crew is required for every six prisoner crew squares
    ... If the numbers fall below this ratio, the prisoners immediately take over the ship." 16 prisoners
    against 3 (5.3 to 1), 4 or 6: she is held, no die (the rising on a 1 at more than three to one, which the
    text does not have, is gone)."""
    game = held(prize_crew)
    script(game, [])
    start = mark(game)
    pc.prisoners_step(game)
    assert dice_left(game) == [] and rolls_since(game, start) == []
    assert game.state.ships["java"].captured and not events_since(game, start, "retaken")


def test_R18_0l_exactly_six_to_one_holds_more_than_six_to_one_is_taken_back_at_once() -> None:
    game = held(3)
    game.state.ships["java"].crew = 18  # exactly six to one
    script(game, [])
    pc.prisoners_step(game)
    assert game.state.ships["java"].captured
    game = held(2)  # 16 against 2: more than six to one, no die, retaken
    script(game, [])
    start = mark(game)
    pc.prisoners_step(game)
    (ev,) = events_since(game, start, "retaken")
    assert ev["rule"] == "17.4" and "R18.0n" in ev["text"] and game.state.ships["java"].struck
    assert rolls_since(game, start) == []


def test_R18_0l_the_prisoners_take_her_at_housekeeping_after_the_strike_checks() -> None:
    game = held(2)
    script(game, [])
    start = mark(game)
    run(game, housekeeping.segment_housekeeping(game))
    assert rolls_since(game, start) == [] and not game.state.ships["java"].captured
    assert events_since(game, start, "retaken")


def test_R18_0u_a_friend_within_five_squares_does_not_free_a_prize_d14_is_not_taken() -> None:
    """WS&IM D.14 frees a ship that surrendered other than by striking when a friend is within five hexes; in
    Captain's Sea a prize struck (D.12) or was carried in melee with a prize crew aboard (D.8): she stays
    held, and her prize crew is not put off by a friend's nearness."""
    game = held(3)
    j, g = game.state.ships["java"], game.state.ships["guerriere"]
    g.x, g.y = j.x + 3, j.y  # three squares off: "within five hexes", not alongside
    script(game, [])
    start = mark(game)
    run(game, housekeeping.segment_housekeeping(game))
    assert j.captured and j.prize_crew == 3 and not events_since(game, start, "retaken")


# ---------------------------------------------------------------------------------------------- R18.0m, n
def guerriere_alongside(prize_crew: int, guerriere_crew: int) -> Game:
    game = held(prize_crew)
    g = game.state.ships["guerriere"]
    g.x, g.y = SAME[0], SAME[1]
    g.crew = guerriere_crew
    return game


def test_R18_0m_a_ship_alongside_retakes_her_by_boarding() -> None:
    """Guerriere (3 Melee, Handy +1, prisoners rising with her +1) boards Java held by 2 of Constitution's
    (crack +1): [4,3,1] -> [6,5,3], 2 hits; [1,2] -> [2,3], none: the prize crew is gone, Java is Britain's
    again, a hulk."""
    game = guerriere_alongside(2, 3)
    script(game, [4, 3, 1, 1, 2])
    start = mark(game)
    log: list[Request] = []
    run(game, fleet_end.take_possession_step(game), log=log, retake=True)
    assert dice_left(game) == []
    (ask,) = log
    assert ask.kind == "retake" and ask.side == "gb" and ask.info == {
        "ship": "guerriere", "prize": "java", "prize_crew": 2, "prisoners": 16, "melee_crew": 3}
    boarders, guard = rolls_since(game, start)
    assert boarders["modified"] == [6, 5, 3] and mods_of(boarders) == {
        "Crew Morale Handy +1": 1, "prisoners rise with the boarders +1": 1}
    assert guard["modified"] == [2, 3] and mods_of(guard) == {"Crack crew +1": 1} and guard["side"] == "us"
    assert boarders["ruling"] == guard["ruling"] == "R18.0m"
    j = game.state.ships["java"]
    assert not j.captured and j.struck and j.prize_crew == 0
    (ev,) = events_since(game, start, "retaken")
    assert ev["rule"] == "18.0" and ev["prize_crew_lost"] == 2


def test_R18_0m_the_prize_crew_throws_the_boarders_back_with_crew_hits() -> None:
    game = guerriere_alongside(2, 3)
    script(game, [1, 1, 1, 6, 6])
    start = mark(game)
    run(game, pc.board_prize(game, game.state.ships["guerriere"], game.state.ships["java"]))
    assert game.state.ships["java"].captured and game.state.ships["java"].prize_crew == 2
    assert game.state.ships["guerriere"].crew == 1  # 2 crew hits (15.0), scored by the United States
    assert events_since(game, start, "retake_repulsed")
    assert [e["hits"] for e in events_since(game, start, "hit")] == [2]


def test_R18_0n_victory_points_follow_who_holds_her() -> None:
    """R18.0n with R19.0f: held at the end, Java is the capture points (+10) to the United States; retaken, the
    strike points (+5); the crew Constitution sent across is never a hit for Britain."""
    game = held(3)
    us = tally(game)["sides"]["us"]
    assert (us["captured"], us["struck"]) == (1, 0)
    base = us["vp"] - 10
    game.state.ships["java"].crew = 19  # more than six to one: the prisoners take her back (D.9)
    script(game, [])
    pc.prisoners_step(game)
    us = tally(game)["sides"]["us"]
    assert (us["captured"], us["struck"], us["vp"]) == (0, 1, base + 5)
    assert tally(game)["sides"]["gb"]["hits"]["crew"] == 0


def test_R18_0n_a_retaken_hulk_may_be_taken_again() -> None:
    game = held(2)
    script(game, [])
    pc.prisoners_step(game)
    log: list[Request] = []
    run(game, fleet_end.take_possession_step(game), log=log, take_possession=True, prize_crew=3)
    j = game.state.ships["java"]
    assert j.captured and j.prize_crew == 3 and game.state.ships["constitution"].crew_detached == 5  # 2 + 3


# ---------------------------------------------------------------------------------------------- captains
def test_captains_answer_from_their_side_of_the_request() -> None:
    """The judgment captain guards at three to one when she can (16 prisoners: 6 of her 3..17), declines a
    hulk she cannot guard, and retakes when her boarders' dice outweigh the prize crew's."""
    game = alongside()
    view = game.view("us", events=False)
    ask = Request("prize_crew", "us", "18.0", "?", options=tuple(range(3, 18)), info={"prisoners": 16})
    assert judgment.HANDLERS["prize_crew"](view, ask, game.cards, None) == 6
    ask = Request("prize_crew", "us", "18.0", "?", options=(3, 4), info={"prisoners": 16})
    assert judgment.HANDLERS["prize_crew"](view, ask, game.cards, None) == 4
    hulk = {"ship": "constitution", "hulk": "java", "prisoners": 16, "guard": 3}
    take = judgment.HANDLERS["take_possession"]
    assert take(view, Request("take_possession", "us", "18.0", "?", (False, True), info={**hulk, "can_spare": 2}),
                game.cards, None) is False
    assert take(view, Request("take_possession", "us", "18.0", "?", (False, True), info={**hulk, "can_spare": 3}),
                game.cards, None) is True
    retake = {"ship": "guerriere", "prize": "java", "prize_crew": 2, "melee_crew": 3}
    assert judgment.HANDLERS["retake"](view, Request("retake", "gb", "18.0", "?", (False, True),
                                                     info={**retake, "prisoners": 16}), game.cards, None) is True
    assert judgment.HANDLERS["retake"](view, Request("retake", "gb", "18.0", "?", (False, True),
                                                     info={**retake, "prisoners": 0}), game.cards, None) is False
    assert RULES_OF_THUMB["retake"](None, Request("retake", "gb", "18.0", "?", (False, True),  # type: ignore[arg-type]
                                                  info={**retake, "prisoners": 0})) is False


def test_views_show_the_prize_crew_to_both_sides_and_the_captain_reads_it_back() -> None:
    game = held(3)
    for side in ("us", "gb"):
        view = game.view(side, events=False)
        assert view["prize_crews"] is True and view["ships"]["java"]["prize_crew"] == 3
        assert view["ships"]["constitution"]["crew_detached"] == 3
        assert damage_taken(view, view["ships"]["constitution"]) == 0
        scratch = scratch_state(view, game.cards)
        assert scratch.prize_crews and scratch.ships["java"].prize_crew == 3
        assert scratch.ships["constitution"].crew_detached == 3


# ---------------------------------------------------------------------------------------------- whole games
#: the 12-a-side simple game's seed is chosen (with its line of R21.3c: the captains read the terms) for prizes
#: taken and held under their prize crews (two); seed 1's line below has them taken and retaken
FLEET_SIMPLE_SEED = 4
PROPERTY_GAMES = [(name, kind, seed) for name in ("frigate-fleets-12-a-side.json",
                                                  "constitution-vs-cyane-and-levant.json",
                                                  "three-flags-off-guadeloupe.json")  # three sides (R18.0q)
                  for kind, seed in (("random", 5),
                                     ("simple", FLEET_SIMPLE_SEED if name.startswith("frigate-fleets") else 2))]
PROPERTY_GAMES.append(("three-flags-off-guadeloupe.json", "simple", 28))  # a capture and a prize crew, 3 sides
PROPERTY_GAMES.append(("frigate-fleets-12-a-side.json", "simple", 1))  # prizes taken and retaken (by prisoners, D.9)


def _prize_invariants(game: Game) -> None:
    sent: dict[str, int] = {}
    for e in game.events:
        if e["type"] == "prize_crew":
            sent[e["ship"]] = sent.get(e["ship"], 0) + e["men"]
    for ship in game.state.ships.values():
        assert ship.prize_crew >= 0 and ship.crew_detached == sent.get(ship.id, 0), ship.id
        assert ship.crew + ship.crew_detached <= ship.card.crew_points, ship.id
        assert ship.captured or ship.prize_crew == 0, f"{ship.id}: a prize crew aboard a ship not held"
        if ship.prize_crew:
            assert game.state.ships[ship.prize_crew_from].side != ship.side
            if len(game.state.sides) > 2:  # R18.0q: her captor holds her, with men from one of its ships
                assert game.state.captors[ship.id] == game.state.ships[ship.prize_crew_from].side


@pytest.mark.parametrize("name, kind, seed", PROPERTY_GAMES)
def test_whole_games_under_prize_crews_keep_every_invariant_and_replay(name: str, kind: str, seed: int) -> None:
    """BRIEF §6: random and simple captains play the fleet scenarios to the end under fleet_rules+prize_crews:
    no exception, every invariant after every decision, hits and VP recomputed from the log (R19.0f, R18.0k:
    the men sent across are no hits), and the game replays to the same fingerprint."""
    from cs_desktop import SCENARIOS
    from cs_desktop.ai.random_policy import RandomCaptain
    from cs_desktop.ai.seat import Seat
    from cs_desktop.formats.files import load_scenario_with_ships

    from tests.rules.test_properties import check_invariants, check_tally_from_log

    scenario, ships = load_scenario_with_ships(SCENARIOS / "fleets" / name)
    game = Game(scenario, ships, seed, {**ON, "turn_limit": 30})
    cls = RandomCaptain if kind == "random" else SimpleCaptain
    captains = {s.id: cls(seed + i) for i, s in enumerate(scenario.sides)}
    while game.pending:
        check_invariants(game)
        _prize_invariants(game)
        request = game.pending[0]
        answer = captains[request.side].choose(Seat(game, request))
        assert game.submit(request.side, answer), (request.kind, answer)
    _prize_invariants(game)
    assert game.ended and game.state.prize_crews
    check_tally_from_log(game)
    if (name, kind, seed) == ("frigate-fleets-12-a-side.json", "simple", 1):  # prizes taken and retaken
        assert events_since(game, 0, "prize_crew") and events_since(game, 0, "retaken")
    if (name, kind, seed) == ("three-flags-off-guadeloupe.json", "simple", 28):  # a prize crew, of three sides
        assert events_since(game, 0, "prize_crew")
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()


def test_determinized_copies_keep_the_prizes_and_their_crews() -> None:
    """The simple captains' fleet game (FLEET_SIMPLE_SEED) until a prize is held: a determinized copy for either side
    shows the same prizes, prize crews and detached crew as the game (they are public), and the game so far
    replays to the same fingerprint."""
    from cs_desktop import SCENARIOS
    from cs_desktop.ai.seat import Seat
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.rules.determinize import determinize
    from cs_desktop.rules.dice import Dice

    scenario, ships = load_scenario_with_ships(SCENARIOS / "fleets" / "frigate-fleets-12-a-side.json")
    game = Game(scenario, ships, FLEET_SIMPLE_SEED, {**ON, "turn_limit": 30})
    captains = {s.id: SimpleCaptain(FLEET_SIMPLE_SEED + i) for i, s in enumerate(scenario.sides)}
    while game.pending and not (any(s.prize_crew for s in game.state.ships.values())
                                and game.state.segment == "crew"):
        request = game.pending[0]
        assert game.submit(request.side, captains[request.side].choose(Seat(game, request)))
    held_now = {s.id: s.prize_crew for s in game.state.ships.values() if s.prize_crew}
    assert held_now
    for side in game.state.sides:
        copy = determinize(game, side, Dice(5))
        assert copy.view(side, events=False)["ships"] == game.view(side, events=False)["ships"]
        assert {s.id: s.prize_crew for s in copy.state.ships.values() if s.prize_crew} == held_now
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()


def test_R18_0k_a_ship_that_has_sent_every_man_she_can_spare_is_not_asked_for_a_second_hulk() -> None:
    """Java and Guerriere have struck in Constitution's square; Constitution has 4 crew points, all Melee: she
    takes Java with all 3 she can spare (the guard Java's 16 need: not asked) and is then not asked about
    Guerriere."""
    game = alongside(extra={"gb": [("guerriere", SAME)]})
    c = game.state.ships["constitution"]
    c.crew = 4
    for sid in ("java", "guerriere"):
        game.state.ships[sid].struck = True
    log: list[Request] = []
    run(game, fleet_end.take_possession_step(game), log=log, take_possession=True)
    assert [(r.kind, r.info.get("hulk")) for r in log] == [("take_possession", "java")]
    assert c.crew == 1 and game.state.ships["java"].prize_crew == 3 and not game.state.ships["guerriere"].captured
