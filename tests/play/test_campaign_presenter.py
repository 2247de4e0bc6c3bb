"""Issue 15 item 6: the Qt-free campaign presenter -- autosave to the library after every step, resume exactly,
battles on the board carried over as the headless path does. Real library file, real engine, real games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cs_desktop.campaign import policy
from cs_desktop.campaign.headless import new
from cs_desktop.library import Library
from cs_desktop.play.campaign_presenter import CampaignPresenter
from cs_desktop.rules.game import Game
from cs_desktop.batch.simulate import play_game


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Library]:
    lib = Library.open(tmp_path, import_shipped=False)
    yield lib
    lib.close()


def _step(p: CampaignPresenter) -> str:
    req = p.request()
    assert req is not None
    if req.kind == "battle":
        assert p.resolve()
    else:
        assert p.choose(policy.choose(p.engine, req)), p.last_message
    return req.kind


def _until(p: CampaignPresenter, kind: str, most: int = 200) -> None:
    for _ in range(most):
        req = p.request()
        assert req is not None
        if req.kind == kind:
            return
        _step(p)
    raise AssertionError(f"no {kind} request in {most} steps")


def test_15_6_every_step_is_in_the_library_and_resumes_exactly(library: Library) -> None:
    p = CampaignPresenter.start(library, "constitution-1812", seed=3)
    for _ in range(12):
        _step(p)
        again = CampaignPresenter.resume(library, p.campaign_id)  # the presenter dropped: from the library
        assert again.engine.state.to_dict() == p.engine.state.to_dict()
        a, b = again.request(), p.request()
        assert (a.to_dict() if a else None) == (b.to_dict() if b else None)
        assert again.engine.dice.counter == p.engine.dice.counter
    p = CampaignPresenter.resume(library, p.campaign_id)
    _step(p)  # and play goes on from the resumed one


def test_15_6_the_window_path_gives_the_headless_story(library: Library) -> None:
    p = CampaignPresenter.start(library, "constitution-1812", seed=3)
    headless = new("constitution-1812", 3)
    for _ in range(25):
        req = headless.pending
        assert req is not None
        if req.kind == "battle":
            p_scen, p_cards, seed, options, _ = p.battle_setup()
            game = play_game(p_scen, p_cards, seed, ("simple", "simple"), options)
            assert headless.submit({"decisions": game.decisions})
        else:
            assert headless.submit(policy.choose(headless, req))
        _step(p)
        assert p.engine.state.to_dict() == headless.state.to_dict()


def test_15_6_words_map_encounter_and_terms(library: Library) -> None:
    p = CampaignPresenter.start(library, "constitution-1812", seed=3)
    words = [w for _, w in p.options()]
    assert any(w.startswith("Refit a month at Boston: everything the port offers") for w in words)
    assert p.port.refit_terms().startswith("A yard: nothing to repair (up to 8 boxes a month at")
    assert "Cruise Coast of Brazil, seeking action" in words
    m = p.map_model()
    assert m.date == "1812-07" and m.port == "boston" and m.where == "at Boston" and m.ships == ["Constitution"]
    assert {x.id for x in m.ports} >= {"boston", "halifax"}
    assert next(x for x in m.ports if x.id == "halifax").friendly is False
    _until(p, "encounter")
    lines = p.encounter_lines()
    assert lines[0].startswith("Sail: ") and any(x.startswith("Weather gauge: ") for x in lines)
    assert p.map_model().weather.endswith(p.engine.state.encounter["weather"]["from"])  # type: ignore[index]
    _until(p, "battle")
    terms = p.terms()
    assert terms and all(t.startswith("[") for t in terms)
    assert any("20.1" in t or "21.3" in t for t in terms)


def test_15_6_a_battle_on_the_board_is_kept_mid_game_and_carried_over(library: Library) -> None:
    p = CampaignPresenter.start(library, "constitution-1812", seed=3)
    _until(p, "battle")
    scenario, cards, seed, options, side = p.battle_setup()
    assert side in {s.id for s in scenario.sides}
    finished = play_game(scenario, cards, seed, ("simple", "simple"), options)
    half = finished.decisions[: len(finished.decisions) // 2]
    p.battle_progress(half)  # the window closed mid-battle
    again = CampaignPresenter.resume(library, p.campaign_id)
    assert again.resumed_battle() == half
    game = Game.replay(scenario, cards, seed, again.resumed_battle() or [], options)
    assert not game.ended
    assert not again.finish_battle(half)  # an unfinished game is refused, nothing changes
    assert "not finished" in again.last_message and again.request().kind == "battle"  # type: ignore[union-attr]
    assert again.choose("engage") is False
    assert again.finish_battle(finished.decisions), again.last_message
    assert again.request() is None or again.request().kind != "battle"  # type: ignore[union-attr]
    assert again.engine.state.stats["battles"] == 1
    third = CampaignPresenter.resume(library, p.campaign_id)
    assert third.resumed_battle() is None
    assert third.engine.state.to_dict() == again.engine.state.to_dict()


def test_15_6_a_refused_answer_changes_nothing(library: Library) -> None:
    p = CampaignPresenter.start(library, "constitution-1812", seed=3)
    before = library.campaigns.load(p.campaign_id)
    assert not p.choose({"order": "cruise", "area": "nowhere", "stance": "seek"})
    assert p.last_message.startswith("orders: choose one of")
    assert library.campaigns.load(p.campaign_id) == before


def test_15_6_the_board_battle_link_saves_each_decision_and_carries_the_result_over(library: Library) -> None:
    from cs_desktop.play.campaign_battle import CampaignBattle
    from cs_desktop.play.presenter import PlayPresenter

    p = CampaignPresenter.start(library, "constitution-1812", seed=3)
    _until(p, "battle")
    play = PlayPresenter()
    link = CampaignBattle(play, p, computer="simple")
    assert play.game is not None and not play.game.ended
    for i in range(30):  # some decisions of both sides, the player's answered as a click on the board would
        moved = play.computer.move()
        if moved is not None:
            play.computer.answered(moved, moved.captain.choose(moved.seat), None)
        else:
            assert play.submit(play.random_answer(i))
    assert play.game is not None and len(play.game.decisions) >= 30
    kept = CampaignPresenter.resume(library, p.campaign_id).resumed_battle()
    assert kept == list(play.game.decisions)
    again = CampaignPresenter.resume(library, p.campaign_id)
    play2 = PlayPresenter()
    CampaignBattle(play2, again, computer="simple")
    assert play2.game is not None and play2.game.decisions == play.game.decisions
    assert not link.done


def test_15_4_the_port_screen_choices_are_the_engines_and_saved(library: Library) -> None:
    from cs_desktop.campaign.state import adjust, adjust_section

    p = CampaignPresenter.start(library, "constitution-1812", seed=3)
    s = p.engine.state
    adjust(s, s.flagship, "rigging", -3, "test damage")
    adjust_section(s, s.flagship, "starboard_aft", -2, "test damage")
    adjust(s, s.flagship, "crew", -4, "test losses")
    choices = p.port.refit_choices()
    assert choices is not None and choices["repair"] == {"rigging": 3, "starboard_aft": 2}
    assert choices["recruit"] == 4 and p.port.refit_cost({"rigging": 2}, 1) == 2 * choices["repair_cost"] \
        + choices["recruit_cost"]
    assert not p.port.refit({"rigging": 4}, 0, True) and "choose 0 to 3" in p.last_message
    rigging, money = s.flagship.rigging, s.money
    assert p.port.refit({"rigging": 2, "starboard_aft": 0}, 1, True), p.last_message
    assert s.flagship.rigging == rigging + 2 and s.date == "1812-08"
    assert s.money == money - 2 * choices["repair_cost"] - choices["recruit_cost"] + p.engine.c.campaign.terms.pay
    again = CampaignPresenter.resume(library, p.campaign_id)
    assert again.engine.state.to_dict() == s.to_dict()
    assert p.port.refit_choices() is not None  # in port again next month


def test_rc15_3a_rc15_4a_the_port_screens_prize_fate_and_shipyard_are_the_engines_and_saved(
        library: Library) -> None:
    from cs_desktop.campaign import consequences
    from cs_desktop.campaign.state import adjust

    p = CampaignPresenter.start(library, "constitution-1812", seed=3)
    s = p.engine.state
    (offer,) = p.port.ships_for_sale()
    assert (offer.ship, offer.price, offer.can_buy, offer.why_not) == ("curlew", 1200, False, "the account holds 300")
    assert not p.port.buy("curlew") and "orders: choose one of" in p.last_message
    adjust(s, None, "money", 1000, "test: prize money")
    assert p.port.ships_for_sale()[0].can_buy and all(o.get("order") != "buy" for o, _w in p.menu_options())
    assert p.port.buy("curlew") and p.port.ships_for_sale()[0].why_not == "bought already"
    assert [name for _id, name in p.port.refit_ships()] == ["Constitution", "Curlew"]
    s.port, s.area = None, "north-atlantic"
    s.prizes = [{"card": "java", "name": "Java", "prisoners": 6, "rigging": 5,
                 "gunnery": {"port_bow": 6, "port_aft": 6, "starboard_bow": 6, "starboard_aft": 6},
                 "quality": "average"}]
    consequences.decide_prize(p.engine.c, s, "take")
    s.orders, s.stage = {"order": "return", "port": "boston"}, "finish"
    p.engine._run()
    fate = p.port.prize_fate()
    assert fate is not None and fate.name == "Java" and p.menu_options() == []
    assert "your share 3600" in fate.sell_words and "values her at 24000" in fate.lines[1]
    assert p.choose("sell") and p.port.prize_fate() is None
    again = CampaignPresenter.resume(library, p.campaign_id)
    assert again.engine.state.to_dict() == s.to_dict()


def test_rc15_3b_the_squadron_lines_and_the_battle_terms_show_the_prisoners_guard(library: Library) -> None:
    from cs_desktop.campaign.state import adjust

    p = CampaignPresenter.start(library, "constitution-1812", seed=2)
    s = p.engine.state
    assert p.choose({"order": "refit"})
    adjust(s, s.flagship, "prisoners", 80, "test: prisoners aboard")  # guard 12 holds 72: 8 unguarded
    assert "prisoners 80 (guard 12, 8 unguarded)" in p.ships()[0]
    assert p.choose({"order": "cruise", "area": "north-atlantic", "stance": "avoid"}) and p.choose("engage")
    assert p.terms()[0] == "12 crew point(s) guard the prisoners below and do not fight (RC15.3b)"


def test_rc15_5a_the_encounter_and_the_terms_show_the_squadron_a_line_per_ship(library: Library) -> None:
    from cs_desktop.campaign.state import ShipRecord, join
    from cs_desktop.rules.cards import SECTION_NAMES

    p = CampaignPresenter.start(library, "constitution-1812", seed=2)
    s, c = p.engine.state, p.engine.c
    assert p.choose({"order": "refit"})
    for card_id, crew in (("shannon", 13), ("curlew", 1)):
        card = c.cards[card_id]
        join(s, ShipRecord(id=f"ship-9-{card_id}", card=card_id, name=card.name, role="consort", experience=4,
                           crew=crew, rigging=card.rigging_points,
                           gunnery={x: len(card.gunnery[x]) for x in SECTION_NAMES}, stores=3, shot=40),
             "test: a consort")
    assert p.choose({"order": "cruise", "area": "north-atlantic", "stance": "avoid"})
    lines = p.encounter_lines()
    start = next(i for i, x in enumerate(lines) if x.startswith("Your squadron (2 ship(s) would fight"))
    assert "average hull" in lines[start]  # Shannon's pace (RC15.5b)
    assert lines[start + 1].startswith("  Constitution (flagship") and lines[start + 2].startswith("  Shannon (consort")
    assert lines[start + 3] == "Unfit to fight, keeping clear: Curlew"
    assert p.choose("engage")
    terms = p.terms()
    assert [t.split(" (")[0] for t in terms[:2]] == ["[RC15.5a] Constitution", "[RC15.5a] Shannon"]
    assert all(t.startswith("[") for t in terms) and any("21.3" in t or "20.1" in t for t in terms)


def test_15_6_a_campaign_battle_is_kept_by_the_campaign_not_at_risk_nor_in_the_ordinary_autosave(
        library: Library, tmp_path: Path) -> None:
    from cs_desktop.play.autosave import AutosaveStore
    from cs_desktop.play.campaign_battle import CampaignBattle
    from cs_desktop.play.presenter import PlayPresenter
    from cs_desktop.rules.cards import Scenario

    store = AutosaveStore(tmp_path / "data")
    store.start_session()
    p = CampaignPresenter.start(library, "constitution-1812", seed=3)
    _until(p, "battle")
    play = PlayPresenter(store)
    CampaignBattle(play, p, computer="simple")
    for i in range(6):
        moved = play.computer.move()
        if moved is not None:
            play.computer.answered(moved, moved.captain.choose(moved.seat), None)
        else:
            assert play.submit(play.random_answer(i))
    assert play.game is not None and not play.game.ended and play.files.unsaved()
    assert play.files.kept_elsewhere() == f"the campaign {p.name}" and not play.files.at_risk()
    assert not store.path.exists()  # the campaign's row is its autosave
    play.files.close_autosave()
    assert not store.path.exists() and AutosaveStore(tmp_path / "data").crashed_session() is None
    # an ordinary game after it is the player's own again: at risk and autosaved
    game = play.game
    other = Scenario.model_validate({**game.scenario.model_dump(mode="json"), "id": "not-the-campaigns"})
    play.new_game(Game(other, dict(game.cards), seed=1, options={}), {s.id: "human" for s in other.sides})
    assert play.files.kept_elsewhere() is None and play.files.at_risk() and store.path.exists()
