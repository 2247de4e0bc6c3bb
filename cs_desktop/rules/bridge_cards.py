"""1.7 Bridge Cards: a designed deck read from resources/tables/bridge_cards.json.

Play Now cards are resolved when drawn and the deck is reshuffled (1.7.1); Hold cards go to the hand,
limited by Crew Morale (1.7.2), and are played for their own effect on a roll of their kind (1.7.5) or
discarded for +1/-1 on one die (1.7.3, in `rolls.py`).
"""

from __future__ import annotations

import json
from collections.abc import Generator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import cs_desktop
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.dice import Dice

if TYPE_CHECKING:
    from cs_desktop.rules.game import Game

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


def _draw_one(g: Game) -> str | None:
    state = g.state
    if not state.deck and state.discard:
        state.deck = state.discard
        state.discard = []
        state.dice.shuffle(state.deck)
        g.emit("reshuffle", "1.7.1", "the Bridge Deck is reshuffled")
    return state.deck.pop() if state.deck else None


def initial_draw(g: Game) -> None:
    """2.0: each player draws three; Play Now cards are discarded unplayed and replaced, no reshuffle."""
    state = g.state
    for side in state.sides:
        hand = state.sides[side].hand
        while len(hand) < 3:
            card_id = _draw_one(g)
            if card_id is None:
                break
            if card_of(card_id)["type"] == "play_now":
                state.discard.append(card_id)
                g.emit("card_set_aside", "2.0", f"{state.sides[side].name} draws '{card_of(card_id)['name']}' "
                       "(Play Now): discarded unplayed at set-up", side=side, card=card_id)
            else:
                hand.append(card_id)
                g.emit("card_drawn", "2.0", f"drew '{card_of(card_id)['name']}'", visible_to=side, side=side,
                       card=card_id)
        g.emit("hand", "2.0", f"{state.sides[side].name} holds {len(hand)} Bridge Cards", side=side)


def draw_card(g: Game, side: str) -> Gen:
    """17.7 / 1.7.1-1.7.2."""
    state = g.state
    card_id = _draw_one(g)
    if card_id is None:
        return
    card = card_of(card_id)
    if card["type"] == "play_now":
        g.emit("play_now", "1.7.1", f"{state.sides[side].name} draws '{card['name']}': {card['text']}",
               side=side, card=card_id)
        yield from play_now_event(g, side, card)
        state.discard.append(card_id)
        state.deck.extend(state.discard)
        state.discard = []
        state.dice.shuffle(state.deck)
        g.emit("reshuffle", "1.7.1", "the Bridge Deck is reshuffled")
        return
    state.sides[side].hand.append(card_id)
    g.emit("card_drawn", "17.7", f"drew '{card['name']}'", visible_to=side, side=side, card=card_id)
    g.emit("hand", "17.7", f"{state.sides[side].name} draws a Bridge Card", side=side,
           hand_size=len(state.sides[side].hand))
    yield from enforce_hand_limit(g, side)


def play_now_event(g: Game, side: str, card: dict[str, Any]) -> Gen:
    from cs_desktop.rules import damage

    state = g.state
    event = card["event"]
    ships = state.afloat(side)
    ship = ships[0] if ships else None
    if event in ("wind_veer", "wind_back"):
        state.wind = (state.wind - 1 + (1 if event == "wind_veer" else -1)) % 8 + 1
        g.emit("wind", "1.7.1", f"the wind now blows toward heading {state.wind}", wind=state.wind)
    elif event == "smoke_clears":
        state.smoke = {}
        g.emit("smoke", "1.7.1", "all smoke clears")
    elif ship is None or event == "nothing":
        g.emit("no_effect", "1.7.1", "no effect")
    elif event == "rigging_damage":
        damage.rigging_hits(g, ship, 1, "1.7.1")
        if ship.rigging <= ship.card.fighting_sail_only and ship.sail == "medium":
            # Ruling R1.7.1: drawn in 17.7, after 17.5 has forced F-box ships to Fighting Sail, so do it now.
            ship.sail = "fighting"
            g.emit("sail", "17.5", f"{ship.card.name}'s damaged rigging forces her to Fighting Sail", ship=ship.id,
                   sail="fighting")
    elif event == "crew_loss":
        yield from damage.crew_hits(g, ship, 1, "1.7.1")
    elif event == "morale_up":
        from cs_desktop.rules.state import HANDY

        if ship.morale < HANDY:
            ship.morale += 1
        g.emit("morale", "1.7.1", f"{ship.card.name}'s morale is now {ship.morale}", ship=ship.id,
               morale=ship.morale)
    elif event == "quick_reload":
        for section, load in ship.loads.items():
            if load is None and ship.assign["gunnery"][section] > 0:
                ship.loads[section] = "round"
                state.reload_track = [e for e in state.reload_track if not (e[1] == ship.id and e[2] == section)]
                g.emit("reload", "1.7.1", f"{ship.card.name} reloads her {section.replace('_', ' ')} broadside "
                       "with round shot", ship=ship.id, slot=section)
                break
        else:
            g.emit("no_effect", "1.7.1", "no empty, manned broadside: no effect")
    else:
        raise ValueError(f"unknown Play Now event {event!r}")


def hand_limit(g: Game, side: str) -> int:
    """1.7.2: hand size by Crew Morale (a side of several ships: its first ship afloat, ruling R1.7.2)."""
    from cs_desktop.rules.damage import HAND_LIMIT

    ships = g.state.afloat(side)
    return HAND_LIMIT[ships[0].morale] if ships else 0


def enforce_hand_limit(g: Game, side: str) -> Gen:
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
