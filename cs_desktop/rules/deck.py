"""1.7 Bridge Cards, the deck and the hand: the card definitions read from resources/tables/bridge_cards.json, a
shuffled deck, which Hold cards apply to a roll (1.7.3-1.7.5) and the hand limit by Crew Morale (1.7.2).

A leaf of the engine: the damage and the rolls use the hand, and `bridge_cards.py` (drawing, Play Now events)
uses the damage.
"""

from __future__ import annotations

import json
from collections.abc import Generator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import cs_desktop
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.state import FAIR, HANDY, STRIKE_CHECK, UNFIT

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee

Gen = Generator[list[Request], dict[str, Any], Any]
DECK_FILE = cs_desktop.RESOURCES / "tables" / "bridge_cards.json"
HOOKS = ("initiative", "hull bonus", "tack", "to-hit", "defense", "morale check", "melee", "grapple",
         "disengage", "fire fighting", "damage control", "strike check", "bonus move", "sail change")


@lru_cache(maxsize=1)
def card_types() -> dict[str, dict[str, Any]]:
    """Card type id -> definition. Copies in the deck are named '<type>#<n>'."""
    data = json.loads(DECK_FILE.read_text(encoding="utf-8"))
    out = {}
    for card in data["cards"]:
        if card["type"] == "hold" and card["hook"] not in HOOKS:
            raise ValueError(f"{DECK_FILE.name}: card {card['id']}: unknown hook {card['hook']!r}")
        out[card["id"]] = card
    return out


#: card id ('<type>#<n>') -> its definition, filled as cards are looked up (1.7.3 offers read every card in hand)
_CARD_OF: dict[str, dict[str, Any]] = {}


def card_of(card_id: str) -> dict[str, Any]:
    card = _CARD_OF.get(card_id)
    if card is None:
        card = _CARD_OF[card_id] = card_types()[card_id.split("#")[0]]
    return card


def new_deck(dice: Dice) -> list[str]:
    deck = [f"{cid}#{n}" for cid, card in card_types().items() for n in range(1, card["copies"] + 1)]
    dice.shuffle(deck)
    return deck


def hook_matches(hook: str, purpose: str) -> bool:
    """A card's hook names a kind of roll: 'morale check' applies to 'morale check (crew box 12, red 1)',
    'melee' to 'melee assault' and 'melee defense', 'initiative' to 'initiative re-roll (tie)'."""
    return purpose == hook or purpose.startswith(hook + " ")


def playable_for(hand: list[str], purpose: str) -> list[str]:
    """Hold cards in `hand` whose text applies to a roll of this kind."""
    playable = []
    for card_id in hand:
        card = card_of(card_id)
        if card["type"] == "hold" and hook_matches(card["hook"], purpose):
            playable.append(card_id)
    return playable


def resolve_played(played: list[str], purpose: str) -> tuple[list[tuple[str, int]], list[dict[str, Any]]]:
    mods = []
    effects = []
    for card_id in played:
        card = card_of(card_id)
        mods.append((f"Bridge Card '{card['name']}' {card['modifier']:+d}", int(card["modifier"])))
        effects.append(card)
    return mods, effects


#: 1.7.2 hand size by Crew Morale; ruling R1.7.2: 3 in the Strike Check box.
HAND_LIMIT = {HANDY: 6, FAIR: 5, UNFIT: 4, STRIKE_CHECK: 3}


def hand_limit(g: Referee, side: str) -> int:
    """1.7.2: hand size by Crew Morale (a side of several ships: its first ship afloat, ruling R1.7.2)."""
    ships = g.state.afloat(side)
    return HAND_LIMIT[ships[0].morale] if ships else 0


def enforce_hand_limit(g: Referee, side: str) -> Gen:
    """1.7.2: discard down to the hand size at once."""
    state = g.state
    hand = state.sides[side].hand
    while len(hand) > hand_limit(g, side):
        answers = yield [Request("discard_card", side, "1.7.2",
                                 f"Hand size is {hand_limit(g, side)}: discard a Bridge Card",
                                 options=tuple(hand))]
        card_id = answers[side]
        hand.remove(card_id)
        state.discard.append(card_id)
        g.emit("card_discarded", "1.7.2", f"{state.sides[side].name} discards '{card_of(card_id)['name']}'",
               side=side, card=card_id)
