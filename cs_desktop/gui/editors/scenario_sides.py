"""The scenario designer's sides and ship placement: each side's id, name, nation and its table of ships (card,
start square A-D or a column and row, heading, crew quality), the ships the library offers, and the edits that
touch several places (renaming a side renames every reference to it; changing the engagement moves the lettered
starts A/B <-> C/D).

`SideTables(designer, form)` binds the two side boxes of ui/scenario_designer.ui, and the boxes of a third and
fourth side (built in code, `scenario_more_sides.py`), to the designer's document; every change is one undoable
edit of the designer (adding or removing a side too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QComboBox, QGroupBox, QLabel, QLineEdit, QPushButton

from cs_desktop.gui.editors.base import NATIONS, EditorBase
from cs_desktop.gui.editors.commands import SetValues
from cs_desktop.gui.forms import Form
from cs_desktop.gui.editors.scenario_more_sides import insert_after, new_side, side_box, side_buttons
from cs_desktop.gui.editors.scenario_problems import side_keys
from cs_desktop.gui.editors.spin_table import SpinTable
from cs_desktop.rules.cards import MAX_SIDES
from cs_desktop.rules.tables import get_tables

COMPASS = {1: "N", 2: "NE", 3: "E", 4: "SE", 5: "S", 6: "SW", 7: "W", 8: "NW"}
LETTERS = {"meeting": ("A", "B"), "chase": ("C", "D")}
SQUARE = "xy"  # the start combo's value for a [column, row] start
#: heading -> one square astern (against the heading), as (column, row) steps
ASTERN = {1: (0, 1), 2: (-1, 1), 3: (-1, 0), 4: (-1, -1), 5: (0, -1), 6: (1, -1), 7: (1, 0), 8: (1, 1)}
MAX_SHIPS = 12  # a side's ships at most (the scenario file's limit, cards.ScenarioSide)


def astern_square(last: tuple[int, int], heading: int, taken: set[tuple[int, int]],
                  size: tuple[int, int]) -> tuple[int, int]:
    """Where *Add ship* puts the next ship of a line: two squares astern of the last (against her heading). If
    that square is off the map or holds a ship, the line bends: two squares in the direction nearest to astern
    that is free (45 degrees off, then 90, ...), so a line of twelve runs on along the map's edge; if none is
    free, the free square nearest the last ship."""
    w, h = size
    for turn in (0, 1, -1, 2, -2, 3, -3, 4):
        dx, dy = ASTERN[(heading - 1 + turn) % 8 + 1]
        sq = (last[0] + 2 * dx, last[1] + 2 * dy)
        if 0 <= sq[0] < w and 0 <= sq[1] < h and sq not in taken:
            return sq
    free = [(x, y) for x in range(w) for y in range(h) if (x, y) not in taken]
    if not free:
        return last
    return min(free, key=lambda sq: ((sq[0] - last[0]) ** 2 + (sq[1] - last[1]) ** 2, sq))


class SideWidgets:
    """One side's box of the form."""

    def __init__(self, form: Form, i: int) -> None:
        self.box = form.get(QGroupBox, f"side:{i}")
        self.id = form.get(QLineEdit, f"side:{i}:id")
        self.name = form.get(QLineEdit, f"side:{i}:name")
        self.nation = form.get(QComboBox, f"side:{i}:nation")
        self.ships = form.get(SpinTable, f"side:{i}:ships")
        self.add = form.get(QPushButton, f"side:{i}:add")
        self.remove = form.get(QPushButton, f"side:{i}:remove")
        self.stats = form.get(QLabel, f"side:{i}:stats")

    def as_dict(self) -> dict[str, Any]:
        return {"box": self.box, "id": self.id, "name": self.name, "nation": self.nation, "ships": self.ships,
                "stats": self.stats}


class SideTables:
    """The sides of one scenario designer and their ships: the form's two boxes, and a box built in code for a
    third and fourth side (scenario_more_sides.py; R6.0a)."""

    def __init__(self, designer: EditorBase, form: Form, status: QLabel) -> None:
        self.designer = designer
        self.doc = designer.doc
        self.form = form
        self.status = status
        self.ship_entries: list[Any] = []
        self.sides: list[SideWidgets] = []
        self._held: dict[int, str] = {}  # side -> the id its references keep while its own id is another's
        designer.on_refresh(self.ensure_boxes)  # before the sides' own refreshers
        for i in range(2):
            self._bind_side(i)
        self.buttons, self.add_side_button, self.remove_side_button = side_buttons(self.sides[1].box.parentWidget())
        insert_after(self.sides[1].box, self.buttons)
        self.add_side_button.clicked.connect(self.add_side)
        self.remove_side_button.clicked.connect(self.remove_side)

    def _bind_side(self, i: int) -> None:
        designer, form = self.designer, self.form
        tables = get_tables()
        sw = SideWidgets(form, i)
        sw.id.textChanged.connect(lambda t, i=i: self.rename_side(i, t))
        designer.bind_line(sw.name, ("sides", i, "name"), f"side {i + 1} name")
        for code, label in NATIONS:
            sw.nation.addItem(label, code)
        designer.bind_combo(sw.nation, ("sides", i, "nation"), f"side {i + 1} nation")
        sw.ships.set_columns([
            ("Ship", []),
            ("Start", [("A", "A"), ("B", "B"), ("C", "C"), ("D", "D"), (SQUARE, "square →")]),
            ("Col", (0, tables.map.width - 1)),
            ("Row", (0, tables.map.height - 1)),
            ("Heading", [(h, f"{h} {COMPASS[h]}") for h in range(1, 9)]),
            ("Crew quality", [("", "historical"), ("green", "green"), ("average", "average"),
                              ("crack", "crack")]),
        ])
        header = sw.ships.horizontalHeader()
        header.setSectionResizeMode(0, header.ResizeMode.Stretch)
        for c in range(1, 6):
            header.setSectionResizeMode(c, header.ResizeMode.ResizeToContents)
        sw.ships.rowsEdited.connect(lambda rows, i=i: self.ships_edited(i, rows))
        sw.add.clicked.connect(lambda _=False, i=i: self.add_ship(i))
        sw.remove.clicked.connect(lambda _=False, i=i: self.remove_ship(i))
        designer.on_refresh(self._refresher(i))
        self.sides.append(sw)

    # ------------------------------------------------------------------ more than two sides (R6.0a)
    def ensure_boxes(self) -> None:
        """A box for every side of the document (built the first time a third or fourth side appears); the
        boxes of sides the document no longer has are hidden."""
        n = len(self.doc.get(("sides",)) or [])
        while len(self.sides) < min(n, MAX_SIDES):
            i = len(self.sides)
            box = side_box(i, self.sides[-1].box.parentWidget())
            insert_after(self.sides[-1].box, box)
            self._bind_side(i)
            self.designer.place_errors(self.form, side_keys(i))  # its problems shown as sides 1 and 2's
            self._fill_ship_choices(self.sides[i])
        for i, sw in enumerate(self.sides):
            sw.box.setVisible(i < n)
        self.add_side_button.setEnabled(n < MAX_SIDES)
        self.remove_side_button.setEnabled(n > 2)

    def add_side(self) -> None:
        sides = list(self.doc.get(("sides",)) or [])
        if len(sides) >= MAX_SIDES:
            self.status.setText(f"A scenario has at most {MAX_SIDES} sides.")
            return
        first = self.ship_entries[0].id if self.ship_entries else ""
        new = new_side(sides, int(self.doc.get(("wind",)) or 1), first)
        self.designer.edit(("sides",), [*sides, new], f"Add side {len(sides) + 1}")

    def remove_side(self) -> None:
        """Remove the last side, and every reference to it (weather gauge, outcome, bid, override)."""
        sides = list(self.doc.get(("sides",)) or [])
        if len(sides) <= 2:
            self.status.setText("A scenario needs at least two sides.")
            return
        gone = sides[-1].get("id")
        values: dict[tuple[Any, ...], Any] = {("sides",): sides[:-1]}
        for path in (("weather_gauge",), ("historical_outcome", "winner")):
            if self.doc.get(path) == gone:
                values[path] = None
        for key in (("options", "bid"), ("victory_override",)):
            d = self.doc.get(key) or {}
            if gone in d:
                values[key] = {k: v for k, v in d.items() if k != gone}
        self.designer.push(SetValues(self.doc, values, f"Remove side {len(sides)}"))

    def _refresher(self, i: int) -> Callable[[], None]:
        return lambda: self.refresh_side(i)

    # ------------------------------------------------------------------ library ships
    def reload_ships(self, library: Any) -> None:
        """The library's ships as the choices of every ship row."""
        self.ship_entries = library.list_ships()
        for sw in self.sides:
            self._fill_ship_choices(sw)

    def _fill_ship_choices(self, sw: SideWidgets) -> None:
        choices = [(e.id, f"{e.name} ({e.nation}, {e.guns})") for e in self.ship_entries]
        table = sw.ships
        table.columns[0] = ("Ship", choices)
        for r in range(table.rowCount()):
            combo = table.cellWidget(r, 0)
            assert isinstance(combo, QComboBox)
            value = combo.currentData()
            with QSignalBlocker(combo):
                combo.clear()
                for v, label in choices:
                    combo.addItem(label, v)
                combo.setCurrentIndex(combo.findData(value))

    # ------------------------------------------------------------------ refresh
    def ship_rows(self, i: int) -> list[list[Any]]:
        tables = get_tables()
        rows = []
        for s in self.doc.get(("sides", i, "ships")) or []:
            start = s["start"]
            if isinstance(start, str):
                x, y = tables.map.start.get(start, (0, 0))
                rows.append([s["ship"], start, x, y, s["heading"], s.get("crew_quality") or ""])
            else:
                rows.append([s["ship"], SQUARE, start[0], start[1], s["heading"], s.get("crew_quality") or ""])
        return rows

    def refresh_side(self, i: int) -> None:
        sw = self.sides[i]
        if i >= len(self.doc.get(("sides",)) or []):
            return  # a side removed: its box is hidden (ensure_boxes)
        side = self.doc.get(("sides", i)) or {}
        sw.box.setTitle(f"Side {i + 1}: {side.get('name', '')}")
        if sw.id.text() != side.get("id"):
            with QSignalBlocker(sw.id):
                sw.id.setText(side.get("id", ""))
        table = sw.ships
        rows = self.ship_rows(i)
        table.set_rows(rows)
        for r, row in enumerate(rows):
            combo = table.cellWidget(r, 0)
            assert isinstance(combo, QComboBox)
            if combo.findData(row[0]) < 0:  # a ship the library no longer holds
                with QSignalBlocker(combo):
                    combo.addItem(f"{row[0]} (not in the library)", row[0])
                    combo.setCurrentIndex(combo.count() - 1)
            for c in (2, 3):
                cell = table.cellWidget(r, c)
                assert cell is not None
                cell.setEnabled(row[1] == SQUARE)
                cell.setToolTip("" if row[1] == SQUARE else f"start square {row[1]} is at ({row[2]}, {row[3]})")
        table.fit_rows(6)

    # ------------------------------------------------------------------ edits
    def ships_edited(self, i: int, rows: list[list[Any]]) -> None:
        ships = []
        for ship, start, x, y, heading, quality in rows:
            ships.append({"ship": ship, "start": [x, y] if start == SQUARE else start, "heading": heading,
                          "crew_quality": quality or None})
        self.designer.edit(("sides", i, "ships"), ships, f"Edit side {i + 1} ships", merge=True)

    def add_ship(self, i: int) -> None:
        ships = list(self.doc.get(("sides", i, "ships")) or [])
        if len(ships) >= MAX_SHIPS:
            self.status.setText(f"A side has at most {MAX_SHIPS} ships.")
            return
        tables = get_tables()
        if ships:
            last = ships[-1]
            x, y = self.square_of(last["start"])
            taken = {self.square_of(s["start"]) for side in self.doc.get(("sides",)) or [] for s in side["ships"]}
            nx, ny = astern_square((x, y), int(last["heading"]), taken, (tables.map.width, tables.map.height))
            new = {"ship": last["ship"], "start": [nx, ny], "heading": last["heading"], "crew_quality": None}
        else:
            first = self.ship_entries[0].id if self.ship_entries else ""
            if i < 2:
                letter = LETTERS[str(self.doc.get(("engagement",)))][i]
                new = {"ship": first, "start": letter, "heading": 4 if i == 0 else 8, "crew_quality": None}
            else:  # a third or fourth side has no lettered square (R2.0b)
                sides = [s for k, s in enumerate(self.doc.get(("sides",)) or []) if k != i]
                new = new_side(sides, int(self.doc.get(("wind",)) or 1), first)["ships"][0]
        self.designer.edit(("sides", i, "ships"), [*ships, new], f"Add a ship to side {i + 1}")

    @staticmethod
    def square_of(start: Any) -> tuple[int, int]:
        """A ship's start square: a letter's square, or the [column, row] itself."""
        if isinstance(start, str):
            x, y = get_tables().map.start[start]
            return int(x), int(y)
        return int(start[0]), int(start[1])

    def remove_ship(self, i: int) -> None:
        ships = list(self.doc.get(("sides", i, "ships")) or [])
        if len(ships) <= 1:
            self.status.setText("A side needs at least one ship.")
            return
        r = self.sides[i].ships.currentRow()
        del ships[r if 0 <= r < len(ships) else -1]
        self.designer.edit(("sides", i, "ships"), ships, f"Remove a ship from side {i + 1}")

    def set_engagement(self, value: str) -> None:
        """Change the engagement, moving lettered starts to the squares of the new type (A/B <-> C/D)."""
        old = self.doc.get(("engagement",))
        if value == old:
            return
        swap = dict(zip(LETTERS[str(old)], LETTERS[value], strict=True))
        values: dict[tuple[Any, ...], Any] = {("engagement",): value}
        for i, side in enumerate(self.doc.get(("sides",)) or []):
            for j, s in enumerate(side["ships"]):
                if isinstance(s["start"], str) and s["start"] in swap:
                    values[("sides", i, "ships", j, "start")] = swap[s["start"]]
        self.designer.push(SetValues(self.doc, values, "Change engagement" + (" and start squares"
                                                                              if len(values) > 1 else "")))

    def rename_side(self, i: int, new: str) -> None:
        """Change a side's id and every reference to it (weather gauge, outcome, bid, override). References
        follow a side, never another: while its id is one another side has (being typed, or a mistake the form
        marks), its references keep the id they had and follow it again once it is its own."""
        old = self.doc.get(("sides", i, "id"))
        if new == old:
            return
        others = {side.get("id") for j, side in enumerate(self.doc.get(("sides",))) if j != i}
        carried = self._held.pop(i, old)  # the id this side's references carry
        values: dict[tuple[Any, ...], Any] = {("sides", i, "id"): new}
        if new in others or carried in others:
            if carried not in others:
                self._held[i] = carried  # hold them until its id is its own again
        else:
            if self.doc.get(("weather_gauge",)) == carried:
                values[("weather_gauge",)] = new
            if self.doc.get(("historical_outcome", "winner")) == carried:
                values[("historical_outcome", "winner")] = new
            for key in (("options", "bid"), ("victory_override",)):
                d = self.doc.get(key) or {}
                if carried in d:
                    values[key] = {(new if k == carried else k): v for k, v in d.items()}
        self.designer.push(SetValues(self.doc, values, f"Rename side {i + 1}", merge=len(values) == 1))
