"""Build the ship templates (`scenarios/ships/templates/`): Captains Bold's seven ship types as Captain's Sea cards.

Captains Bold (peer-captains-bold.txt), V. Appendices, "Appendix A - Ship Displays", names seven types of frigate;
its displays are pictures that the text does not carry, so each template takes the historical values (armament,
complement, tons burthen) of a ship or class of that type, named in its `sources`, and every game value (crew
points, red boxes, rigging, Fighting Sail Only, the gunnery tracks) comes from the card-building rules of
docs/file-formats.md (`cs_desktop/rules/ratings.py`), as every shipped card's does. Ruling R3.0a says why.
Run after editing a value: `python3 scripts/build_template_cards.py` (`--check` only compares).

The program reads the templates from the data folder (`cs_desktop.SCENARIOS / "ships" / "templates"`), never
from the peer text; the ship editor offers them under "New ship from template…".
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from card_writer import write_or_check  # noqa: E402  (scripts/, beside this file)
from cs_desktop.formats.files import dump_ship  # noqa: E402
from cs_desktop.rules import ratings  # noqa: E402
from cs_desktop.rules.cards import Gun, ShipCard  # noqa: E402

OUT = ROOT / "scenarios" / "ships" / "templates"

CB = "Captains Bold (peer-captains-bold.txt)"
APPENDIX = f"{CB}, V. Appendices, Appendix A - Ship Displays"
STEP_2B = f"{CB}, IV. Turn Sequence, STEP 2b"
BUILT = ("Crew points, red boxes, rigging points, Fighting Sail Only and the four gunnery tracks: the card-building "
         "rules of docs/file-formats.md ('How a card is built') from the complement, tons burthen and armament "
         "above (scripts/build_template_cards.py)")
QUALITY = ("Crew quality: average, with green, average and crack offered -- designed (R3.0a): a template is a "
           "type of ship, not a crew; Captains Bold gives its ships no crew quality")
LATE = ("Carronades: the late period's (Appendix A: the dividing line 'at about 1780' brought 'the introduction of "
        "the carronade')")
EARLY = ("No carronades: an early type (Appendix A: the carronade came with the late period, 'at about 1780')")
HEAVY = ("Heavy gun markers are not a card value: under the heavy_guns switch a ship's guns are heavy against an "
         "opponent a calibre lighter (Definitions, 'Heavy Guns'; R11.4.6h)")

B, C = "broadside", "chase"
L, K = "long", "carronade"


def guns(*lines: tuple[int, int, str, str]) -> list[Gun]:
    return [Gun(count=n, pounds=lb, kind=kind, position=pos) for n, lb, kind, pos in lines]  # type: ignore[arg-type]


def strength(build: str) -> str:
    """The hull strength's provenance: Step 2b's damage by build (R3.10a) and the card-building rules' 3.2."""
    if build == "fragile":
        return (f"Hull strength fragile: {STEP_2B}, 'If the ship is a sloop or small frigate, it will lose a Marker "
                "for every two hits' (the sloop_damage switch, R3.10a); fragile for sloops as the card-building "
                "rules' 3.2")
    if build == "firm":
        return (f"Hull strength firm: {STEP_2B}, 'the very stoutly built American Heavy Frigate ... remove a Marker "
                "for every four hits' (the heavy_frigate_damage switch, R3.10a); firm for the American 44s as the "
                "card-building rules' 3.2")
    return (f"Hull strength average: {STEP_2B}, a frigate, 'a Marker from each column for every three hits'; "
            "average as the card-building rules' 3.2")


#: id -> the type's values; `title` is Appendix A's heading of the type, word for word
TEMPLATES: dict[str, dict[str, Any]] = {
    "cb-early-small-frigate": dict(
        title="Early large sloop/small frigate, 20-28 guns (Seven Years War, American War of Independence, Fourth "
              "Anglo-Dutch War)",
        name="Early small frigate", nation="GB", rating="28-gun sixth rate (early small frigate)", launched=None,
        tons=590, hull=("average", "fragile"), armament=guns((24, 9, L, B), (4, 3, L, B)), complement=200,
        record="the British 28-gun sixth rate of the Seven Years War (Coventry class, 1756 on): 24 long 9s on the "
               "upper deck, 4 long 3s on the quarterdeck, 200 men, about 590 tons burthen (Wikipedia, "
               "'Coventry-class frigate')", carronades=EARLY,
        nation_why="Nation GB: Appendix A, 'the main types used by most European nations'; the record's class is "
                   "British (change it for another navy)"),
    "cb-early-frigate": dict(
        title="Early 32-38 gun frigate (Seven Years War, American War of Independence, Fourth Anglo-Dutch War)",
        name="Early frigate", nation="GB", rating="32-gun fifth rate (early frigate)", launched=None, tons=670,
        hull=("average", "average"), armament=guns((26, 12, L, B), (4, 6, L, B), (2, 6, L, C)), complement=220,
        record="the British 32-gun fifth rate of the Seven Years War (Southampton class, 1757 on): 26 long 12s on "
               "the upper deck, 4 long 6s on the quarterdeck, 2 on the forecastle (chase guns, R20.1i), 220 men, "
               "about 670 tons burthen (Wikipedia, 'Southampton-class frigate')", carronades=EARLY,
        nation_why="Nation GB: Appendix A, 'the main types used by most European nations'; the record's class is "
                   "British (change it for another navy)"),
    "cb-late-small-frigate": dict(
        title="Late large sloop, small frigate, 20-28 guns (Napoleonic Wars, War of 1812)",
        name="Late small frigate", nation="GB", rating="22-gun sixth rate (late small frigate)", launched=None,
        tons=539, hull=("average", "fragile"), armament=guns((22, 32, K, B), (10, 18, K, B), (2, 12, L, C)),
        complement=171,
        record="the 22-gun post ship Cyane of 1815 (Banterer class): 22 x 32-pdr and 10 x 18-pdr carronades, 2 long "
               "12s as chase guns, 171 men, 539 tons burthen -- the values of the shipped card "
               "scenarios/fleets/ships/cyane.json, whose sources give them", carronades=LATE,
        nation_why="Nation GB: Appendix A, 'the main types used by most European nations'; the record's ship is "
                   "British (change it for another navy)"),
    "cb-late-frigate": dict(
        title="Late 32-38 gun frigate (Napoleonic Wars, War of 1812)",
        name="Late frigate", nation="GB", rating="38-gun fifth rate (late frigate)", launched=None, tons=1081,
        hull=("average", "average"), armament=guns((28, 18, L, B), (16, 32, K, B), (2, 12, L, C)), complement=301,
        record="the British 38-gun frigate Macedonian of 1812: 28 long 18s, 16 x 32-pdr carronades, 2 long 12s as "
               "chase guns, 301 men, 1081 tons burthen -- the values of the shipped card "
               "scenarios/ships/macedonian.json, whose sources give them", carronades=LATE,
        nation_why="Nation GB: Appendix A, 'the main types used by most European nations'; the record's ship is "
                   "British (change it for another navy)"),
    "cb-large-frigate": dict(
        title="Large 40-44 gun frigate (typically used by France, Spain and allies throughout the period)",
        name="Large frigate", nation="FR", rating="40-gun frigate (large frigate)", launched=None, tons=1180,
        hull=("average", "average"), armament=guns((28, 18, L, B), (16, 12, L, B), (8, 42, K, B)), complement=380,
        record="the French 40-gun frigate La Vengeance of 1800: 28 long 18s, 16 long 12s and 8 carronades of 42 "
               "livres, about 380 men, about 1180 tons burthen (a designed estimate) -- the values of the shipped "
               "card scenarios/ships/la-vengeance.json, whose sources give them; calibres in French livres",
        carronades=LATE + "; an early ship of the type would carry none: take the carronades out",
        nation_why="Nation FR: Appendix A, 'typically used by France, Spain and allies'"),
    "cb-carronade-frigate": dict(
        title="Carronade-armed frigate (USS Essex - Napoleonic Wars, War of 1812)",
        name="Essex", nation="US", rating="32-gun frigate (carronade-armed)", launched=1799, tons=850,
        hull=("average", "average"), armament=guns((40, 32, K, B), (4, 12, L, B), (2, 12, L, C)), complement=300,
        record="USS Essex as armed in 1812-1814: 40 x 32-pdr carronades and 6 long 12s (2 taken as chase guns, "
               "R20.1i), about 300 men, 850 tons burthen, launched 1799 (Wikipedia, 'USS Essex (1799)')",
        carronades=LATE + "; her carronades are the type (Appendix B: 'a typical frigate against a "
                          "carronade-armed frigate')",
        nation_why="Nation US: Appendix A, 'specialized types developed later in the period by the United States "
                   "Navy'"),
    "cb-american-heavy-frigate": dict(
        title="American heavy frigate (USS Constitution - Napoleonic Wars, War of 1812)",
        name="Constitution", nation="US", rating="44-gun frigate (American heavy frigate)", launched=1797,
        tons=1576, hull=("fast", "firm"), armament=guns((30, 24, L, B), (24, 32, K, B), (2, 24, L, C)),
        complement=456,
        record="USS Constitution at the Java action: 30 long 24s, 24 x 32-pdr carronades, 2 long 24s as chase "
               "guns, 456 men, 1576 tons burthen, launched 1797, fast -- the values of the shipped card "
               "scenarios/ships/constitution.json, whose sources give them", carronades=LATE,
        nation_why="Nation US: Appendix A, 'specialized types developed later in the period by the United States "
                   "Navy'"),
}


def build(template_id: str, v: dict[str, Any]) -> ShipCard:
    """The template: the type's values as given, every game value by the card-building rules."""
    crew = ratings.crew_points_for(v["complement"])
    rigging = ratings.rigging_points_for(v["tons"])
    hull_type, hull_strength = v["hull"]
    sources = [f"Type: {APPENDIX}, '{v['title']}'",
               f"Armament, complement, tons burthen{', launch' if v['launched'] else ''}: {v['record']}. Appendix "
               "A's displays are pictures the text does not carry (R3.0a)",
               strength(hull_strength),
               f"Hull type {hull_type}: " + ("the record's, as her shipped card" if hull_type != "average" else
                                             "designed (R3.0a): Captains Bold's wind points are the same for "
                                             "every type"),
               v["carronades"], v["nation_why"], QUALITY, HEAVY, BUILT]
    return ShipCard(
        id=template_id, name=v["name"], nation=v["nation"], rating=v["rating"], launched=v["launched"],
        hull_type=hull_type, hull_strength=hull_strength,
        crew_quality_options=["green", "average", "crack"], historical_crew_quality="average",
        crew_points=crew, crew_red_boxes=ratings.red_boxes_for(crew),
        rigging_points=rigging, fighting_sail_only=ratings.fighting_sail_only_for(rigging),
        gunnery=ratings.build_gunnery(v["armament"], v["nation"]),
        chasers={"bow": 1, "stern": 1}, armament=v["armament"], complement=v["complement"],
        sources=sources, notes=f"A template: Captains Bold's '{v['title']}'. Tons burthen {v['tons']}. Give her "
                               "a name and id of her own.",
    )


def main(argv: list[str]) -> int:
    texts = {template_id: dump_ship(build(template_id, values)) for template_id, values in TEMPLATES.items()}
    return write_or_check(texts, OUT, "--check" in argv, "templates", ROOT)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
