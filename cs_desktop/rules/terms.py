"""The victory terms as data (19.0, 20.1, 21.3): each side's terms and the arithmetic's steps, each naming its
rule. `ratings.victory_terms` computes them for two sides, `terms_sides.terms_for_sides` for more (R20.1m)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from cs_desktop.rules.cards import Scenario, ScenarioSide


@dataclass(frozen=True)
class Step:
    """One line of the 20.1/21.3 arithmetic."""

    rule: str
    text: str
    values: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SideTerms:
    side: str
    name: str
    ships: list[str]
    fp: int
    cr: float | int  # CR in half points (green 1, average 1.5, crack 2); a whole number is an int
    dc: int
    multiplier: float  # VP multiplier applied to hits scored (19.0)
    bonus: int  # VP bonus (20.1 DC difference, or the scenario's own)
    bid_points: int  # 19.0 option: VP the opponent's bid grants this side
    computed_multiplier: float
    computed_bonus: int
    overridden: bool


@dataclass(frozen=True)
class VictoryTerms:
    sides: list[SideTerms]
    steps: list[Step]

    def side(self, side_id: str) -> SideTerms:
        for s in self.sides:
            if s.side == side_id:
                return s
        raise KeyError(side_id)

    def to_dict(self) -> dict[str, Any]:
        return {"sides": [asdict(s) for s in self.sides], "steps": [asdict(s) for s in self.steps]}


def number(x: Fraction) -> float | int:
    return int(x) if x.denominator == 1 else float(x)


def side_terms(scenario: Scenario, side: ScenarioSide, ratings: tuple[int, Fraction, int], mult: Fraction, vp_bonus: int,
                bid_points: int, steps: list[Step]) -> SideTerms:
    """One side's terms: the computed ones, or those the scenario prints itself (20.0), said in a step."""
    override = scenario.victory_override.get(side.id)
    m, bo = float(mult), vp_bonus
    if override is not None:
        steps.append(Step(
            "20.0",
            f"The scenario prints its own terms for {side.name}: x{override.multiplier:g}, bonus "
            f"{override.bonus} (computed: x{number(mult)}, bonus {vp_bonus})",
            {"side": side.id, "multiplier": override.multiplier, "bonus": override.bonus}))
        m, bo = float(override.multiplier), override.bonus
    fp, cr, dc = ratings
    return SideTerms(side=side.id, name=side.name, ships=[ss.ship_id for ss in side.ships], fp=fp, cr=number(cr),
                     dc=dc, multiplier=m, bonus=bo, bid_points=bid_points, computed_multiplier=float(mult),
                     computed_bonus=vp_bonus, overridden=override is not None)
