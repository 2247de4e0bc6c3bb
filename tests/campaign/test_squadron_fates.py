"""After a squadron battle (rulings RC15.5d, RC15.5e in docs/rulings.md): a consort left with no crew or a
shattered hull is abandoned and scuttled, her people taken off, everything in the ledger; a dismasted one is
jury-rigged; the captain's capture and death follow the flagship alone, never a consort.

Each test plays a real squadron battle with the simple captains, then sets the finished game's ships to the case
under test (the engine's own `after_battle` reads the game as it stands)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import cs_desktop
from cs_desktop.campaign import consequences
from cs_desktop.campaign.battle import battle_outcome
from cs_desktop.campaign.engine import CampaignEngine
from cs_desktop.campaign.folder import load_campaign
from cs_desktop.campaign.prizes import guard, working_crew
from cs_desktop.campaign.squadron_battle import CONSORT_LOST_REPUTATION, flagship_result, player_ids
from cs_desktop.campaign.state import ShipRecord, ledger_totals, totals
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.rules.state import ShipState

from tests.campaign.test_squadron_battle import _at_an_enemy_that_stands, _consort, _fight

C = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "constitution-1812")
Setup = Callable[[ShipState, ShipState, list[ShipState]], None]
# career seed chosen so that the flagship meets her first enemy that stands with no prize in company and the battle
# ends with that enemy still fighting (the turn limit), as the cases set up below suppose
SEED = 1


def _battle(consort_crew: int | None = None, prisoners: int = 0) -> tuple[CampaignEngine, ShipRecord, Game]:
    """A career at a squadron battle with a consort (Shannon), the battle played to its end."""
    engine = _at_an_enemy_that_stands(SEED)
    s = engine.state
    crew = consort_crew if consort_crew is not None else 12
    consort = _consort(s, "shannon", crew=crew, prisoners=prisoners)
    assert engine.submit("engage")
    assert s.battle is not None and s.battle["squadron"] == [s.flagship.id, consort.id]
    game = consequences.replay_battle(s.battle, _fight(s.battle))
    assert isinstance(game, Game)
    return engine, consort, game


def _after(engine: CampaignEngine, game: Game, setup: Setup, *, dice: Dice | None = None) -> None:
    """Put the game's ships in the case under test (flagship unhurt, every enemy struck unless `setup` says
    otherwise), then carry the battle over as `engine.submit` does."""
    s = engine.state
    assert s.battle is not None
    flag_id, consort_id = player_ids(game, s.battle["player_side"])
    flag, consort = game.state.ships[flag_id], game.state.ships[consort_id]
    assert flag.card.id == s.flagship.card and consort.card.id == "shannon"
    flag.crew, flag.struck, flag.captured = s.flagship.crew - int(s.battle.get("guard", 0)), False, False
    enemies = [x for x in game.state.ships.values() if x.side != s.battle["player_side"]]
    for e in enemies:
        e.struck = True
    setup(flag, consort, enemies)
    consequences.after_battle(C, s, dice or engine.dice, game)


def _accounted(engine: CampaignEngine) -> None:
    s = engine.state
    assert totals(s) == ledger_totals(s), "something was created or lost without a recorded cause"
    for ship in s.ships:
        assert 0 <= ship.crew <= C.cards[ship.card].crew_points and ship.rigging >= 0


def test_rc15_5d_a_consort_with_no_crew_left_is_abandoned_and_scuttled_her_prisoners_taken_off() -> None:
    work = working_crew(C, ShipRecord("x", "shannon", "x", "consort", 0, 0, 0, {}))
    engine, consort, game = _battle(consort_crew=work, prisoners=5)
    s = engine.state
    assert guard(C, consort) == 0  # no crew beyond her working crew to guard them: all of it fights
    flag_prisoners, reputation = s.flagship.prisoners, s.reputation

    def setup(flag: ShipState, ship: ShipState, enemies: list[ShipState]) -> None:
        ship.crew = 0

    _after(engine, game, setup)
    assert consort.id not in [x.id for x in s.ships] and not s.ended
    assert s.flagship.prisoners == flag_prisoners + 5
    gone = [e for e in s.ledger if e["ship"] == consort.id and e["what"] == "ships"][-1]
    assert gone["delta"] == -1 and "abandoned and scuttled" in gone["cause"]
    assert s.stats["consorts_scuttled"] == 1 and "consorts_lost" not in s.stats
    line = next(e for e in s.journal if e.get("scuttled") == consort.id)
    assert "cannot sail on" in line["text"] and "RC15.5d" in line["text"] and line["prisoners"] == 5
    # she was not struck to the enemy: the battle was won (every enemy struck) and no consort reputation lost
    assert s.reputation == reputation + 3 * len(game.scenario.sides[1].ships) + 3
    _accounted(engine)


def test_rc15_5d_a_consort_with_her_hull_shattered_is_scuttled_her_crew_taken_off_as_far_as_there_is_room() -> None:
    engine, consort, game = _battle()
    s = engine.state
    flag_card = C.cards[s.flagship.card]

    def setup(flag: ShipState, ship: ShipState, enemies: list[ShipState]) -> None:
        flag.crew = flag_card.crew_points - 3  # room for three crew points in the flagship
        ship.crew = 8
        for sec in SECTION_NAMES:
            ship.gunnery[sec] = 0

    _after(engine, game, setup)
    assert consort.id not in [x.id for x in s.ships]
    assert s.flagship.crew == flag_card.crew_points
    moved = [e for e in s.ledger if e["ship"] == s.flagship.id and e["what"] == "crew"
             and e["cause"].startswith("taken off")]
    assert sum(e["delta"] for e in moved) == 3
    line = next(e for e in s.journal if e.get("scuttled") == consort.id)
    assert "hull is shattered" in line["text"] and "5 crew point(s) the squadron has no room for" in line["text"]
    _accounted(engine)


def test_rc15_5d_a_dismasted_consort_with_men_and_hull_is_jury_rigged_and_sails_on() -> None:
    engine, consort, game = _battle()
    s = engine.state

    def setup(flag: ShipState, ship: ShipState, enemies: list[ShipState]) -> None:
        ship.rigging, ship.crew, ship.struck, ship.captured = 0, 6, False, False

    _after(engine, game, setup)
    assert s.ship(consort.id) is consort and consort.rigging == 1 and consort.crew == 6 + guard(C, consort)
    assert any(e["ship"] == consort.id and e["what"] == "rigging" and e["delta"] == 1 and "jury-rigged" in e["cause"]
               for e in s.ledger)
    assert "consorts_scuttled" not in s.stats
    _accounted(engine)


def test_rc15_5e_a_consort_struck_and_taken_does_not_make_the_captain_a_prisoner() -> None:
    engine, consort, game = _battle()
    s = engine.state
    reputation = s.reputation

    def setup(flag: ShipState, ship: ShipState, enemies: list[ShipState]) -> None:
        ship.struck = ship.captured = True
        enemies[0].struck = False  # an enemy still fights: the struck consort is hers (RC15.5c)

    _after(engine, game, setup)
    assert not s.ended and s.end_reason == ""
    assert consort.id not in [x.id for x in s.ships] and s.stats["consorts_lost"] == 1
    assert s.stats["lost"] == 0
    taken = len(game.scenario.sides[1].ships) - 1
    assert s.reputation == reputation + 3 * taken + (3 if taken else 0) - CONSORT_LOST_REPUTATION
    _accounted(engine)


def test_rc15_5e_the_flagship_striking_makes_the_captain_a_prisoner_whatever_her_consort_did() -> None:
    engine, consort, game = _battle()
    s = engine.state

    def setup(flag: ShipState, ship: ShipState, enemies: list[ShipState]) -> None:
        flag.struck = True
        ship.struck = ship.captured = False
        enemies[0].struck = False

    _after(engine, game, setup)
    # the captain is taken with his flagship (issue 29: a prisoner, to be exchanged), his squadron leaves him
    assert not s.ended and s.status == "prisoner" and s.captor == "GB" and s.stats["lost"] == 1 and not s.ships
    assert "is a prisoner of war" in s.journal[-1]["text"]


def _two_sixes(seed: int) -> Dice:
    """The engine's dice at the first counter from which the next two d6 are both 6."""
    for counter in range(100_000):
        probe = Dice(seed, counter)
        if probe.d6() == 6 and probe.d6() == 6:
            return Dice(seed, counter)
    raise AssertionError("no two sixes")


@pytest.mark.parametrize("flagship_hard_hit", [False, True])
def test_rc15_5e_the_death_roll_counts_the_flagships_losses_only(flagship_hard_hit: bool) -> None:
    engine, consort, game = _battle()
    s = engine.state
    card = C.cards[s.flagship.card]
    dice = _two_sixes(s.seed)

    def setup(flag: ShipState, ship: ShipState, enemies: list[ShipState]) -> None:
        ship.crew = 1  # the consort's crew cut to pieces: a hard battle, but not where the captain stands
        if flagship_hard_hit:
            flag.crew -= -(-card.crew_points // 4)  # a quarter of her card's crew points, rounded up

    _after(engine, game, setup, dice=dice)
    assert (s.end_reason == "death") is flagship_hard_hit
    assert flagship_result(game, battle_outcome(game, "us"), "us")["card"] == s.flagship.card
