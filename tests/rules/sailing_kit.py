"""Helpers for building exact sailing situations: fixed speeds, chosen dice, re-running a segment."""

from __future__ import annotations

from cs_desktop.rules import movement_rates
from cs_desktop.rules.dice import Dice


def fix_speeds(monkeypatch, speeds):
    """Every turn, 7.0 gives each ship the listed speed (others keep the rules' value)."""
    real = movement_rates.final_speed

    def fixed(ship, base, bonus, halved):
        return speeds[ship.id] if ship.id in speeds else real(ship, base, bonus, halved)

    monkeypatch.setattr(movement_rates, "final_speed", fixed)


def next_dice(game, wanted):
    """Replace the game's dice by a seeded stream whose next d6 results are `wanted` (searched, deterministic)."""
    for seed in range(200_000):
        d = Dice(seed)
        if all(d.d6() == w for w in wanted):
            game.state.dice = Dice(seed)
            return seed
    raise AssertionError(f"no seed gives {wanted}")


def hold_still(game, *ship_ids):
    """Give each ship a Back Sail selected earlier (4.0: "if not already selected"), so that at speed 0 she
    is never asked to select: with no maneuver she would have to, and Strain (9.1 restrictions 1-2)."""
    for ship_id in ship_ids:
        game.state.ships[ship_id].maneuver = {"maneuver": "back_sail", "revealed": False}


def restart_segment(game):
    """Run the current segment again from the (edited) state, e.g. after setting initiative or speeds."""
    game._gen = None
    game._pending = []
    game._answers = {}
    game._run(None)


def to_select(monkeypatch, a=(10, 12, 3), b=(28, 20, 7), speeds=None, *, ip="us", **duel_kw):
    """A duel with fixed speeds (default Constitution 12, Java 0) driven to the first maneuver selection of
    turn 1 (nothing has moved yet); the initiative is then set to `ip`. A ship given speed 0 starts holding a
    Back Sail selected earlier, which she never completes: a ship selects only if she has no maneuver (4.0),
    so she is never asked (with none she would have to select and Strain, 9.1 restriction 2)."""
    from tests.rules.harness import at, drive, duel

    speeds = speeds if speeds is not None else {"constitution": 12, "java": 0}
    fix_speeds(monkeypatch, speeds)
    game = duel(a=a, b=b, **duel_kw)
    hold_still(game, *(ship_id for ship_id, speed in speeds.items() if speed == 0))
    drive(game, until=at("select_maneuver"))
    game.state.initiative = ip
    return game


def select(game, side, choice):
    """Answer the pending maneuver selection of `side`, whose only listed ship takes `choice`."""
    from tests.rules.harness import answer

    (ship_id,) = game.pending_for(side).ships
    return answer(game, side, {ship_id: choice})


def rolls(game, purpose, turn=None):
    """Roll events whose purpose starts with `purpose` (in turn `turn` if given), in order."""
    return [e for e in game.events if e["type"] == "roll" and e["purpose"].startswith(purpose)
            and (turn is None or e["turn"] == turn)]


def ship_events(game, kind, ship):
    """Events of type `kind` about ship `ship`, in order."""
    return [e for e in game.events if e["type"] == kind and e.get("ship") == ship]
