"""The scenario designer's rules switches (issue 14 item 3): one check box per switch of
`RulesOptions.SWITCHES` (fleet rules, variable wind, Captains Bold's initial broadside and heavy guns, spreading
fire), each bound like the other fields: ticked writes `options.<switch>: true`, unticked takes the key out, and
undo puts it back.

The boxes are made from the `SWITCHES` tuple, so a new switch of the engine needs one line here (its words in
`SWITCH_TEXT`); its tooltip names the rulings the engine's own field description gives (docs/rulings.md).
The boxes go in the form's `switches_layout`, one below the other, each named after its switch. The New Game
dialog makes its boxes here too (`switch_boxes`), so the two never list different switches.
"""

from __future__ import annotations

import re

from PySide6.QtWidgets import QCheckBox, QLayout

from cs_desktop.gui.editors.base import EditorBase
from cs_desktop.rules.cards import SWITCHES, RulesOptions

#: switch -> the words of its check box (a '&' marks the shortcut)
SWITCH_TEXT: dict[str, str] = {
    "fleet_rules": "&Fleet rules: a ship that cannot stay on the map escapes; struck ships stay as hulks",
    "variable_wind": "&Variable wind: a die may veer or back it every third turn (R17.8)",
    "initial_broadside": "I&nitial broadside: +1 on each battery's first fire (Captains Bold)",
    "heavy_guns": "&Heavy guns: a calibre heavier counts range 2 MP shorter (Captains Bold)",
    "fire_spreads": "House rule: fi&re spreads between ships sharing a square",
    "prize_crews": "Pri&ze crews, prisoners and recapture (with the fleet rules)",
    "pirate_fire": "Pirate game fire: markers grow, cost hits, may e&xplode (R17.1g)",
    "pirate_wind": "Pirate game wind: shifts of one or two points, and its speed (R17.8f)",
    "sloop_damage": "Sloops lose a marker per 2 hits, not 3 (Captains Bold, R3.10a)",
    "heavy_frigate_damage": "American heavy frigates lose a marker per 4 hits (Captains Bold)",
    "wsim_melee": "Melee by strength, three rounds, 3:1 ends it (WS&&IM, R15.0c)",
    "prize_sails": "A prize carried in melee sails for her captor (WS&&IM D.5, with prize crews)",
}

_RULING = re.compile(r"R\d+\.\d+(?:\.\d+)?[a-z]*(?:-R?\d+(?:\.\d+)*[a-z]*)?")


def rulings(name: str) -> list[str]:
    """The ruling ids (docs/rulings.md) the engine's description of switch `name` names, e.g. ['R11.4.5i']."""
    return _RULING.findall(RulesOptions.model_fields[name].description or "")


def tooltip(name: str) -> str:
    """What a switch's box says on hover: its key, its rulings and the engine's description."""
    description = RulesOptions.model_fields[name].description or ""
    return f"options.{name} — {', '.join(rulings(name))}\n{description}"


def switch_box(name: str) -> QCheckBox:
    """The check box of switch `name`: its words, its objectName (the switch) and its tooltip. The designer binds
    it to the scenario; the New Game dialog reads it into the game's options."""
    box = QCheckBox(SWITCH_TEXT.get(name, name.replace("_", " ").capitalize()))
    box.setObjectName(name)
    box.setToolTip(tooltip(name))
    return box


def switch_boxes(layout: QLayout) -> dict[str, QCheckBox]:
    """A check box in `layout` for every switch of `SWITCHES`, in that order; returns them by switch."""
    boxes: dict[str, QCheckBox] = {}
    for name in SWITCHES:
        boxes[name] = switch_box(name)
        layout.addWidget(boxes[name])
    return boxes


#: switch -> the switch it needs (R18.0j: prize crews are played under the fleet rules)
NEEDS: dict[str, str] = {"prize_crews": "fleet_rules", "prize_sails": "prize_crews"}


def needs_of(name: str) -> list[str]:
    """Every switch `name` needs, nearest first: prize sails need prize crews, which need the fleet rules."""
    out: list[str] = []
    while name in NEEDS:
        name = NEEDS[name]
        out.append(name)
    return out


def bind_switches(editor: EditorBase, layout: QLayout) -> dict[str, QCheckBox]:
    """A bound check box in `layout` for every switch of `SWITCHES`, in that order; returns them by switch. A
    switch that needs another (`NEEDS`) can be ticked only while that one is, and goes with it when it is
    unticked (one undo step)."""
    boxes = {name: editor.bind_check(box, ("options", name), name.replace("_", " "),
                                     clears=tuple(k for k in NEEDS if name in needs_of(k)))
             for name, box in switch_boxes(layout).items()}

    def enable() -> None:  # a file that ticks one without the other can still be mended here
        for name, needed in NEEDS.items():
            boxes[name].setEnabled(bool(editor.doc.get(("options", needed)) or editor.doc.get(("options", name))))

    editor.on_refresh(enable)
    return boxes


__all__ = ["NEEDS", "SWITCH_TEXT", "bind_switches", "needs_of", "rulings", "switch_box", "switch_boxes", "tooltip"]
