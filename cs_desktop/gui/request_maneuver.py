"""The secret maneuver selection (9.1): one radio per maneuver, forbidden ones greyed with their rule,
the Strain level offered where the maneuver allows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.gui.request_base import RequestWidget, ship_name
from cs_desktop.gui.ship_card import describe_maneuver
from cs_desktop.rules.decisions import Request

if TYPE_CHECKING:
    from cs_desktop.gui.session import GameSession


def _base(choice: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(sorted((k, v) for k, v in choice.items() if k != "strain"))


class ManeuverWidget(RequestWidget):
    """9.1: the secret maneuver selection; forbidden maneuvers greyed with their rule; Strain when needed."""

    def __init__(self, request: Request, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.rows: dict[str, dict[str, Any]] = {}
        forbidden = request.info.get("forbidden", {})
        n = 0
        for ship_id, options in (request.ships or {}).items():
            box = QGroupBox(f"{ship_name(session, ship_id)} — maneuver (hidden)")
            grid = QVBoxLayout(box)
            bases: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
            carries: dict[tuple[Any, ...], bool] = {}
            flags = request.info.get("carries_over", {}).get(ship_id, [False] * len(options))
            for opt, carry in zip(options, flags, strict=False):
                bases.setdefault(_base(opt), []).append(opt)
                carries[_base(opt)] = carry
            group = QButtonGroup(self)
            radios: list[tuple[QRadioButton, tuple[Any, ...]]] = []
            for i, (key, opts) in enumerate(bases.items()):
                label = describe_maneuver({k: v for k, v in opts[0].items() if k != "strain"})
                need = "  (carries over into next turn: Strain needed)" if carries.get(key) else ""
                rb = QRadioButton(f"&{n + 1}  {label}{need}" if n < 9 else label + need)
                rb.setObjectName(f"{ship_id}-maneuver-{i}")
                n += 1
                group.addButton(rb, i)
                grid.addWidget(rb)
                radios.append((rb, key))
            shown = set(bases)
            for item in forbidden.get(ship_id, []):
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
            strain_row = QHBoxLayout()
            strain_row.addWidget(QLabel("Strain (9.1):"))
            strain_group = QButtonGroup(self)
            strains = []
            for level, text in ((0, "&None"), (1, "Strain &1"), (2, "Strain &2")):
                rb = QRadioButton(text)
                rb.setObjectName(f"{ship_id}-strain-{level}")
                strain_group.addButton(rb, level)
                strain_row.addWidget(rb)
                strains.append(rb)
            strain_row.addStretch(1)
            grid.addLayout(strain_row)
            self.rows[ship_id] = {"group": group, "radios": radios, "bases": bases, "strain": strain_group,
                                  "strains": strains}
            group.idToggled.connect(lambda _i, on, s=ship_id: self._maneuver_toggled(s, on))
            if radios:
                radios[0][0].setChecked(True)
            lay.addWidget(box)
        self.ok = self.add_submit_button(lay, "&Select maneuver")
        note = QLabel("Your opponent will know that you strain, not how much (9.1).")
        note.setWordWrap(True)
        lay.addWidget(note)
        lay.addStretch(1)

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
        for ship_id, row in self.rows.items():
            key = row["radios"][max(0, row["group"].checkedId())][1]
            level = max(0, row["strain"].checkedId())
            opts = row["bases"][key]
            choice = next((o for o in opts if o.get("strain", 0) == level), opts[0])
            out[ship_id] = choice
        return out

    def select_option(self, ship_id: str, choice: Any) -> None:
        row = self.rows.get(ship_id)
        if row is None or not isinstance(choice, dict):
            return
        key = _base(choice)
        for rb, k in row["radios"]:
            if k == key:
                rb.setChecked(True)
                rb.setFocus()
