"""The board draws a ship held by a prize crew (prize crews option, R18.0k): her captor's ensign on the struck
token with the prize crew's strength, a label saying so, and a tooltip naming the guard and the prisoners.

API tested: BoardView.set_view with a view under fleet_rules + prize_crews.
Actions: Java captured by Constitution with a prize crew of 3; then retaken (R18.0n).
Expected: one `prize` marker on Java in the United States' colours, "(prize: 3 aboard)" under her; none once she
is retaken (a hulk of her own side, "(struck)")."""

from __future__ import annotations

from typing import Any

from cs_desktop.gui.board import BoardView
from cs_desktop.gui.board.markers import PrizeItem
from tests.rules.harness import duel


def _prizes(view: BoardView) -> list[PrizeItem]:
    return [i for i in view.scene().items() if isinstance(i, PrizeItem)]


def test_R18_0k_a_prize_flies_her_captors_colours_with_her_prize_crew(qtbot: Any) -> None:
    game = duel(a=(12, 12, 1), b=(12, 12, 1), extra={"gb": [("guerriere", (20, 14, 7))]},
                options={"fleet_rules": True, "prize_crews": True})
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    j.struck = j.captured = True
    j.prize_crew, j.prize_crew_from = 3, "constitution"
    c.crew, c.crew_detached = c.crew - 3, 3
    view = BoardView()
    qtbot.addWidget(view)
    names = {k: card.name for k, card in game.cards.items()}
    view.set_view(game.view("gb"), names=names)
    (flag,) = _prizes(view)
    assert flag.ship_id == "java" and flag.men == 3
    assert "prize crew of 3 from Constitution guarding 16 prisoners" in flag.toolTip()
    assert view.name_labels["java"].text() == "Java (prize: 3 aboard)"
    j.captured, j.prize_crew = False, 0  # retaken: a hulk of her own side (R18.0n)
    view.set_view(game.view("gb"), names=names)
    assert _prizes(view) == [] and view.name_labels["java"].text() == "Java (struck)"


def test_WSIM_D5_a_prize_sailing_for_her_captor_is_drawn_as_his_ship(qtbot: Any) -> None:
    """prize_sails (R18.0u): Java carried in melee sails for the United States: her token wears the US colours
    (the view's side), her label gives her prize crew and prisoners, and no captor's ensign is hoisted on her (she
    is no hulk); Britain's board shows her the same way."""
    from cs_desktop.rules import prize_sails

    game = duel(a=(12, 12, 1), b=(12, 12, 1), extra={"gb": [("guerriere", (20, 14, 7))]},
                options={"fleet_rules": True, "prize_crews": True, "prize_sails": True})
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    j.prize_crew, j.prize_crew_from = 4, "constitution"
    c.crew, c.crew_detached = c.crew - 4, 4
    prize_sails.hoist(game, c, j)
    names = {k: card.name for k, card in game.cards.items()}
    for side in ("us", "gb"):
        view = BoardView()
        qtbot.addWidget(view)
        view.set_view(game.view(side), names=names)
        assert _prizes(view) == [] and view.name_labels["java"].text() == "Java (prize: 4 aboard, 16 prisoners)"
        assert view.ship_items["java"].look[1] == view.ship_items["constitution"].look[1] == "US"
