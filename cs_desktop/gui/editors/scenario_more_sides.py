"""The scenario designer's third and fourth sides (R6.0a: a battle of up to four sides, each fighting every other).

ui/scenario_designer.ui holds the boxes of the two sides every scenario has; `side_box` builds the box of a
further side in code, with the same widget names (`side:<i>:id`, `side:<i>:ships`, ...) and problem places
(`box-sides[<i>].id-layout`, ...), so `SideTables` binds it like the others. `side_buttons` is the row under
the sides with *Add a side* and *Remove the last side*. `new_side` is the side *Add a side* appends.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QBoxLayout,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.gui.editors.spin_table import SpinTable
from cs_desktop.rules.tables import get_tables

#: where a new side's first ship starts, the first free of these squares (the map is 32 x 24)
NEW_SIDE_SQUARES = ((16, 4), (16, 20), (4, 4), (28, 20), (4, 20), (28, 4))
#: the Balance button's tooltip for a scenario of more than two sides
BALANCE_TWO_SIDES = ("The balance check weighs one side against the other: it plays two-sided scenarios. Play a "
                     "battle of three or four sides with captains-sea simulate --captains A,B,C.")
#: a new side's nation, the first not yet used
NEW_SIDE_NATIONS = ("FR", "GB", "TRI", "US")  # the nations of the file format (cards.Nation)


def _problem_place(name: str) -> QVBoxLayout:
    place = QVBoxLayout()
    place.setObjectName(name)
    place.setSpacing(1)
    return place


def side_box(i: int, parent: QWidget | None) -> QGroupBox:
    """The box of side `i` (0-based), named as the form's boxes; the caller puts it in a layout."""
    box = QGroupBox(f"Side {i + 1}", parent)
    box.setObjectName(f"side:{i}")
    outer = QVBoxLayout(box)
    top = QHBoxLayout()
    for label, name, stretch in (("Id", "id", 0), ("Name", "name", 1), ("Nation", "nation", 0)):
        lab = QLabel(label, box)
        field: QWidget = QComboBox(box) if name == "nation" else QLineEdit(box)
        field.setObjectName(f"side:{i}:{name}")
        lab.setBuddy(field)
        top.addWidget(lab)
        top.addWidget(field, stretch)
    outer.addLayout(top)
    outer.addLayout(_problem_place(f"box-sides[{i}].id-layout"))
    outer.addLayout(_problem_place(f"box-sides[{i}].name-layout"))
    table = SpinTable(box)
    table.setObjectName(f"side:{i}:ships")
    outer.addWidget(table)
    buttons = QHBoxLayout()
    for name, text in (("add", "Add ship"), ("remove", "Remove ship")):
        button = QPushButton(text, box)
        button.setObjectName(f"side:{i}:{name}")
        buttons.addWidget(button)
    stats = QLabel(box)
    stats.setObjectName(f"side:{i}:stats")
    stats.setStyleSheet("color: #5f5a50;")
    buttons.addWidget(stats, 1)
    outer.addLayout(buttons)
    outer.addLayout(_problem_place(f"box-sides[{i}].ships-layout"))
    outer.addLayout(_problem_place(f"box-sides[{i}]-layout"))
    return box


def bid_widgets(bids: QWidget, i: int) -> tuple[QLabel, QSpinBox]:
    """The bid label and box of side `i` (a third or fourth side, 19.0, R20.1m), in a second row under the form's
    two (`bids-more`): four in one row made the form wider than its pane, cutting off the sides' right-hand
    fields."""
    host = bids.parentWidget()
    row = host.findChild(QWidget, "bids-more") if host is not None else None
    if row is None:
        row = QWidget(host)
        row.setObjectName("bids-more")
        made = QHBoxLayout(row)
        made.setContentsMargins(0, 0, 0, 0)
        made.addStretch(1)
        insert_after(bids, row)
    layout = row.layout()
    assert isinstance(layout, QBoxLayout)
    lab, spin = QLabel(row), QSpinBox(row)
    lab.setObjectName(f"bid_label:{i}")
    spin.setObjectName(f"bid:{i}")
    spin.setMaximum(200)
    at = layout.count() - 1  # before the stretch
    layout.insertWidget(at, lab)
    layout.insertWidget(at + 1, spin)
    return lab, spin


def side_buttons(parent: QWidget | None) -> tuple[QWidget, QPushButton, QPushButton]:
    """The row of *Add a side* and *Remove the last side*."""
    row = QWidget(parent)
    row.setObjectName("side-buttons")
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    add = QPushButton("Add a side", row)
    add.setObjectName("add_side")
    add.setToolTip("A battle of three or four sides, each fighting every other (rulings R6.0a-R21.1a)")
    remove = QPushButton("Remove the last side", row)
    remove.setObjectName("remove_side")
    layout.addWidget(add)
    layout.addWidget(remove)
    layout.addStretch(1)
    return row, add, remove


def insert_after(widget: QWidget, new: QWidget, offset: int = 1) -> None:
    """Put `new` in `widget`'s layout, `offset` places after it."""
    host = widget.parentWidget()
    layout = host.layout() if host is not None else None
    assert isinstance(layout, QBoxLayout), "the side boxes sit in a box layout"
    layout.insertWidget(layout.indexOf(widget) + offset, new)


def new_side(sides: list[dict[str, Any]], wind: int, first_ship: str) -> dict[str, Any]:
    """A further side: a free id and nation, one ship on a free square, her heading with the wind on the beam."""
    ids = {s.get("id") for s in sides}
    n = len(sides) + 1
    sid = next(f"side{k}" for k in range(n, n + 10) if f"side{k}" not in ids)
    used = {s.get("nation") for s in sides}
    nation = next((x for x in NEW_SIDE_NATIONS if x not in used), NEW_SIDE_NATIONS[0])
    tables = get_tables()
    taken: set[tuple[int, int]] = set()
    for side in sides:
        for ship in side.get("ships", []):
            start = ship.get("start")
            if isinstance(start, str):
                x, y = tables.map.start.get(start, (-1, -1))
                taken.add((int(x), int(y)))
            elif isinstance(start, list | tuple) and len(start) == 2:
                taken.add((int(start[0]), int(start[1])))
    square = next((sq for sq in NEW_SIDE_SQUARES if sq not in taken), NEW_SIDE_SQUARES[-1])
    heading = (int(wind) + 2 - 1) % 8 + 1  # the wind on the beam: never In Irons (R2.0c)
    return {"id": sid, "name": f"Side {n}", "nation": nation,
            "ships": [{"ship": first_ship, "start": list(square), "heading": heading, "crew_quality": None}]}


def relativity_hint(sides: list[dict[str, Any]], relativity: Any) -> str:
    """The note under the relativity option: what the choice does with these sides (21.1, 21.2, R21.1a)."""
    many = any(len(s.get("ships", [])) > 1 for s in sides)
    if not many and len(sides) > 2 and relativity == "standard":
        return ("Three ships or more: Standard plays as Fractional Relativity (21.1, R21.1a); choose Zero "
                "Relativity (21.2) for the quick option.")
    if many and relativity == "standard":
        return ("A side has several ships: Standard plays as Fractional Relativity (21.1); choose Zero Relativity "
                "(21.2) for the quick option.")
    if not many and len(sides) <= 2 and relativity != "standard":
        return "One ship a side: the relativity options change nothing in a duel except Zero Relativity's fixed speeds."
    return ""
