"""The secret maneuver selection (9.1): one radio per maneuver, forbidden ones greyed with their rule,
the Strain level offered where the maneuver allows it.

Only the ships that have a choice are asked (issue 14 item 2; what to ask is play/maneuver_form.py): a ship a
fleet order answers, or with a single legal maneuver, shows one line with the answer that will be submitted; the
"Steer her myself" button beside an order's line opens her choice for this turn (the order stands).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.gui.requests.base import RequestWidget, ship_name
from cs_desktop.gui.requests.crew_confirm import ask_to_confirm
from cs_desktop.play.maneuver_form import FormRow, danger_question, describe_maneuver, option_key
from cs_desktop.rules.decisions import Request

if TYPE_CHECKING:
    from cs_desktop.gui.panel_session import PanelSession


def _base(choice: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(sorted((k, v) for k, v in choice.items() if k != "strain"))


def _by_base(options: Sequence[dict[str, Any]],
             carries_over: list[bool]) -> tuple[dict[tuple[Any, ...], list[dict[str, Any]]], dict[tuple[Any, ...], bool]]:
    """The options grouped by maneuver whatever their Strain (one radio each), and whether each carries over."""
    bases: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    carries: dict[tuple[Any, ...], bool] = {}
    for opt, carry in zip(options, carries_over, strict=False):
        bases.setdefault(_base(opt), []).append(opt)
        carries[_base(opt)] = carry
    return bases, carries


def _add_forbidden(grid: QVBoxLayout, ship_id: str, forbidden: list[dict[str, Any]],
                   shown: set[tuple[Any, ...]]) -> None:
    """The maneuvers the rules forbid, greyed, with the rule and why (one row a maneuver, none already offered)."""
    for item in forbidden:
        key = _base(item["choice"])
        if key in shown:
            continue
        shown.add(key)
        label = describe_maneuver({k: v for k, v in item["choice"].items() if k != "strain"})
        rb = QRadioButton(f"{label} — not allowed ({item['rule']})")
        rb.setEnabled(False)
        rb.setToolTip(f"{item['rule']}: {item['why']}")
        rb.setObjectName(f"{ship_id}-forbidden")
        grid.addWidget(rb)


def _add_strain_row(grid: QVBoxLayout, ship_id: str, parent: QWidget) -> tuple[QButtonGroup, list[QRadioButton]]:
    """The Strain row (9.1): None, Strain 1, Strain 2. No mnemonic: Alt+1 and Alt+2 are the numbered maneuvers',
    and a fleet form has a Strain row per ship (issue 28 item 7); Tab reaches the row's checked choice, the arrow
    keys move along it."""
    strain_row = QHBoxLayout()
    strain_row.addWidget(QLabel("Strain (9.1):"))
    strain_group = QButtonGroup(parent)
    strains = []
    for level, text in ((0, "None"), (1, "Strain 1"), (2, "Strain 2")):
        rb = QRadioButton(text)
        rb.setObjectName(f"{ship_id}-strain-{level}")
        strain_group.addButton(rb, level)
        strain_row.addWidget(rb)
        strains.append(rb)
    strain_row.addStretch(1)
    grid.addLayout(strain_row)
    return strain_group, strains


class ManeuverWidget(RequestWidget):
    """9.1: the secret maneuver selection; forbidden maneuvers greyed with their rule; Strain when needed."""

    def __init__(self, request: Request, session: PanelSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.rows: dict[str, dict[str, Any]] = {}  # the ships asked (and those taken back)
        #: ship id -> (her form row, the line shown, the "steer her myself" button or None): answered ships
        self.answered: dict[str, tuple[FormRow, QWidget, QPushButton | None]] = {}
        self._holders: dict[str, QVBoxLayout] = {}
        self._n = 0
        #: ship id -> base maneuver -> what it does that must be confirmed (issue 28 item 4: never preselected)
        self.dangers = session.forms.maneuver_dangers()
        self.confirm_box: QWidget | None = None
        form = {r.ship_id: r for r in session.forms.maneuver_form()}
        for ship_id in request.ships or {}:
            holder = QWidget()
            hold_lay = QVBoxLayout(holder)
            hold_lay.setContentsMargins(0, 0, 0, 0)
            self._holders[ship_id] = hold_lay
            row = form.get(ship_id)
            if row is not None and not row.asked:
                self._add_summary(row, hold_lay)
            else:
                self._add_ship(ship_id, row.note if row is not None else "")
            lay.addWidget(holder)
        self.ok = self.add_submit_button(lay, "&Select maneuver")
        note = QLabel("Your opponent will know that you strain, not how much (9.1).")
        note.setWordWrap(True)
        lay.addWidget(note)
        lay.addStretch(1)

    def _add_summary(self, row: FormRow, lay: QVBoxLayout) -> None:
        line = QWidget()
        line.setObjectName(f"{row.ship_id}-answered")
        line_lay = QHBoxLayout(line)
        line_lay.setContentsMargins(4, 2, 4, 2)
        label = QLabel(row.summary)
        label.setWordWrap(True)
        label.setObjectName(f"{row.ship_id}-summary")
        line_lay.addWidget(label, 1)
        button = None
        if row.can_take_back:
            button = QPushButton("Steer her myself")
            button.setObjectName(f"{row.ship_id}-take-back")
            button.setToolTip("Choose her maneuver yourself this turn; her fleet order stands (cancel it in the "
                              "fleet list)")
            button.clicked.connect(lambda _c=False, s=row.ship_id: self.take_back(s))
            line_lay.addWidget(button)
        lay.addWidget(line)
        self.answered[row.ship_id] = (row, line, button)

    def take_back(self, ship_id: str) -> None:
        """The ship leaves her order's answer for this turn: her choice is shown, set to what the order chose."""
        entry = self.answered.pop(ship_id, None)
        if entry is None:
            return
        row, line, _button = entry
        line.hide()
        self._add_ship(ship_id, f"{row.why} chose: {describe_maneuver(row.answer)}")
        self.select_option(ship_id, row.answer, strain=True)
        radios = self.rows[ship_id]["radios"]
        checked = [rb for rb, _k in radios if rb.isChecked()]
        if checked:
            checked[0].setFocus()

    def _add_ship(self, ship_id: str, note: str) -> None:
        request = self.request
        options = (request.ships or {})[ship_id]
        forbidden = request.info.get("forbidden", {})
        box = QGroupBox(f"{ship_name(self.session, ship_id)} — maneuver (hidden)")
        box.setObjectName(f"{ship_id}-asked")
        grid = QVBoxLayout(box)
        if note:
            hint = QLabel(note)
            hint.setWordWrap(True)
            grid.addWidget(hint)
        bases, carries = _by_base(options, request.info.get("carries_over", {}).get(ship_id, [False] * len(options)))
        group = QButtonGroup(self)
        radios: list[tuple[QRadioButton, tuple[Any, ...]]] = []
        for i, (key, opts) in enumerate(bases.items()):
            label = describe_maneuver({k: v for k, v in opts[0].items() if k != "strain"})
            need = "  (carries over into next turn: Strain needed)" if carries.get(key) else ""
            least = min(opts, key=lambda o: int(o.get("strain", 0)))
            danger = self.dangers.get(ship_id, {}).get(option_key(least)) or next(
                (d for o in opts if (d := self.dangers.get(ship_id, {}).get(option_key(o))) is not None), None)
            if danger is not None:
                need += f"  — ⚠ {danger.short or danger.consequence} ({danger.rule})"
            n = self._n
            rb = QRadioButton(f"&{n + 1}  {label}{need}" if n < 9 else label + need)
            rb.setObjectName(f"{ship_id}-maneuver-{i}")
            if danger is not None:
                rb.setToolTip(f"{danger.rule}: {danger.consequence}")
            self._n += 1
            group.addButton(rb, i)
            grid.addWidget(rb)
            radios.append((rb, key))
        _add_forbidden(grid, ship_id, forbidden.get(ship_id, []), set(bases))
        strain_group, strains = _add_strain_row(grid, ship_id, self)
        self.rows[ship_id] = {"group": group, "radios": radios, "bases": bases, "strain": strain_group,
                              "strains": strains}
        group.idToggled.connect(lambda _i, on, s=ship_id: self._maneuver_toggled(s, on))
        ship_dangers = self.dangers.get(ship_id, {})
        safe = [rb for rb, key in radios
                if option_key(min(bases[key], key=lambda o: int(o.get("strain", 0)))) not in ship_dangers]
        if radios:
            (safe or [radios[0][0]])[0].setChecked(True)  # never preselect a maneuver that loses
        self._holders[ship_id].addWidget(box)

    def _maneuver_toggled(self, ship_id: str, on: bool) -> None:
        if on:
            self._update_strain(ship_id)

    def _update_strain(self, ship_id: str) -> None:
        row = self.rows[ship_id]
        key = row["radios"][row["group"].checkedId()][1]
        levels = {o.get("strain", 0) for o in row["bases"][key]}
        for level, rb in enumerate(row["strains"]):
            rb.setEnabled(level in levels)
            rb.setToolTip("" if level in levels else
                          ("9.1 restriction 2: this maneuver carries over into the next turn, so you must Strain"
                           if level == 0 else "not offered for this maneuver"))
        current = row["strain"].checkedId()
        if current not in levels:
            row["strains"][min(levels)].setChecked(True)

    def answer(self) -> Any:
        out = {}
        for ship_id in self.request.ships or {}:
            if ship_id in self.answered:
                out[ship_id] = self.answered[ship_id][0].answer  # the order's answer: maneuver and Strain
                continue
            row = self.rows[ship_id]
            key = row["radios"][max(0, row["group"].checkedId())][1]
            level = max(0, row["strain"].checkedId())
            opts = row["bases"][key]
            choice = next((o for o in opts if o.get("strain", 0) == level), opts[0])
            out[ship_id] = choice
        return out

    def risky(self) -> list[str]:
        """The chosen maneuvers that end the game or take a ship out of the battle, in words."""
        out = []
        for ship_id, choice in self.answer().items():
            danger = self.dangers.get(ship_id, {}).get(option_key(choice))
            if danger is not None and danger.confirm:
                out.append(danger_question(ship_name(self.session, ship_id), choice, danger))
        return out

    def submit_current(self) -> bool:
        """Send the maneuvers; one that ends the game or takes a ship off the map asks to confirm first."""
        risky = self.risky()
        if risky:
            self.confirm_box = ask_to_confirm(self, "Leave the map?", "Select this maneuver?", risky,
                                              lambda: self.send(self.answer()))
            return False
        return self.send(self.answer())

    def select_option(self, ship_id: str, choice: Any, strain: bool = False) -> None:
        """Select `choice` for the ship (the board's maneuver previews; with `strain`, its Strain too). A ship a
        fleet order answers is taken back under the player's own orders first."""
        if ship_id in self.answered and isinstance(choice, dict):
            if self.answered[ship_id][2] is None:
                return  # her only legal maneuver: nothing to choose
            self.take_back(ship_id)
        row = self.rows.get(ship_id)
        if row is None or not isinstance(choice, dict):
            return
        key = _base(choice)
        for rb, k in row["radios"]:
            if k == key:
                rb.setChecked(True)
                rb.setFocus()
        if strain:
            level = int(choice.get("strain", 0))
            if 0 <= level < len(row["strains"]) and row["strains"][level].isEnabled():
                row["strains"][level].setChecked(True)
