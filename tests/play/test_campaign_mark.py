"""The mark of a campaign battle in play (play/campaign_mark.py): what the start offers after a crash in the middle
of a campaign's battle, without Qt.

API tested: CampaignMark.write/read/clear, parse_mark, crashed_campaign_battle, the_offer, battle_in_row,
AutosaveStore.end_session, startup.check_data_folder -- on real files (a played game, the data folder, a SQLite
library with a campaign row).
Expected: the mark reads back what was written; it is offered only beside the lock of a process that is gone
(not after a clean exit, not while another window runs); of a crashed ordinary game and a campaign battle the
one played last is offered; a damaged mark reads as None and is set aside at start; a row without a battle in
play, or no row, is said.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.play.autosave import CAMPAIGN_MARK_NAME, AutosaveStore
from cs_desktop.play.campaign_mark import (
    CampaignMark,
    CampaignResumable,
    battle_in_row,
    crashed_campaign_battle,
    parse_mark,
    the_offer,
)
from cs_desktop.play.startup import check_data_folder
from tests.formats.test_savegame import played_game


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_the_mark_reads_back_what_was_written(tmp_path: Path) -> None:
    game = played_game(30)
    CampaignMark(tmp_path).write(7, "Old Ironsides — Captain Hull", game)
    found = CampaignMark(tmp_path).read()
    assert found is not None
    assert (found.campaign_id, found.campaign, found.battle) == (7, "Old Ironsides — Captain Hull", game.scenario.title)
    assert found.turn == game.state.turn and found.decisions == len(game.decisions)
    assert found.question().startswith(f"Continue the battle {game.scenario.title}, turn {game.state.turn}")
    CampaignMark(tmp_path).clear()
    assert CampaignMark(tmp_path).read() is None
    CampaignMark(tmp_path).clear()  # nothing to clear: no error


@pytest.mark.parametrize("text", ["", "[]", "{\"format\": \"x\"}", "{\"format\": \"captains-sea/campaign-battle\"}",
                                  '{"format": "captains-sea/campaign-battle", "campaign_id": 0, "campaign": "a", '
                                  '"battle": "b", "turn": 1, "asked": "", "decisions": 1, "saved_at": 1}',
                                  '{"format": "captains-sea/campaign-battle", "campaign_id": true, "campaign": "a", '
                                  '"battle": "b", "turn": 1, "asked": "", "decisions": 1, "saved_at": 1}'])
def test_a_damaged_mark_is_refused_and_reads_as_none(tmp_path: Path, text: str) -> None:
    with pytest.raises(FileFormatError):
        parse_mark(text, tmp_path / CAMPAIGN_MARK_NAME)
    (tmp_path / CAMPAIGN_MARK_NAME).write_text(text, encoding="utf-8")
    assert CampaignMark(tmp_path).read() is None
    (tmp_path / CAMPAIGN_MARK_NAME).write_bytes(b"\xff\xfe\x00")
    assert CampaignMark(tmp_path).read() is None


def test_offered_only_after_a_crash(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    store.start_session()
    CampaignMark(tmp_path).write(1, "C", played_game(10))
    store.end_session()  # a clean exit: the mark goes with the lock
    assert not (tmp_path / CAMPAIGN_MARK_NAME).exists()
    assert crashed_campaign_battle(AutosaveStore(tmp_path)) is None
    CampaignMark(tmp_path).write(1, "C", played_game(10))
    assert crashed_campaign_battle(AutosaveStore(tmp_path)) is None  # no lock: not a crash
    assert crashed_campaign_battle(AutosaveStore(tmp_path), lock_damaged=True) is not None
    store.lock.write_text(f"{os.getppid()} 0\n", encoding="utf-8")  # a live window holds the lock
    assert crashed_campaign_battle(AutosaveStore(tmp_path)) is None
    store.lock.write_text(f"{_dead_pid()} 0\n", encoding="utf-8")  # the process died
    found = crashed_campaign_battle(AutosaveStore(tmp_path))
    assert found is not None and found.campaign_id == 1


def test_one_offer_the_one_played_last(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    store.write(played_game(10))
    store.lock.write_text(f"{_dead_pid()} 0\n", encoding="utf-8")
    game = store.crashed_session()
    assert game is not None
    battle = CampaignResumable(tmp_path, 1, "C", "B", 1, "", 0, game.saved_at + 5)
    assert the_offer(game, battle) is battle and the_offer(None, battle) is battle
    older = CampaignResumable(tmp_path, 1, "C", "B", 1, "", 0, game.saved_at - 5)
    assert the_offer(game, older) is game and the_offer(game, None) is game and the_offer(None, None) is None


def test_the_start_check_sets_a_damaged_mark_aside(tmp_path: Path) -> None:
    (tmp_path / CAMPAIGN_MARK_NAME).write_text("{\"format\": ", encoding="utf-8")
    report = check_data_folder(tmp_path)
    assert [s.path.name for s in report.set_aside] == [CAMPAIGN_MARK_NAME]
    assert "bad JSON" in report.message()
    CampaignMark(tmp_path).write(3, "C", played_game(10))
    assert check_data_folder(tmp_path).set_aside == []  # a good mark stays


def test_the_row_must_still_hold_the_battle(tmp_path: Path) -> None:
    from cs_desktop.library import Library
    from cs_desktop.play.campaign_presenter import BATTLE_KEY, CampaignPresenter

    from cs_desktop.play import campaign_mark

    assert campaign_mark.BATTLE_KEY == BATTLE_KEY  # the same key, not imported at start-up
    library = Library.open(path=tmp_path / "lib.sqlite3")
    try:
        presenter = CampaignPresenter.start(library, "constitution-1812", 3)
        found = CampaignResumable(tmp_path, presenter.campaign_id, presenter.name, "B", 1, "", 0, 1.0)
        assert "no battle in play" in battle_in_row(library, found)
        data = library.campaigns.load(presenter.campaign_id)
        library.campaigns.save(dict(data, **{BATTLE_KEY: {"seed": 1, "decisions": []}}), presenter.name,
                              campaign_id=presenter.campaign_id)
        assert battle_in_row(library, found) == ""
        assert "no campaign 99" in battle_in_row(library, CampaignResumable(tmp_path, 99, "C", "B", 1, "", 0, 1.0))
    finally:
        library.close()


def _to_battle(library: Any) -> Any:
    """A new career of the Constitution campaign on seed 3, played by the computer's policy up to its first battle."""
    from cs_desktop.campaign import policy
    from cs_desktop.play.campaign_presenter import CampaignPresenter

    p = CampaignPresenter.start(library, "constitution-1812", 3)
    while (req := p.request()) is not None and req.kind != "battle":
        assert p.choose(policy.choose(p.engine, req))
    return p


def _play_on(play: Any, n: int) -> None:
    """`n` decisions on the board: the computer's seat answers by its captain, the player's by a random answer."""
    for i in range(n):
        moved = play.computer.move()
        if moved is not None:
            play.computer.answered(moved, moved.captain.choose(moved.seat), None)
        else:
            assert play.submit(play.random_answer(i))


def test_the_battle_on_the_board_is_marked_after_each_decision_and_unmarked_at_its_end_or_another_game(
        tmp_path: Path) -> None:
    from cs_desktop.library import Library
    from cs_desktop.play.campaign_battle import CampaignBattle
    from cs_desktop.play.presenter import PlayPresenter
    from cs_desktop.rules.cards import Scenario
    from cs_desktop.rules.game import Game
    from cs_desktop.batch.simulate import play_game

    store = AutosaveStore(tmp_path / "data")
    store.start_session()
    mark = CampaignMark(tmp_path / "data")
    library = Library.open(tmp_path / "lib", import_shipped=False)
    try:
        p = _to_battle(library)
        play = PlayPresenter(store)
        link = CampaignBattle(play, p, computer="simple")
        assert play.game is not None and mark.read() is not None  # from the battle's start
        _play_on(play, 6)
        found = mark.read()
        assert found is not None and found.campaign_id == p.campaign_id and found.campaign == p.name
        assert found.decisions == len(play.game.decisions) and found.battle == play.game.scenario.title
        assert p.resumed_battle() == list(play.game.decisions)  # the row holds what the mark points to
        # the battle fought to its end: handed to the campaign, the mark goes
        scenario, cards, seed, options, _side = p.battle_setup()
        finished = play_game(scenario, cards, seed, ("simple", "simple"), options)
        play.new_game(Game.replay(scenario, cards, seed, finished.decisions, options),
                      {s.id: "human" for s in scenario.sides})
        assert link.done and mark.read() is None

        # another campaign's battle, then an ordinary game takes the board: the mark goes
        q = _to_battle(library)
        play2 = PlayPresenter(store)
        CampaignBattle(play2, q, computer="simple")
        assert play2.game is not None and mark.read() is not None
        game = play2.game
        other = Scenario.model_validate({**game.scenario.model_dump(mode="json"), "id": "not-the-campaigns"})
        play2.new_game(Game(other, dict(game.cards), seed=1, options={}), {s.id: "human" for s in other.sides})
        assert mark.read() is None
        assert q.resumed_battle() is not None  # the campaign still holds its battle (Continue...)
    finally:
        library.close()


def test_a_campaign_battle_writes_only_its_own_campaigns_row_when_another_takes_the_board(tmp_path: Path) -> None:
    """Two careers of one campaign on one seed have battles of the same scenario id. The first battle is left
    mid-way and the second fought on the same board: the first campaign's row keeps its own decisions (its link
    used to recognise the second battle by the scenario id and write it into the first row), and the second
    campaign's row gets the second battle's."""
    from cs_desktop.library import Library
    from cs_desktop.play.campaign_battle import CampaignBattle
    from cs_desktop.play.campaign_presenter import CampaignPresenter
    from cs_desktop.play.presenter import PlayPresenter

    store = AutosaveStore(tmp_path / "data")
    store.start_session()
    library = Library.open(tmp_path / "lib", import_shipped=False)
    try:
        first, second = _to_battle(library), _to_battle(library)
        assert first.campaign_id != second.campaign_id
        play = PlayPresenter(store)
        one = CampaignBattle(play, first, computer="simple")
        _play_on(play, 4)
        kept = first.resumed_battle()
        assert kept == list(play.game.decisions) and kept
        two = CampaignBattle(play, second, computer="simple")
        assert two.scenario_id == one.scenario_id  # the same battle id: only the link tells them apart
        _play_on(play, 9)
        assert one.detached and not two.detached
        assert first.resumed_battle() == kept
        assert second.resumed_battle() == list(play.game.decisions) and len(play.game.decisions) > len(kept)
        # what the library rows hold, read back
        assert CampaignPresenter.resume(library, first.campaign_id).resumed_battle() == kept
        assert CampaignPresenter.resume(library, second.campaign_id).resumed_battle() == list(play.game.decisions)
    finally:
        library.close()
