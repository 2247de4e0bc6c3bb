"""Per pairing summaries (issue 13 item 3): score and interval, the margin distribution, and the suggested 19.0
bid (ruling R19.0d); and the heat map picture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cs_desktop.balance.stats import first_score, histogram, quantile, suggest_bid, summarize

SIDES = ("us", "gb")


def _vp(margin: float) -> dict[str, Any]:
    winner = "us" if margin > 5 else "gb" if margin < -5 else None
    return {"margin": margin, "decided_by": "victory points", "winner": winner, "how": "struck her colours",
            "turns": 10}


def test_19_0_bid_is_the_smallest_that_brings_the_score_closest_to_even() -> None:
    records = [_vp(m) for m in (10, 20, 30, -3, 40, 12)]
    bid = suggest_bid(records, SIDES)
    assert bid == {"bidder": "us", "receiver": "gb", "points": 16, "first_score_after": 0.5}
    assert first_score(records, SIDES, 15) / 6 > 0.5  # one less is not yet even


def test_19_0_bid_goes_the_other_way_when_the_second_side_is_stronger() -> None:
    bid = suggest_bid([_vp(-m) for m in (10, 20, 30, -3, 40, 12)], SIDES)
    assert (bid["bidder"], bid["receiver"], bid["points"]) == ("gb", "us", 16)


def test_19_0_no_bid_when_already_even_and_a_voluntary_strike_ignores_the_bid() -> None:
    assert suggest_bid([_vp(20), _vp(-20)], SIDES)["points"] == 0
    strike = {"margin": 50.0, "decided_by": "voluntary strike", "winner": "gb", "how": "struck voluntarily",
              "turns": 3}
    assert first_score([strike], SIDES, -100) == 0.0
    assert first_score([_vp(0)], SIDES, -6) == 1.0 and first_score([_vp(0)], SIDES, -5) == 0.5


def test_summary_counts_scores_draws_quantiles_and_endings() -> None:
    records = [_vp(m) for m in (10, 20, 30, -3, 40, 12)]
    s = summarize(records, SIDES)
    assert s["score"]["us"]["wins"] == 5 and s["score"]["us"]["draws"] == 1 and s["score"]["gb"]["losses"] == 5
    assert s["score"]["us"]["share"] == round(5.5 / 6, 4)
    assert s["score"]["us"]["low"] < s["score"]["us"]["share"] < s["score"]["us"]["high"]
    assert s["margin"]["quantiles"]["p50"] == 16.0
    assert sum(s["margin"]["histogram"]["counts"]) == 6
    assert s["endings"] == {"struck her colours": 6}


def test_quantile_and_histogram_of_a_few_values() -> None:
    values = [-3.0, 10.0, 12.0, 20.0]
    assert quantile(values, 0.0) == -3.0 and quantile(values, 1.0) == 20.0 and quantile(values, 0.5) == 11.0
    h = histogram(values)
    assert h["edges"] == [-5.0, 0.0, 5.0, 10.0, 15.0, 20.0, 25.0] and h["counts"] == [1, 0, 0, 2, 0, 1]


def test_heat_map_colours_each_cell_by_the_row_ships_score(tmp_path: Path, qapp: Any) -> None:
    from PySide6.QtGui import QImage

    from cs_desktop.gui.lab.heatmap import CELL, colour, save_heatmap

    matrix = {"kind": "meeting", "title": "Meeting", "rows": ["a", "b"], "cols": ["a", "b"],
              "cells": [[None, 0.735], [0.265, None]]}  # shares the key's 1% steps do not draw
    path = save_heatmap([matrix], tmp_path / "map.png", "caption")
    image = QImage(str(path))
    assert not image.isNull() and image.width() >= 2 * CELL
    colours = {image.pixelColor(x, y).name() for x in range(image.width()) for y in range(image.height())}
    assert colour(0.735).name() in colours and colour(0.265).name() in colours
    assert colour(0.735).red() == 255 and colour(0.265).blue() == 255  # the row ship winning is red, losing blue
