"""The tutor of the guided first game (Help → Guided first game; issue 11, item 6): a dock that explains each
step as it comes, in our words (resources/help/tutorial.json), keyed on the kind of the request the player is
asked and on the segment of the turn, with the rule sections as links to the rule panel.

It draws what `play.tutorial.Tutor` makes of what the session publishes to every widget — the player's request
and his own view — and never reads the referee's game state. It speaks only while the session plays the
tutorial scenario (a saved tutorial game included); for any other game it says how to start the tutorial.
"""

from __future__ import annotations

import html
import random
from pathlib import Path
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from PySide6.QtCore import QTimer, QUrl, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTextBrowser, QVBoxLayout, QWidget

from cs_desktop.gui.session import GameSession
from cs_desktop.gui.panels.turn_reference import rule_link
from cs_desktop.formats.files import load_scenario
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.play.changes import EVERYTHING, Changes
from cs_desktop.play import tutorial
from cs_desktop.play.tutorial import Step, Tutor, TutorPage


MUTED = "#5f5a50"
ASK = "#7a4a00"
DONE = "#2e7d32"
CARD = "#fbf6e9"


def _p(text: str, style: str = "") -> str:
    return f"<p style='{style}'>{html.escape(text)}</p>" if text else ""


def _links(sections: tuple[str, ...]) -> str:
    return ", ".join(rule_link(s) for s in sections)


def page_html(t: tutorial.Tutorial, page: TutorPage, active: bool) -> str:
    """The panel's text for one page."""
    if not active:
        return ("<h3>The guided first game</h3>"
                "<p>Help → <b>Guided first game</b> starts a short duel against the easy computer captain, and "
                "this panel explains each step as it comes.</p>"
                "<p>Help → <b>Turn sequence</b> (Shift+F1) lists the steps of a turn.</p>")
    parts: list[str] = []
    where = ""
    if page.turn:
        seg = page.segment_help.title if page.segment_help is not None else page.segment
        impulse = page.segment.partition(":")[2]
        where = f"Turn {page.turn} · {seg}" + (f" · impulse {impulse} of 12" if impulse else "")
    parts.append(f"<h3 style='margin-bottom:2px'>{html.escape(where or t.welcome_title)}</h3>")
    if page.ended:
        win = t.step("winning") if any(s.id == "winning" for s in t.steps) else None
        parts.append(f"<h3 style='color:{ASK}'>The game is over</h3>")
        parts.append(_p(page.result, "font-weight:bold"))
        if win is not None:
            parts.append(_p(win.text))
            parts.append(f"<p>Rules: {_links((win.section, *win.see))}</p>")
        parts.append("<p>Help → <b>Guided first game</b> plays it again; Game → <b>New Game</b> picks a "
                     "historical action.</p>")
    elif page.request is not None:
        r = page.request
        parts.append(f"<table width='100%' cellpadding='6' bgcolor='{CARD}'><tr><td>"
                     f"<h3 style='color:{ASK};margin-top:0;margin-bottom:2px'>You are asked: {html.escape(r.title)}</h3>")
        parts.append(_p(r.asked))
        parts.append(_p(page.extra, "font-style:italic"))
        parts.append(f"<p><b>What matters:</b> {html.escape(r.matters)}</p>")
        parts.append(f"<p>Rule {_links((r.section, *r.see))} · answer in the <b>Orders</b> panel</p></td></tr></table>")
    elif page.kind:
        parts.append(f"<p>You are asked to decide ({html.escape(page.kind)}); the orders panel shows how.</p>")
    elif page.turn:
        parts.append(_p(t.waiting if page.waiting else t.no_request, f"color:{MUTED}"))
    if page.turn == 1 and page.segment == "setup" and not page.ended:
        parts.append(_p(t.welcome))
    if page.segment_help is not None and not page.ended:
        s = page.segment_help
        parts.append(f"<p><b>This part of the turn</b> ({rule_link(s.section)}): {html.escape(s.happens)}</p>")
    if page.just_now and not page.ended:
        parts.append("<p><b>Just now:</b></p>" + "".join(_just_now(s) for s in page.just_now))
    parts.append(_steps(t.steps, page.done))
    return "".join(parts)


def _just_now(step: Step) -> str:
    return f"<p style='margin-left:8px'>{html.escape(step.text)} ({rule_link(step.section)})</p>"


def _steps(steps: tuple[Step, ...], done: frozenset[str]) -> str:
    marks = []
    for s in steps:
        if s.id in done:
            marks.append(f"<span style='color:{DONE}'>✓ {html.escape(s.title)}</span>")
        else:
            marks.append(f"<span style='color:{MUTED}'>○ {html.escape(s.title)}</span>")
    return (f"<p style='color:{MUTED};margin-top:10px'><b>Steps seen so far</b> "
            "(Help → Turn sequence: the whole turn)</p><p>" + " · ".join(marks) + "</p>")


class TutorPanel(QWidget):
    """Refreshes itself from the session's `changed` signal (STYLE 7); `activated` when a tutorial game comes on."""

    activated = Signal()

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tutor")
        self.session = session
        self.tutorial = tutorial.load_tutorial()
        self.tutor = Tutor(self.tutorial, tutorial.load_turn_sequence())
        self.page: TutorPage | None = None
        self._game_id: int | None = None
        self.active = False
        self._html = ""
        self.browser = QTextBrowser()
        self.browser.setObjectName("tutor-text")
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._clicked)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.browser)
        session.changed.connect(self.refresh)
        self.refresh()

    def refresh(self, changes: Changes = EVERYTHING) -> None:
        """Draw the page for the screen now; a change only beside the screen model (orders, fleet orders, a crew
        draft: `other`) leaves it as it is, as the page reads the game, the view, its events, the request and who
        thinks."""
        if not changes.model:
            return
        s = self.session
        screen = s.screen()
        game_id = screen.key[0] if screen.has_game else None
        changed = game_id != self._game_id
        if changed:  # another game (new, loaded, or undone): its steps are read from its log
            self.tutor.reset()
            self._game_id = game_id
        was = self.active
        self.active = screen.has_game and tutorial.is_tutorial(s.presenter.scenario_path)
        request = screen.request
        self.page = self.tutor.page(screen.view if self.active else None, request.kind if request else None,
                                    thinking=screen.thinking is not None)
        text = page_html(self.tutorial, self.page, self.active)
        if text != self._html:  # unchanged: the player's scroll position stays
            self._html = text
            self.browser.setHtml(text)
        if self.active and (not was or (changed and self.page.segment == "setup")):
            self.activated.emit()  # a tutorial comes on, or starts again: not after an undo within it

    def text(self) -> str:
        return self.browser.toPlainText()

    def _clicked(self, url: QUrl) -> None:
        text = url.toString()
        if text.startswith("rule:"):
            self.session.show_rule(text[len("rule:"):])


class GameStarter(Protocol):
    """How the guided first game is started: the window's file actions (gui/window/files.py `start_game`)."""

    def __call__(self, path: str | Path, seats: dict[str, str], seed: int, options: dict[str, Any]) -> bool: ...


@dataclass(frozen=True)
class TutorDock:
    """The tutor's panel, its dock and the dock's Help-menu toggle (Help → Tutor panel)."""

    panel: TutorPanel
    dock: QDockWidget
    toggle: QAction


def add_tutor_dock(session: GameSession, main: QMainWindow, say: Callable[[str], None]) -> TutorDock | None:
    """The tutor dock in `main` (hidden until a tutorial game is on); None if the tutorial's data cannot be read
    (`say` tells the player)."""
    try:
        panel = TutorPanel(session)
    except FileFormatError as e:
        say(f"The tutorial is not available: {e}")
        return None
    dock = QDockWidget("Tutor", main)
    dock.setObjectName("dock-tutor")
    dock.setWidget(panel)
    dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                     | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                     | QDockWidget.DockWidgetFeature.DockWidgetClosable)
    main.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    dock.hide()
    toggle = dock.toggleViewAction()  # Help → Tutor panel: back after the player closed it
    toggle.setText("Tutor &panel")
    toggle.setObjectName("act-tutor-panel")

    def show() -> None:
        dock.show()
        dock.raise_()

    # once when the tutorial comes on (the player may close it), after the window has restored its saved layout
    # for the new game's ship docks, which would otherwise hide it again
    panel.activated.connect(lambda: QTimer.singleShot(0, main, show))
    return TutorDock(panel, dock, toggle)


def start_tutorial(start_game: GameStarter, show_error: Callable[[str, str], None], seed: int | None = None) -> bool:
    """Help → Guided first game: the tutorial scenario, the player on his side against the easy captain; `seed`
    None (a player's game): a fresh random seed each time, so no two tutorials play alike; a test passes one."""
    try:
        sides = [side.id for side in load_scenario(tutorial.SCENARIO).sides]
    except FileFormatError as e:
        show_error("Cannot start the guided first game", "\n".join(e.lines()))
        return False
    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**9)
    return start_game(tutorial.SCENARIO, tutorial.seats(sides), seed, {})
