"""Ship templates (ruling R3.0a): Captains Bold's seven ship types as Captain's Sea cards, shipped in the data
folder (`scenarios/ships/templates/`, built by scripts/build_template_cards.py) and offered by the ship editor's
"New ship from template…". Qt-free: the editor shows what these return.

A template is an ordinary ship file; its `sources` give the provenance of every value (the peer text's appendix
and section, the record, the card-building rules). A file that does not load is not offered; its problem, naming
the file, the field and what is wrong, is returned beside the templates that do.
"""

from __future__ import annotations

from pathlib import Path

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_ship
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.rules.cards import ShipCard

#: where the program reads the templates (never from the peer texts)
TEMPLATES_DIR = SCENARIOS / "ships" / "templates"


def load_templates(folder: Path = TEMPLATES_DIR) -> tuple[list[ShipCard], list[str]]:
    """Every template in `folder` (by file name), and the problems of the files that could not be read."""
    cards: list[ShipCard] = []
    problems: list[str] = []
    paths = sorted(p for p in folder.glob("*.json") if p.is_file()) if folder.is_dir() else []
    for path in paths:
        try:
            cards.append(load_ship(path))
        except FileFormatError as e:
            problems.append(str(e))
    return cards, problems


def title(card: ShipCard) -> str:
    """A template's line in the list: its name and rating."""
    return f"{card.name} — {card.rating}" if card.rating else card.name


def provenance(card: ShipCard) -> str:
    """Where each value of the template comes from, one source a line."""
    return "\n".join(f"• {s}" for s in card.sources) or "No sources given."


__all__ = ["TEMPLATES_DIR", "load_templates", "provenance", "title"]
