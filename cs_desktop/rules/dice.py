"""The game's own seeded dice.

All randomness of a game comes from here. The generator's whole state is two integers (seed and counter)
kept inside the game state, so copying a state copies its dice, and replaying a game's decisions from its
seed rolls the same dice. The computer captain thinks with its own `Dice` (another seed), so thinking never
changes the game's rolls (STYLE 3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_LIMIT6 = (1 << 64) - ((1 << 64) % 6)  # reject draws above this so every face is exactly 1/6
#: the same limit for below(n), n < 64 (index 0 unused)
_LIMITS = (0, *((1 << 64) - ((1 << 64) % n) for n in range(1, 64)))


def splitmix64(x: int) -> int:
    """One step of SplitMix64: a well-mixed 64-bit hash of ``x``."""
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


class Dice:
    """A counter-based generator: draw ``n`` is ``splitmix64(seed_hash + n)``."""

    __slots__ = ("seed", "counter", "_base")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = int(seed)
        self.counter = int(counter)
        self._base = splitmix64(self.seed & MASK64)

    def clone(self) -> Dice:
        new = Dice.__new__(Dice)  # the same seed: its hash is copied, not worked out again
        new.seed, new.counter, new._base = self.seed, self.counter, self._base
        return new

    def d6(self) -> int:
        """One six-sided die, 1..6."""
        while True:
            x = (self._base + self.counter * 0xD1B54A32D192ED03 + 0x9E3779B97F4A7C15) & MASK64
            self.counter += 1
            x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
            x ^= x >> 31
            if x < _LIMIT6:
                return x % 6 + 1

    def d6s(self, n: int) -> tuple[int, ...]:
        """`n` six-sided dice, the same draws as `n` calls of `d6` (one call: rolls are made tens of thousands of
        times a game)."""
        base, counter = self._base, self.counter
        out = []
        for _ in range(n):
            while True:
                x = (base + counter * 0xD1B54A32D192ED03 + 0x9E3779B97F4A7C15) & MASK64
                counter += 1
                x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
                x ^= x >> 31
                if x < _LIMIT6:
                    out.append(x % 6 + 1)
                    break
        self.counter = counter
        return tuple(out)

    def below(self, n: int) -> int:
        """A whole number in 0..n-1 (uniform), for shuffles and random choices."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = _LIMITS[n] if n < 64 else (1 << 64) - ((1 << 64) % n)
        while True:  # _next64, written out (the computer captains draw here for every random answer)
            x = (self._base + self.counter * 0xD1B54A32D192ED03 + 0x9E3779B97F4A7C15) & MASK64
            self.counter += 1
            x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
            x ^= x >> 31
            if x < limit:
                return x % n

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates shuffle in place: item i swaps with item below(i + 1), for i from the last down to 1
        (`below` written out, for the Bridge Deck's reshuffles)."""
        base, counter = self._base, self.counter
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < 64 else (1 << 64) - ((1 << 64) % n)
            while True:
                x = (base + counter * 0xD1B54A32D192ED03 + 0x9E3779B97F4A7C15) & MASK64
                counter += 1
                x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
                x ^= x >> 31
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.counter = counter

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]
