"""Campaign mechanics one by one (docs/campaign-engine.md): prizes and prisoners, the prize court, a refit,
stores, weather and escape rolls, the end of a career. Every change must appear in the ledger."""

from __future__ import annotations

import cs_desktop
from cs_desktop.campaign import consequences, encounters, port, prizes
from cs_desktop.campaign.engine import CampaignEngine, new_state
from cs_desktop.campaign.folder import load_campaign
from cs_desktop.campaign.state import adjust_section, ledger_totals, totals
from cs_desktop.rules.dice import Dice

C = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "constitution-1812")


def _prize(prisoners: int = 13, guns: int = 20, rigging: int = 0) -> dict[str, object]:
    card = C.cards["guerriere"]
    gunnery = {s: 0 for s in card.gunnery}
    left = guns
    for s in gunnery:
        gunnery[s] = min(left, len(card.gunnery[s]))
        left -= gunnery[s]
    return {"card": "guerriere", "name": "Guerriere", "prisoners": prisoners, "rigging": rigging,
            "gunnery": gunnery, "quality": "average"}


def _balanced(state) -> None:  # type: ignore[no-untyped-def]
    assert totals(state) == ledger_totals(state)


def test_prize_crew_is_one_crew_point_for_six_prisoners_and_a_dismasted_prize_is_jury_rigged() -> None:
    s = new_state(C, 1)
    s.prizes = [_prize(prisoners=13)]
    assert consequences.prize_crew_needed(s.prizes[0]) == 3
    assert consequences.prize_options(C, s, s.prizes[0]) == ["take", "burn"]
    crew = s.flagship.crew
    consequences.decide_prize(C, s, "take")
    prize = s.ships[1]
    assert (prize.role, prize.crew, prize.prisoners, prize.rigging) == ("prize", 3, 13, 1)
    assert s.flagship.crew == crew - 3 and "guerriere" in s.gone
    _balanced(s)


def test_a_shattered_hull_cannot_be_taken_and_her_crew_come_aboard_as_prisoners() -> None:
    s = new_state(C, 1)
    s.prizes = [_prize(prisoners=9, guns=0)]
    assert consequences.prize_options(C, s, s.prizes[0]) == ["burn"]
    consequences.decide_prize(C, s, "burn")
    assert s.flagship.prisoners == 9 and len(s.ships) == 1 and s.stage == "finish"
    _balanced(s)


def test_prisoners_six_times_their_guard_rise_and_retake_the_prize() -> None:
    s = new_state(C, 1)
    s.port = None
    s.prizes = [_prize(prisoners=12)]
    consequences.decide_prize(C, s, "take")
    prize = s.ships[1]
    assert prize.crew == 2
    consequences.month_end(C, s, Dice(1))
    assert prize in s.ships  # 12 prisoners, 2 guards: held
    s.orders = None
    consequences.adjust(s, prize, "crew", -1, "test: a guard lost")
    s.stage = "finish"
    consequences.month_end(C, s, Dice(1))
    assert prize not in s.ships and "guerriere" not in s.gone and s.stats["lost_prizes"] == 1
    _balanced(s)


def test_rc15_3a_the_prize_court_pays_the_captains_share_when_she_is_sold_and_the_prize_crew_returns() -> None:
    s = new_state(C, 1)
    s.port = None
    s.prizes = [_prize(prisoners=6, guns=20)]
    consequences.decide_prize(C, s, "take")
    money, crew = s.money, s.flagship.crew
    port.arrive(C, s, "boston")
    assert s.money == money and [x.role for x in prizes.awaiting(C, s)] == ["prize"]  # her fate is asked first
    prizes.decide_fate(C, s, "sell")
    value = 20 * C.campaign.terms.prize_value_per_gun_box
    assert s.money == money + value * C.campaign.terms.captain_share // 100
    assert s.flagship.crew == crew + 1 and len(s.ships) == 1 and s.stats["condemned"] == 1
    _balanced(s)


def test_a_refit_repairs_by_box_at_a_cost_and_recruits_the_ports_number() -> None:
    s = new_state(C, 1)
    flag = s.flagship
    consequences.adjust(s, flag, "rigging", -5, "test damage")
    adjust_section(s, flag, "port_bow", -4, "test damage")
    consequences.adjust(s, flag, "crew", -9, "test losses")
    money = s.money
    port.refit(C, s)
    boston = C.port("boston")
    assert boston.repair == 8 and boston.recruits.points == 6
    assert flag.damage(C.cards[flag.card]) == {"hull": 1, "rigging": 0, "crew": 3}
    terms = C.campaign.terms
    assert s.money == money - 8 * terms.repair_cost_per_box - 6 * terms.recruit_cost_per_point
    assert flag.morale == 3 and flag.stores == terms.stores_months and flag.shot == terms.shot
    _balanced(s)


def test_no_money_no_repair() -> None:
    s = new_state(C, 1)
    consequences.adjust(s, None, "money", -s.money, "test: an empty purse")
    consequences.adjust(s, s.flagship, "rigging", -3, "test damage")
    port.refit(C, s)
    assert s.flagship.rigging == C.cards["constitution"].rigging_points - 3


def test_stores_exhausted_cost_crew_and_morale() -> None:
    s = new_state(C, 1)
    s.port, s.stage = None, "finish"
    consequences.adjust(s, s.flagship, "stores", -s.flagship.stores, "test: stores gone")
    crew = s.flagship.crew
    consequences.month_end(C, s, Dice(3))
    assert s.flagship.crew == crew - 1 and s.flagship.morale == 2
    _balanced(s)


def test_weather_is_drawn_from_the_percentages() -> None:
    dice = Dice(11)
    counts = {k: 0 for k in ("calm", "moderate", "fresh", "gale", "storm")}
    for _ in range(2000):
        counts[encounters.draw_percent(dice, {"calm": 10, "fresh": 90}, tuple(counts))] += 1
    assert counts["moderate"] == counts["gale"] == counts["storm"] == 0
    assert 140 < counts["calm"] < 260


def test_escape_roll_counts_the_weather_gauge_and_hull_speed() -> None:
    """One die, +2 with the gauge, -2 against, +1 a step of hull speed (3.1) over the chaser; 4+ escapes."""
    for seed in range(30):
        ok, die, mod = encounters.escape_roll(Dice(seed), "player", "fast", "slow", "player")
        assert mod == 4 and ok
        ok, die, mod = encounters.escape_roll(Dice(seed), "player", "slow", "fast", "enemy")
        assert mod == 0 and ok == (die >= 4)
        ok, die, mod = encounters.escape_roll(Dice(seed), "none", "average", "average", "player")
        assert mod == 0


def test_the_war_ends_with_the_calendar_and_dismissal_ends_a_career() -> None:
    s = new_state(C, 1)
    s.year, s.month, s.stage = 1815, 4, "finish"
    consequences.month_end(C, s, Dice(1))
    assert s.ended and s.end_reason == "peace" and s.score is not None and s.journal[-1]["kind"] == "end"
    s = new_state(C, 1)
    s.reputation, s.stage = C.campaign.terms.dismissal_reputation, "finish"
    consequences.month_end(C, s, Dice(1))
    assert s.end_reason == "dismissed" and CampaignEngine(C, s).pending is None


def test_no_action_in_a_calm_or_a_storm_whatever_is_answered() -> None:
    for choice in ("evade", "parley"):
        s = new_state(C, 1)
        s.port, s.stage = None, "encounter"
        s.encounter = {"scripted": None, "title": "Endymion", "nation": "GB", "ships": ["endymion"],
                       "crew_quality": None, "mission": "cruiser", "gauge": "enemy", "stands": True,
                       "engagement": None, "date": "1812-07-09", "weather": {"strength": "calm", "from": "W"}}
        engine = CampaignEngine(C, s)
        assert engine.pending is not None and engine.pending.options == ["evade", "parley"]
        assert engine.submit(choice)
        assert s.stats["battles"] == 0 and s.battle is None and s.date == "1812-08"


def test_prisoners_six_times_the_flagships_crew_take_her() -> None:
    s = new_state(C, 1)
    s.port, s.stage = None, "finish"
    consequences.adjust(s, s.flagship, "crew", -15, "test losses")
    consequences.adjust(s, s.flagship, "prisoners", 19, "test prisoners")
    consequences.month_end(C, s, Dice(1))
    assert not s.ended and s.status == "prisoner" and s.captor == "GB" and s.ships == []
    assert s.lost_ships == ["constitution"]
