"""The game's dice (dice.py): the draws of a seed are fixed for good, whichever way they are asked for.
Saved games, pinned games and replays all depend on the exact sequence (issue 12 wrote the draws out)."""

from __future__ import annotations

import pytest

from cs_desktop.rules.dice import Dice


def test_the_draws_of_a_seed_never_change() -> None:
    """Pinned from the first version: twelve dice, five whole numbers below n, one shuffle of ten."""
    dice = Dice(2026)
    assert [dice.d6() for _ in range(12)] == [1, 1, 4, 6, 6, 2, 3, 4, 1, 6, 4, 5]
    assert dice.counter == 12
    assert [dice.below(n) for n in (2, 5, 40, 1000, 2**40)] == [1, 4, 32, 740, 445020134333]
    assert dice.counter == 17
    items = list(range(10))
    dice.shuffle(items)
    assert items == [1, 3, 7, 4, 0, 9, 5, 8, 2, 6] and dice.counter == 26


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63 + 11, -5])
def test_d6s_draws_what_as_many_d6_draw(seed: int) -> None:
    one, many = Dice(seed, 3), Dice(seed, 3)
    for n in (0, 1, 2, 5, 1, 0, 9):
        assert many.d6s(n) == tuple(one.d6() for _ in range(n))
        assert many.counter == one.counter


@pytest.mark.parametrize("length", [0, 1, 2, 30, 64, 65, 200])
def test_shuffle_is_fisher_yates_with_below(length: int) -> None:
    dice, reference = Dice(99, 4), Dice(99, 4)
    items, expected = list(range(length)), list(range(length))
    dice.shuffle(items)
    for i in range(length - 1, 0, -1):
        j = reference.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and dice.counter == reference.counter
