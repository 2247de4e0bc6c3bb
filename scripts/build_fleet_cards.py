"""Build the ship cards of the squadron actions (`scenarios/fleets/ships/`) from their historical values.

Every game value of a card (crew points, red boxes, rigging, Fighting Sail Only, the four gunnery tracks) comes
from the card-building rules of docs/file-formats.md ("How a card is built", `cs_desktop/rules/ratings.py`); this
file holds only the historical values -- armament, complement, launch year, tons burthen, the reputation that
sets hull type and strength, the crew quality the record shows -- each with its source. Run after editing a
value: `python3 scripts/build_fleet_cards.py` (rewrites every card listed here; `--check` only compares).

The cards live beside the fleet scenarios, not in `scenarios/ships/`, so the library of single-ship cards (the
1v1 tournament, the balance sweep of every pairing) is unchanged by the lake brigs, schooners and gunboats.
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

OUT = ROOT / "scenarios" / "fleets" / "ships"

ROOSEVELT = "Theodore Roosevelt, The Naval War of 1812 (1882)"
JAMES = "William James, The Naval History of Great Britain (1837 ed.), vol. VI"
ERIE_TABLE = (f"{ROOSEVELT}, 1813, the table of the two squadrons on Lake Erie (tons, crew; guns after Barclay's "
              "list and Emmons)")
CHAMPLAIN_TABLE = f"{ROOSEVELT}, 1814, the table of Macdonough's squadron on Lake Champlain (tons, crew, guns)"

B, C = "broadside", "chase"
L, K = "long", "carronade"


def guns(*lines: tuple[int, int, str, str]) -> list[Gun]:
    return [Gun(count=n, pounds=lb, kind=kind, position=pos) for n, lb, kind, pos in lines]  # type: ignore[arg-type]


#: id -> historical values. `sources` must name each field (armament, complement, launched, tons burthen) or say
#: it is a designed reading (tests/rules/test_history.py).
SHIPS: dict[str, dict[str, Any]] = {
    # ------------------------------------------------------------------ Constitution vs Cyane and Levant, 1815
    "cyane": dict(
        name="Cyane", nation="GB", rating="22-gun sixth rate (Banterer-class post ship)", launched=1806, tons=539,
        hull=("average", "fragile"), quality="average",
        armament=guns((22, 32, K, B), (10, 18, K, B), (2, 12, L, C)), complement=171,
        sources=[
            "Armament (22 x 32-pdr and 10 x 18-pdr carronades, 2 long 12s) and complement (145 men and 26 boys, "
            "171): Wikipedia, 'Capture of HMS Cyane and HMS Levant'; the infobox's 175 is the rounder figure",
            "Launched 1806, tons burthen 539 (bm): Wikipedia, 'HMS Cyane (1806)'",
            f"The action: {ROOSEVELT}, 1815; {JAMES}, 1815",
        ],
        notes="Fragile: a post ship of light scantling, as the sloop Curlew. The two long 12s are chase guns "
              "(R20.1i). The same card as the Constitution 1812 campaign's (scenarios/campaigns/).",
    ),
    "levant": dict(
        name="Levant", nation="GB", rating="20-gun sixth rate (Cyrus-class post ship)", launched=1813, tons=464,
        hull=("average", "fragile"), quality="average",
        armament=guns((18, 32, K, B), (2, 6, L, C)), complement=131,
        sources=[
            f"Armament: 18 x 32-pdr carronades and two long guns ({JAMES}, 1815, gives two 9s; Wikipedia, 'HMS "
            "Levant (1813)', 6-pdr bow chasers; some lists give 20 carronades): the 18 carronades of James and "
            "Roosevelt; the long guns are chase guns either way (R20.1i)",
            "Complement 131 (115 officers and men, 16 boys, February 1815): Michael Phillips, 'Ships of the Old "
            "Navy' (ageofnelson.org), 'Levant (20)'; Wikipedia, 'Capture of HMS Cyane and HMS Levant' gives 135",
            "Launched December 1813, tons burthen 464 (bm): Wikipedia, 'HMS Levant (1813)'",
        ],
        notes="Fragile, as Cyane. The same card as the Constitution 1812 campaign's (scenarios/campaigns/).",
    ),
    # ------------------------------------------------------------------ President and the squadron, 1815
    "pomone": dict(
        name="Pomone", nation="GB", rating="38-gun frigate (ex-French Astree, Pallas class)", launched=1809,
        tons=1093, hull=("average", "average"), quality="average",
        armament=guns((28, 18, L, B), (16, 32, K, B), (2, 9, L, C)), complement=300,
        sources=[
            "Armament in British service (28 long 18s, 14 + 2 x 32-pdr carronades, 2 long 9s), complement "
            "(300, later 315), launched 1 May 1809 at Cherbourg, tons burthen 1093 (bm): Wikipedia, 'HMS "
            "Pomone (1811)'",
            f"In the chase of President: {JAMES}, 1815; threedecks.org, 'Capture of the President'",
        ],
        notes="Taken at Mauritius in 1810. The two long 9s on the forecastle are chase guns (R20.1i).",
    ),
    "tenedos": dict(
        name="Tenedos", nation="GB", rating="38-gun frigate (Leda class)", launched=1812, tons=1062,
        hull=("average", "average"), quality="average",
        armament=guns((28, 18, L, B), (8, 9, L, B), (8, 32, K, B), (2, 9, L, C)), complement=300,
        sources=[
            "Armament (28 long 18s; quarterdeck 8 long 9s and 6 x 32-pdr carronades; forecastle 2 long 9s and "
            "2 x 32-pdr carronades), complement (284, later 300) and tons burthen (1062 bm): the Leda-class "
            "figures of Wikipedia, 'Leda-class frigate' (designed reading: her own 1815 figures not found)",
            "Launched 1812: Wikipedia, 'Leda-class frigate' (ships of the class); kenthistoryforum.com, "
            "'HMS Tenedos (1812 - 1875)'",
        ],
        notes="A Leda-class frigate, like Shannon. The forecastle 9s are chase guns (R20.1i).",
    ),
    "majestic": dict(
        name="Majestic", nation="GB", rating="58-gun razee (cut-down 74)", launched=1785, tons=1623,
        hull=("average", "average"), quality="average",
        armament=guns((28, 32, L, B), (28, 42, K, B), (2, 12, L, C)), complement=495,
        sources=[
            "Armament as a razee from 1813 (28 long 32s, 28 x 42-pdr carronades, 2 long 12s), launched 1785, "
            "tons burthen 1623 (bm): Wikipedia, 'HMS Majestic (1785)'",
            "Complement as a razee, 495: German Wikipedia, 'HMS Majestic (1785)'",
            f"Commodore Hayes's ship in the chase: {JAMES}, 1815",
        ],
        notes="Hull average: the rules of docs/file-formats.md give firm only to the American 44s; a razee keeps a "
              "74's scantling, which a later ruling could count. The two long 12s are chase guns (R20.1i).",
    ),
    # ------------------------------------------------------------------ Lake Erie, 10 September 1813
    "lawrence": dict(
        name="Lawrence", nation="US", rating="20-gun brig", launched=1813, tons=480,
        hull=("average", "fragile"), quality="average",
        armament=guns((18, 32, K, B), (2, 12, L, B)), complement=136,
        sources=[f"Armament (2 long 12s, 18 x 32-pdr carronades), complement (136), tons burthen (480): {ERIE_TABLE}",
                 "Launched 1813 at Erie (Presque Isle): Wikipedia, 'USS Lawrence (1813)'"],
        notes="Perry's flagship. A brig of light scantling: fragile. The long 12s stand in the broadside.",
    ),
    "niagara": dict(
        name="Niagara", nation="US", rating="20-gun brig", launched=1813, tons=480,
        hull=("average", "fragile"), quality="average",
        armament=guns((18, 32, K, B), (2, 12, L, B)), complement=155,
        sources=[f"Armament (2 long 12s, 18 x 32-pdr carronades), complement (155), tons burthen (480): {ERIE_TABLE}",
                 "Launched 1813 at Erie (Presque Isle): Wikipedia, 'USS Niagara (1813)'"],
        notes="Elliott's brig, Lawrence's sister; Perry shifted his flag to her.",
    ),
    "caledonia": dict(
        name="Caledonia", nation="US", rating="3-gun brig", launched=None, tons=180,
        hull=("average", "fragile"), quality="average",
        armament=guns((2, 24, L, B), (1, 32, K, B)), complement=53,
        sources=[f"Armament (2 long 24s, 1 x 32-pdr carronade), complement (53), tons burthen (180): {ERIE_TABLE}"],
        notes="A merchant brig cut out from under Fort Erie in 1812; her guns were on pivots, so each bears on "
              "either side (the card-building rule gives one side half of each line, rounded up).",
    ),
    "ariel": dict(
        name="Ariel", nation="US", rating="4-gun schooner", launched=1813, tons=112,
        hull=("average", "fragile"), quality="average",
        armament=guns((4, 12, L, B)), complement=36,
        sources=[f"Armament (4 long 12s), complement (36), tons burthen (112): {ERIE_TABLE}",
                 "Launched 1813 at Erie: Wikipedia, 'Battle of Lake Erie'"],
        notes="One of her 12s burst early in the action (Perry's statement of force); the card has all four.",
    ),
    "scorpion": dict(
        name="Scorpion", nation="US", rating="2-gun schooner", launched=1813, tons=86,
        hull=("average", "fragile"), quality="average",
        armament=guns((1, 32, L, B), (1, 32, K, B)), complement=35,
        sources=[f"Armament (1 long 32, 1 x 32-pdr carronade), complement (35), tons burthen (86): {ERIE_TABLE}",
                 "Launched 1813 at Erie: Wikipedia, 'Battle of Lake Erie'"],
        notes="Pivot guns. See the note on one-gun vessels in docs/file-formats.md ('How a card is built').",
    ),
    "somers": dict(
        name="Somers", nation="US", rating="2-gun schooner", launched=None, tons=94,
        hull=("average", "fragile"), quality="average",
        armament=guns((1, 32, L, B), (1, 24, K, B)), complement=30,
        sources=[f"Armament (1 long 32, 1 x 24-pdr carronade, Barclay's list as Roosevelt takes it; Lossing gives "
                 f"two long 32s), complement (30), tons burthen (94): {ERIE_TABLE}"],
        notes="A merchant schooner bought at Buffalo. Pivot guns.",
    ),
    "porcupine": dict(
        name="Porcupine", nation="US", rating="1-gun schooner", launched=1813, tons=83,
        hull=("average", "fragile"), quality="average",
        armament=guns((1, 32, L, B)), complement=25,
        sources=[f"Armament (1 long 32), complement (25), tons burthen (83): {ERIE_TABLE}",
                 "Launched 1813 at Erie: Wikipedia, 'Battle of Lake Erie'"],
        notes="One long gun on a pivot: the card-building rules give her a second gunnery section that has no gun "
              "(docs/file-formats.md, 'How a card is built', one-gun vessels).",
    ),
    "tigress": dict(
        name="Tigress", nation="US", rating="1-gun schooner", launched=1813, tons=96,
        hull=("average", "fragile"), quality="average",
        armament=guns((1, 32, L, B)), complement=27,
        sources=[f"Armament (1 long 32), complement (27), tons burthen (96): {ERIE_TABLE}",
                 "Launched 1813 at Erie: Wikipedia, 'Battle of Lake Erie'"],
        notes="One long gun on a pivot (see Porcupine).",
    ),
    "trippe": dict(
        name="Trippe", nation="US", rating="1-gun sloop", launched=None, tons=60,
        hull=("average", "fragile"), quality="average",
        armament=guns((1, 24, L, B)), complement=35,
        sources=[f"Armament (1 long 24, Barclay's list; Emmons gives a 32), complement (35), tons burthen (60): "
                 f"{ERIE_TABLE}"],
        notes="A merchant sloop bought at Buffalo. One long gun on a pivot (see Porcupine).",
    ),
    "detroit": dict(
        name="Detroit", nation="GB", rating="19-gun ship", launched=1813, tons=490,
        hull=("average", "fragile"), quality="green",
        armament=guns((2, 24, L, B), (1, 18, L, B), (6, 12, L, B), (8, 9, L, B), (1, 24, K, B), (1, 18, K, B)),
        complement=150,
        sources=[f"Armament (2 long 24s, 1 long 18, 6 long 12s, 8 long 9s, a 24- and an 18-pdr carronade: guns "
                 f"from the fort at Amherstburg), complement (150), tons burthen (490): {ERIE_TABLE}",
                 "Launched 1813 at Amherstburg, unfinished: Wikipedia, 'Battle of Lake Erie'",
                 "Crew quality green: of Barclay's 440 men about 50 were seamen, the rest soldiers and Canadian "
                 "volunteers (Ethel T. Raymond, 'Tecumseh', Chronicles of Canada vol. 17; Marshall, 'Royal "
                 "Naval Biography', Barclay)"],
        notes="Barclay's flagship. A sloop-of-war's scantling: fragile.",
    ),
    "queen-charlotte": dict(
        name="Queen Charlotte", nation="GB", rating="17-gun ship", launched=1809, tons=400,
        hull=("average", "fragile"), quality="green",
        armament=guns((14, 24, K, B), (1, 12, L, B), (2, 9, L, B)), complement=126,
        sources=[f"Armament (14 x 24-pdr carronades, 1 long 12, 2 long 9s), complement (126), tons burthen (400): "
                 f"{ERIE_TABLE}",
                 "Launched 1809 for the Provincial Marine: NPS Perry's Victory blog, 'The Ships that Battled for "
                 "Lake Erie: What Happened to Them? Part 1: The Royal Navy'",
                 "Crew quality green: as Detroit (Raymond, 'Tecumseh')"],
        notes="Finnis's ship. Fragile, as Detroit.",
    ),
    "lady-prevost": dict(
        name="Lady Prevost", nation="GB", rating="13-gun schooner", launched=1812, tons=230,
        hull=("average", "fragile"), quality="green",
        armament=guns((10, 12, K, B), (1, 9, L, B), (2, 6, L, B)), complement=86,
        sources=[f"Armament (10 x 12-pdr carronades, 1 long 9, 2 long 6s), complement (86), tons burthen (230): "
                 f"{ERIE_TABLE}",
                 "Launched 1812: Wikipedia, 'Battle of Lake Erie' (put into service weeks after the war began)",
                 "Crew quality green: as Detroit (Raymond, 'Tecumseh')"],
        notes="",
    ),
    "hunter": dict(
        name="General Hunter", nation="GB", rating="10-gun brig", launched=1806, tons=180,
        hull=("average", "fragile"), quality="green",
        armament=guns((4, 6, L, B), (2, 4, L, B), (2, 2, L, B), (2, 12, K, B)), complement=45,
        sources=[f"Armament (4 long 6s, 2 long 4s, 2 long 2s, 2 x 12-pdr carronades), complement (45), tons "
                 f"burthen (180): {ERIE_TABLE}",
                 "Launched 1806 for the Provincial Marine: NPS Perry's Victory blog, 'The Ships that Battled for "
                 "Lake Erie: What Happened to Them? Part 1: The Royal Navy'",
                 "Crew quality green: as Detroit (Raymond, 'Tecumseh')"],
        notes="",
    ),
    "little-belt": dict(
        name="Little Belt", nation="GB", rating="3-gun sloop", launched=None, tons=90,
        hull=("average", "fragile"), quality="green",
        armament=guns((1, 12, L, B), (2, 6, L, B)), complement=18,
        sources=[f"Armament (1 long 12, 2 long 6s), complement (18), tons burthen (90): {ERIE_TABLE}",
                 "Crew quality green: as Detroit (Raymond, 'Tecumseh')"],
        notes="A converted merchant sloop.",
    ),
    "chippeway": dict(
        name="Chippeway", nation="GB", rating="1-gun schooner", launched=1810, tons=70,
        hull=("average", "fragile"), quality="green",
        armament=guns((1, 9, L, B)), complement=15,
        sources=[f"Armament (1 long 9), complement (15), tons burthen (70): {ERIE_TABLE}",
                 "Launched 1810 as a merchant schooner: NPS Perry's Victory blog, 'The Ships that Battled for "
                 "Lake Erie: What Happened to Them? Part 1: The Royal Navy'",
                 "Crew quality green: as Detroit (Raymond, 'Tecumseh')"],
        notes="One long gun on a pivot (see Porcupine).",
    ),
    # ------------------------------------------------------------------ Lake Champlain, 11 September 1814
    "saratoga": dict(
        name="Saratoga", nation="US", rating="26-gun ship (corvette)", launched=1814, tons=734,
        hull=("average", "fragile"), quality="average",
        armament=guns((8, 24, L, B), (6, 42, K, B), (12, 32, K, B)), complement=240,
        sources=[f"Armament (8 long 24s, 6 x 42-pdr and 12 x 32-pdr carronades), complement (240), tons burthen "
                 f"(734): {CHAMPLAIN_TABLE}",
                 "Launched 1814 at Vergennes, Vermont: navalhistorytoday.net, 'Battle of Lake Champlain'"],
        notes="Macdonough's flagship, built of green timber in weeks: a sloop-of-war's scantling, fragile.",
    ),
    "eagle": dict(
        name="Eagle", nation="US", rating="20-gun brig", launched=1814, tons=500,
        hull=("average", "fragile"), quality="average",
        armament=guns((8, 18, L, B), (12, 32, K, B)), complement=150,
        sources=[f"Armament (8 long 18s, 12 x 32-pdr carronades), complement (150), tons burthen (500): "
                 f"{CHAMPLAIN_TABLE}",
                 "Launched 1814, built in nineteen days: Charles R. Morris, 'The Dawn of Innovation', the Battle "
                 "of Lake Champlain"],
        notes="",
    ),
    "ticonderoga": dict(
        name="Ticonderoga", nation="US", rating="17-gun schooner", launched=None, tons=350,
        hull=("average", "fragile"), quality="average",
        armament=guns((8, 12, L, B), (4, 18, L, B), (5, 32, K, B)), complement=112,
        sources=[f"Armament (8 long 12s, 4 long 18s, 5 x 32-pdr carronades), complement (112), tons burthen (350): "
                 f"{CHAMPLAIN_TABLE}"],
        notes="Laid down as a steamer and finished as a schooner.",
    ),
    "preble": dict(
        name="Preble", nation="US", rating="7-gun sloop", launched=None, tons=80,
        hull=("average", "fragile"), quality="average",
        armament=guns((7, 9, L, B)), complement=30,
        sources=[f"Armament (7 long 9s), complement (30), tons burthen (80): {CHAMPLAIN_TABLE}"],
        notes="A converted merchant sloop.",
    ),
    "us-gunboats-24": dict(
        name="Gunboats (two, long 24s)", nation="US", rating="two row galleys", launched=None, tons=140,
        hull=("average", "fragile"), quality="average",
        armament=guns((2, 24, L, B), (2, 18, K, B)), complement=82,
        sources=[f"Armament (each boat a long 24 and an 18-pdr columbiad), complement (41 a boat: 82), tons "
                 f"burthen (70 a boat: 140): the six larger gunboats of {CHAMPLAIN_TABLE}",
                 "Two boats to a card: designed reading (docs/rulings.md R21.0b); the columbiad, a short heavy "
                 "gun, is counted as a carronade (designed)"],
        notes="Two of the six larger row galleys, as one card (R21.0b).",
    ),
    "us-gunboats-12": dict(
        name="Gunboats (two, long 12s)", nation="US", rating="two row galleys", launched=None, tons=80,
        hull=("average", "fragile"), quality="average",
        armament=guns((2, 12, L, B)), complement=52,
        sources=[f"Armament (each boat a long 12), complement (26 a boat: 52), tons burthen (40 a boat: 80): the "
                 f"four smaller gunboats of {CHAMPLAIN_TABLE}",
                 "Two boats to a card: designed reading (docs/rulings.md R21.0b)"],
        notes="Two of the four smaller row galleys, as one card (R21.0b).",
    ),
    "confiance": dict(
        name="Confiance", nation="GB", rating="37-gun frigate", launched=1814, tons=1200,
        hull=("average", "average"), quality="green",
        armament=guns((30, 24, L, B), (1, 24, L, B), (6, 32, K, B)), complement=300,
        sources=[f"Armament (30 long 24s on the main deck, a long 24 on a pivot, 2 + 4 carronades of 32 or 42 lb, "
                 f"taken as 32s) and tons burthen (over 1,200): {ROOSEVELT}, 1814, after Cooper and Lieutenant "
                 "Lavallette, who had charge of her after the battle",
                 "Complement: about 300, designed reading (the accounts searched give no count; her crew was "
                 "still joining on the eve of the battle)",
                 "Launched 1814, eight days before Downie took command (the first lieutenant's narrative in "
                 "Marshall, 'Royal Naval Biography', vol. IV part 1)",
                 "Crew quality green: drafts from several ships, marines and soldiers, some men joined the day "
                 "before the battle (Marshall, 'Royal Naval Biography', supplement part 4)"],
        notes="Downie's flagship, hurried into action unfinished. The pivot 24 stands in the broadside.",
    ),
    "linnet": dict(
        name="Linnet", nation="GB", rating="16-gun brig", launched=1814, tons=350,
        hull=("average", "fragile"), quality="average",
        armament=guns((16, 12, L, B)), complement=125,
        sources=[f"Armament (16 long 12s) and tons burthen (350, the size of Ticonderoga): {ROOSEVELT}, 1814",
                 "Complement: 125, designed reading (not confirmed in the sources searched)",
                 "Launched 1814 at Isle aux Noix: designed reading (not confirmed in the sources searched)"],
        notes="Captain Pring's brig, the last British ship to strike.",
    ),
    "chub": dict(
        name="Chub", nation="GB", rating="11-gun sloop", launched=None, tons=112,
        hull=("average", "fragile"), quality="average",
        armament=guns((10, 18, K, B), (1, 6, L, B)), complement=50,
        sources=[f"Armament (10 x 18-pdr carronades, 1 long 6), complement (50), tons burthen (112): {ROOSEVELT}, "
                 "1814, the British squadron on Lake Champlain (designed reading: not confirmed in the sources "
                 "searched beyond the ship's name and fate)"],
        notes="The former American Growler, taken in 1813.",
    ),
    "finch": dict(
        name="Finch", nation="GB", rating="11-gun sloop", launched=None, tons=110,
        hull=("average", "fragile"), quality="average",
        armament=guns((6, 18, K, B), (4, 6, L, B)), complement=40,
        sources=[f"Armament (6 x 18-pdr carronades, 4 long 6s), complement (40), tons burthen (110): {ROOSEVELT}, "
                 "1814 (designed reading: not confirmed in the sources searched beyond the ship's name and fate)"],
        notes="The former American Eagle of 1813. She grounded on Crab Island reef and struck.",
    ),
    "gb-gunboats": dict(
        name="Gunboats (two)", nation="GB", rating="two gunboats", launched=None, tons=100,
        hull=("average", "fragile"), quality="average",
        armament=guns((2, 18, L, B), (2, 32, K, B)), complement=80,
        sources=["Armament (each boat a long 18 and a 32-pdr carronade), complement (40 a boat) and tons burthen "
                 "(50 a boat): designed reading. The accounts searched give twelve gunboats with one or two guns "
                 "each (Wyatt, 'Memoirs of the Generals, Commodores...'; Wikipedia, 'Battle of Plattsburgh'), "
                 "not each boat's guns",
                 "Two boats to a card: designed reading (docs/rulings.md R21.0b)"],
        notes="Two of the twelve gunboats, as one card (R21.0b); they drew off and escaped when the ships struck.",
    ),
}


def build(card_id: str, v: dict[str, Any]) -> ShipCard:
    """The card: historical values as given, every game value by the card-building rules."""
    crew = ratings.crew_points_for(v["complement"])
    rigging = ratings.rigging_points_for(v["tons"])
    hull_type, hull_strength = v["hull"]
    built = "Built by the card-building rules of docs/file-formats.md (scripts/build_fleet_cards.py)."
    notes = " ".join(x for x in (f"Tons burthen {v['tons']}.", v["notes"], built) if x)
    return ShipCard(
        id=card_id, name=v["name"], nation=v["nation"], rating=v["rating"], launched=v["launched"],
        hull_type=hull_type, hull_strength=hull_strength,
        crew_quality_options=["green", "average", "crack"], historical_crew_quality=v["quality"],
        crew_points=crew, crew_red_boxes=ratings.red_boxes_for(crew),
        rigging_points=rigging, fighting_sail_only=ratings.fighting_sail_only_for(rigging),
        gunnery=ratings.build_gunnery(v["armament"], v["nation"]),
        chasers={"bow": 1, "stern": 1}, armament=v["armament"], complement=v["complement"],
        sources=v["sources"], notes=notes,
    )


def main(argv: list[str]) -> int:
    texts = {card_id: dump_ship(build(card_id, values)) for card_id, values in SHIPS.items()}
    return write_or_check(texts, OUT, "--check" in argv, "cards", ROOT)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
