"""What follows a battle and a month, carried over exactly and recorded in the ledger (issue 15, item 3):

- after a battle the flagship's crew, rigging and gunnery boxes are the game's, box for box; her morale the
  game's (a crew never leaves a battle in the Strike Check box: Unfit at worst); shot spent by the broadsides
  fired; experience gained (one for a battle, one more for a win);
- a struck enemy may be taken as a prize: a prize crew of one crew point for every six points of prisoners
  (Wooden Ships & Iron Men's ratio, our numbers) leaves the flagship; a ship with no gunnery box left cannot be
  saved and is burnt, her crew taken aboard as prisoners;
- prisoners who outnumber their guard six to one rise and retake the prize; a prize in company may be retaken
  when the squadron runs from an enemy;
- each month at sea eats a month of stores (none left: a crew point lost to sickness and morale falls);
  after three months at sea morale may drift down; the captain draws his pay;
- the career ends with the war (the calendar's end or an event), capture (the flagship strikes), death (a
  rare shot in a hard battle for the flagship: the captain is aboard her, RC15.5e) or dismissal (reputation at or below the campaign's limit).
"""

from __future__ import annotations

import math
from typing import Any

from cs_desktop.campaign.battle import battle_outcome, ship_rank
from cs_desktop.campaign import battle_story, missions, refits
from cs_desktop.campaign.career import PEOPLE, battle_record, end_career, month_pay, rank_needed, rise, strength
from cs_desktop.campaign.career import taken as taken_with_ship
from cs_desktop.campaign.encounters import remember_escape
from cs_desktop.campaign.folder import Campaign
from cs_desktop.campaign.prizes import PRISONERS_PER_GUARD, awaiting, rising
from cs_desktop.campaign.squadron_battle import carry_consorts, carry_ship, fighting, flagship_result, player_ids
from cs_desktop.campaign.state import (
    CampaignState,
    ShipRecord,
    adjust,
    join,
    leave,
    log,
)
from cs_desktop.rules.cards import SECTION_NAMES, Scenario, ShipCard
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game


def replay_battle(battle: dict[str, Any], answer: Any) -> Game | str:
    """The tactical game the answer's decisions play from the battle request, or why it is refused: the answer
    must be `{"decisions": [...]}` that replay (through the engine's own checks) to a finished game."""
    if not isinstance(answer, dict) or set(answer) != {"decisions"} or not isinstance(answer["decisions"], list):
        return 'battle: answer {"decisions": [...]}, the decisions of the tactical game played from the request'
    scenario = Scenario.model_validate(battle["scenario"])
    cards = {k: ShipCard.model_validate(v) for k, v in battle["ships"].items()}
    try:
        game = Game.replay(scenario, cards, battle["seed"], answer["decisions"], battle["options"])
    except (ValueError, KeyError, TypeError) as e:
        return f"battle: the decisions do not replay: {e}"
    if not game.ended:
        return "battle: the game these decisions play is not finished; fight it to its end (18.0)"
    return game


def storm(s: CampaignState, dice: Dice) -> None:
    for ship in list(s.ships):
        die = dice.d6()
        if die <= 2 and ship.rigging > 1:
            adjust(s, ship, "rigging", -1, "storm damage aloft")
            log(s, "storm", f"{ship.name} loses a rigging box in the storm (die {die}).")
        if die == 1 and ship.crew > 1:
            adjust(s, ship, "crew", -1, "men lost overboard in the storm")
            log(s, "storm", f"{ship.name} loses men overboard.")


def prizes_in_company_risk(s: CampaignState, dice: Dice) -> None:
    for ship in [x for x in s.ships if x.role == "prize"]:
        die = dice.d6()
        if die <= 2:
            leave(s, ship, f"{ship.name} retaken by the enemy while the squadron ran")
            _back_at_sea(s, ship)
            s.stats["lost_prizes"] += 1
            log(s, "recapture", f"The prize {ship.name} falls behind and is retaken (die {die}).", ship=ship.name)


def convoy_scatters(s: CampaignState) -> None:
    """The squadron ran from an enemy while escorting: the convoy scatters (once a month), and it does not also
    arrive safely at the month's end."""
    if s.orders and s.orders.get("order") == "escort" and not s.orders.get("scattered"):
        s.orders["scattered"] = True
        s.reputation -= 3
        log(s, "escort", "The convoy scatters and some of it is taken: reputation -3.")


def _back_at_sea(s: CampaignState, ship: ShipRecord) -> None:
    """A prize retaken sails for her nation again."""
    s.gone.remove(ship.card)
    if ship.name in s.gone_names:
        s.gone_names.remove(ship.name)


def _enemy_record(c: Campaign, card: ShipCard, crew: int, rigging: int, gunnery: dict[str, int],
                  quality: str, name: str | None = None) -> dict[str, Any]:
    return {"card": card.id, "name": name or card.name, "prisoners": crew, "rigging": rigging,
            "gunnery": dict(gunnery), "quality": quality}


def struck_without_fight(c: Campaign, s: CampaignState, e: dict[str, Any]) -> None:
    names = e.get("names") or [c.cards[k].name for k in e["ships"]]
    s.prizes = [_enemy_record(c, c.cards[k], c.cards[k].crew_points, c.cards[k].rigging_points,
                              {sec: len(c.cards[k].gunnery[sec]) for sec in SECTION_NAMES},
                              e.get("crew_quality") or c.cards[k].historical_crew_quality, name)
                for k, name in zip(e["ships"], names, strict=True)]
    s.reputation += 1
    s.stage = "prizes"


def after_battle(c: Campaign, s: CampaignState, dice: Dice, game: Game) -> None:
    assert s.battle is not None and s.encounter is not None
    b = s.battle
    scenario, cards = game.scenario, game.cards
    decisions = game.decisions
    out = battle_outcome(game, b["player_side"])
    title = scenario.title
    flag = s.flagship
    mine = flagship_result(game, out, b["player_side"])  # the captain is aboard her (RC15.5e)
    guard = int(b.get("guard", 0))  # the prisoners' guard stayed below and did not fight (RC15.3b)
    own = sum(strength(x) for x in fighting(c, s)) - guard  # before the battle's result is carried over
    crew_lost = carry_ship(s, flag, mine, guard, title)
    names = b.get("names", {})  # the enemy's names as sighted (a generic sailing's ships have their own)
    enemies = [{**v, "name": names.get(gid) or cards[v["card"]].name} for gid, v in out["ships"].items()
               if v["side"] != b["player_side"]]
    taken = [v for v in enemies if v["struck"] or v["captured"]]
    # The campaign judges a battle by what happened to the ships (ruling R19.0c): won if an enemy struck and
    # the flagship did not, lost if the flagship struck, else indecisive; the 19.0 VP are the board's record.
    lost = mine["struck"] or mine["captured"]
    won = bool(taken) and not lost
    flag.experience += 2 if won else 1
    s.stats["battles"] += 1
    s.stats["won" if won else "lost" if lost else "drawn"] += 1
    s.reputation += 3 * len(taken) + (3 if won else -5 if lost else 0)
    if won:
        flag.morale = min(3, flag.morale + 1)
    verdict = verdict_text(won, lost, [v["name"] for v in taken], flag.name, out["vp"], b["player_side"])
    log(s, "battle", f"{title}: {out['reason']} after {out['turns']} turns — {verdict}"
                     + f". {flag.name} lost {crew_lost} crew point(s); now crew {flag.crew}, rigging {flag.rigging}, "
                       f"gunnery boxes {flag.guns}.", result=out, decisions=len(decisions), verdict=verdict)
    log(s, "story", battle_story.tell(game.events, journal_names(s, game, names), side_names(s, game)))
    carry_consorts(c, s, game, out, won)  # the consorts' results, each in the ledger (RC15.5c)
    # the historical action was fought in this world by the player: its story is his battle's, not the record's
    s.battle = None
    if lost:  # the flagship struck or was taken, whatever her consorts did (RC15.5e)
        s.defeat = battle_record(c, s, enemies, own, out["turns"])
        taken_with_ship(c, s, dice, f"{flag.name} struck her colours; Captain {s.captain} is a prisoner of war.",
                        s.encounter["nation"])
        return
    # the death roll: only a hard battle for the flagship, where the captain stands (RC15.5e)
    if crew_lost * 4 >= c.cards[flag.card].crew_points and dice.d6() == 6 and dice.d6() == 6:
        end_career(s, "death", f"Captain {s.captain} is killed on his quarterdeck in the {title}.")
        return
    s.prizes = []
    for v in taken:
        card = cards[v["card"]]
        s.prizes.append(_enemy_record(c, card, v["crew"], v["rigging"], v["gunnery"],
                                      s.encounter.get("crew_quality") or card.historical_crew_quality, v["name"]))
    s.stage = "prizes" if s.prizes else "finish"


def journal_names(s: CampaignState, game: Game, enemy: dict[str, str]) -> dict[str, str]:
    """Each ship of the battle by the name the journal gives her: the player's ships by their records' names, the
    enemy's as sighted, anyone else by her card."""
    assert s.battle is not None
    names = {gid: ship.card.name for gid, ship in game.state.ships.items()}
    order = s.battle.get("squadron") or [s.flagship.id]
    records = {x.id: x.name for x in s.ships}
    for rid, gid in zip(order, player_ids(game, s.battle["player_side"]), strict=False):
        names[gid] = records.get(rid, names[gid])
    names.update({gid: name for gid, name in enemy.items() if name})
    return names


def side_names(s: CampaignState, game: Game) -> dict[str, str]:
    return {sid: side.name for sid, side in game.state.sides.items()}


def verdict_text(won: bool, lost: bool, struck: list[str], flagship: str, vp: dict[str, float],
                 player_side: str) -> str:
    """The battle's verdict with what decided it (the ships, R19.0c), and the 19.0 points beside it as what they
    are -- a duel's score with the 20.1 multipliers, which may favour the beaten side -- so the two never read
    as one contradicting the other."""
    if won:
        verdict = f"won: {' and '.join(struck)} struck"
    elif lost:
        verdict = f"lost: {flagship} struck"
    else:
        verdict = "indecisive: no ship of either side struck" if not struck else "indecisive"
    if not vp:
        return verdict
    points = ", ".join(f"{k} {v:g}" for k, v in sorted(vp.items(), key=lambda kv: (kv[0] != player_side, kv[0])))
    return f"{verdict} (the ships decide a campaign battle, R19.0c; the board's 19.0 points as a duel: {points})"


def prize_crew_needed(prize: dict[str, Any]) -> int:
    return max(1, math.ceil(int(prize["prisoners"]) / PRISONERS_PER_GUARD))


def prize_options(c: Campaign, s: CampaignState, prize: dict[str, Any]) -> list[str]:
    flag = s.flagship
    keep = max(2, c.cards[flag.card].crew_points // 3)
    seaworthy = sum(prize["gunnery"].values()) > 0  # a shattered hull (no gunnery box left) cannot be saved
    can = seaworthy and flag.crew - prize_crew_needed(prize) >= keep
    return (["take"] if can else []) + ["burn"]


def decide_prize(c: Campaign, s: CampaignState, choice: str) -> None:
    prize = s.prizes.pop(0)
    flag = s.flagship
    s.gone.append(prize["card"])
    s.gone_names.append(prize["name"])
    if choice == "take":
        n = prize_crew_needed(prize)
        adjust(s, flag, "crew", -n, f"prize crew put into {prize['name']}")
        ship = ShipRecord(id=f"prize-{s.stats['taken'] + 1}-{prize['card']}", card=prize["card"],
                          name=prize["name"], role="prize", experience=flag.experience, crew=n,
                          rigging=prize["rigging"], gunnery=dict(prize["gunnery"]), morale=3,
                          stores=c.campaign.terms.stores_months // 2, shot=0,
                          prisoners=prize["prisoners"])
        join(s, ship, f"{prize['name']} taken as a prize (with her own provisions)")
        if ship.rigging == 0:
            adjust(s, ship, "rigging", 1, f"{prize['name']} jury-rigged by her prize crew")
        s.stats["taken"] += 1
        log(s, "prize", f"{prize['name']} taken: a prize crew of {n} point(s) guards {prize['prisoners']} of "
                        "prisoners.", ship=prize["name"], fate="taken")
    else:
        adjust(s, flag, "prisoners", prize["prisoners"], f"prisoners taken out of {prize['name']}")
        s.stats["burnt"] += 1
        log(s, "prize", f"{prize['name']} is burnt; {prize['prisoners']} crew point(s) of prisoners taken aboard "
                        f"{flag.name}.", ship=prize["name"], fate="burnt")
    missions.on_prize(c, s)  # a hunt's quarry, a raid's count
    if not s.prizes:
        s.stage = "finish"


#: a cutting-out (designed; docs/campaign-engine.md): once a month of blockade the boats go in at night and bring
#: the ship out on CUT_OUT_NEEDS or more on a die, the flagship's crew quality added
CUT_OUT_NEEDS = 5
CUT_OUT_QUALITY = {"green": -1, "average": 0, "crack": 1}


def cut_out(c: Campaign, s: CampaignState, dice: Dice) -> None:
    """The month's attempt of a cutting-out mission in hand, if the squadron blockades its port: brought out, she
    is a prize taken (a prize crew if the flagship can spare one, else burnt) and the mission succeeds; beaten
    off, the boats lose one to three crew points and the mission goes on until its deadline."""
    m = missions.cut_out_goal(c, s)
    if m is None or m.goal.ship is None or m.goal.port is None:
        return
    flag = s.flagship
    die, mod = dice.d6(), CUT_OUT_QUALITY.get(flag.quality, 0) + refits.boats_bonus(c, s)  # extra boats
    card = c.cards[m.goal.ship]
    name, port = m.goal.name or card.name, c.port(m.goal.port).name
    roll = f"die {die}{mod:+d}, needs {CUT_OUT_NEEDS}"
    if die + mod < CUT_OUT_NEEDS:
        lost = min(flag.crew - 1, 1 + dice.d6() // 3)
        adjust(s, flag, "crew", -lost, f"the boats beaten off at {port}")
        log(s, "cut_out", f"{flag.name}'s boats go in at night to cut out {name} at {port} and are beaten off "
                          f"({roll}): {lost} crew point(s) lost.", mission=m.id, success=False)
        return
    adjust(s, flag, "crew", -min(1, flag.crew - 1), f"the boats that cut out {name}")
    log(s, "cut_out", f"{flag.name}'s boats go in at night and bring {name} out from under the guns of {port} "
                      f"({roll}).", mission=m.id, success=True)
    prize = _enemy_record(c, card, max(1, card.crew_points // 3), card.rigging_points,
                          {sec: len(card.gunnery[sec]) for sec in SECTION_NAMES}, card.historical_crew_quality, name)
    s.prizes = [prize]
    decide_prize(c, s, "take" if "take" in prize_options(c, s, prize) else "burn")
    if s.mission is not None and s.mission["id"] == m.id:
        missions.settle(c, s, "success")


def promotion_offer(c: Campaign, s: CampaignState) -> str | None:
    """A command of the campaign's `commands` the captain has earned: of his nation, afloat this year, not held
    before, and ranked above the ship he has (`ship_rank`): never a lesser or equal ship."""
    now = ship_rank(c.cards[s.flagship.card])
    for cmd in c.campaign.commands:
        if cmd.nation not in (None, s.nation) or (cmd.from_year or 0) > s.year:
            continue
        if cmd.ship not in s.commands_taken and s.reputation >= cmd.reputation \
                and rank_needed(c, s.nation, cmd.ship) <= s.rank and ship_rank(c.cards[cmd.ship]) > now:
            return cmd.ship
    return None


def promotion(c: Campaign, s: CampaignState, choice: str) -> None:
    assert s.orders is not None
    offer = s.orders["offer"]
    s.commands_taken.append(offer)
    if choice == "accept":
        old = s.flagship
        card = c.cards[offer]
        leave(s, old, f"{old.name} paid off on the captain's promotion")
        ship = ShipRecord(id=card.id, card=card.id, name=card.name, role="flagship", experience=old.experience,
                          crew=card.crew_points, rigging=card.rigging_points,
                          gunnery={sec: len(card.gunnery[sec]) for sec in SECTION_NAMES}, morale=3,
                          stores=c.campaign.terms.stores_months, shot=c.campaign.terms.shot)
        join(s, ship, f"{card.name} commissioned on the captain's promotion")
        s.commanded.append(card.id)
        log(s, "promotion", f"Captain {s.captain} is given {card.name}.")
    else:
        log(s, "promotion", f"Captain {s.captain} declines {c.cards[offer].name}.")
    s.stage = "finish"


def month_end(c: Campaign, s: CampaignState, dice: Dice) -> None:
    if s.encounter is not None and s.encounter.get("nation") in c.enemies(s.nation, s.date):
        remember_escape(s, s.encounter)  # an enemy not taken or burnt got away: a rival who remembers
    s.encounter = None
    if s.port is None:
        for ship in list(s.ships):
            if ship.stores > 0:
                adjust(s, ship, "stores", -1, "a month's provisions eaten at sea")
            elif ship.crew > 1:
                adjust(s, ship, "crew", -1, "sickness: stores exhausted")
                ship.morale = max(1, ship.morale - 1)
                log(s, "hunger", f"{ship.name}'s stores are gone: men fall sick and morale drops.")
        flag = s.flagship
        if s.months_at_sea > 3 and dice.d6() <= 2 and flag.morale > 1:
            flag.morale -= 1
            log(s, "morale", f"Long at sea, {flag.name}'s crew grows weary (morale {flag.morale}).")
        for ship in [x for x in s.ships if x.role == "prize"]:
            if ship.prisoners > PRISONERS_PER_GUARD * ship.crew:
                leave(s, ship, f"the prisoners rise and retake {ship.name}")
                _back_at_sea(s, ship)
                s.stats["lost_prizes"] += 1
                log(s, "recapture", f"The prisoners in {ship.name} rise and retake her.", ship=ship.name)
        if flag.prisoners > PRISONERS_PER_GUARD * flag.crew:
            s.defeat = {"ship": flag.name, "odds": 0.0, "damage_done": 0.0, "turns": 0}
            taken_with_ship(c, s, dice, f"The prisoners in {flag.name} outnumber her crew six to one; they rise "
                                        f"and take the ship, and Captain {s.captain} with her.",
                            min(c.enemies(s.nation, s.date), default=""))
            return
        rising(c, s, dice)  # unguarded prisoners may rise (RC15.3c)
        missions.month_check(c, s)
        cut_out(c, s, dice)
        if s.orders and s.orders.get("order") == "return":
            from cs_desktop.campaign.port import arrive

            arrive(c, s, s.orders["port"])
            if awaiting(c, s):  # the prizes' fate is the player's choice before the month closes (RC15.3a)
                s.stage = "prize_fate"
                return
        elif s.orders and s.orders.get("order") == "escort" and not s.orders.get("scattered"):
            s.reputation += 1
            log(s, "escort", "The convoy arrives safely: reputation +1.")
    close_month(c, s)


def close_month(c: Campaign, s: CampaignState) -> None:
    """The month's last steps: the captain's pay, dismissal, the peace, and on to the next month."""
    terms = c.campaign.terms
    adjust(s, None, "money", month_pay(c, s), "the captain's pay" if s.status == "command" else
           "the captain's half-pay")
    missions.deadline_check(s, c)
    rise(c, s)  # seniority on his nation's ladder (career.json ladders)
    s.orders = None
    if s.reputation <= terms.dismissal_reputation:
        end_career(s, "dismissed", f"The Navy Department relieves Captain {s.captain} of his command.")
        return
    if s.war_ends or s.date >= c.campaign.calendar.end:
        if s.status == "prisoner":
            end_career(s, "captured", f"The war is over; Captain {s.captain} is still a prisoner of the "
                                         f"{PEOPLE.get(s.captor, s.captor)}.")
        else:
            end_career(s, "peace", "The war is over.")
        return
    s.month += 1
    if s.month > 12:
        s.month, s.year = 1, s.year + 1
    s.stage = "month"
