"""The game's own seeded dice.

All randomness of a game comes from here. The generator's whole state is two integers (seed and counter)
kept inside the game state, so copying a state copies its dice, and replaying a game's decisions from its
seed rolls the same dice. The computer captain thinks with its own `Dice` (another seed), so thinking never
changes the game's rolls (STYLE 3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

if TYPE_CHECKING:  # read by mypy and mypyc only: a machine integer in the compiled build, never imported here
    from mypy_extensions import i64

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_LIMIT6 = (1 << 64) - ((1 << 64) % 6)  # reject draws above this so every face is exactly 1/6
#: the same limit for below(n), n < 64 (index 0 unused)
_LIMITS = (0, *((1 << 64) - ((1 << 64) % n) for n in range(1, 64)))
#: 2**64 % n for n < 64: a draw is refused when it is among the top _RESTS[n] values of 64 bits (as _LIMITS says)
_RESTS = (0, *((1 << 64) % n for n in range(1, 64)))


def _compiled_probe() -> None:
    """A plain Python function, except in the optional compiled build (mypyc), where it has no `__code__`."""


#: True when this module runs compiled (scripts/build_compiled.py): the draws are then worked out in 64-bit
#: machine integers, which wrap around as SplitMix64 wants, instead of Python's unbounded integers masked to 64
#: bits (some 15 big-integer operations a draw). The same bits either way: the compiled build's check compares
#: both builds draw by draw and over the pinned games (`scripts/build_compiled.py --check`).
NATIVE: Final = not hasattr(_compiled_probe, "__code__")


def _rest(n: int) -> int:
    """2**64 % n: how many of the top 64-bit values a draw for below(n) refuses (the compiled build's draws)."""
    return _RESTS[n] if n < 64 else (1 << 64) % n


def splitmix64(x: int) -> int:
    """One step of SplitMix64: a well-mixed 64-bit hash of ``x``."""
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


class Dice:
    """A counter-based generator: draw ``n`` is ``splitmix64(seed_hash + n)``."""

    __slots__ = ("seed", "counter", "_base", "_sbase")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = int(seed)
        self.counter = int(counter)
        self._base = splitmix64(self.seed & MASK64)
        self._sbase: i64 = self._base - (1 << 64) if self._base >> 63 else self._base  # the same bits, signed

    def clone(self) -> Dice:
        new = Dice.__new__(Dice)  # the same seed: its hash is copied, not worked out again
        new.seed, new.counter, new._base, new._sbase = self.seed, self.counter, self._base, self._sbase
        return new

    def d6(self) -> int:
        """One six-sided die, 1..6."""
        if NATIVE:
            return self.d6s(1)[0]
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
        if NATIVE:
            return self._native_d6s(n)
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
        if NATIVE:
            return self._native_below(n, _rest(n))
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
        if NATIVE:
            for i in range(len(items) - 1, 0, -1):
                j = self._native_below(i + 1, _rest(i + 1))
                items[i], items[j] = items[j], items[i]
            return
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

    # ---------------------------------------------------------------- the compiled build's draws (NATIVE)
    # Draw k as a signed 64-bit integer z holding the bits of the unsigned draw u (u = z, or z + 2**64 when z < 0).
    # u is refused when it is among the top `rest` = 2**64 % n values, that is when -rest <= z < 0; else u % n is
    # z % n, or (z % n + rest) % n when z < 0 (% as Python's, which mypyc keeps for machine integers).

    def _native_d6s(self, n: int) -> tuple[int, ...]:
        base: i64 = self._sbase
        counter: i64 = self.counter
        out = []
        for _ in range(n):
            while True:
                z = _draw(base, counter)
                counter += 1
                if z >= 0:
                    out.append(int(z % 6) + 1)
                    break
                if z < -4:  # 2**64 % 6 == 4
                    out.append(int((z % 6 + 4) % 6) + 1)
                    break
        self.counter = counter
        return tuple(out)

    def _native_below(self, n: int, rest: int) -> int:
        base: i64 = self._sbase
        counter: i64 = self.counter
        m: i64 = n
        r: i64 = rest
        while True:
            z = _draw(base, counter)
            counter += 1
            if z >= 0:
                self.counter = counter
                return int(z % m)
            if z < -r:
                self.counter = counter
                return int((z % m + r) % m)


def _draw(base: i64, counter: i64) -> i64:
    """SplitMix64's draw `counter` in 64-bit machine integers (the compiled build): the constants as signed
    64-bit values, products and sums wrapping around, and each right shift made logical by a mask."""
    z: i64 = base + counter * -3335678366873096957 + -7046029254386353131  # 0xD1B54A32D192ED03, 0x9E3779B97F4A7C15
    z = (z ^ ((z >> 30) & 0x3FFFFFFFF)) * -4658895280553007687  # 0xBF58476D1CE4E5B9
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * -7723592293110705685  # 0x94D049BB133111EB
    return z ^ ((z >> 31) & 0x1FFFFFFFF)
