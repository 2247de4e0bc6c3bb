"""Issue 15 item 6: the campaign in the real window, offscreen -- start a campaign, months pass through the
page's buttons, an encounter, a battle resolved, a port visit, close and reopen (resume equal)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from cs_desktop import SCENARIOS

from cs_desktop.gui.campaign.page import CampaignPage
from tests.gui.conftest import click


def _press(qtbot: Any, page: CampaignPage, *starts: str) -> str:
    """Click the first button whose words start with one of `starts` (in that order of preference)."""
    QApplication.processEvents()  # the new buttons laid out, as on a player's screen
    buttons = page.option_buttons()
    for start in starts:
        for b in buttons:
            if b.text().replace("&", "").startswith(start):
                text = b.text()
                click(qtbot, b)
                return text
    raise AssertionError(f"none of {starts} among {[b.text() for b in buttons]}")


def _to_the_first_battle(window: Any) -> Any:
    """Start the Constitution campaign (seed 3), let the computer's policy answer until the first battle is
    offered, and show the campaign page; returns the campaign presenter."""
    from cs_desktop.campaign import policy

    control = window.campaign
    presenter = control.start(window.files.library(), "constitution-1812", 3)
    assert presenter is not None
    while (req := presenter.request()) is not None and req.kind != "battle":
        assert presenter.choose(policy.choose(presenter.engine, req))
    control.show_page()
    return presenter


def test_15_6_a_campaign_in_the_window(make_window: Any, qtbot: Any) -> None:
    window = make_window()
    control = window.campaign
    presenter = control.start(window.files.library(), "constitution-1812", 3)
    assert presenter is not None
    page = control.page
    assert window.stack.currentWidget() is page and control.dock.isVisible()
    assert "1812-07" in page.heading.text() and "Boston" in page.heading.text()
    assert "Port of Boston" in page.details.text()
    assert page.map.scene().items()
    seen: set[str] = set()
    for _ in range(80):
        req = presenter.request()
        assert req is not None
        seen.add(req.kind)
        if req.kind == "battle":
            assert "Terms (20.1, 21.3)" in page.details.text()
            _press(qtbot, page, "Resolve")
            break
        if req.kind == "encounter":
            assert "Weather gauge:" in page.details.text()
            _press(qtbot, page, "Engage", "Chase", "Parley")
        else:
            _press(qtbot, page, "Cruise North Atlantic", "Cruise Off Halifax", "Take", "Accept", "Return")
    assert {"orders", "encounter", "battle"} <= seen
    assert presenter.engine.state.stats["battles"] == 1
    for _ in range(40):  # home to port and a refit there (the port screen)
        req = presenter.request()
        assert req is not None
        if req.kind == "prize_fate":  # the port screen's prize box (RC15.3a): sold, as the policy would
            QApplication.processEvents()
            assert page.prize_fate is not None and page.option_buttons() == []
            click(qtbot, page.prize_fate.sell)
            seen.add("prize_fate")
            continue
        if req.kind == "orders" and presenter.engine.state.port is not None:
            assert "Port of" in page.details.text()
            _press(qtbot, page, "Refit")
            break
        _press(qtbot, page, "Return to Boston", "Take", "Burn", "Evade", "Parley", "Accept", "Resolve")
    assert any("anchors at" in line for line in presenter.journal())
    assert control.journal.count() == len(presenter.journal())
    state = presenter.engine.state.to_dict()
    campaign_id = presenter.campaign_id
    window.close()
    again = make_window()
    resumed = again.campaign.resume(again.files.library(), campaign_id)
    assert resumed is not None and resumed.engine.state.to_dict() == state
    assert again.stack.currentWidget() is again.campaign.page


def test_15_6_fight_on_the_board_and_reopen_mid_battle(make_window: Any, qtbot: Any) -> None:
    window = make_window()
    control = window.campaign
    presenter = _to_the_first_battle(window)
    QApplication.processEvents()
    orders = window.docks["orders"]
    assert not orders.isVisible()  # the page has the room: no "No game." play docks beside it
    _press(qtbot, control.page, "Fight on the board")
    assert window.stack.currentWidget() is window.board
    assert orders.isVisible()  # the battle brings them back
    screen = window.session.screen()
    assert screen.has_game and not screen.ended
    assert control.battle is not None and not control.battle.done
    kept = presenter.resumed_battle()
    assert kept is not None  # the battle is linked to the campaign's row from its first decision
    campaign_id = presenter.campaign_id
    window.close()  # the campaign's row holds it: no save question at close
    again = make_window()
    resumed = again.campaign.resume(again.files.library(), campaign_id)
    assert resumed is not None and resumed.request() is not None
    assert again.campaign.battle is not None  # the battle goes on, on the board
    assert again.stack.currentWidget() is again.board


def test_15_6_map_labels_do_not_cover_each_other(make_window: Any, qtbot: Any) -> None:
    """Boston, New York and Halifax sit a few pixels apart at the scale of the Atlantic: every label the map
    places (squadron, ports, areas) is moved until it covers no other label and no port's dot."""
    from PySide6.QtCore import QPointF, QRectF

    window = make_window()
    window.resize(1200, 800)
    control = window.campaign
    assert control.start(window.files.library(), "constitution-1812", 3) is not None
    view = control.page.map
    t = view.transform()
    rects = []
    for item, (x, y), _own, _kind in view.labels:
        at = t.map(QPointF(x, y))
        off = item.transform()
        rects.append(QRectF(at.x() + off.dx(), at.y() + off.dy(), item.boundingRect().width(),
                            item.boundingRect().height()))
    assert len(rects) >= 10
    overlaps = [(i, j) for i in range(len(rects)) for j in range(i) if rects[i].intersects(rects[j])]
    assert overlaps == []


def test_15_4_the_port_screen_chooses_boxes_recruits_and_loads(make_window: Any, qtbot: Any) -> None:
    from cs_desktop.campaign.state import adjust, adjust_section

    window = make_window()
    presenter = window.campaign.start(window.files.library(), "constitution-1812", 3)
    assert presenter is not None
    page = window.campaign.page
    s = presenter.engine.state
    adjust(s, s.flagship, "rigging", -5, "test damage")
    adjust_section(s, s.flagship, "port_bow", -4, "test damage")
    adjust(s, s.flagship, "stores", -2, "test: stores eaten")
    page.refresh()
    QApplication.processEvents()
    box = page.port_choices
    assert box is not None and set(box.repair) == {"rigging", "port_bow"}
    assert box.repair["rigging"].maximum() == 5 and box.recruit.maximum() == 0
    box.repair["rigging"].setValue(5)
    box.repair["port_bow"].setValue(4)  # 9 boxes: more than Boston's 8 a month
    assert not box.button.isEnabled() and "at most 8 boxes" in box.cost.text()
    box.repair["port_bow"].setValue(2)
    assert box.button.isEnabled() and "cost 70 of" in box.cost.text()
    box.loads.setChecked(False)
    rigging, stores = s.flagship.rigging, s.flagship.stores
    QApplication.processEvents()  # laid out, as on a player's screen
    click(qtbot, box.button)
    assert presenter.last_message == "", presenter.last_message
    assert s.date == "1812-08" and s.flagship.rigging == rigging + 5 and s.flagship.stores == stores
    assert presenter.last_message == "" and "1812-08" in page.heading.text()


def test_15_6_closing_mid_battle_asks_nothing_and_the_campaign_resumes_the_battle_exactly(
        make_window: Any, qtbot: Any, tmp_path: Any) -> None:
    """Campaigns autosave at every step: closing the window in the middle of a campaign battle keeps the battle
    (the campaign's row) without the Save / Discard question, the ordinary autosave leaves it out (the next start
    offers no detached copy), and Continue… puts the same game back on the board, decision for decision."""
    import random

    from cs_desktop.play.autosave import AutosaveStore
    from tests.gui.conftest import answer_with_widgets
    from tests.gui.window.test_main_window import wait_for_request

    window = make_window()
    control = window.campaign
    presenter = _to_the_first_battle(window)
    _press(qtbot, control.page, "Fight on the board")
    rng = random.Random(5)
    while len(window.session.presenter.game.decisions) < 6:
        wait_for_request(qtbot, window)
        answer_with_widgets(qtbot, window, rng)
    wait_for_request(qtbot, window)
    game = window.session.presenter.game
    decisions, fingerprint = list(game.decisions), game.fingerprint()
    assert not game.ended and window.session.presenter.files.kept_elsewhere() is not None
    assert presenter.resumed_battle() == decisions  # the campaign's row holds every decision
    assert not window.autosave.path.exists()  # the ordinary autosave never held the campaign's battle
    campaign_id = presenter.campaign_id
    window.close()
    assert window.files.guard.box is None and not window.isVisible()  # closed at once: no Save / Discard question
    assert AutosaveStore(tmp_path / "data").crashed_session() is None  # nothing offered apart from the campaign
    again = make_window()
    resumed = again.campaign.resume(again.files.library(), campaign_id)
    assert resumed is not None and again.campaign.battle is not None
    assert again.stack.currentWidget() is again.board
    back = again.session.presenter.game
    assert back.decisions == decisions and back.fingerprint() == fingerprint
    assert again.session.request() is not None  # the same request waits, on the board
    again.close()
    assert again.files.guard.box is None and not again.isVisible()


def test_15_6_fight_on_the_board_asks_first_about_an_unfinished_game_of_the_players_own(
        make_window: Any, qtbot: Any) -> None:
    from PySide6.QtWidgets import QMessageBox

    from tests.gui.window.test_close_guard import _playing

    window = _playing(qtbot, make_window)
    own = window.session.presenter.game
    control = window.campaign
    _to_the_first_battle(window)
    _press(qtbot, control.page, "Fight on the board")
    box = window.files.guard.box
    assert box is not None and box.isVisible() and "Constitution vs Java" in box.text()
    assert window.session.presenter.game is own and control.battle is None
    click(qtbot, box.button(QMessageBox.StandardButton.Discard))
    assert control.battle is not None and window.session.presenter.game is not own
    assert window.session.presenter.files.kept_elsewhere() is not None


def test_15_6_the_new_campaign_dialog_is_a_designer_form_and_starts_the_campaign_chosen(
        make_window: Any, qtbot: Any) -> None:
    from PySide6.QtWidgets import QDialogButtonBox

    window = make_window()
    control = window.campaign
    control.act_new.trigger()
    dialog = control.new_dialog
    assert dialog is not None and dialog.isVisible() and dialog.objectName() == "new-campaign"
    titles = [dialog.campaign.itemText(i) for i in range(dialog.campaign.count())]
    assert len(titles) == 2 and dialog.problems == []
    historical = next(i for i, c in enumerate(dialog.campaigns) if c.campaign.open_career is None)
    dialog.campaign.setCurrentIndex(historical)
    assert dialog.nation.isHidden() and dialog.year.isHidden()  # a historical career: nothing more to choose
    assert "Captain Isaac Hull" in dialog.details.text()
    dialog.seed.setValue(3)
    click(qtbot, dialog.buttons.button(QDialogButtonBox.StandardButton.Ok))
    presenter = control.presenter
    assert presenter is not None and not dialog.isVisible()
    s = presenter.engine.state
    assert (s.campaign, s.seed, s.nation, s.date) == ("constitution-1812", 3, "US", "1812-07")
    assert window.stack.currentWidget() is control.page
    # an open career: the nation and the start year, within the campaign's years
    control.act_new.trigger()
    dialog = control.new_dialog
    assert dialog is not None
    dialog.campaign.setCurrentIndex(1 - historical)
    assert not dialog.nation.isHidden() and not dialog.year.isHidden()
    oc = dialog.campaigns[1 - historical].campaign.open_career
    assert oc is not None and (dialog.year.minimum(), dialog.year.maximum()) == oc.years
    dialog.nation.setCurrentText("GB")
    dialog.year.setValue(1806)
    dialog.seed.setValue(7)
    click(qtbot, dialog.buttons.button(QDialogButtonBox.StandardButton.Ok))
    s = control.presenter.engine.state
    assert (s.campaign, s.seed, s.nation, s.year) == ("open-career", 7, "GB", 1806)
    # Cancel starts nothing
    control.act_new.trigger()
    dialog = control.new_dialog
    click(qtbot, dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel))
    assert control.presenter.engine.state is s


def test_15_6_the_new_campaign_dialog_says_which_campaign_cannot_be_read(qtbot: Any, tmp_path: Any) -> None:
    import shutil

    import cs_desktop
    from cs_desktop.gui.campaign.new_campaign import NewCampaignDialog

    bad = tmp_path / "broken"
    shutil.copytree(cs_desktop.SCENARIOS / "campaigns" / "constitution-1812", bad)
    (bad / "areas.json").write_text("{", encoding="utf-8")
    dialog = NewCampaignDialog(folders=[bad])
    qtbot.addWidget(dialog)
    assert dialog.campaign.count() == 0 and not dialog.ok_button.isEnabled()
    assert "No campaign can be started" in dialog.details.text() and "broken" in dialog.details.text()
    assert "areas.json" in dialog.details.text()


def test_15_6_after_a_battle_the_page_shows_no_ship_cards_and_a_new_game_takes_the_window(
        make_window: Any, qtbot: Any) -> None:
    """Seen in a real window: after a battle fought on the board the campaign page came back with the battle's
    ship card dock beside it (the page squeezed, the card of a battle over). The page puts the cards away with
    the other play docks. And a game the player starts after it must take the window: the page used to come
    back in front at every change of the new game, which played on unseen behind it."""
    window = make_window()
    window.resize(1400, 900)
    control = window.campaign
    presenter = _to_the_first_battle(window)
    _press(qtbot, control.page, "Fight on the board")
    QApplication.processEvents()
    cards = [dock for dock in window.dock_layout.play_docks() if dock.objectName().startswith("dock-ship-")]
    assert cards and all(dock.isVisible() for dock in cards)
    assert window.session.presenter.strike_colors()  # the battle ends (18.0): the campaign goes on, on its page
    qtbot.waitUntil(lambda: window.stack.currentWidget() is control.page)
    QApplication.processEvents()
    assert control.battle is None
    assert not any(dock.isVisible() for dock in window.dock_layout.play_docks())
    assert control.dock.isVisible()  # the journal stays
    assert window.status.text().startswith("Campaign: ")  # not the finished battle's turn and wind
    assert presenter.request() is None  # struck: the career is over
    # the player starts an ordinary game: the board and its cards come back (the put-away cards are gone)
    window.files.start_game(str(SCENARIOS / "constitution-vs-java.json"), {"us": "human", "gb": "simple"}, 3, {})
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.board)
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()
    assert window.stack.currentWidget() is window.board
    cards = [dock for dock in window.dock_layout.play_docks() if dock.objectName().startswith("dock-ship-")]
    assert cards and all(dock.isVisible() for dock in cards) and window.docks["orders"].isVisible()
