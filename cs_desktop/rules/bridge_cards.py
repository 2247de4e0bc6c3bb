"""1.7 Bridge Cards: drawing (17.7, 2.0) and Play Now events (1.7.1); the deck is read in `deck.py`.

Play Now cards are resolved when drawn and the deck is reshuffled (1.7.1); Hold cards go to the hand,
limited by Crew Morale (1.7.2), and are played for their own effect on a roll of their kind (1.7.5) or
discarded for +1/-1 on one die (1.7.3, in `rolls.py`). The deck itself, the hand and its limit are in `deck.py`,
below the damage and the rolls that use them; this module draws the cards and resolves Play Now events.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import damage
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.deck import card_of, enforce_hand_limit
from cs_desktop.rules.state import HANDY

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee

Gen = Generator[list[Request], dict[str, Any], Any]
def _draw_one(g: Referee) -> str | None:
    state = g.state
    if not state.deck and state.discard:
        state.deck = state.discard
        state.discard = []
        state.dice.shuffle(state.deck)
        g.emit("reshuffle", "1.7.1", "the Bridge Deck is reshuffled")
    return state.deck.pop() if state.deck else None


def initial_draw(g: Referee) -> None:
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


def draw_card(g: Referee, side: str) -> Gen:
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


def play_now_event(g: Referee, side: str, card: dict[str, Any]) -> Gen:
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
