"""Ship designations (issue 14, item 2): a name per ship that no other ship in the game shares.

A fleet scenario may sail one card several times (the 12-a-side what-if has five Congresses). The engine names
a ship by her card (`ship.card.name`, in every event's text), so three ships would all read "Congress" on the
board, the docks, the log and the requests. Here each ship gets her designation:

- her card's name when no other ship in the game has a card of that name (every shipped duel and the 3-ship
  21.4 scenario: nothing changes);
- otherwise the name and her number among the ships of that name, counted in the scenario's order (side by
  side, as each side lists them): "Congress (1)", "Congress (2)", ... A scenario that wants a ship to carry a
  name of her own gives her an inline ship card with that name (a scenario ship's `ship` may be a whole card),
  and she is then designated by it.

The engine is not changed (its events and the pinned games stay as they are): the play layer rewrites the text
of the events that name a ship whose name is shared (`designate_view`), matching each occurrence of the shared
name to the ship ids the event carries (`ship`, then `target`, then the target of a `choice`), in order. Only
the text is changed, never a field. Qt-free: the window, the replay viewer and the standing orders' sentences
all read the same names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from cs_desktop.rules.cards import ShipCard
from cs_desktop.rules.view_types import SideView, ViewEvent

View = Mapping[str, Any]


def card_names(view: View, cards: Mapping[str, ShipCard]) -> dict[str, str]:
    """Ship id -> the name on her card, in side order (then as each side lists its ships)."""
    out: dict[str, str] = {}
    for info in view["sides"].values():
        for sid in info["ships"]:
            out[str(sid)] = cards[str(view["ships"][sid]["card"])].name
    return out


def designate(plain: Mapping[str, str]) -> dict[str, str]:
    """Ship id -> designation, from ship id -> card name (in the game's order)."""
    count: dict[str, int] = {}
    for name in plain.values():
        count[name] = count.get(name, 0) + 1
    seen: dict[str, int] = {}
    out: dict[str, str] = {}
    for sid, name in plain.items():
        if count[name] == 1:
            out[sid] = name
        else:
            seen[name] = seen.get(name, 0) + 1
            out[sid] = f"{name} ({seen[name]})"
    return out


def designations(view: View, cards: Mapping[str, ShipCard]) -> dict[str, str]:
    """Ship id -> designation for the ships of a view (every view lists every ship: positions are public)."""
    return designate(card_names(view, cards))


class Designator:
    """The designations of one game, and its events' text with them (each event rewritten once, kept)."""

    def __init__(self, view: View, cards: Mapping[str, ShipCard]) -> None:
        self.plain = card_names(view, cards)
        self.names = designate(self.plain)
        self.shared = {sid for sid, name in self.names.items() if name != self.plain[sid]}
        self._done: dict[int, ViewEvent] = {}

    def event(self, event: ViewEvent) -> ViewEvent:
        """The event with its text naming ships by designation (the same object when nothing changes)."""
        if not self.shared:
            return event
        n = event.get("n")
        if isinstance(n, int) and n in self._done and self._done[n].get("type") == event.get("type"):
            return self._done[n]
        text = event.get("text")
        ids = [i for i in _ship_ids(event) if i in self.shared]
        if not ids or not isinstance(text, str):
            return event
        out = event.copy()
        out["text"] = rename(text, ids, self.plain, self.names)
        if isinstance(n, int):
            self._done[n] = out
        return out

    def view(self, view: SideView) -> SideView:
        """A shallow copy of the view whose events name ships by designation (the view itself when no ship's
        name is shared)."""
        if not self.shared or "events" not in view:
            return view
        out = view.copy()
        out["events"] = [self.event(e) for e in view["events"]]
        return out


def _ship_ids(event: ViewEvent) -> list[str]:
    ids = []
    for value in (event.get("ship"), event.get("target")):
        if isinstance(value, str):
            ids.append(value)
    choice = event.get("choice")
    if isinstance(choice, Mapping) and isinstance(choice.get("target"), str):
        ids.append(str(choice["target"]))
    return ids


def rename(text: str, ids: list[str], plain: Mapping[str, str], names: Mapping[str, str]) -> str:
    """`text` with the k-th occurrence of each shared card name replaced by the designation of the k-th of
    `ids` bearing that name (a further occurrence takes the last one's)."""
    by_name: dict[str, list[str]] = {}
    for sid in ids:
        if sid not in by_name.get(plain[sid], []):
            by_name.setdefault(plain[sid], []).append(sid)
    for name, ships in by_name.items():
        pattern = re.compile(r"(?<![\w])" + re.escape(name) + r"(?![\w]| \(\d)")
        k = 0

        def sub(_m: re.Match[str], ships: list[str] = ships) -> str:
            nonlocal k
            sid = ships[min(k, len(ships) - 1)]
            k += 1
            return names[sid]

        text = pattern.sub(sub, text)
    return text
