"""A battle told in a paragraph, from its events (issue 29, item 7): who fired first, the heaviest broadside, the
rigging shot away, boarding, fire, the strike, the prize, the escape, and how it ended.

Pure and deterministic: it reads the finished game's event list (`Game.events`, every field public once the game
is over) and the names the journal uses for its ships; it never rolls a die or reads the rules' state. The
verdict is not told here: the journal's battle line gives it (`consequences.verdict_text`), so the two never
differ.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Event = Mapping[str, Any]


class _Group:
    """Ships that did the same thing in the same turn, told in one sentence."""

    SAY = {"rigging": ("In turn {turn} {ship}'s rigging was so cut up that she could set no more than fighting "
                       "sail.", "In turn {turn} the rigging of {ships} was cut up: none could set more than "
                       "fighting sail."),
           "struck": ("{ship} struck her colours in turn {turn}.", "{ships} struck their colours in turn {turn}."),
           "escaped": ("{ship} bore away off the map in turn {turn} and left the battle.",
                       "{ships} bore away off the map in turn {turn} and left the battle.")}

    def __init__(self, kind: str, turn: object, ship: str) -> None:
        self.kind, self.turn, self.ships = kind, turn, [ship]

    def joins(self, other: _Group) -> bool:
        return (self.kind, self.turn) == (other.kind, other.turn)

    def __str__(self) -> str:
        one, many = self.SAY[self.kind]
        if len(self.ships) == 1:
            return one.format(turn=self.turn, ship=self.ships[0])
        return many.format(turn=self.turn, ships=", ".join(self.ships[:-1]) + " and " + self.ships[-1])


#: events told in a sentence each time they happen
_SAID = {"melee": "{ship}'s people boarded {target}.", "exploded": "{ship} blew up and sank.",
         "strike": "{text} in turn {turn}.", "retaken": "{ship} was retaken by her own people.",
         "aground": "{ship} ran aground in turn {turn}."}
#: events told once for a ship: (what is told once, the sentence)
_ONCE = {"fire": ("fire", "In turn {turn} fire broke out aboard {ship}."),
         "fire_caught": ("fire", "In turn {turn} fire broke out aboard {ship}."),
         "captured": ("taken", "{ship} was carried by boarding and taken."),
         "possession": ("taken", "{ship}'s boats took possession of {hulk}.")}


class _Teller:
    """The sentences of one battle, in the order things happened."""

    def __init__(self, events: Sequence[Event], names: Mapping[str, str], sides: Mapping[str, str]) -> None:
        self.events = events
        self.names = names
        self.sides = sides
        self.told: set[tuple[str, str]] = set()  # (what, ship) said once each

    def name(self, ship_id: object) -> str:
        return self.names.get(str(ship_id), str(ship_id))

    def first_fire(self) -> str | None:
        for i, e in enumerate(self.events):
            if e.get("type") == "announce" and e.get("choice", {}).get("target"):
                shooter, target = self.name(e["ship"]), self.name(e["choice"]["target"])
                hits = next((h.get("hits", 0) for h in self.events[i + 1:] if h.get("type") == "hits"
                             and h.get("ship") == e["ship"]), 0)
                outcome = "without effect" if not hits else f"and scored {_count(hits, 'hit')}"
                return f"{shooter} opened fire first, on {target} in turn {e.get('turn')}, {outcome}."
        return None

    def heaviest(self) -> str | None:
        best: Event | None = None
        for e in self.events:
            if e.get("type") == "hits" and int(e.get("hits", 0)) > (int(best["hits"]) if best else 1):
                best = e
        if best is None:
            return None
        return (f"The heaviest broadside was {self.name(best['ship'])}'s in turn {best.get('turn')}: "
                f"{_count(int(best['hits']), 'hit')} on {self.name(best['target'])}.")

    def moment(self, e: Event) -> str | _Group | None:
        """A sentence for an event worth telling, or None."""
        kind, ship, turn = str(e.get("type")), self.name(e.get("ship")), e.get("turn")
        words = {"ship": ship, "turn": turn, "target": self.name(e.get("target")), "hulk": self.name(e.get("hulk")),
                 "text": e.get("text", "A side struck")}
        if kind == "sail" and e.get("rule") == "17.5" and self._once("rigging", ship):
            return _Group("rigging", turn, ship)
        if kind in ("struck", "escaped"):
            return _Group(kind, turn, ship)
        if kind == "grappled":
            a, b = (self.name(x) for x in e.get("ships", ["?", "?"])[:2])
            return f"In turn {turn} {a} and {b} fell aboard each other and were grappled."
        if kind in _ONCE:
            what, said = _ONCE[kind]
            about = words["hulk"] if kind == "possession" else ship
            return said.format(**words) if self._once(what, str(about)) else None
        return _SAID[kind].format(**words) if kind in _SAID else None

    def _once(self, what: str, ship: str) -> bool:
        if (what, ship) in self.told:
            return False
        self.told.add((what, ship))
        return True

    def ending(self) -> str | None:
        last = self.events[-1] if self.events else {}
        if last.get("type") != "game_end":
            return None
        hits = {side: r.get("hits_total", 0) for side, r in (last.get("result") or {}).get("sides", {}).items()}
        if not hits:
            return None
        turn = last.get("turn")
        told = ", ".join(f"{self.sides.get(side, side)} {n}" for side, n in hits.items())
        return f"The action ended in turn {turn}; hits scored: {told}."


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def tell(events: Sequence[Event], names: Mapping[str, str], sides: Mapping[str, str] | None = None) -> str:
    """The battle's paragraph: `events` is a finished game's event list, `names` a ship id -> the name the
    journal gives her (a ship not named there goes by her id), `sides` a side id -> its name."""
    t = _Teller(events, names, sides or {})
    sentences: list[str | _Group | None] = [t.first_fire(), t.heaviest()]
    for e in events:
        said = t.moment(e)
        last = sentences[-1]
        if isinstance(said, _Group) and isinstance(last, _Group) and last.joins(said):
            last.ships += said.ships
        else:
            sentences.append(said)
    sentences.append(t.ending())
    told = [str(s) for s in sentences if s]
    return " ".join(told) if told else "Neither ship fired a shot."
