"""Rolling dice under the rules: every roll recorded with its purpose, modifiers and rule (BRIEF §3),
with the Bridge Card bonus of 1.7.3-1.7.4 offered before the dice are rolled."""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import decisions
from cs_desktop.rules.decisions import Refusal, Request
from cs_desktop.rules.deck import card_of, playable_for, resolve_played
from cs_desktop.rules.dice import Dice

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee

Mods = Sequence[tuple[str, int]]


@dataclass(frozen=True, slots=True)
class CardUse:
    """What a side's cards do to one roll: Hold cards discarded (+1/-1 a die, 1.7.3) and card effects played
    for this roll's hook (1.7.2, 1.7.5)."""

    discarded: int = 0
    mods: list[tuple[str, int]] = field(default_factory=list)
    effects: list[dict[str, Any]] = field(default_factory=list)


NO_CARDS = CardUse()


@dataclass(frozen=True, slots=True, init=False)
class Roll:
    dice: tuple[int, ...]  # natural results
    modifier: int  # sum of the listed modifiers, applied to every die
    card_bonus: tuple[int, ...]  # per die, from discarded Hold cards (1.7.3)
    modified: tuple[int, ...]  # each die with the modifier and its card bonus

    def __init__(self, dice: tuple[int, ...], modifier: int, card_bonus: tuple[int, ...],
                 modified: tuple[int, ...] = ()) -> None:
        # written out, as `decisions.Request`'s is: the compiled build compiles it (a generated one stays interpreted)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "modifier", modifier)
        object.__setattr__(self, "card_bonus", card_bonus)
        object.__setattr__(self, "modified", modified or tuple(
            d + modifier + c for d, c in zip(dice, card_bonus, strict=True)))

    @property
    def total(self) -> int:
        return sum(self.modified)


def roll(g: Referee, side: str, n: int, purpose: str, rule: str, mods: Mods = (), *,
         lower_is_better: bool = False, ship: str | None = None, steps: Sequence[int] | None = None,
         **data: Any) -> Generator[list[Request], dict[str, Any], Roll]:
    """Roll `n` dice for `side`, after offering its Hold cards as +1 (or -1) per die (1.7.3). `steps`: the
    modified values of a die at which the roll's result changes (`needs`), offered with the cards."""
    if n <= 0 or not g.state.sides[side].hand:  # nothing to offer (1.7.3 needs a card and a die)
        return _rolled(g, side, n, purpose, rule, mods, 0, lower_is_better, ship, data)
    need = None if steps is None else needs(sum([v for _, v in mods]), steps)
    cards = yield from offer_bonus_cards([(side, n, purpose, rule, lower_is_better)], g,
                                         {side: need} if need is not None else None)
    use = cards.get(side, NO_CARDS)
    return _rolled(g, side, n, purpose, rule, list(mods) + use.mods, use.discarded, lower_is_better, ship, data)


def roll_now(g: Referee, side: str, n: int, purpose: str, rule: str, mods: Mods = (), n_cards: int = 0, *,
             lower_is_better: bool = False, ship: str | None = None, **data: Any) -> Roll:
    return _rolled(g, side, n, purpose, rule, mods, n_cards, lower_is_better, ship, data)


def _rolled(g: Referee, side: str, n: int, purpose: str, rule: str, mods: Mods, n_cards: int, lower_is_better: bool,
            ship: str | None, data: dict[str, Any]) -> Roll:
    """`roll_now`, with the event's own fields in a dict: no call here passes `**data` on, which the compiled build
    does through Python's slow call with keywords."""
    dice = g.state.dice
    # Dice.d6s draws exactly what n calls of d6 draw, in one call; a stand-in (a determinized copy's dice, a
    # test's scripted dice) is asked die by die
    rolled = dice.d6s(n) if type(dice) is Dice else tuple([dice.d6() for _ in range(n)])
    modifier = sum([v for _, v in mods]) if mods else 0
    if n_cards:
        sign = -1 if lower_is_better else 1
        bonus = tuple([sign if i < n_cards else 0 for i in range(n)])
        modified = [d + modifier + c for d, c in zip(rolled, bonus, strict=True)]
        mod_list = [[label, value] for label, value in mods if value]
        mod_list.append([f"{n_cards} Bridge Card(s) discarded, {sign:+d} per die (1.7.3)", 0])
    else:
        bonus = (0,) * n
        modified = [d + modifier for d in rolled]
        mod_list = [[label, value] for label, value in mods if value]
    faces = list(rolled)
    fields = {"side": side, "ship": ship, "purpose": purpose, "dice": faces, "modifiers": mod_list,
              "card_bonus": list(bonus), "modified": modified}
    if data:
        if not fields.keys().isdisjoint(data):
            raise TypeError(f"a roll's own fields given again: {sorted(fields.keys() & data.keys())}")
        fields.update(data)
    g.emit_with("roll", rule, f"{purpose}: {faces} -> {modified}", fields)
    return Roll(rolled, modifier, bonus, tuple(modified))


def needs(modifier: int, steps: Sequence[int]) -> dict[str, Any]:
    """What a roll needs, as its Hold-card offer carries it (1.7.3): the modifier every die gets and the
    modified die values at which the result changes (a die reaching `step` gives another result than one
    below it). Public: the rolling side's own modifiers and the table's printed steps."""
    return {"modifier": int(modifier), "steps": sorted({int(t) for t in steps})}


def card_can_change(need: Mapping[str, Any] | None, lower_is_better: bool = False, by: int = 1) -> bool | None:
    """1.7.3: whether a Hold card's +1 (-1 on a roll where lower is better) on a die can change the result of
    the roll `need` describes (`needs`): true when some face 1-6 of a die, with the roll's modifier, lies below
    a step that the card lifts it to (for -1: on one). `by`: a card played for its own effect adds that much
    (1.7.5, e.g. +3 to a strike check). None when the roll does not say what it needs. Before the dice are
    rolled this reads only the public request: no die is known."""
    if not need:
        return None
    m = int(need["modifier"])
    if lower_is_better:
        return any(face + m - by < t <= face + m for face in range(1, 7) for t in need["steps"])
    return any(face + m < t <= face + m + by for face in range(1, 7) for t in need["steps"])


def offer_bonus_cards(rolls: Sequence[tuple[str, int, str, str, bool]], g: Referee,
                      need: Mapping[str, dict[str, Any]] | None = None,
                      ) -> Generator[list[Request], dict[str, Any], dict[str, CardUse]]:
    """1.7.3/1.7.4: before dice are rolled, each rolling side with Hold cards may discard one per die.

    `rolls` lists (side, dice, purpose, rule, lower_is_better) of the rolls about to be made together; the
    Non-Initiative Player decides first. A chosen card whose own text applies to this roll (its hook) is
    played for that effect instead (1.7.5). `need` (side -> `needs(...)`) tells a side's request what its
    roll needs (`Request.needs`). Returns side -> CardUse.
    """
    used: dict[str, CardUse] = {}
    if not g.options.get("bonus_cards", True):
        return used
    state = g.state
    if len(rolls) == 1:
        if rolls[0][1] <= 0 or not state.sides[rolls[0][0]].hand:  # the usual roll: nothing to offer
            return used
        order = rolls
    elif state.initiative is not None and len(state.sides) > 2:
        order = sorted(rolls, key=lambda r: state.rank(r[0]))  # R6.0a: up the initiative order
    else:
        order = sorted(rolls, key=lambda r: 0 if state.initiative is None or r[0] != state.initiative else 1)
    for side, n, purpose, rule, lower in order:
        hand = state.sides[side].hand
        if not hand or n <= 0:
            continue
        most = min(n, len(hand))
        playable = playable_for(hand, purpose)
        request = Request(
            "bonus_cards", side, "1.7.3",
            f"Discard Hold cards for {'-1' if lower else '+1'} on up to {most} di{'e' if most == 1 else 'ce'} "
            f"of: {purpose} ({rule})?"
            + (" Cards that may be played for their own effect on this roll: "
               + ", ".join(f"'{card_of(c)['name']}'" for c in playable) if playable else ""),
            info={"purpose": purpose, "for_rule": rule, "dice": n, "max": most, "hand": list(hand),
                  "playable": playable},
            needs=dict(need[side], lower_is_better=lower) if need is not None and side in need else None,
        )
        answers = yield [request]
        chosen = list(answers[side])
        if not chosen:
            continue
        played = [c for c in chosen if c in playable][:1]
        discarded = [c for c in chosen if c not in played]
        for card_id in chosen:
            hand.remove(card_id)
            state.discard.append(card_id)
        mods, effects = resolve_played(played, purpose)
        g.emit("cards_discarded", "1.7.3", f"{state.sides[side].name} uses {len(chosen)} card(s) for {purpose}",
               side=side, cards=chosen, played=played)
        used[side] = CardUse(len(discarded), mods, effects)
    return used


def _validate_bonus(state: Any, request: Request, answer: Any) -> Any:
    if type(answer) is list and not answer:  # no card used: the usual answer
        return None
    if not isinstance(answer, list) or not all(isinstance(c, str) for c in answer):
        return Refusal("1.7.3", "answer with a list of card ids from your hand (empty for none)")
    played = [c for c in answer if c in request.info["playable"]][:1]
    if len(answer) - len(played) > request.info["max"]:
        return Refusal("1.7.3", "only one Hold card may be discarded per die")
    if len(set(answer)) != len(answer) or any(c not in request.info["hand"] for c in answer):
        return Refusal("1.7.3", "discard only cards in your hand, each once")
    return None


def _sample_bonus(state: Any, request: Request, rng: Any) -> list[str]:
    hand = list(request.info["hand"])
    k = rng.below(request.info["max"] + 1) if rng.below(4) == 0 else 0  # random play keeps cards mostly
    rng.shuffle(hand)
    return hand[:k]


def _register() -> None:
    decisions.VALIDATORS["bonus_cards"] = _validate_bonus
    decisions.SAMPLERS["bonus_cards"] = _sample_bonus
    decisions.REQUEST_ONLY.add("bonus_cards")  # both read only the request's hand, playable cards and max


_register()
