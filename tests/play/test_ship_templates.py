"""Ship templates (ruling R3.0a): Captains Bold's seven ship types (peer-captains-bold.txt, V. Appendices,
Appendix A - Ship Displays) shipped as ship files in the data folder, with the provenance of every value.

API tested: play/ship_templates (load_templates, title, provenance); scripts/build_template_cards.py --check;
a game between two templates under the Damage Step switches (R3.10a). Expected: seven templates, one for each
type of Appendix A, each citing the appendix by name and its type's heading, and naming where every other value
comes from; the committed files are what the card-building rules build; the program reads them from its own data
folder; a broken file is not offered and its problem names the file and the field; two templates play a game.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cs_desktop import ROOT, SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.play.ship_templates import TEMPLATES_DIR, load_templates, provenance, title
from cs_desktop.rules.game import Game
from cs_desktop.batch.simulate import play_game

#: Appendix A's headings, word for word, in its order
APPENDIX_A = ["Early large sloop/small frigate, 20-28 guns", "Early 32-38 gun frigate",
              "Late large sloop, small frigate, 20-28 guns", "Late 32-38 gun frigate", "Large 40-44 gun frigate",
              "Carronade-armed frigate (USS Essex", "American heavy frigate (USS Constitution"]


def test_appendix_a_R3_0a_seven_templates_one_for_each_type() -> None:
    cards, problems = load_templates()
    assert problems == [] and len(cards) == 7
    headings = [next(s for s in c.sources if s.startswith("Type: ")) for c in cards]
    for heading in APPENDIX_A:
        (match,) = [h for h in headings if heading in h]
        assert "Captains Bold (peer-captains-bold.txt), V. Appendices, Appendix A - Ship Displays" in match
    assert all(title(c).startswith(c.name) and c.rating in title(c) for c in cards)


def test_appendix_a_R3_0a_every_value_has_its_provenance() -> None:
    """Each template names the source of its armament, complement and tons, hull strength (Step 2b), hull type,
    carronades, nation, crew quality and the values the card-building rules make."""
    for card in load_templates()[0]:
        text = provenance(card)
        for what in ("Armament, complement, tons burthen", "Hull strength", "Hull type", "arronades", "Nation",
                     "Crew quality", "Crew points, red boxes, rigging points, Fighting Sail Only and the four "
                                     "gunnery tracks"):
            assert what in text, (card.id, what)
        assert "STEP 2b" in text and "R3.0a" in text


def test_appendix_a_R3_0a_builds_match_step_2b() -> None:
    """Step 2b's builds: the two sloops/small frigates fragile, the American heavy frigate firm, the rest average;
    early types carry no carronades, late types do."""
    cards = {c.id: c for c in load_templates()[0]}
    assert {k for k, c in cards.items() if c.hull_strength == "fragile"} == {"cb-early-small-frigate",
                                                                           "cb-late-small-frigate"}
    assert {k for k, c in cards.items() if c.hull_strength == "firm"} == {"cb-american-heavy-frigate"}
    for k, c in cards.items():
        carronades = any(g.kind == "carronade" for g in c.armament)
        assert carronades is not k.startswith("cb-early"), k


def test_appendix_a_R3_0a_files_are_what_the_card_rules_build() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_template_cards.py"), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_appendix_a_R3_0a_read_from_the_data_folder_only() -> None:
    """The program reads its own copy (scenarios/ships/templates/), never the peer texts; the templates are not
    ship cards of the library or of the scenarios (they are a folder below the shipped cards)."""
    assert TEMPLATES_DIR == SCENARIOS / "ships" / "templates"
    source = (ROOT / "cs_desktop" / "play" / "ship_templates.py").read_text(encoding="utf-8")
    assert "shared" not in source and "peer-" not in source
    shipped = {p.stem for p in (SCENARIOS / "ships").glob("*.json")}
    assert not shipped & {c.id for c in load_templates()[0]}


def test_appendix_a_R3_0a_a_broken_template_is_not_offered_and_says_why(tmp_path: Path) -> None:
    good = TEMPLATES_DIR / "cb-late-frigate.json"
    (tmp_path / "cb-late-frigate.json").write_text(good.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "broken.json").write_text(good.read_text(encoding="utf-8").replace('"crew_points": 12',
                                                                                   '"crew_points": -3'),
                                          encoding="utf-8")
    cards, problems = load_templates(tmp_path)
    assert [c.id for c in cards] == ["cb-late-frigate"]
    (problem,) = problems
    assert "broken.json" in problem and "crew_points" in problem


def test_appendix_a_R3_0a_two_templates_fight_under_the_step_2b_switches() -> None:
    """Seen acting: the late small frigate (a sloop) against the American heavy frigate, both Step 2b switches
    on, simple captains: hits on each name R3.10a, and the game replays."""
    cards = {c.id: c for c in load_templates()[0]}
    scenario, ships = load_scenario_with_ships(SCENARIOS / "constitution-vs-java.json")
    swap = {"constitution": "cb-american-heavy-frigate", "java": "cb-late-small-frigate"}
    sides = [side.model_copy(update={"ships": [ss.model_copy(update={"ship": swap[ss.ship_id]})
                                               for ss in side.ships]}) for side in scenario.sides]
    scenario = scenario.model_copy(update={"sides": sides})
    ships = {v: cards[v] for v in swap.values()}
    game = play_game(scenario, ships, 5, ("simple", "simple"),
                     {"sloop_damage": True, "heavy_frigate_damage": True, "turn_limit": 15})
    acted = {e["ship"] for e in game.events if e["type"] in ("hit", "hit_marked") and "R3.10a" in e["text"]}
    assert acted == set(swap.values())
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()
