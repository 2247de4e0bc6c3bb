"""Drawing anew the enemy's answers to hidden-kind requests of the running segment (for `determinize.py`, with
`redraw.py`): each among his legal answers, consistent with what followed it (a reveal names his maneuver, a Bonus
Move roll his Strain, the melee rolls and the round's result his split and his support, the card requests after
the splits that he rolls some dice)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cs_desktop.rules.decisions import Request
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.event_types import ViewEvent, ship_of
from cs_desktop.rules.redraw import LOADS
from cs_desktop.rules.state import GameState

if TYPE_CHECKING:
    from cs_desktop.rules.public_record import PublicRecord


def draw_answer(state: GameState, request: Request, wiped: Any, record: PublicRecord, n_events: int,
                 rng: Dice, after: Sequence[Sequence[tuple[str, str, Any]]] = ()) -> Any:
    """A fresh answer of the enemy to a hidden-kind request, consistent with what followed it (the events from
    number `n_events` on, and `after`, the record's answer sets that followed it)."""
    from cs_desktop.rules import decisions

    later = [e for e in record.segment if e["n"] >= n_events]
    kind = request.kind
    if kind == "setup":
        from cs_desktop.rules.cards import SECTION_NAMES

        return {ship: {"sail": c["sail"], "loads": {s: rng.choice(LOADS) for s in SECTION_NAMES}}
                for ship, c in wiped.items()}
    if kind == "select_maneuver":
        assert request.ships is not None
        out = {}
        for ship, options in request.ships.items():
            strained = wiped[ship]["strained"]
            fit = [o for o in options if bool(o["strain"]) == strained]
            shown = next((e["maneuver"] for e in later if e["type"] == "reveal" and e["ship"] == ship), None)
            if shown is not None:
                fit = [o for o in fit if {k: v for k, v in o.items() if k != "strain"}
                       == {k: v for k, v in shown.items() if k != "revealed"}]
            out[ship] = rng.choice(fit or list(options))
        return out
    if kind == "bonus_move":
        assert request.ships is not None
        out = {}
        for ship, options in request.ships.items():
            amount = next((int(str(m[0]).split()[1]) for e in later if e["type"] == "roll" and e.get("ship") == ship
                           for m in e.get("modifiers", []) if str(m[0]).startswith("Straining ")), None)
            fit = [o for o in options if bool(o) == wiped[ship] and (amount is None or not o or o == amount)]
            out[ship] = rng.choice(fit or list(options))
        return out
    if kind == "melee_split":
        ship = request.info["ship"]
        role = "melee " + request.info["role"]
        shown_n = next((len(e["dice"]) for e in later if e["type"] == "roll" and e.get("ship") == ship
                        and e.get("purpose") == role), None)
        if shown_n is not None and shown_n in (request.options or ()):
            return shown_n
        answer = decisions.sample(state, request, rng)
        fit = [n for n in request.options or () if _split_shows(n, request.side, after)]
        return answer if answer in fit or not fit else rng.choice(fit)
    answer = decisions.sample(state, request, rng)
    if kind == "melee_support":  # 15.0 step 7: the round's score shows how many of his dice reached 5
        values = request.info["values"]
        scored = _melee_score(record.segment, n_events, state, request.side)
        if scored is not None and sum(v + x >= 5 for v, x in zip(values, answer, strict=True)) != scored:
            return _support_scoring(values, request.info["support"], scored, rng) or answer
    return answer


def _melee_score(segment: list[ViewEvent], n_events: int, state: GameState, side: str) -> int | None:
    """The dice of `side`'s melee roll that scored (5 or more) in this round's result, if it is seen."""
    boarders = next((state.ships[ship_of(e)].side == side for e in reversed(segment)
                     if e["n"] < n_events and e["type"] == "melee"), None)
    result = next((e for e in segment if e["n"] >= n_events and e["type"] == "melee_round"), None)
    score = re.match(r"boarders score (\d+), defenders (\d+);", result["text"]) if result else None
    return None if score is None or boarders is None else int(score.group(1 if boarders else 2))


def _support_scoring(values: list[int], support: int, scored: int, rng: Dice) -> list[int] | None:
    """Support points that bring exactly `scored` dice to 5 or more (those nearest first, ties at random)."""
    low = [i for i, v in enumerate(values) if v < 5]
    need = scored - (len(values) - len(low))
    rng.shuffle(low)
    raise_ = sorted(low, key=lambda i: 5 - values[i])[:need] if need >= 0 else None
    if raise_ is None or len(raise_) < need or sum(5 - values[i] for i in raise_) > support:
        return None
    return [5 - v if i in raise_ else 0 for i, v in enumerate(values)]


def _split_shows(dice: int, side: str, after: Sequence[Sequence[tuple[str, str, Any]]]) -> bool:
    """15.0 step 4, 1.7.3-1.7.4: after both splits, each side holding cards is asked about its melee dice before
    they are rolled (the requests that follow the splits, up to the roll), if it rolls any: one seen asked rolls
    some. (Called only while the roll is not seen: once it is, it shows the dice.)"""
    groups = list(after)
    while groups and all(kind == "melee_split" for _, kind, _ in groups[0]):
        groups.pop(0)
    asked = any(s == side and kind == "bonus_cards" for group in groups for s, kind, _ in group)
    return dice > 0 or not asked
