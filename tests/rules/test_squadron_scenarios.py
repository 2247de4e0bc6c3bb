"""The historical squadron actions of `scenarios/fleets/` (issue 14 item 3): sourced, built by the card-building
rules, fleet rules on; random and simple captains play each to the end without an exception, and every game
replays identically (BRIEF §6)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships, load_ship
from cs_desktop.rules.game import Game
from cs_desktop.rules.ratings import victory_terms
from cs_desktop.batch.simulate import play_game
from cs_desktop.batch.tournament import scenario_files

ROOT = Path(__file__).resolve().parents[2]
FLEETS = SCENARIOS / "fleets"
HISTORICAL = ["constitution-vs-cyane-and-levant", "president-and-the-squadron", "lake-erie", "lake-champlain"]
GAMES = [(("random", "random"), 1), (("simple", "simple"), 2), (("simple", "random"), 3)]


@pytest.mark.parametrize("name", HISTORICAL)
@pytest.mark.parametrize("captains,seed", GAMES)
def test_squadron_action_plays_to_the_end_and_replays(name: str, captains: tuple[str, str], seed: int) -> None:
    scenario, ships = load_scenario_with_ships(FLEETS / f"{name}.json")
    game = play_game(scenario, ships, seed, captains)
    assert game.ended and game.events[-1]["type"] == "game_end"
    reason = game.state.end_reason
    assert "turn limit 30" in reason or "no ship left fighting" in reason or "struck voluntarily" in reason, reason
    again = Game.replay(scenario, ships, seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()


@pytest.mark.parametrize("name", HISTORICAL)
def test_squadron_actions_are_historical_fleet_battles(name: str) -> None:
    scenario, ships = load_scenario_with_ships(FLEETS / f"{name}.json")
    assert scenario.options.fleet_rules and scenario.options.turn_limit == 30
    assert scenario.historical_outcome.winner is not None and "what if" not in scenario.title.lower()
    assert len(ships) >= 3
    assert Game(scenario, ships, 1).state.fleet_rules


def test_squadron_cards_stay_out_of_the_single_ship_library() -> None:
    """The lake craft and the squadron frigates live in scenarios/fleets/ships/, so the library's cards (the
    balance sweep's pairings) and the scenarios the 1v1 tournament and pinned games read are unchanged."""
    shipped = {p.stem for p in (SCENARIOS / "ships").glob("*.json")}
    fleet_cards = {p.stem for p in (FLEETS / "ships").glob("*.json")}
    assert fleet_cards and not fleet_cards & shipped
    assert not {p.stem for p in scenario_files(None)} & set(HISTORICAL)


def test_squadron_cards_are_rebuilt_by_the_script() -> None:
    """scripts/build_fleet_cards.py holds the historical values; the committed cards are what it builds."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_fleet_cards.py"), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_r21_3c_lake_erie_prints_designed_terms_and_says_why() -> None:
    """R21.3c: the R21.3b reading (FP from each side's whole broadside, CR the mean, DC summed) gives the British
    x5.5 and 22 VP with the calibrated scale, which won them every game; the scenario prints designed terms, x1
    each, and its sources give the measured reason."""
    scenario, ships = load_scenario_with_ships(FLEETS / "lake-erie.json")
    terms = victory_terms(scenario, ships)
    assert (terms.side("us").multiplier, terms.side("gb").multiplier) == (1, 1)
    assert (terms.side("us").bonus, terms.side("gb").bonus) == (0, 0)
    # summed CR 13.5 against 6 (half points a step, R20.1l; FP 0 a side: no craft fires 425 lb a broadside):
    # x9.5, what R21.3b sets aside (x17 under the old scale)
    assert terms.side("gb").computed_multiplier == 9.5
    assert any("R21.3c" in source and "x5.5" in source for source in scenario.sources)


def test_one_gun_vessel_card_shows_the_documented_gap() -> None:
    """docs/file-formats.md, one-gun vessels: a schooner with one pivot gun gets a die in a section with no gun
    (every section has at least one box, and every box fires at least one die)."""
    card = load_ship(FLEETS / "ships" / "porcupine.json")
    assert sum(g.count for g in card.armament) == 1
    assert [b.long for b in card.gunnery["port_bow"]] == [1] and [b.long for b in card.gunnery["port_aft"]] == [1]
