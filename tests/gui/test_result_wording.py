"""Results worded the same in the game-over dialog, the journal and the log (issue 28, item 7): a campaign battle
is judged by what happened to the ships (ruling R19.0c), not by the 19.0 points that may favour the beaten side;
its verdict is written once (campaign/consequences.verdict_text) into the journal, and the game-over dialog and
the game log say it through one function (play/screen.result_title). An ordinary game says its 19.0 winner the
same way in both.

Real campaign (constitution-1812, seed 3) in a real library; its battle played to the end through the play
presenter and the board link (play/campaign_battle.py), the player's answers the engine's random legal ones; the
real dialog and log widgets fed the presenter's screen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cs_desktop.gui.dialogs.game_over import GameOverDialog
from cs_desktop.gui.panels.dice import GameLog
from cs_desktop.library import Library
from cs_desktop.play import campaign_journal
from cs_desktop.play.campaign_battle import CampaignBattle
from cs_desktop.play.campaign_presenter import CampaignPresenter
from cs_desktop.play.presenter import PlayPresenter
from cs_desktop.play.screen import result_title
from tests.play.test_campaign_presenter import _until


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Library]:
    lib = Library.open(tmp_path, import_shipped=False)
    yield lib
    lib.close()


def _play_out(play: PlayPresenter) -> None:
    for i in range(20_000):
        assert play.game is not None
        if play.game.ended:
            return
        moved = play.computer.move()
        if moved is not None:
            play.computer.answered(moved, moved.captain.choose(moved.seat), None)
        else:
            assert play.submit(play.random_answer(i))
    raise AssertionError("the battle did not end")


def test_r19_0c_a_campaign_battles_result_is_one_wording_in_dialog_journal_and_log(qtbot: Any,
                                                                                   library: Library) -> None:
    campaign = CampaignPresenter.start(library, "constitution-1812", seed=3)
    _until(campaign, "battle")
    play = PlayPresenter()
    link = CampaignBattle(play, campaign, computer="simple")
    _play_out(play)
    assert link.done
    verdict = campaign_journal.last_battle_verdict(campaign)
    assert verdict.split(":")[0] in ("won", "lost", "indecisive")
    entry = next(e for e in reversed(campaign.engine.state.journal) if e["kind"] == "battle")
    assert verdict in entry["text"]  # the journal's line is worded by the same verdict
    screen = play.screen()
    assert screen.ended and screen.verdict == verdict
    assert result_title(screen) == f"Campaign battle {verdict}"
    winner = (screen.result or {}).get("winner")
    if winner:  # the board's 19.0 winner is not said as the result: only within the verdict's points
        assert f"{screen.side_name(winner)} wins" not in result_title(screen)
    dialog = GameOverDialog(screen)
    qtbot.addWidget(dialog)
    log = GameLog()
    qtbot.addWidget(log)
    log.refresh(screen)
    assert verdict in dialog.title.text().replace("&#x27;", "'")
    assert log.list.item(log.list.count() - 1).text() == f"Result: {result_title(screen)}"
    log.refresh(screen)  # again: one result line
    assert sum(log.list.item(i).text().startswith("Result: ") for i in range(log.list.count())) == 1


def test_an_ordinary_game_says_its_19_0_winner_the_same_in_dialog_and_log(qtbot: Any) -> None:
    import cs_desktop
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.batch.simulate import play_game

    scenario, ships = load_scenario_with_ships(cs_desktop.SCENARIOS / "constitution-vs-java.json")
    game = play_game(scenario, ships, 4, ("simple", "simple"), {"turn_limit": 4})
    play = PlayPresenter()
    play.new_game(game, {"us": "human", "gb": "simple"})
    screen = play.screen()
    assert screen.ended and screen.verdict == ""
    winner = (screen.result or {}).get("winner")
    assert result_title(screen) == (f"{screen.side_name(winner)} wins" if winner else "A draw")
    dialog = GameOverDialog(screen)
    qtbot.addWidget(dialog)
    log = GameLog()
    qtbot.addWidget(log)
    log.refresh(screen)
    assert result_title(screen) in dialog.title.text().replace("&#x27;", "'")
    assert log.list.item(log.list.count() - 1).text() == f"Result: {result_title(screen)}"
