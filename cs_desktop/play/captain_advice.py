""""What would the captain do?" (issue 27 item 6): the hard captain asked, from the player's own seat, for its
top three choices at the decision on screen, each with its estimated chance of winning and a sentence of why.

Fair by construction: the captain is seated at the player's side through `seat_for` (ai/seat.py) — the player's
own view and copies of the game drawn from what that side has seen — exactly as when it plays that side itself,
so its advice cannot tell the player anything hidden (tests change the enemy's hidden state and see the advice
unchanged). It thinks on its own seeded dice, never the game's, and asking changes nothing in the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cs_desktop.ai.evaluate import exchange, stance, victory_terms_of
from cs_desktop.ai.levels import SearchCaptain, make_level
from cs_desktop.ai.search import answer_key
from cs_desktop.ai.seat import seat_for
from cs_desktop.ai.value import win_chance
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.game import Game
from cs_desktop.rules.view_types import SideView

#: the captain asked, and how many of its choices are shown
ADVISER, SHOWN = "hard", 3


@dataclass(frozen=True, slots=True)
class Choice:
    answer: Any
    text: str  # the answer in a few words
    chance: float  # estimated chance of winning after it (a draw counted half)
    why: str  # a sentence


@dataclass(frozen=True, slots=True)
class CaptainAdvice:
    side: str
    kind: str
    choices: tuple[Choice, ...]
    futures: int  # the futures the captain played to weigh them (0: answered by judgment alone)
    plan: str  # the captain's plan in a sentence


def _ship_answer(ship: str, part: Any, names: Mapping[str, str]) -> str:
    if not isinstance(part, Mapping):
        return f"{ship}: {part}"
    if "maneuver" in part:
        text = str(part["maneuver"]).replace("_", " ")
        if part.get("to"):
            text += f" to {part['to']}"
        elif part.get("turn"):
            text += f" {'starboard' if int(part['turn']) > 0 else 'port'}"
        if part.get("strain"):
            text += f", straining {part['strain']} (9.1)"
        return f"{ship}: {text}"
    if "target" in part:
        if not part.get("target"):
            return f"{ship}: hold fire"
        sections = ", ".join(f"{s.replace('_', ' ')} {aim}" for s, aim in sorted(part.get("sections", {}).items()))
        chaser = f"{part['chaser']} chaser" if part.get("chaser") else ""
        target = names.get(str(part["target"]), str(part["target"]))
        return f"{ship}: fire at {target} ({', '.join(x for x in (sections, chaser) if x)})"
    return f"{ship}: " + ", ".join(f"{k} {v}" for k, v in sorted(part.items()))


def describe(request: Request, answer: Any, names: Mapping[str, str]) -> str:
    """An answer in a few words (ship answers by name)."""
    if request.ships is not None and isinstance(answer, Mapping):
        parts = []
        for key, part in sorted(answer.items()):
            ship_id, _, slot = str(key).partition(":")
            label = names.get(ship_id, ship_id) + (f" {slot.replace('_', ' ')}" if slot else "")
            parts.append(_ship_answer(label, part, names))
        return "; ".join(parts)
    if isinstance(answer, list):
        return ", ".join(map(str, answer)) or "none"
    return str(answer)


def _plan(view: SideView, side: str, terms: Any, cards: Any) -> str:
    ratio = exchange(view, side, terms, cards)
    if stance(view, side, terms, cards) == "fight":
        return (f"Its plan is to fight: each exchange of broadsides brings us about {ratio:.1f} VP for each of "
                "theirs, or we must catch up.")
    return (f"Its plan is to keep the enemy at a distance: each exchange brings us only {ratio:.1f} VP for each of "
            "theirs, and the score as it stands is ours.")


def ask_captain(game: Game, request: Request, seed: int, level: str = ADVISER,
                progress: Callable[[int, int], None] | None = None) -> CaptainAdvice:
    """The captain's top choices at `request` (pending for the player's side) — see the module doc. `progress`
    is called as (futures played, budget) while it thinks."""
    captain: SearchCaptain = make_level(level, seed)
    captain.progress = progress
    seat = seat_for(game.clone(), request, captain)
    answer = captain.choose(seat)
    view = seat.view()
    terms = victory_terms_of(seat.scenario, seat.cards)
    names = {sid: seat.cards[s["card"]].name for sid, s in view["ships"].items()}  # (a view's ship has no name)
    plan = _plan(view, request.side, terms, seat.cards)
    result = captain.last_search
    if result is None or not result.ranked:
        chance = win_chance(view, request.side, terms, seat.cards)
        only = Choice(answer, describe(request, answer, names), chance,
                      "The captain answers this by judgment alone: there is no choice here worth looking ahead at.")
        return CaptainAdvice(request.side, request.kind, (only,), 0, plan)
    key = answer_key(answer)
    value = next((v for option, v in result.ranked if answer_key(option) == key), result.value)
    top = result.ranked[0]
    if answer_key(top[0]) == key:
        why = (f"Its choice: played out over {result.iterations} futures, it leaves us the best chance it found.")
    else:
        why = (f"Its choice, its judgment's own: {describe(request, top[0], names)} scored "
               f"{(top[1] - value) * 100:.0f} points better on these futures, not enough to be sure.")
    choices = [Choice(answer, describe(request, answer, names), value, why)]
    for option, v in result.ranked:
        if len(choices) == SHOWN:
            break
        if answer_key(option) != key:
            gap = (value - v) * 100
            if round(gap) == 0:
                why = "As good as its choice over the same futures: the judgment's own is kept."
            elif gap > 0:
                why = f"{gap:.0f} points of chance behind its choice over the same futures."
            else:
                why = f"{-gap:.0f} points ahead of its choice over these futures, within the luck of so few."
            choices.append(Choice(option, describe(request, option, names), v, why))
    return CaptainAdvice(request.side, request.kind, tuple(choices), result.iterations, plan)
