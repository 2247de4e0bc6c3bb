"""Widgets that answer each kind of engine request (docs/engine-api.md).

`make_request_widget(request, session)` builds the widget for a request. Every widget answers through the
session (`session.submit(answer)`); none talks to another widget. Every choice is reachable by keyboard:
buttons carry mnemonics (Alt+letter or the digit shown), Tab moves between fields and the default button
answers on Enter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.gui.ship_card import SECTION_LABELS, describe_maneuver
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.decisions import Request

if TYPE_CHECKING:
    from cs_desktop.gui.session import GameSession

YES_NO = {"grapple", "melee", "melee_continue", "disengage", "sail_change"}
MOVE_ORDER_LABELS = {"initiative_first": "The Initiative player's ship maneuvers first",
                     "non_initiative_first": "The Non-Initiative player's ship maneuvers first"}


def ship_name(session: GameSession, ship_id: str) -> str:
    return session.screen().ship_name(ship_id)


def card_name(card_id: str) -> str:
    try:
        from cs_desktop.rules.bridge_cards import card_of

        return str(card_of(card_id)["name"])
    except (KeyError, ImportError, OSError, ValueError):
        return card_id


def card_text(card_id: str) -> str:
    try:
        from cs_desktop.rules.bridge_cards import card_of

        card = card_of(card_id)
        return f"{card['name']} ({'Hold' if card['type'] == 'hold' else 'Play Now'}): {card.get('text', '')}"
    except (KeyError, ImportError, OSError, ValueError):
        return card_id


def turn_label(option: dict[str, Any]) -> str:
    turn = option.get("turn", 0)
    to = option.get("to", "")
    if turn == 0:
        return f"Hold course (wind position {to})"
    return f"Turn one point to {'port' if turn < 0 else 'starboard'} → wind position {to}"


def option_label(request: Request, option: Any, session: GameSession) -> str:
    kind = request.kind
    if kind in YES_NO:
        return "Yes" if option else "No"
    if kind == "move_order":
        return MOVE_ORDER_LABELS.get(option, str(option))
    if kind == "parallel_side":
        other = ship_name(session, request.info.get("other", ""))
        return f"Pass on {other}'s {option} side"
    if kind == "hull_first":
        return SECTION_LABELS.get(option, str(option))
    if kind == "discard_card":
        return card_name(str(option))
    if kind == "melee_split":
        total = request.info.get("melee_crew")
        return f"{option} to {request.info.get('role', 'assault')}" + (f", {total - option} support" if total else "")
    if kind in ("advance_turn", "fall_off") and isinstance(option, dict):
        return turn_label(option)
    if kind == "bonus_move":
        return {0: "No bonus move", 1: "Bonus move, Straining 1", 2: "Bonus move, Straining 2"}.get(option, str(option))
    if kind == "select_maneuver" and isinstance(option, dict):
        return describe_maneuver(option)
    return str(option)


class RequestWidget(QWidget):
    """Base: holds the request and the session; `submitted` fires after an answer was accepted."""

    submitted = Signal()

    def __init__(self, request: Request, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.request = request
        self.session = session
        self.setObjectName(f"request-{request.kind}")
        self.default_button: QPushButton | None = None

    def send(self, answer: Any) -> bool:
        ok = self.session.submit(answer)
        if ok:
            self.submitted.emit()
        return ok

    def answer(self) -> Any:  # the answer as now set in the widget
        raise NotImplementedError

    def submit_current(self) -> bool:
        return self.send(self.answer())

    def select_option(self, ship_id: str, choice: Any) -> None:
        """Select a choice from outside (the board's maneuver previews)."""

    def add_submit_button(self, lay: QVBoxLayout, text: str) -> QPushButton:
        """Add the default button (Enter, Ctrl+Return) that sends `answer()` through `submit_current`."""
        ok = QPushButton(text)
        ok.setObjectName("submit")
        ok.setDefault(True)
        ok.clicked.connect(self.submit_current)
        self.default_button = ok
        lay.addWidget(ok)
        return ok


def _button(text: str, shortcut_index: int | None = None) -> QPushButton:
    if shortcut_index is not None and shortcut_index < 9:
        text = f"&{shortcut_index + 1}  {text}"
    b = QPushButton(text)
    b.setAutoDefault(True)
    return b


class OptionsWidget(RequestWidget):
    """One button per legal answer (move order, parallel side, hull first, discard, melee split, yes/no)."""

    def __init__(self, request: Request, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.buttons: list[QPushButton] = []
        options = list(request.options or ())
        if request.kind in YES_NO:
            options.sort(key=lambda o: not o)  # Yes first
        row = QHBoxLayout() if request.kind in YES_NO else None
        for i, option in enumerate(options):
            label = option_label(request, option, session)
            if request.kind in YES_NO:
                b = QPushButton("&Yes" if option else "&No")
            elif request.kind == "discard_card":
                b = _button(label, i)
                b.setToolTip(card_text(str(option)))
            else:
                b = _button(label, i)
            b.setObjectName(f"option-{i}")
            b.clicked.connect(lambda _=False, o=option: self.send(o))
            self.buttons.append(b)
            (row or lay).addWidget(b)
        if row is not None:
            lay.addLayout(row)
        if self.buttons:
            self.default_button = self.buttons[0]
            self.buttons[0].setDefault(True)
        lay.addStretch(1)

    def answer(self) -> Any:
        return (self.request.options or (None,))[0]


class ShipsChoiceWidget(RequestWidget):
    """One radio list per ship (advance_turn, fall_off, bonus_move, and any other `ships` request)."""

    def __init__(self, request: Request, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.groups: dict[str, tuple[QButtonGroup, list[Any]]] = {}
        n = 0
        for ship_id, options in (request.ships or {}).items():
            box = QGroupBox(ship_name(session, ship_id))
            bl = QVBoxLayout(box)
            group = QButtonGroup(self)
            for i, option in enumerate(options):
                text = option_label(request, option, session)
                rb = QRadioButton(f"&{n + 1}  {text}" if n < 9 else text)
                rb.setObjectName(f"{ship_id}-option-{i}")
                n += 1
                group.addButton(rb, i)
                bl.addWidget(rb)
                if i == 0:
                    rb.setChecked(True)
            self.groups[ship_id] = (group, list(options))
            lay.addWidget(box)
        self.ok = self.add_submit_button(lay, "&Confirm")
        lay.addStretch(1)

    def answer(self) -> Any:
        return {ship: options[max(0, group.checkedId())] for ship, (group, options) in self.groups.items()}


class SetupWidget(RequestWidget):
    """2.0: each ship's sail state and the (hidden) load of each broadside."""

    def __init__(self, request: Request, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        info = request.info
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.sail: dict[str, QComboBox] = {}
        self.loads: dict[str, dict[str, QComboBox]] = {}
        for ship_id in info.get("ships", []):
            box = QGroupBox(ship_name(session, ship_id))
            form = QFormLayout(box)
            sail = QComboBox()
            sail.setObjectName(f"{ship_id}-sail")
            for s in info.get("sail", ["medium", "fighting"]):
                sail.addItem(f"{s.title()} Sail", s)
            lab = QLabel("&Sail (3.6)")
            lab.setBuddy(sail)
            form.addRow(lab, sail)
            self.sail[ship_id] = sail
            self.loads[ship_id] = {}
            for sec in info.get("sections", SECTION_NAMES):
                combo = QComboBox()
                combo.setObjectName(f"{ship_id}-load-{sec}")
                for load in info.get("loads", ["round", "chain", "double"]):
                    combo.addItem(f"{load.title()} shot", load)
                form.addRow(SECTION_LABELS.get(sec, sec), combo)
                self.loads[ship_id][sec] = combo
            lay.addWidget(box)
        note = QLabel("Loads are hidden from the enemy (2.0); he sees only that the guns are loaded.")
        note.setWordWrap(True)
        lay.addWidget(note)
        self.ok = self.add_submit_button(lay, "&Ready")
        lay.addStretch(1)

    def answer(self) -> Any:
        return {ship: {"sail": self.sail[ship].currentData(),
                       "loads": {sec: c.currentData() for sec, c in self.loads[ship].items()}}
                for ship in self.sail}


class AssignCrewWidget(RequestWidget):
    """5.0: the assignment is made on the ship cards; this panel sums it up and sends it."""

    def __init__(self, request: Request, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        help_ = QLabel("Set the crew points on each ship card (the spin boxes by each task and broadside). "
                       "Points not assigned go to Melee (5.1.6).")
        help_.setWordWrap(True)
        lay.addWidget(help_)
        self.summary = QLabel()
        self.summary.setObjectName("crew-summary")
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)
        row = QHBoxLayout()
        self.man_guns = QPushButton("&Man the battery that bears")
        self.man_guns.setToolTip("Gunners first on the broadside the enemy lies on (split by threat when enemies "
                                 "lie on both sides), then the other broadside, then one on Sailing")
        self.man_guns.clicked.connect(self._man_guns)
        self.keep = QPushButton("&Keep last turn's")
        self.keep.clicked.connect(self._keep)
        row.addWidget(self.man_guns)
        row.addWidget(self.keep)
        lay.addLayout(row)
        self.ok = self.add_submit_button(lay, "&Confirm crew")
        lay.addStretch(1)
        session.draftChanged.connect(self._refresh)
        self._refresh()

    def _refresh(self) -> None:
        drafts = self.session.crew_drafts()
        lines = []
        for ship, lim in self.request.info["limits"].items():
            assign = drafts.get(ship)
            if assign is None:  # this widget's request is no longer the one on screen
                continue
            total = (assign["sailing"] + assign["rigging_change"] + assign["rigging_dc"]
                     + sum(assign["hull_dc"].values()) + sum(assign["gunnery"].values()))
            lines.append(f"<b>{ship_name(self.session, ship)}</b>: {total} of {lim['crew']} assigned, "
                         f"{max(0, lim['crew'] - total)} to Melee; guns manned "
                         f"{sum(assign['gunnery'].values())} of {sum(lim['gunnery'].values())}")
        self.summary.setText("<br>".join(lines))

    def _man_guns(self) -> None:
        for ship, assign in self.session.bearing_crew(self.request).items():
            self.session.set_draft(ship, assign)
        self.session.changed.emit()

    def _keep(self) -> None:
        for ship, assign in self.request.info["current"].items():
            self.session.set_draft(ship, assign)
        self.session.changed.emit()

    def answer(self) -> Any:
        return self.session.crew_drafts()

    def submit_current(self) -> bool:
        warnings = self.session.crew_warnings()
        if warnings:  # issue 11 item 3: ask before leaving a bearing battery without gunners
            from cs_desktop.gui.crew_confirm import ask_no_gunners

            self.confirm_box = ask_no_gunners(self, warnings, self.send_crew)
            return False
        return self.send_crew()

    def send_crew(self) -> bool:
        ok = self.session.submit_crew()
        if ok:
            self.submitted.emit()
        return ok


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
            group.idToggled.connect(lambda _i, on, s=ship_id: on and self._update_strain(s))
            if radios:
                radios[0][0].setChecked(True)
            lay.addWidget(box)
        self.ok = self.add_submit_button(lay, "&Select maneuver")
        note = QLabel("Your opponent will know that you strain, not how much (9.1).")
        note.setWordWrap(True)
        lay.addWidget(note)
        lay.addStretch(1)

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


class FireWidget(RequestWidget):
    """11.0: per ship, the target, which sections fire and their aim (High at rigging, Low at hull), or a
    chaser; the odds of the shot as now set are shown before it is fired."""

    def __init__(self, request: Request, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.rows: dict[str, dict[str, Any]] = {}
        announced = request.info.get("announced") or {}
        if announced:
            text = "; ".join(f"{ship_name(session, s)} fires at {ship_name(session, a.get('target') or '')}"
                             for s, a in announced.items() if isinstance(a, dict) and a.get("target"))
            if text:
                lab = QLabel(f"Announced: {text}")
                lab.setWordWrap(True)
                lay.addWidget(lab)
        for ship_id, options in (request.ships or {}).items():
            box = QGroupBox(f"{ship_name(session, ship_id)} — fire")
            form = QGridLayout(box)
            target = QComboBox()
            target.setObjectName(f"{ship_id}-target")
            targets = []
            for o in options:
                if o.get("target") and o["target"] not in targets:
                    targets.append(o["target"])
            target.addItem("Hold fire", None)
            for t in targets:
                target.addItem(ship_name(session, t), t)
            tl = QLabel("&Target")
            tl.setBuddy(target)
            form.addWidget(tl, 0, 0)
            form.addWidget(target, 0, 1, 1, 3)
            sections: dict[str, tuple[QCheckBox, QComboBox]] = {}
            for r, sec in enumerate(SECTION_NAMES, start=1):
                cb = QCheckBox(SECTION_LABELS[sec])
                cb.setObjectName(f"{ship_id}-fire-{sec}")
                aim = QComboBox()
                aim.setObjectName(f"{ship_id}-aim-{sec}")
                aim.addItem("Low (hull)", "low")
                aim.addItem("High (rigging)", "high")
                form.addWidget(cb, r, 0, 1, 2)
                form.addWidget(aim, r, 2, 1, 2)
                sections[sec] = (cb, aim)
                cb.toggled.connect(lambda _on, s=ship_id: self._changed(s))
                aim.currentIndexChanged.connect(lambda _i, s=ship_id: self._changed(s))
            chaser = QComboBox()
            chaser.setObjectName(f"{ship_id}-chaser")
            chaser.addItem("No chaser", None)
            for c in sorted({o.get("chaser") for o in options if o.get("chaser")}):
                chaser.addItem(f"{c.title()} chaser (11.9)", c)
            form.addWidget(QLabel("Chaser"), 5, 0)
            form.addWidget(chaser, 5, 1, 1, 3)
            odds = QLabel()
            odds.setObjectName(f"{ship_id}-odds")
            odds.setWordWrap(True)
            odds.setTextFormat(Qt.TextFormat.RichText)
            form.addWidget(odds, 6, 0, 1, 4)
            self.rows[ship_id] = {"options": list(options), "target": target, "sections": sections,
                                  "chaser": chaser, "odds": odds}
            target.currentIndexChanged.connect(lambda _i, s=ship_id: self._target_changed(s))
            chaser.currentIndexChanged.connect(lambda _i, s=ship_id: self._changed(s))
            if targets:
                target.setCurrentIndex(1)
            self._target_changed(ship_id)
            lay.addWidget(box)
        row = QHBoxLayout()
        self.fire = QPushButton("&Fire")
        self.fire.setObjectName("submit")
        self.fire.setDefault(True)
        self.fire.clicked.connect(self.submit_current)
        self.hold = QPushButton("&Hold fire")
        self.hold.setObjectName("hold")
        self.hold.clicked.connect(self._hold)
        row.addWidget(self.fire)
        row.addWidget(self.hold)
        lay.addLayout(row)
        self.default_button = self.fire
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        lay.addWidget(self.problem)
        lay.addStretch(1)
        self._validate()

    def _target_changed(self, ship_id: str) -> None:
        row = self.rows[ship_id]
        tgt = row["target"].currentData()
        usable = set()
        for o in row["options"]:
            if o.get("target") == tgt:
                usable.update(o.get("sections", {}).keys())
        best = max((o for o in row["options"] if o.get("target") == tgt and not o.get("chaser")),
                   key=lambda o: len(o.get("sections", {})), default=None)
        for sec, (cb, aim) in row["sections"].items():
            cb.blockSignals(True)
            cb.setEnabled(sec in usable)
            cb.setChecked(bool(best) and sec in best.get("sections", {}))
            cb.setToolTip("" if sec in usable else "11.1: this section does not bear on the target, is not "
                                                  "loaded, or has no crew")
            cb.blockSignals(False)
            aim.setEnabled(sec in usable)
        self._changed(ship_id)

    def _ship_answer(self, ship_id: str) -> dict[str, Any]:
        row = self.rows[ship_id]
        tgt = row["target"].currentData()
        chaser = row["chaser"].currentData()
        if tgt is None:
            return {"target": None, "sections": {}, "chaser": None}
        secs = {sec: aim.currentData() for sec, (cb, aim) in row["sections"].items() if cb.isChecked()}
        return {"target": tgt, "sections": secs, "chaser": chaser}

    def _changed(self, ship_id: str) -> None:
        row = self.rows[ship_id]
        ans = self._ship_answer(ship_id)
        advice = self.session.advice()  # priced on the player's own view (play/fair_advice.py)
        text = ""
        if ans["target"] is not None and advice is not None and (ans["sections"] or ans["chaser"]):
            try:
                odds = advice.shot_odds(ship_id, ans["target"], ans["sections"], chaser=ans["chaser"])
                exp = odds["expected"]
                extra = f", raking ({odds['rake']}, 11.8)" if odds.get("rake") else ""
                text = (f"<b>Odds (11.4):</b> range {odds['mp']} MP{extra}; P(at least one hit) "
                        f"<b>{odds['p_any_hit']:.0%}</b>; expected {odds['expected_hits']:.1f} hits → hull "
                        f"{exp['hull']:.1f}, rigging {exp['rigging']:.1f}, crew {exp['crew']:.1f}")
            except Exception as e:  # advice missing or not applicable: say why, never fail
                text = f"Odds not available: {e}"
        row["odds"].setText(text)
        self._validate()

    def _validate(self) -> None:
        if not hasattr(self, "fire"):
            return
        ans = self.answer()
        bad = [s for s, a in ans.items() if a not in self.rows[s]["options"]]
        self.fire.setEnabled(not bad)
        self.problem.setText("" if not bad else
                             "This combination is not a legal shot (11.0): " + ", ".join(
                                 ship_name(self.session, s) for s in bad) + " — change the sections or chaser.")

    def answer(self) -> Any:
        return {ship: self._ship_answer(ship) for ship in self.rows}

    def _hold(self) -> None:
        self.send({ship: {"target": None, "sections": {}, "chaser": None} for ship in self.rows})


class SelectLoadWidget(RequestWidget):
    """11.7: the next load of each broadside just fired (hidden from the enemy)."""

    def __init__(self, request: Request, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        form = QFormLayout()
        self.combos: dict[str, QComboBox] = {}
        for key, options in (request.ships or {}).items():
            ship, _, sec = key.partition(":")
            combo = QComboBox()
            combo.setObjectName(f"load-{key}")
            for load in options:
                combo.addItem(f"{str(load).title()} shot", load)
            form.addRow(f"{ship_name(session, ship)} {SECTION_LABELS.get(sec, sec)}", combo)
            self.combos[key] = combo
        lay.addLayout(form)
        self.ok = self.add_submit_button(lay, "&Load")
        lay.addStretch(1)

    def answer(self) -> Any:
        return {key: c.currentData() for key, c in self.combos.items()}


class BonusCardsWidget(RequestWidget):
    """1.7.3: discard Hold cards for +1 on dice of this roll; cards that apply are played for their effect."""

    def __init__(self, request: Request, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        info = request.info
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        most = info.get("max", 1)
        lab = QLabel(f"Roll: <b>{info.get('purpose', '')}</b> ({info.get('for_rule', '')}), "
                     f"{info.get('dice', 1)} di(c)e; discard up to {most} card(s) for +1 each (one per die). "
                     "Cards marked ★ apply to this roll and are played for their own effect.")
        lab.setWordWrap(True)
        lay.addWidget(lab)
        self.boxes: list[tuple[QCheckBox, str]] = []
        playable = set(info.get("playable", []))
        for i, card in enumerate(info.get("hand", [])):
            star = "★ " if card in playable else ""
            cb = QCheckBox(f"&{i + 1} {star}{card_name(card)}" if i < 9 else card_name(card))
            cb.setObjectName(f"card-{i}")
            cb.setToolTip(card_text(card))
            cb.toggled.connect(self._limit)
            self.boxes.append((cb, card))
            lay.addWidget(cb)
        self.most = most
        self.playable = playable
        row = QHBoxLayout()
        self.ok = QPushButton("&Use selected")
        self.ok.setObjectName("submit")
        self.ok.clicked.connect(self.submit_current)
        self.none = QPushButton("&No cards")
        self.none.setObjectName("none")
        self.none.setDefault(True)
        self.none.clicked.connect(lambda: self.send([]))
        row.addWidget(self.none)
        row.addWidget(self.ok)
        lay.addLayout(row)
        self.default_button = self.none
        lay.addStretch(1)

    def _limit(self) -> None:
        used = sum(1 for cb, card in self.boxes if cb.isChecked() and card not in self.playable)
        for cb, card in self.boxes:
            if card not in self.playable and not cb.isChecked():
                cb.setEnabled(used < self.most)

    def answer(self) -> Any:
        return [card for cb, card in self.boxes if cb.isChecked()]


class MeleeSupportWidget(RequestWidget):
    """15.0: spread support points over the melee dice."""

    def __init__(self, request: Request, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        info = request.info
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.support = int(info.get("support", 0))
        self.spins: list[QSpinBox] = []
        row = QHBoxLayout()
        for i, (value, sug) in enumerate(zip(info.get("values", []), info.get("suggested", []), strict=False)):
            col = QVBoxLayout()
            col.addWidget(QLabel(f"die {value}"))
            sp = QSpinBox()
            sp.setObjectName(f"support-{i}")
            sp.setRange(0, self.support)
            sp.setValue(sug)
            sp.valueChanged.connect(self._update)
            col.addWidget(sp)
            row.addLayout(col)
            self.spins.append(sp)
        lay.addLayout(row)
        self.left = QLabel()
        lay.addWidget(self.left)
        self.ok = self.add_submit_button(lay, "&Confirm support")
        lay.addStretch(1)
        self._update()

    def _update(self) -> None:
        used = sum(s.value() for s in self.spins)
        self.left.setText(f"{self.support - used} of {self.support} support point(s) left")
        self.ok.setEnabled(used <= self.support)

    def answer(self) -> Any:
        return [s.value() for s in self.spins]


class FallbackWidget(RequestWidget):
    """A request kind this client does not know: answer at random (a legal answer), said plainly."""

    def __init__(self, request: Request, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        lay = QVBoxLayout(self)
        lab = QLabel(f"This client has no form for '{request.kind}' yet.")
        lab.setWordWrap(True)
        lay.addWidget(lab)
        self.ok = self.add_submit_button(lay, "&Answer with a random legal choice")

    def answer(self) -> Any:
        return self.session.random_answer(self.session.screen().key[1] + 17)


WIDGETS: dict[str, type[RequestWidget]] = {
    "setup": SetupWidget,
    "assign_crew": AssignCrewWidget,
    "select_maneuver": ManeuverWidget,
    "fire": FireWidget,
    "select_load": SelectLoadWidget,
    "bonus_cards": BonusCardsWidget,
    "melee_support": MeleeSupportWidget,
    "advance_turn": ShipsChoiceWidget,
    "fall_off": ShipsChoiceWidget,
    "bonus_move": ShipsChoiceWidget,
}


def make_request_widget(request: Request, session: GameSession, parent: QWidget | None = None) -> RequestWidget:
    cls = WIDGETS.get(request.kind)
    if cls is None:
        if request.options is not None:
            cls = OptionsWidget
        elif request.ships is not None:
            cls = ShipsChoiceWidget
        else:
            cls = FallbackWidget
    return cls(request, session, parent)
