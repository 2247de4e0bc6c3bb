"""A campaign's battle fought on the tactical board (issue 15 item 6), without Qt.

`CampaignBattle(play, campaign)` starts the pending battle in the play presenter -- the player's side human,
the enemy a computer captain -- or, if the campaign's row holds an unfinished battle, replays its decisions
so the game goes on from where the window was closed. The battle is kept by the campaign's row alone
(`PlayPresenter.keep_elsewhere`): closing the window mid-battle asks no Save / Discard question. It listens to the play presenter: after every decision
the decisions so far go into the campaign's row (`CampaignPresenter.battle_progress`); when the game is over
they go to the campaign engine (`finish_battle`), which replays them and carries the consequences over, as
the headless path does. After each decision it also marks, beside the autosave, which campaign's battle is in
play (`play/campaign_mark.py`), so the next start after a crash offers this battle; the mark goes when the battle
ends or another game takes the board.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from cs_desktop.play import campaign_journal
from cs_desktop.play.campaign_mark import CampaignMark
from cs_desktop.play.campaign_presenter import CampaignPresenter
from cs_desktop.play.presenter import PlayPresenter
from cs_desktop.play.seating import DEFAULT_COMPUTER, HUMAN
from cs_desktop.rules.game import Game

log = logging.getLogger(__name__)


class CampaignBattle:
    def __init__(self, play: PlayPresenter, campaign: CampaignPresenter, computer: str = DEFAULT_COMPUTER,
                 on_finished: Callable[[], None] | None = None) -> None:
        self.play, self.campaign, self.on_finished = play, campaign, on_finished
        scenario, cards, seed, options, side = campaign.battle_setup()
        self.scenario_id = scenario.id
        self.player_side = side
        seats = {s.id: HUMAN if s.id == side else computer for s in scenario.sides}
        self.done = False
        self.detached = False  # another game, or another campaign's battle, took the board: this link is over
        self._seen = -1
        self.mark = CampaignMark(play.files.autosave.folder) if play.files.autosave is not None else None
        self._marked = False
        # the campaign's row keeps the battle after every decision: closing the window mid-battle asks nothing,
        # and the campaign resumes it (not the ordinary autosave, which would offer it apart from the campaign)
        play.files.keep_elsewhere(scenario.id, f"the campaign {campaign.name}", self)
        earlier = campaign.resumed_battle()
        if earlier:
            play.new_game(Game.replay(scenario, cards, seed, earlier, options), seats)
        else:
            play.start_scenario(scenario, cards, seats, seed, options, None)
        play.subscribe(self._changed)
        self._changed()

    def _changed(self) -> None:
        game = self.play.game
        if self.done or self.detached or game is None:
            self._unmark()  # over, or nothing on the board: its campaign's row keeps the battle
            return
        if game.scenario.id != self.scenario_id or self.play.files.keeper() is not self:
            # another game took the board, or another link (another campaign's battle, which may have the same
            # scenario id, or this one's resumed): this link writes no campaign row from now on
            self.detached = True
            self._unmark()
            return
        if game.ended:
            self.done = self.campaign.finish_battle(list(game.decisions))
            if self.done:
                self._unmark()
                # the game-over dialog and the log say the campaign's verdict, in the journal's words (R19.0c)
                self.play.set_verdict(campaign_journal.last_battle_verdict(self.campaign))
            if self.done and self.on_finished is not None:
                self.on_finished()
        elif len(game.decisions) != self._seen:
            self._seen = len(game.decisions)
            self.campaign.battle_progress(list(game.decisions))  # the row first: the mark only points to it
            self._mark(game)

    def _mark(self, game: Game) -> None:
        if self.mark is None:
            return
        try:
            self.mark.write(self.campaign.campaign_id, self.campaign.name, game)
            self._marked = True
        except Exception as e:  # the mark must never stop play (the row holds the battle)
            log.warning("campaign battle mark failed: %s", e)

    def _unmark(self) -> None:
        if self.mark is not None and self._marked:
            self.mark.clear()
            self._marked = False
