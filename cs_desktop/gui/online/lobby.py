"""The lobby of Game → Play online… (gui/online/dialog.py): which server, host a game, join one with an
invitation code, watch one with its spectator code, and the player's games on the server.

The lobby asks the dialog's link (`OnlineLink`) to host, join, watch or list, and draws the frames that answer
those (`hosted`, `games`); the seat's own frames are the dialog's. The codes of the player's games are kept in
the settings file (`GAMES_KEY`) so they can be listed and joined again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QPushButton, QVBoxLayout, QWidget)

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario

DEFAULT_SERVER = "ws://127.0.0.1:8765"
OPPONENTS = ("human", "easy", "normal", "hard")
#: QSettings key of the player's games: a JSON list of {"server", "code"} (the codes are the player's own seats)
GAMES_KEY = "online/games"
MAX_REMEMBERED = 50


class LobbyLink(Protocol):
    """What the lobby asks of the link to the server (gui/online/dialog.OnlineLink)."""

    def host(self, url: str, scenario: str, seats: dict[str, str], key: str = "") -> None: ...

    def join(self, url: str, code: str) -> None: ...

    def watch(self, url: str, game: str) -> None: ...

    def games(self, url: str, codes: list[str]) -> None: ...


class Lobby(QWidget):
    """Server, host, join, watch and the player's games; `watching` once a game is watched, `codes` once hosted."""

    def __init__(self, link: LobbyLink, settings: QSettings | None, say: Callable[[str], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.link, self.settings, self._say = link, settings, say
        self.codes: dict[str, str] = {}
        self.watching = False  # a spectator: read-only, the public view
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.server = QLineEdit(DEFAULT_SERVER)
        self.server.setObjectName("online-server")
        row = QFormLayout()
        row.addRow("Server:", self.server)
        layout.addLayout(row)
        self.host_box = self._host_box()
        self.join_box = self._join_box()
        self.watch_box = self._watch_box()
        layout.addWidget(self.host_box)
        layout.addWidget(self.join_box)
        layout.addWidget(self.watch_box)
        layout.addWidget(self.invitations)  # outside the host box: still shown once seated
        layout.addWidget(self._games_box())

    # ------------------------------------------------------------------ building
    def _host_box(self) -> QGroupBox:
        box = QGroupBox("Host a game")
        form = QFormLayout(box)
        self.scenario = QComboBox()
        self.scenario.setObjectName("online-scenario")
        for path in [*sorted(SCENARIOS.glob("*.json")), *sorted((SCENARIOS / "fleets").glob("*.json"))]:
            self.scenario.addItem(path.relative_to(SCENARIOS).with_suffix("").as_posix())  # "fleets/lake-erie"
        self.side = QComboBox()
        self.side.setObjectName("online-side")
        self.opponent = QComboBox()
        self.opponent.setObjectName("online-opponent")
        self.opponent.addItems(OPPONENTS)
        self.opponent.setCurrentText("easy")
        self.host_button = QPushButton("Host")
        self.host_button.setObjectName("online-host")
        self.host_button.clicked.connect(self.host)
        self.scenario.currentTextChanged.connect(self._fill_sides)
        self._fill_sides(self.scenario.currentText())
        form.addRow("Scenario:", self.scenario)
        form.addRow("Your side:", self.side)
        form.addRow("Every other side:", self.opponent)
        self.host_key = QLineEdit()
        self.host_key.setObjectName("online-host-key")
        self.host_key.setEchoMode(QLineEdit.EchoMode.Password)
        self.host_key.setPlaceholderText("only if the server asks for one")
        form.addRow("Host key:", self.host_key)
        form.addRow(self.host_button)
        self.invitations = QLabel()
        self.invitations.setObjectName("online-invitations")
        self.invitations.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.invitations.setWordWrap(True)
        return box

    def _join_box(self) -> QGroupBox:
        box = QGroupBox("Join with an invitation code")
        row = QHBoxLayout(box)
        self.code = QLineEdit()
        self.code.setObjectName("online-code")
        self.join_button = QPushButton("Join")
        self.join_button.setObjectName("online-join")
        self.join_button.clicked.connect(self.join)
        row.addWidget(self.code, 1)
        row.addWidget(self.join_button)
        return box

    def _watch_box(self) -> QGroupBox:
        box = QGroupBox("Watch a game with its spectator code")
        row = QHBoxLayout(box)
        self.watch_code = QLineEdit()
        self.watch_code.setObjectName("online-watch-code")
        self.watch_code.setPlaceholderText("the game's spectator code (its host is given it)")
        self.watch_button = QPushButton("Watch")
        self.watch_button.setObjectName("online-watch")
        self.watch_button.clicked.connect(self.watch)
        row.addWidget(self.watch_code, 1)
        row.addWidget(self.watch_button)
        return box

    def _games_box(self) -> QGroupBox:
        box = QGroupBox("Your games on this server")
        row = QHBoxLayout(box)
        self.games = QListWidget()
        self.games.setObjectName("online-games")
        self.games.itemDoubleClicked.connect(self._join_listed)
        self.games.setMaximumHeight(110)
        self.refresh_button = QPushButton("Refresh")
        self.refresh_button.setObjectName("online-refresh")
        self.refresh_button.clicked.connect(self.refresh_games)
        row.addWidget(self.games, 1)
        row.addWidget(self.refresh_button)
        return box

    def _fill_sides(self, scenario: str) -> None:
        self.side.clear()
        if scenario:
            self.side.addItems([s.id for s in load_scenario(SCENARIOS / f"{scenario}.json").sides])

    # ------------------------------------------------------------------ host, join, watch
    def host(self) -> None:
        mine = self.side.currentText()
        seats = {side: ("human" if side == mine else self.opponent.currentText())
                 for side in (self.side.itemText(i) for i in range(self.side.count()))}
        self._say("Hosting…")
        self.link.host(self.server.text().strip(), self.scenario.currentText(), seats, self.host_key.text())

    def hosted(self, frame: dict[str, Any]) -> None:
        """The server's answer to `host`: the invitation codes are shown, and the host joins his own seat."""
        if frame.get("t") != "hosted":
            self._say(f"Cannot host: {frame.get('message')}")
            return
        self.codes = dict(frame["codes"])
        mine = self.side.currentText()
        others = [f"{side}: {code}" for side, code in self.codes.items() if side != mine]
        self.invitations.setText((("Send each other player their code:\n" + "\n".join(others)) if others
                                  else "Every other side is a computer captain.")
                                 + f"\nSpectators watch with the code {frame['game']}")
        self.code.setText(self.codes[mine])
        self.join()

    def join(self) -> None:
        self._say("Joining…")
        self._remember(self.code.text().strip())
        self.host_button.setEnabled(False)
        self.join_button.setEnabled(False)
        self.link.join(self.server.text().strip(), self.code.text().strip())

    def watch(self) -> None:
        """Watch a game read-only: the board, cards and log of the public view, nothing to answer (BRIEF §13)."""
        self.watching = True
        self._say("Watching…")
        for button in (self.host_button, self.join_button, self.watch_button):
            button.setEnabled(False)
        self.link.watch(self.server.text().strip(), self.watch_code.text().strip())

    def seated(self) -> None:
        """The seat is playing: its panels get the room (the codes stay shown, the seat's code read-only)."""
        self.host_box.setVisible(False)
        self.code.setReadOnly(True)
        self.join_box.setVisible(False)
        self.watch_box.setVisible(False)

    def lost(self) -> None:
        """The seat's connection is gone for good: the player may join again (the server keeps the game)."""
        self.join_box.setVisible(True)
        self.join_button.setEnabled(True)  # this dialog plays one seat: once seated, its code is kept (read-only)

    # ------------------------------------------------------------------ the player's games
    def remembered(self) -> list[str]:
        """The codes of the player's games on the server named in the dialog (kept in the settings file)."""
        if self.settings is None:
            return []
        raw = self.settings.value(GAMES_KEY, "[]")
        try:
            kept = json.loads(str(raw))
        except ValueError:
            return []
        server = self.server.text().strip()
        return [str(g["code"]) for g in kept if isinstance(g, dict) and g.get("server") == server]

    def _remember(self, code: str) -> None:
        if self.settings is None:
            return
        try:
            kept = [g for g in json.loads(str(self.settings.value(GAMES_KEY, "[]"))) if isinstance(g, dict)]
        except ValueError:
            kept = []
        entry = {"server": self.server.text().strip(), "code": code}
        if entry not in kept:
            self.settings.setValue(GAMES_KEY, json.dumps([*kept, entry][-MAX_REMEMBERED:]))

    def refresh_games(self) -> None:
        codes = self.remembered()
        if codes:
            self.link.games(self.server.text().strip(), codes)

    def listed(self, frame: dict[str, Any]) -> None:
        """The server's answer to `refresh_games`: each game with where it stands."""
        self.games.clear()
        for code, game in zip(frame["codes"], frame["games"]):
            if game is None:
                continue
            state = "over" if game["ended"] else ("your turn" if game["your_turn"] else "their turn")
            item = QListWidgetItem(f"{game['scenario']} — side {game['side']}, turn {game['turn']}: {state}")
            item.setData(Qt.ItemDataRole.UserRole, code)
            self.games.addItem(item)

    def _join_listed(self, item: QListWidgetItem) -> None:
        self.code.setText(str(item.data(Qt.ItemDataRole.UserRole)))
        self.join()
