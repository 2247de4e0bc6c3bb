"""After a crash in the middle of a campaign's battle, the next start offers that battle (issue 15 item 6).

A campaign's battle on the board is kept by the campaign's library row after every decision
(`play/campaign_battle.py`), never by the ordinary autosave. Beside the autosave, a small file,
`campaign-battle.json`, says which campaign's battle is in play and where it stands (the battle's title, the
turn, what is asked, how many decisions): written after every decision, after the row (atomically), and taken
away when the battle ends, when another game takes the board, when the player answers the offer and at a clean
exit (`AutosaveStore.end_session`). So a mark found at start beside the session lock of a process that is gone
means the program died in that battle (`crashed_campaign_battle`); the campaign's row, not the mark, holds the
battle (`battle_in_row` checks it still does before anything is offered).

A damaged mark never stops the start: the start-up check sets it aside like any damaged file
(`play/startup.py`), and reading one here gives None. No Qt here.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from cs_desktop.formats.files import atomic_write_text
from cs_desktop.formats.jsonread import FileFormatError, decode_text, parse_json, read_bytes
from cs_desktop.formats.modelerrors import validate_model
from cs_desktop.play.autosave import CAMPAIGN_MARK_NAME, AutosaveStore, Resumable, describe_pending
from cs_desktop.rules.game import Game
from cs_desktop.formats.savegame import LATEST_TIME, MAX_DECISIONS

FORMAT = "captains-sea/campaign-battle"
#: the campaign row's key holding the battle on the board (= campaign_presenter.BATTLE_KEY, not imported: that
#: pulls in the campaign engine and the library at start-up)
BATTLE_KEY = "battle_in_play"


@dataclass(frozen=True)
class CampaignResumable:
    """The campaign battle an earlier session died in."""

    path: Path
    campaign_id: int
    campaign: str
    battle: str
    turn: int
    asked: str
    decisions: int
    saved_at: float

    def question(self) -> str:
        """The question's last line: which battle, the turn, what is asked (the campaign is named above it)."""
        asked = f", {self.asked}" if self.asked else ""
        return f"Continue the battle {self.battle}, turn {self.turn}{asked}?"

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        return f"the campaign “{self.campaign}”, {self.battle}, turn {self.turn} (at {when})"


#: the longest text a mark holds (a campaign, battle or question; a 5 MB `asked` kept the window away, issue 31)
MAX_TEXT = 2000
#: the largest mark file read
MAX_MARK_BYTES = 64 * 1024


Text = Annotated[str, Field(max_length=MAX_TEXT)]


class MarkFile(BaseModel):
    """The mark's content: which campaign's battle, where it stands, when; every number range-checked."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["captains-sea/campaign-battle"]
    version: Literal[1]
    campaign_id: Annotated[int, Field(ge=1, le=2**63 - 1)]
    campaign: Text
    battle: Text
    turn: Annotated[int, Field(ge=1, le=100_000)]
    asked: Text
    decisions: Annotated[int, Field(ge=0, le=MAX_DECISIONS)]
    saved_at: Annotated[float, Field(ge=0, le=LATEST_TIME)]


def parse_mark(text: str, path: Path) -> CampaignResumable:
    """The mark's content; FileFormatError naming the file, the field and what is wrong with it."""
    m: MarkFile = validate_model(MarkFile, parse_json(text, path, MAX_MARK_BYTES), str(path))
    return CampaignResumable(path, m.campaign_id, m.campaign, m.battle, m.turn, m.asked, m.decisions,
                             float(m.saved_at))


class CampaignMark:
    """The mark file of one data folder."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.path = Path(folder) / CAMPAIGN_MARK_NAME

    def write(self, campaign_id: int, campaign: str, game: Game) -> None:
        """The battle `game` of campaign `campaign_id` is in play, as it stands now (atomically)."""
        data = {"format": FORMAT, "version": 1, "campaign_id": campaign_id, "campaign": campaign,
                "battle": game.scenario.title, "turn": game.state.turn, "asked": describe_pending(game),
                "decisions": len(game.decisions), "saved_at": time.time()}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")

    def read(self) -> CampaignResumable | None:
        """The battle the mark names, or None (no mark, or one that cannot be read)."""
        try:
            return parse_mark(decode_text(read_bytes(self.path, MAX_MARK_BYTES, "a campaign battle mark"), self.path),
                              self.path)
        except (OSError, FileFormatError):  # not there, not a small regular file, not UTF-8 or JSON, wrong fields
            return None

    def clear(self) -> None:
        try:
            self.path.unlink()
        except OSError:
            pass


def crashed_campaign_battle(store: AutosaveStore, lock_damaged: bool = False) -> CampaignResumable | None:
    """The campaign battle the last session died in, or None. Call before `store.start_session()` takes the
    lock. `lock_damaged`: the start-up check set a damaged lock aside (the last session is taken as crashed)."""
    if store.other_window_running():
        return None
    if not (lock_damaged or store.lock.is_file()):  # a clean exit took the lock away (and the mark)
        return None
    return CampaignMark(store.folder).read()


def the_offer(game: Resumable | None, battle: CampaignResumable | None) -> Resumable | CampaignResumable | None:
    """The one thing start-up offers: the campaign battle or the ordinary game, whichever was played last (the
    other is kept: the campaign in its row, for Campaign > Continue...; the game as Not now keeps it, gui/start.py)."""
    if battle is None:
        return game
    if game is None or battle.saved_at >= game.saved_at:
        return battle
    return game


def battle_in_row(library: Any, found: CampaignResumable) -> str:
    """"" if the campaign's library row still holds a battle in play, else why there is nothing to continue."""
    try:
        data = library.campaigns.load(found.campaign_id)
    except Exception as e:  # no such row, or an unreadable one (CampaignRowError names it)
        return str(e)
    if not isinstance(data.get(BATTLE_KEY), dict):
        return f"the campaign “{found.campaign}” has no battle in play (it was fought to its end)"
    return ""
