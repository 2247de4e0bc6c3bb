"""The ship editor's data: the draft card (a ship file's JSON, red boxes as [box, red] rows), its problems and
its FP/CR/DC explained. No Qt: the editor (gui/editors/ship_editor.py) shows what these return.

The draft keeps the red boxes of the crew track as a list of [box, red] rows so that a duplicate box can be
shown rather than silently merged. Validation is the file loader's (`files.parse_ship`: pydantic's model errors
turned into field paths and plain words, plus the 3.10.1 cumulative-track check).
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from typing import Any

from cs_desktop.formats.files import card_problems, parse_ship
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.rules import ratings
from cs_desktop.rules.cards import SECTION_NAMES, Gun, GunBox, ShipCard

QUALITIES = ("green", "average", "crack")
#: model field names in the loader's messages, as the editor's labels say them
FIELD_WORDS = {"historical_crew_quality": "the historical quality", "crew_quality_options": "the quality options",
               "fighting_sail_only": "Fighting Sail Only", "rigging_points": "the rigging points",
               "crew_red_boxes": "red boxes", "crew_points": "the crew points"}

NEW_SHIP: dict[str, Any] = {
    "format": "captains-sea/ship",
    "version": 1,
    "id": "new-frigate",
    "name": "New Frigate",
    "nation": "GB",
    "rating": "36-gun frigate",
    "launched": None,
    "hull_type": "average",
    "hull_strength": "average",
    "crew_quality_options": ["green", "average", "crack"],
    "historical_crew_quality": "average",
    "crew_points": 11,
    "crew_red_boxes": {"7": 1, "4": 2},
    "rigging_points": 9,
    "fighting_sail_only": 3,
    "gunnery": {},
    "chasers": {"bow": 1, "stern": 1},
    "armament": [
        {"count": 26, "pounds": 18, "kind": "long", "position": "broadside"},
        {"count": 10, "pounds": 32, "kind": "carronade", "position": "broadside"},
        {"count": 2, "pounds": 9, "kind": "long", "position": "chase"},
    ],
    "complement": 270,
    "sources": [],
    "notes": "",
}


def new_ship_data() -> dict[str, Any]:
    """A plausible 36-gun frigate with its gunnery built from its armament (the "How a card is built" rules)."""
    data = copy.deepcopy(NEW_SHIP)
    guns = [Gun(**g) for g in data["armament"]]
    data["gunnery"] = {s: [b.model_dump() for b in track]
                       for s, track in ratings.build_gunnery(guns, data["nation"]).items()}
    return to_draft(data)



def to_draft(card_json: dict[str, Any]) -> dict[str, Any]:
    """Ship file data -> the editor's draft (red boxes as [[box, red], ...] sorted by box)."""
    data = copy.deepcopy(card_json)
    red = data.get("crew_red_boxes") or {}
    data["crew_red_boxes"] = sorted([[int(k), int(v)] for k, v in red.items()], reverse=True)
    return data


def from_draft(draft: dict[str, Any]) -> dict[str, Any]:
    """The editor's draft -> ship file data (what `files.parse_ship` reads)."""
    data = copy.deepcopy(draft)
    data["crew_red_boxes"] = {str(b): r for b, r in draft.get("crew_red_boxes", [])}
    return data


def draft_problems(draft: dict[str, Any]) -> list[tuple[str, str]]:
    """Problems with the draft as (field path, message): the file loader's checks, plus duplicate red boxes."""
    problems: list[tuple[str, str]] = []
    boxes = [b for b, _ in draft.get("crew_red_boxes", [])]
    for b in sorted({b for b in boxes if boxes.count(b) > 1}):
        problems.append(("crew_red_boxes", f"box {b} is listed twice; a box has one red number (3.9)"))
    try:
        parse_ship(json.dumps(from_draft(draft)), "ship")
    except FileFormatError as e:
        problems.extend(e.problems)
        # the model's errors hide the 3.10.1 cumulative-track check; run it on what can be read
        card = lenient_card(draft)
        if card is not None:
            problems.extend(p for p in card_problems(card) if p not in problems)
    return problems



def lenient_card(draft: dict[str, Any]) -> ShipCard | None:
    """A card good enough for the ratings even while the draft is invalid (e.g. FSO >= rigging for a moment)."""
    try:
        data = from_draft(draft)
        gunnery = {s: [GunBox.model_construct(long=int(b["long"]), carronades=int(b["carronades"]))
                       for b in data["gunnery"].get(s, [])] or [GunBox.model_construct(long=0, carronades=0)]
                   for s in SECTION_NAMES}
        armament = [Gun.model_construct(count=int(g["count"]), pounds=int(g["pounds"]), kind=g["kind"],
                                        position=g.get("position", "broadside")) for g in data["armament"]]
        return ShipCard.model_construct(**{**data, "gunnery": gunnery, "armament": armament})
    except (KeyError, TypeError, ValueError):
        return None


def _num(x: Fraction) -> str:
    return str(int(x)) if x.denominator == 1 else f"{float(x):g}"


def rating_lines(card: ShipCard) -> list[str]:
    """FP, CR and DC with their arithmetic (docs/file-formats.md, "Ratings")."""
    lines = []
    factor = ratings.POUND_FACTOR.get(card.nation, Fraction(1))
    guns = [g for g in card.armament if g.position == "broadside"]
    w = ratings.broadside_weight(card)
    if guns:
        parts = " + ".join(f"½×{g.count}×{g.pounds}" for g in guns)
        livres = " × 1.08 (livres)" if factor != 1 else ""
        lines.append(f"Broadside weight W = {parts}{livres} = {_num(w)} lb (chase guns left out)")
    else:
        lines.append(f"No armament list: W from the port top boxes, 32 lb per long die, 64 per carronade die "
                     f"= {_num(w)} lb")
    raw = (w - ratings.FP_BASE_LB) / ratings.FP_LB_PER_POINT
    base, per, floor = ratings.FP_BASE_LB, ratings.FP_LB_PER_POINT, ratings.FP_MIN
    lines.append(f"FP = max({floor}, round((W − {base}) / {per})) = max({floor}, round({float(raw):.2f})) = "
                 f"<b>{ratings.firepower(card)}</b> (20.1, R20.1l)")
    q = card.historical_crew_quality
    scale = ", ".join(f"{k} {_num(v)}" for k, v in ratings.CREW_RATING.items())
    lines.append(f"CR = {q} crew → <b>{_num(ratings.crew_rating(card))}</b> ({scale}; a "
                 f"scenario may give another of the card's qualities)")
    gun_boxes = [len(card.gunnery[s]) for s in SECTION_NAMES]
    lines.append(f"DC = crew {card.crew_points} + rigging {card.rigging_points} + gunnery boxes "
                 f"{' + '.join(map(str, gun_boxes))} = <b>{ratings.damage_capacity(card)}</b> (20.1)")
    return lines
