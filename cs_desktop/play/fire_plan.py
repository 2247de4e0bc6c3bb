"""Fire, per ship (issue 28, item 1): which ships of a fire request (11.0) are worth asking about, and what each is
set to when the form opens.

For every ship of the request the best shot is priced on the player's own view (play/fair_advice.py): for each
target, the broadside of the most sections with every gun aimed Low, and each ready chaser (11.9); the best is
the one with the most expected hits. A ship is *asked* when her best shot reaches the player's standing order
`worth` (the expected hits a shot must promise: any, half a hit, a hit); the others hold fire without a word
and are shown as a line the player may open ("Aim her myself"). A fire request in which no ship is asked is
answered for the player: every ship holds fire (turn_flow.decide).

`default_answer(rows)` is what the form sends as it opens (Enter): each asked ship fires her best shot, every
other ship holds fire. Every answer is one of the request's own options.

Qt-free: gui/requests/fire.py draws these rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from cs_desktop.play.fair_advice import FairAdvice
from cs_desktop.rules.decisions import Request

HOLD: dict[str, Any] = {"target": None, "sections": {}, "chaser": None}

#: the expected hits a shot must promise for the player to be asked to fire it
WORTH = {"any": 0.0, "half": 0.5, "one": 1.0}
WORTH_CHOICES = {
    "any": "any shot that can hit",
    "half": "a shot expected to score half a hit or more",
    "one": "a shot expected to score a hit or more",
}


@dataclass(frozen=True, slots=True)
class Shot:
    """One priced shot: a fire option of the request, its expected hits and range."""

    option: dict[str, Any]
    expected: float
    mp: int


@dataclass(frozen=True, slots=True)
class FireRow:
    """One ship of the fire request: her best shot (None: none can hit), and whether she is asked."""

    ship_id: str
    name: str
    best: Shot | None
    asked: bool

    @property
    def default(self) -> dict[str, Any]:
        """What the form sets her to: her best shot if she is asked, else hold fire."""
        return dict(self.best.option) if self.asked and self.best is not None else dict(HOLD)

    @property
    def summary(self) -> str:
        """Why a ship not asked holds fire, for her line in the form and the log."""
        if self.best is None:
            return f"{self.name}: holds fire — no shot of hers can hit"
        return (f"{self.name}: holds fire — her best shot, {describe_shot(self.best.option)} at "
                f"{self.best.mp} MP, is expected to score {self.best.expected:.2f} hits")


def describe_shot(option: Mapping[str, Any]) -> str:
    """A fire option in words: "port bow, port aft" or "bow chaser"."""
    if option.get("chaser"):
        return f"{option['chaser']} chaser"
    return ", ".join(str(s).replace("_", " ") for s in option.get("sections", {})) or "hold fire"


def _candidates(options: list[Any] | tuple[Any, ...]) -> list[dict[str, Any]]:
    """Per target the broadside of the most sections (all Low where offered), and every chaser option."""
    best: dict[str, dict[str, Any]] = {}
    out: list[dict[str, Any]] = []
    for o in options:
        if not isinstance(o, dict) or o.get("target") is None:
            continue
        if o.get("chaser"):
            out.append(o)
            continue
        key = (len(o.get("sections", {})), all(a == "low" for a in o.get("sections", {}).values()))
        have = best.get(o["target"])
        if have is None or key > (len(have["sections"]), all(a == "low" for a in have["sections"].values())):
            best[o["target"]] = o
    return list(best.values()) + out


def best_shot(advice: FairAdvice, ship_id: str, options: list[Any] | tuple[Any, ...]) -> Shot | None:
    """The ship's shot with the most expected hits (None: no shot of hers has a line of fire)."""
    shots = []
    for o in _candidates(options):
        try:
            odds = advice.shot_odds(ship_id, o["target"], o["sections"], chaser=o.get("chaser"))
        except (KeyError, ValueError):
            continue  # no line of fire on her rebuilt view: not a shot to offer first
        shots.append(Shot(o, float(odds["expected_hits"]), int(odds["mp"])))
    return max(shots, key=lambda s: (s.expected, -s.mp), default=None)


def fire_rows(request: Request, advice: FairAdvice, worth: str, names: Mapping[str, str]) -> list[FireRow]:
    """A row per ship of a fire request, in the request's order; `worth` is a key of WORTH."""
    need = WORTH.get(worth, 0.0)
    rows = []
    for sid, options in (request.ships or {}).items():
        shot = best_shot(advice, sid, options)
        asked = shot is not None and shot.expected > 0 and shot.expected >= need
        rows.append(FireRow(sid, names.get(sid, sid), shot, asked))
    return rows


def fire_form_rows(request: Request, advice: FairAdvice, worth: str, ask_everything: bool,
                   names: Mapping[str, str]) -> list[FireRow]:
    """The rows the fire form shows: `fire_rows` under the standing orders; with "ask me everything" every ship
    is asked (set to her best shot)."""
    rows = fire_rows(request, advice, "any" if ask_everything else worth, names)
    return [replace(row, asked=True) for row in rows] if ask_everything else rows


def default_answer(rows: list[FireRow]) -> dict[str, dict[str, Any]]:
    """Ship id -> the answer the form opens with: the best shot of each ship asked, hold fire for the rest."""
    return {row.ship_id: row.default for row in rows}
