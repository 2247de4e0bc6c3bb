"""The spot a board label takes (issue 28, item 6; gui/board/label_spots.py, pure geometry): a callout never takes a
spot over a token or a guarded label (a ship's name, another callout) and gets none when every spot is covered;
other labels take the cheapest spot, tokens weighing most; the first free spot wins."""

from __future__ import annotations

from cs_desktop.gui.board.label_spots import best_spot, clear_of, meets, overlap, outside

TOKEN = (0.0, 0.0, 10.0, 10.0)
NAME = (20.0, 0.0, 40.0, 10.0)
BOUNDS = (-100.0, -100.0, 100.0, 100.0)


def _spot(anchor: str, x: float, y: float) -> tuple[str, float, float, tuple[float, float, float, float]]:
    return anchor, x, y, (x, y, x + 10.0, y + 10.0)


def test_a_callout_skips_spots_over_tokens_and_names() -> None:
    spots = [_spot("a", 5, 5), _spot("b", 25, 5), _spot("c", 50, 0)]
    best = best_spot(spots, [TOKEN], [NAME], [], BOUNDS, keep_clear=True)
    assert best is not None and best.anchor == "c" and best.cost == 0.0


def test_a_callout_with_every_spot_covered_gets_none_and_an_ordinary_label_the_cheapest() -> None:
    spots = [_spot("token", 5, 5), _spot("name", 25, 5)]
    assert best_spot(spots, [TOKEN], [NAME], [], BOUNDS, keep_clear=True) is None
    best = best_spot(spots, [TOKEN], [NAME], [], BOUNDS)
    assert best is not None and best.anchor == "name" and best.clash == 50.0  # 5x10 of a name, not a token


def test_a_callout_may_meet_an_unguarded_label_at_a_cost_and_prefers_a_free_spot() -> None:
    other = (50.0, 0.0, 60.0, 10.0)
    best = best_spot([_spot("over", 50, 0), _spot("free", 70, 0)], [TOKEN], [NAME], [other], BOUNDS,
                     keep_clear=True)
    assert best is not None and best.anchor == "free"
    best = best_spot([_spot("over", 50, 0)], [TOKEN], [NAME], [other], BOUNDS, keep_clear=True)
    assert best is not None and best.clash == 100.0


def test_out_of_the_scene_and_out_of_view_cost_and_the_first_free_spot_wins() -> None:
    spots = [_spot("out", 95, 0), _spot("unseen", 60, 0), _spot("free", 30, 30), _spot("later", 40, 40)]
    best = best_spot(spots, [], [], [], BOUNDS, seen=(-50.0, -50.0, 50.0, 50.0))
    assert best is not None and best.anchor == "free"
    assert best_spot([], [], [], [], BOUNDS) is None


def test_rectangles_meet_only_when_they_share_area() -> None:
    assert meets((0, 0, 10, 10), (5, 5, 15, 15)) and not meets((0, 0, 10, 10), (10, 0, 20, 10))
    assert overlap((0, 0, 10, 10), (5, 5, 15, 15)) == 25.0 and outside((90, 0, 110, 10), BOUNDS) == 100.0
    assert clear_of((0, 0, 1, 1), [(2, 2, 3, 3)]) and not clear_of((0, 0, 5, 5), [(2, 2, 3, 3)])
