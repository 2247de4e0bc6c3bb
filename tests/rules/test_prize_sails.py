"""WS&IM D.5 (`peer-wooden-ships-melee-capture.txt`, D. Capturing Procedure, with D.7-D.12): a prize crew sails
and fights its prize, "fire and load the guns (but at two tables less than normal)" -- the `prize_sails` switch
of the prize crews family (rulings R18.0u-R18.0w, R19.0i).

Constitution (us: crack, 18 crew points) and Java (gb: average, 16); Guerriere (gb) lies four squares east of
Java. Every die of the rules tests is scripted; the whole games are seeded and replayed."""

from __future__ import annotations

import pytest

from cs_desktop.ai.judgment_view import scratch_state
from cs_desktop.ai.simple import SimpleCaptain
from cs_desktop.rules import housekeeping, melee, prize_sails
from cs_desktop.rules.cards import Scenario
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.game import Game
from cs_desktop.rules.melee_capture import capture
from cs_desktop.rules.setup import options_problem
from cs_desktop.rules.shot_odds import shot_odds
from cs_desktop.rules.state import FAIR, HANDY, ShipState
from cs_desktop.rules.victory import tally

from tests.rules.fighting_kit import dice_left, events_since, man, mark, mods_of, ready, rolls_since, run, script
from tests.rules.harness import duel
from tests.rules.test_firing import shoot
from tests.rules.test_prize_crews import FAR, SAME, _boarding

CREWS = {"fleet_rules": True, "prize_crews": True}
SAILS = {**CREWS, "prize_sails": True}
TWO_LESS = "prize crew, two tables less -2 (WS&IM D.5, R18.0u)"


def sailing(prize_crew: int = 4, options: dict[str, object] | None = None) -> Game:
    """Java carried by Constitution's boarders at (14, 12), a prize crew of `prize_crew` aboard, hoisted for the
    United States (as `melee_capture.capture` does it); Guerriere at (18, 12), on Java's starboard beam."""
    game = ready((10, 12, 1), (14, 12, 1), extra={"gb": [("guerriere", (18, 12, 1))]},
                 options=dict(SAILS if options is None else options))
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    c.crew, c.crew_detached = c.crew - prize_crew, prize_crew
    j.prize_crew, j.prize_crew_from = prize_crew, "constitution"
    prize_sails.hoist(game, c, j)
    return game


# ------------------------------------------------------------------------------------------ the switch (R18.0v)
def test_WSIM_D5_switch_off_plays_and_fingerprints_as_before() -> None:
    plain, off = duel(options=CREWS), duel(options={**CREWS, "prize_sails": False})
    assert plain.fingerprint() == off.fingerprint()
    data = plain.state.to_dict()
    assert "prize_sails" not in data
    assert all(not {"prize_of", "prisoners", "prize_damage"} & set(s) for s in data["ships"].values())
    assert "prize_sails" not in plain.scenario.options.model_dump()
    on = duel(options=SAILS).state.to_dict()
    assert on["prize_sails"] is True and on["ships"]["java"]["prize_of"] == ""


def test_WSIM_D5_needs_prize_crews_and_two_sides_refused_naming_them() -> None:
    with pytest.raises(ValueError, match="prize_sails needs prize_crews"):
        duel(options={"fleet_rules": True, "prize_sails": True})
    doc = duel().scenario.model_dump(mode="json")
    with pytest.raises(ValueError, match="options.prize_sails needs options.prize_crews"):
        Scenario.model_validate({**doc, "options": {"fleet_rules": True, "prize_sails": True}})
    from cs_desktop import SCENARIOS
    from cs_desktop.formats.files import load_scenario_with_ships

    three, _ = load_scenario_with_ships(SCENARIOS / "fleets" / "three-flags-off-guadeloupe.json")
    assert "for two sides" in str(options_problem(three, SAILS))
    with pytest.raises(ValueError, match="prize_sails is for two sides"):
        Scenario.model_validate({**three.model_dump(mode="json"), "options": SAILS})


def test_WSIM_D5_saved_game_and_command_line_refuse_it_without_prize_crews(capsys: pytest.CaptureFixture[str]) -> None:
    from cs_desktop import SCENARIOS
    from cs_desktop.cli.main import main
    from cs_desktop.formats.savegame import SaveError, parse_save, save_text

    args = ["simulate", "--scenario", str(SCENARIOS / "constitution-vs-java.json"), "--games", "1"]
    assert main([*args, "--option", "fleet_rules=true", "--option", "prize_sails=true"]) == 2
    assert "prize_sails needs prize_crews" in capsys.readouterr().err
    text = save_text(duel(options=CREWS))
    with pytest.raises(SaveError, match="prize_sails needs prize_crews"):
        parse_save(text.replace('"prize_crews": true', '"prize_sails": true'))
    assert parse_save(text.replace('"prize_crews": true', '"prize_crews": true, "prize_sails": true'))


# ------------------------------------------------------------------------------------- D.5-D.7, D.10 (R18.0u)
def test_WSIM_D5_a_ship_carried_in_melee_changes_hands_under_her_prize_crew() -> None:
    """15.0: Constitution's boarders carry Java and put 4 across; under the switch Java is at once a ship of the
    United States: her crew track is the prize crew (4), her 16 crew points are prisoners, her quality is
    Constitution's (crack, D.10), her grapple is cut, and every view and the captain's scratch state say so."""
    c, j = _boarding(game := ready(SAME, SAME, extra=FAR, options=SAILS))
    run(game, melee.fight(game, c, j), melee_split=(4, 0), prize_crew=4)
    assert dice_left(game) == [] and not game.state.ended
    assert (j.side, j.prize_of, j.crew, j.prisoners, j.quality) == ("us", "gb", 4, 16, "crack")
    assert j.afloat and not j.captured and j.halted and game.state.grapples == []
    assert "java" in game.state.sides["us"].ships and "java" not in game.state.sides["gb"].ships
    (e,) = events_since(game, 0, "prize_sails")
    assert e["side"] == "us" and e["prisoners"] == 16 and "two tables less" in e["text"]
    for side in ("us", "gb"):
        view = game.view(side, events=False)
        assert view["ships"]["java"]["side"] == "us" and view["ships"]["java"]["prize_of"] == "gb"
        assert "java" in view["sides"]["us"]["ships"]
    scratch = scratch_state(game.view("us", events=False), game.cards)
    assert scratch.ships["java"].prize_of == "gb" and scratch.ships["java"].prisoners == 16


def test_WSIM_D12_a_struck_hulk_taken_does_not_sail() -> None:
    """D.12: a ship that struck never sails, even captured: taking a hulk leaves her a hulk of her own side."""
    game = ready(SAME, SAME, extra=FAR, options=SAILS)
    j = game.state.ships["java"]
    j.struck = True
    assert not prize_sails.sails(game.state, j)


def test_WSIM_D5_her_requests_go_to_her_captors_seat() -> None:
    """The next crew assignment (5.0) asks the United States for Java, with her prize crew to assign."""
    game = sailing()
    game.state.step = ()
    from cs_desktop.rules.crew import segment_crew

    log: list[Request] = []
    gen = segment_crew(game)
    requests = gen.send(None)  # type: ignore[arg-type]
    log.extend(requests)
    asked = {r.side: set(r.info["limits"]) for r in log if r.kind == "assign_crew"}
    assert "java" in asked["us"] and "java" not in asked["gb"]
    assert next(r for r in log if r.side == "us").info["limits"]["java"]["crew"] == 4


def test_WSIM_D5_her_guns_fire_at_two_tables_less() -> None:
    """11.4.5: Java fires her starboard bow at Guerriere: [6] -2 = 4, a miss (no defense roll), the modifier
    named; the odds before the shot show it too: a Fair crew needs a 7 (P(hit) 0 where it had 1/3), a Handy one
    a natural 6 (1/6 where it had 1/2)."""
    game = sailing()
    j = game.state.ships["java"]
    j.morale = FAIR
    man(game, "java", starboard_bow=1)
    before = shot_odds(game.state, "java", "guerriere", ["starboard_bow"], "high")["attacks"][0]
    assert before["to_hit_modifiers"] == [[TWO_LESS, -2]] and before["p_hit"] == 0
    j.morale = HANDY
    handy = shot_odds(game.state, "java", "guerriere", ["starboard_bow"], "high")["attacks"][0]
    assert handy["p_hit"] == pytest.approx(1 / 6)
    j.morale = FAIR
    script(game, [6])
    start = mark(game)
    shoot(game, "us", "java", {"starboard_bow": "high"}, target="guerriere")
    (r,) = rolls_since(game, start, "to-hit")
    assert mods_of(r) == {TWO_LESS: -2} and r["modified"] == [4] and dice_left(game) == []
    j.prize_of = ""  # the same ship not a prize: no modifier
    plain = shot_odds(game.state, "java", "guerriere", ["starboard_bow"], "high")["attacks"][0]
    assert plain["p_hit"] == pytest.approx(1 / 3) and "to_hit_modifiers" not in plain


# ---------------------------------------------------------------------------------------- D.8, D.9, D.11 (R18.0w)
def test_WSIM_D11_odd_losses_on_the_prize_crew_even_on_the_prisoners() -> None:
    game = sailing()
    j = game.state.ships["java"]
    assert prize_sails.prisoners_fall(game, j, 5) == 3 and j.prisoners == 14
    assert prize_sails.prisoners_fall(game, j, 1) == 1 and j.prisoners == 14
    assert events_since(game, 0, "prisoners_hit")[0]["hits"] == 2


@pytest.mark.parametrize("how", ["prisoners", "struck", "no_crew"])
def test_WSIM_D8_D9_she_goes_home_a_hulk(how: str) -> None:
    """At Housekeeping after 17.4: more than six prisoners to each of the prize crew (D.9), a prize crew that
    struck her, or none left (D.8): Java is Britain's again, struck, her prisoners her crew."""
    game = sailing(prize_crew=4)
    j = game.state.ships["java"]
    if how == "prisoners":
        j.crew = 2  # 16 > 6 x 2
    elif how == "struck":
        j.struck = True
    else:
        j.crew = 0
    prize_sails.settle(game)
    assert (j.side, j.prize_of, j.struck, j.captured, j.crew, j.prisoners) == ("gb", "", True, False, 16, 0)
    assert "java" in game.state.sides["gb"].ships and events_since(game, 0, "retaken")


def test_WSIM_D9_six_to_one_holds() -> None:
    game = sailing(prize_crew=3)
    j = game.state.ships["java"]
    j.prisoners = 18
    prize_sails.settle(game)
    assert j.side == "us" and j.prize_of == "gb" and not events_since(game, 0, "retaken")


def test_WSIM_D8_her_own_side_carrying_her_in_melee_retakes_her() -> None:
    game = sailing()
    g_ship, j = game.state.ships["guerriere"], game.state.ships["java"]
    run(game, capture(game, g_ship, j))
    assert (j.side, j.struck, j.captured, j.crew) == ("gb", True, False, 16) and not j.prize_of
    assert not events_since(game, 0, "prize_crew")


def test_WSIM_D8_settle_runs_in_housekeeping() -> None:
    game = sailing()
    game.state.ships["java"].crew = 2
    script(game, [])
    run(game, housekeeping.segment_housekeeping(game))
    assert game.state.ships["java"].side == "gb"


# -------------------------------------------------------------------------------------------- R19.0i
def _java(game: Game) -> ShipState:
    return game.state.ships["java"]


def test_R19_0i_held_she_is_the_captors_capture_and_later_damage_is_her_former_sides() -> None:
    """Held: +10 to the United States, who score her damage when she changed hands; 3 rigging boxes she loses
    after are Britain's hits, not the United States'. Retaken: the strike points, and all her damage the US's."""
    game = sailing()
    us, gb = tally(game)["sides"]["us"], tally(game)["sides"]["gb"]
    assert (us["captured"], us["struck"], gb["captured"]) == (1, 0, 0)
    us_rigging, gb_rigging = us["hits"]["rigging"], gb["hits"]["rigging"]
    _java(game).rigging -= 3
    us, gb = tally(game)["sides"]["us"], tally(game)["sides"]["gb"]
    assert (us["hits"]["rigging"], gb["hits"]["rigging"]) == (us_rigging, gb_rigging + 3)
    _java(game).crew = 1  # 16 > 6: home
    prize_sails.settle(game)
    us = tally(game)["sides"]["us"]
    assert (us["captured"], us["struck"], us["hits"]["rigging"]) == (0, 1, us_rigging + 3)


# -------------------------------------------------------------------------------------------- seeded games
#: frigate-fleets-12-a-side, simple captains: seed 2 sails three prizes and fires at two tables less; seed 7 sails
#: one that her prisoners take back
SEEDED = [("simple", 2), ("simple", 7)]


@pytest.mark.parametrize("kind, seed", SEEDED)
def test_WSIM_D5_seeded_games_sail_prizes_keep_every_invariant_and_replay(kind: str, seed: int) -> None:
    from cs_desktop import SCENARIOS
    from cs_desktop.ai.seat import Seat
    from cs_desktop.formats.files import load_scenario_with_ships

    from tests.rules.test_properties import check_invariants, check_tally_from_log

    scenario, ships = load_scenario_with_ships(SCENARIOS / "fleets" / "frigate-fleets-12-a-side.json")
    game = Game(scenario, ships, seed, {**SAILS, "turn_limit": 30})
    captains = {s.id: SimpleCaptain(seed + i) for i, s in enumerate(scenario.sides)}
    while game.pending:
        check_invariants(game)
        request = game.pending[0]
        assert game.submit(request.side, captains[request.side].choose(Seat(game, request)))
    assert game.ended and events_since(game, 0, "prize_sails") and events_since(game, 0, "retaken")
    if seed == 2:
        assert any(TWO_LESS in dict(r["modifiers"]) for r in rolls_since(game, 0, "to-hit"))
    check_tally_from_log(game)
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()


def test_WSIM_D5_the_forms_read_her_from_the_captors_view() -> None:
    """A human's crew form is built from his side's request and view (play/crew_plan): the United States' offers
    Java's prize crew to the battery that bears on Guerriere; Britain's counts Java as an enemy of Guerriere."""
    from cs_desktop.play.crew_plan import bearing_assignments, enemies
    from cs_desktop.rules.crew import crew_request

    game = sailing()
    request = crew_request(game.state, "us")
    offered = bearing_assignments(game.view("us", events=False), request.info["limits"])
    java = offered["java"]
    assert sum(java["gunnery"].values()) + java["sailing"] <= 4
    assert java["gunnery"]["starboard_bow"] + java["gunnery"]["starboard_aft"] >= 1
    assert "java" in {s["id"] for s in enemies(game.view("gb", events=False), "guerriere")}


def test_WSIM_D5_determinized_copies_see_her_under_her_captor() -> None:
    """The seeded game (seed 2) until a prize sails and crews are next assigned: a determinized copy for either
    side (the look-ahead of the captains' levels) shows every ship as the game does, Guerriere (guerriere-2)
    sailing for the United States; the game so far replays to the same fingerprint."""
    from cs_desktop import SCENARIOS
    from cs_desktop.ai.seat import Seat
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.rules.determinize import determinize
    from cs_desktop.rules.dice import Dice

    scenario, ships = load_scenario_with_ships(SCENARIOS / "fleets" / "frigate-fleets-12-a-side.json")
    game = Game(scenario, ships, 2, {**SAILS, "turn_limit": 30})
    captains = {s.id: SimpleCaptain(2 + i) for i, s in enumerate(scenario.sides)}
    while game.pending and not (events_since(game, 0, "prize_sails") and game.state.segment == "crew"):
        request = game.pending[0]
        assert game.submit(request.side, captains[request.side].choose(Seat(game, request)))
    assert game.state.ships["guerriere-2"].prize_of == "gb" and game.state.ships["guerriere-2"].side == "us"
    for side in game.state.sides:
        copy = determinize(game, side, Dice(5))
        assert copy.view(side, events=False)["ships"] == game.view(side, events=False)["ships"]
        assert copy.state.sides["us"].ships == game.state.sides["us"].ships
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()
