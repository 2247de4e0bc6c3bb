"""The window's Campaign menu (issue 15 item 6): New campaign… (a shipped campaign, the seed; for an open
career the nation and start year: gui/campaign/new_campaign.py, a Designer form), Continue… (the library's campaigns, an unreadable one listed with its
problem), the campaign page in the window's centre and the captain's journal dock. *Fight on the board*
starts the battle in the window's own game session (`play/campaign_battle.py` links the two: every decision
kept in the campaign's row, the finished game handed to the campaign); after it the page comes back. The battle
is the campaign's: closing the window mid-battle asks nothing (its row keeps every decision) and Continue…
resumes it on the board; after a crash mid-battle the next start offers it (gui/campaign/resume.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import shiboken6

from PySide6.QtWidgets import (
    QDockWidget,
    QInputDialog,
    QLabel,
    QListWidget,
    QMenu,
    QMessageBox,
    QStackedWidget,
    QWidget,
)

from cs_desktop.gui.campaign.page import CampaignPage
from cs_desktop.gui.campaign.journal import JournalDialog
from cs_desktop.gui.campaign.new_campaign import NewCampaignDialog
from cs_desktop.gui.session import GameSession
from cs_desktop.play.campaign_battle import CampaignBattle
from cs_desktop.play.campaign_presenter import CampaignPresenter
from cs_desktop.play.changes import EVERYTHING, Changes


@dataclass(frozen=True)
class CampaignParts:
    """What the Campaign menu uses of the window, each part given by the window (gui/window/main.py)."""

    stack: QStackedWidget  # the window's centre: the campaign page is one of its pages, the board another
    board: QWidget
    session: GameSession  # the window's game: a battle is fought in it, `game_serial` says which game it holds
    library: Callable[[], Any]  # the user's library (None: it could not be opened, said by the window)
    may_replace: Callable[[str, Callable[[], None]], bool]  # the close guard: Save / Discard an unfinished game
    status: QLabel  # the window's status line
    play_docks: Callable[[], list[QDockWidget]]  # the docks that show the game in play (gui/window/docks.py)
    journal_folder: Path  # where the journal's exports are proposed (the data folder)
    show_error: Callable[[str, str], None]
    parent: QWidget  # the Qt parent of the menu, the journal dock and the dialogs
    add_dock: Callable[[QDockWidget], None]  # puts the journal dock in the window (at the bottom)
    set_title: Callable[[str], None]  # the window's title


class CampaignControl:
    """The Campaign menu (`menu`, put in the menu bar by the window), the campaign page and the journal dock;
    it holds no window, only the parts of it given in `parts`."""

    def __init__(self, parts: CampaignParts) -> None:
        self.parts = parts
        self.presenter: CampaignPresenter | None = None
        self.battle: CampaignBattle | None = None
        self.new_dialog: NewCampaignDialog | None = None
        #: the play docks (orders, dice, log, ...) the campaign page put away, shown again for a battle
        self._put_away: list[QDockWidget] = []
        #: which game the window held when the page was last shown (a battle over, or none): the play
        #: presenter's count of the games it has held, so the game itself is never read here
        self._page_game: int | None = None
        self.page = CampaignPage()
        parts.stack.addWidget(self.page)
        self.journal = QListWidget()
        self.journal.setObjectName("campaign-journal")
        self.journal.setWordWrap(True)
        self.dock = QDockWidget("Captain's journal", parts.parent)
        self.dock.setObjectName("dock-campaign-journal")
        self.dock.setWidget(self.journal)
        parts.add_dock(self.dock)
        self.dock.hide()
        self.menu = menu = QMenu("&Campaign", parts.parent)
        menu.setObjectName("menu-campaign")
        self.act_new = menu.addAction("&New campaign…")
        self.act_new.setObjectName("act-campaign-new")
        self.act_new.triggered.connect(self.new_campaign)
        self.act_continue = menu.addAction("&Continue…")
        self.act_continue.setObjectName("act-campaign-continue")
        self.act_continue.triggered.connect(self.continue_campaign)
        self.act_show = menu.addAction("Show the campaign &map")
        self.act_show.triggered.connect(self.show_page)
        self.act_journal = menu.addAction("Read the &journal…")
        self.act_journal.setObjectName("act-campaign-journal")
        self.act_journal.triggered.connect(self.read_journal)
        self.act_journal.setEnabled(False)  # until a campaign is open
        self.journal_dialog: JournalDialog | None = None
        self.page.changed.connect(self._page_changed)
        self.page.fightRequested.connect(self.fight)
        parts.session.changed.connect(self._session_changed)  # after the window's own refresh
        parts.stack.currentChanged.connect(self._stack_changed)

    # ------------------------------------------------------------------ opening
    def open(self, presenter: CampaignPresenter) -> None:
        self.presenter = presenter
        self.battle = None
        self.page.set_presenter(presenter)
        self.act_journal.setEnabled(True)
        self._journal()
        self.dock.show()
        req = presenter.request()
        if req is not None and req.kind == "battle" and presenter.resumed_battle() is not None:
            self.fight()  # closed mid-battle: the battle goes on where it was
        else:
            self.show_page()

    def new_campaign(self) -> NewCampaignDialog | None:
        """The New campaign dialog (ui/new_campaign_dialog.ui), open; Start begins the campaign chosen."""
        library = self.parts.library()
        if library is None:
            return None
        dialog = NewCampaignDialog(self.parts.parent)
        dialog.accepted.connect(lambda: self.start(library, *dialog.choice()))
        self.new_dialog = dialog
        dialog.open()
        return dialog

    def start(self, library: Any, campaign: str, seed: int, nation: str | None = None,
              year: int | None = None) -> CampaignPresenter | None:
        try:
            presenter = CampaignPresenter.start(library, campaign, seed, nation, year)
        except Exception as e:  # a bad folder or choice: said, nothing lost
            self.parts.show_error("Cannot start the campaign", str(e))
            return None
        self.open(presenter)
        return presenter

    def continue_campaign(self) -> CampaignPresenter | None:
        library = self.parts.library()
        if library is None:
            return None
        rows = library.campaigns.listing()
        if not rows:
            QMessageBox.information(self.parts.parent, "Continue a campaign", "The library holds no campaign yet.")
            return None
        labels = [f"{r.id}: {r.name} — " + (f"UNREADABLE: {r.problem}" if r.problem else r.summary) for r in rows]
        label, ok = QInputDialog.getItem(self.parts.parent, "Continue a campaign", "Campaign:", labels, 0, False)
        return self.resume(library, rows[labels.index(label)].id) if ok else None

    def resume(self, library: Any, campaign_id: int) -> CampaignPresenter | None:
        try:
            presenter = CampaignPresenter.resume(library, campaign_id)
        except Exception as e:  # an unreadable row: said, the others untouched
            self.parts.show_error("Cannot continue the campaign", str(e))
            return None
        self.open(presenter)
        return presenter

    def read_journal(self) -> JournalDialog | None:
        """The whole journal to read, with its battles told, and exported as Markdown or HTML."""
        if self.presenter is None:
            return None
        self.journal_dialog = JournalDialog(self.presenter, self.parts.journal_folder, self.parts.parent)
        self.journal_dialog.open()
        return self.journal_dialog

    # ------------------------------------------------------------------ playing
    def show_page(self) -> None:
        """The campaign page drawn again, in front."""
        if self.presenter is not None:
            self.page.refresh()
            self._page_in_front()

    def _page_in_front(self) -> None:
        """The campaign page in front as it was drawn: the play docks put away, the campaign's title and status."""
        if self.presenter is not None:
            self._page_game = self._window_game()
            self.parts.stack.setCurrentWidget(self.page)
            self._put_away_play_docks()
            self.parts.set_title(f"Captain's Sea — {self.presenter.name}")
            # not the last battle's position: the campaign's
            self.parts.status.setText(f"Campaign: {self.presenter.name} · the campaign map")

    def fight(self) -> None:
        if self.presenter is None:
            return
        # an unfinished game of the player's own: Save / Discard
        if not self.parts.may_replace("fight the campaign's battle", self.fight):
            return
        self.battle = CampaignBattle(self.parts.session.presenter, self.presenter, on_finished=self._battle_over)
        self.parts.stack.setCurrentWidget(self.parts.board)
        self.restore_play_docks()

    def restore_play_docks(self) -> None:
        """Show again the play docks the campaign page put away (a battle, another page, the saved layout)."""
        for dock in self._put_away:
            if shiboken6.isValid(dock):  # a ship's card dock goes when the next battle brings other ships
                dock.show()
        self._put_away = []

    def _stack_changed(self) -> None:
        if self.parts.stack.currentWidget() is not self.page:
            self.restore_play_docks()

    def _put_away_play_docks(self) -> None:
        """The campaign page has no game to show in the play docks ("No game.", or the battle just over): hide
        those the player has open, the ship cards' too, so the page gets the room; a battle shows them again."""
        for dock in self.parts.play_docks():
            if dock.isVisible() and dock not in self._put_away:
                dock.hide()
                self._put_away.append(dock)

    def _battle_over(self) -> None:
        self.battle = None
        self._page_changed()

    def _page_changed(self) -> None:
        self._journal()
        self.show_page()

    def _session_changed(self, changes: Changes = EVERYTHING) -> None:
        """The window's game changed while the campaign is between battles: the page stays in front (the
        window's own refresh would put the board there), unless the player has started or opened another game
        meanwhile: that game takes the window; Campaign › Show the campaign map brings the page back. The page
        itself draws the campaign, not the game: it is drawn again only when the window's game changed
        (`changes.anew`); any other change only puts it back in front."""
        if self.presenter is None or self.battle is not None:
            return
        if self._window_game() == self._page_game:
            if changes.anew:
                self.show_page()
            else:
                self._page_in_front()

    def _window_game(self) -> int | None:
        return int(self.parts.session.presenter.game_serial)

    def _journal(self) -> None:
        if self.presenter is None:
            return
        self.journal.clear()
        self.journal.addItems(self.presenter.journal())
        self.journal.scrollToBottom()
