"""What the scenario designer shows of a valid scenario: the VP terms (19.0, 20.1, 21.3) explained line by line,
each side's FP/CR/DC, what decides the game before it starts (issue 13), and the set-up on a board preview.

The ships are named from the scenario and its cards (`setup.ship_ids`), and the board is drawn from the
public view of a fresh set-up; nothing here reads a game's state.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel, QTextBrowser

from cs_desktop.gui.editors.base import ERROR_STYLE
from cs_desktop.play.designations import designate
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.ratings import victory_terms
from cs_desktop.rules.setup import ship_ids
from cs_desktop.rules.terms import Step
from cs_desktop.rules.view_types import SideView
from cs_desktop.rules.winnable import cannot_win


def ship_names(scenario: Scenario, cards: Mapping[str, ShipCard]) -> dict[str, str]:
    """Each ship's game id (the card id, suffixed when a card is used twice) -> her designation: the name on her
    card, numbered when several ships share it ("Java (1)", "Java (2)"), as in the game (play.designations)."""
    out = {}
    for gid, si, k in ship_ids(scenario):
        card = cards.get(scenario.sides[si].ships[k].ship_id)
        if card is not None:
            out[gid] = card.name
    return designate(out)


def show_terms(scenario: Scenario | None, cards: Mapping[str, ShipCard], terms_label: QLabel,
               steps: QTextBrowser, stats: list[QLabel]) -> Any:
    """Fill the VP panel (and each side's FP/CR/DC line); return the terms (None for an invalid scenario)."""
    if scenario is None:
        terms_label.setText("<b>VP multipliers and bonuses (20.1, 21.3)</b>: fix the problems marked ⚠ "
                            "to compute them.")
        steps.setHtml("")
        for lab in stats:
            lab.setText("")
        return None
    terms = victory_terms(scenario, dict(cards))
    parts = []
    for t in terms.sides:
        bid = f", +{t.bid_points} VP bid" if t.bid_points else ""
        over = " (scenario's own)" if t.overridden else ""
        parts.append(f"<b>{html.escape(t.name)}</b>: VP multiplier <b>×{t.multiplier:g}</b>, "
                     f"VP bonus <b>{t.bonus}</b>"
                     f"{bid}{over} — FP {t.fp}, CR {t.cr:g}, DC {t.dc}")
    for line in cannot_win(scenario, dict(cards)):  # decided before it starts (issue 13)
        parts.append(f"<span style='{ERROR_STYLE}'>⚠ {html.escape(line)}</span>")
    terms_label.setText("<b>VP terms (19.0, 20.1, 21.3)</b><br>" + "<br>".join(parts))
    steps.setHtml(steps_html(terms.steps, {s.id: s.name for s in scenario.sides}))
    for i, t in enumerate(terms.sides):
        if i < len(stats):
            stats[i].setText(f"FP {t.fp} · CR {t.cr:g} · DC {t.dc}")
    return terms


def _num(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def steps_html(steps: Sequence[Step], side_names: Mapping[str, str]) -> str:
    """Every step of the terms, one row each with its rule, wrapped to the panel. A side's ships are listed under
    its name and numbered as in its ship table; a 21.3 sum is followed by its additions, ship by ship, read from
    the ships' own steps (the totals are the engine's)."""
    rule_cell = "<td width='36' style='color:#5f5a50;padding-right:8px;white-space:nowrap' valign='top'>{}</td>"
    rows: list[str] = []
    ships: dict[str, list[Mapping[str, Any]]] = {}
    for step in steps:
        side = str(step.values.get("side", ""))
        if "ship" in step.values:
            listed = ships.setdefault(side, [])
            if not listed:
                rows.append(f"<tr><td width='36'></td><td><b>{html.escape(side_names.get(side, side))}</b></td></tr>")
            listed.append(step.values)
            text = f"ship {len(listed)} · {html.escape(step.text)}"
        elif step.rule == "21.3" and ships.get(side):
            sums = " · ".join(
                f"{label} {' + '.join(_num(v[key]) for v in ships[side])} = {_num(step.values.get(key, '?'))}"
                for key, label in (("fp", "FP"), ("cr", "CR"), ("dc", "DC")))
            text = f"{html.escape(step.text)}<br><span style='color:#3e5c6b'>{html.escape(sums)}</span>"
        else:
            text = html.escape(step.text)
        rows.append(f"<tr>{rule_cell.format(html.escape(step.rule))}<td>{text}</td></tr>")
    return f"<table cellspacing='2' width='100%'>{''.join(rows)}</table>"


def set_up_view(scenario: Scenario, cards: Mapping[str, ShipCard]) -> SideView:
    """The public view of the scenario's set-up (what the board preview draws); raises if it cannot be set up."""
    from cs_desktop.play.setup_preview import setup_view

    return setup_view(scenario, cards)


def fit(board: Any) -> None:
    """Fit the whole board preview in its view, with room for the row and column numbers (drawn at a fixed size:
    at a small zoom the map's own margin is too narrow for "23")."""
    if board.scene() is None:
        return
    rect = board.scene().itemsBoundingRect()
    vw, vh = board.viewport().width(), board.viewport().height()
    if rect.isEmpty() or vw <= 0 or vh <= 0:
        return
    pad = 14 / min(vw / rect.width(), vh / rect.height())  # 14 pixels, in scene units at about the fitted zoom
    board.fitInView(rect.adjusted(-pad, -pad, pad, pad), Qt.AspectRatioMode.KeepAspectRatio)


class _KeepFitted(QObject):
    def __init__(self, board: Any) -> None:
        super().__init__(board)
        self.board = board

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Resize:  # the viewport's: its new size is set
            fit(self.board)
        return False


def keep_fitted(board: Any) -> None:
    """Fit the preview again whenever it changes size: the window's, or the splitter's between it and the terms
    (a map fitted to the old size had its row numbers cut off)."""
    board.viewport().installEventFilter(_KeepFitted(board))
