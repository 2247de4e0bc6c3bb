"""The campaign data files as validated models (docs/campaign-format.md).

A campaign is a folder under `scenarios/campaigns/<id>/` holding five JSON files, each with its own "format":
`campaign.json` (who the player is, the calendar, the career terms), `areas.json` (sea areas and ports),
`weather.json` (wind strength and direction by area and month, as percentages), `sailings.json` (who sails
where and when, by ship cards), `history.json` (historical events and scripted battles), and optionally a
`ships/` folder of ship cards the shipped ones lack. No code: `cs_desktop/campaign/folder.py` reads and
cross-checks them; the engine never mutates them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cs_desktop.rules.cards import CrewQuality, Name, Nation, Slug, Text

CAMPAIGN_FORMAT: Literal["captains-sea/campaign"] = "captains-sea/campaign"
AREAS_FORMAT: Literal["captains-sea/campaign-areas"] = "captains-sea/campaign-areas"
WEATHER_FORMAT: Literal["captains-sea/campaign-weather"] = "captains-sea/campaign-weather"
SAILINGS_FORMAT: Literal["captains-sea/campaign-sailings"] = "captains-sea/campaign-sailings"
HISTORY_FORMAT: Literal["captains-sea/campaign-history"] = "captains-sea/campaign-history"
#: file name -> format of every file of a campaign folder
PART_FORMATS = {"campaign.json": CAMPAIGN_FORMAT, "areas.json": AREAS_FORMAT, "weather.json": WEATHER_FORMAT,
                "sailings.json": SAILINGS_FORMAT, "history.json": HISTORY_FORMAT}

YearMonth = Annotated[str, Field(pattern=r"^\d{4}-(0[1-9]|1[0-2])$", description="year and month, YYYY-MM")]
Date = Annotated[str, Field(pattern=r"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$", description="YYYY-MM-DD")]
Percent = Annotated[int, Field(ge=0, le=100)]
Sources = Annotated[list[Text], Field(max_length=20)]
#: where a historical value comes from: at least one source
Cited = Annotated[list[Text], Field(min_length=1, max_length=20)]
#: wind strengths, lightest first: a calm or a storm allows no action; a gale allows no chase
STRENGTHS = ("calm", "moderate", "fresh", "gale", "storm")
Strength = Literal["calm", "moderate", "fresh", "gale", "storm"]
#: compass points the wind blows FROM, clockwise from north
POINTS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
Point = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


class _Part(_Model):
    version: Literal[1] = 1
    sources: Sources = []


# ---------------------------------------------------------------------------------------------- campaign.json


class Calendar(_Model):
    start: YearMonth
    end: YearMonth = Field(description="the last month of the war; the career ends after it")

    @model_validator(mode="after")
    def _order(self) -> Calendar:
        if self.end < self.start:
            raise ValueError(f"end {self.end} is before start {self.start}")
        return self


class PlayerStart(_Model):
    nation: Nation
    captain: Name
    ship: Annotated[Slug, Field(description="ship card id (the campaign's ships/ folder, then the shipped ones)")]
    crew_quality: CrewQuality | None = Field(default=None, description="default: the card's historical one")
    port: Annotated[Slug, Field(description="port id (areas.json) where the career starts")]
    money: Annotated[int, Field(ge=0, le=10_000_000)] = 0
    reputation: Annotated[int, Field(ge=-100, le=1000)] = 0


class Command(_Model):
    """A step of promotion: a bigger ship offered in a friendly port once reputation reaches `reputation`."""

    ship: Slug
    reputation: Annotated[int, Field(ge=0, le=1000)]
    crew_quality: CrewQuality | None = None
    nation: Nation | None = Field(default=None, description="offered only to a captain of this nation")
    from_year: Annotated[int | None, Field(ge=1700, le=1850, description="not offered before this year")] = None


class Terms(_Model):
    """The career's numbers (designed; docs/campaign-format.md says why each)."""

    pay: Annotated[int, Field(ge=0, le=100_000, description="captain's pay per month")] = 25
    captain_share: Annotated[int, Field(ge=0, le=100, description="percent of a condemned prize's value")] = 15
    prize_value_per_gun_box: Annotated[int, Field(ge=0, le=100_000)] = 1000
    repair_cost_per_box: Annotated[int, Field(ge=0, le=100_000)] = 20
    recruit_cost_per_point: Annotated[int, Field(ge=0, le=100_000)] = 10
    stores_months: Annotated[int, Field(ge=1, le=24, description="months of provisions a ship sails with")] = 6
    shot: Annotated[int, Field(ge=1, le=1000, description="broadsides of shot a ship carries")] = 60
    battle_turn_limit: Annotated[int, Field(ge=1, le=200)] = 20
    dismissal_reputation: Annotated[int, Field(ge=-1000, le=0)] = -20


class War(_Model):
    """Two nations at war from `start` to `end` (inclusive months)."""

    nations: Annotated[list[Nation], Field(min_length=2, max_length=2)]
    start: YearMonth
    end: YearMonth
    sources: Cited

    @model_validator(mode="after")
    def _check(self) -> War:
        if self.nations[0] == self.nations[1]:
            raise ValueError("a war needs two different nations")
        if self.end < self.start:
            raise ValueError(f"end {self.end} is before start {self.start}")
        return self


class OpenStartShip(_Model):
    ship: Slug
    from_year: Annotated[int, Field(ge=1700, le=1850)]


class OpenNation(_Model):
    nation: Nation
    port: Slug
    ships: Annotated[list[OpenStartShip], Field(min_length=1, max_length=20,
                                                 description="first commands; the last one afloat by the start year")]


class OpenCareer(_Model):
    """An open career: the player chooses a nation and a start year; everything else comes from the data."""

    years: Annotated[tuple[int, int], Field(description="first and last start year offered")]
    nations: Annotated[list[OpenNation], Field(min_length=1, max_length=3)]


class CampaignFile(_Part):
    format: Literal["captains-sea/campaign"] = CAMPAIGN_FORMAT
    id: Slug
    title: Name
    description: Text = ""
    calendar: Calendar
    player: PlayerStart
    at_war_with: Annotated[list[Nation], Field(max_length=4, description="nations at war with the player's")]
    wars: Annotated[list[War], Field(max_length=40, description="wars by date, between any two nations")] = []
    open_career: OpenCareer | None = None
    commands: Annotated[list[Command], Field(max_length=12)] = []
    terms: Terms = Terms()

    @model_validator(mode="after")
    def _check(self) -> CampaignFile:
        if self.player.nation in self.at_war_with:
            raise ValueError(f"at_war_with lists the player's own nation {self.player.nation}")
        return self


# ---------------------------------------------------------------------------------------------- areas.json


class Recruits(_Model):
    quality: CrewQuality
    points: Annotated[int, Field(ge=0, le=40, description="crew points a month the port can raise")]


class Position(_Model):
    """Where a port or the middle of a sea area lies, for the window's map (optional; degrees, north and east
    positive)."""

    lat: Annotated[float, Field(ge=-80, le=80)]
    lon: Annotated[float, Field(ge=-180, le=180)]


class ForSale(_Model):
    """A ship a port's yard offers for sale (RC15.4a): a ship card, her price from the captain's purse, and why
    that price (a source, or "designed" and how)."""

    ship: Annotated[Slug, Field(description="ship card id (the campaign's ships/ folder, then the shipped ones)")]
    price: Annotated[int, Field(ge=0, le=10_000_000, description="paid from the captain's purse")]
    crew_quality: CrewQuality | None = Field(default=None, description="her delivery crew's quality; default: "
                                                                       "the port's recruits'")
    sources: Cited


class Port(_Model):
    id: Slug
    name: Name
    area: Slug
    nation: Nation
    repair: Annotated[int, Field(ge=0, le=40, description="damage boxes a ship can have repaired a month")]
    recruits: Recruits
    prize_court: bool = Field(description="a court that condemns prizes (they are sold here)")
    for_sale: Annotated[list[ForSale], Field(max_length=12, description="ships the port's yard sells")] = []
    yard: Literal["dockyard", "yard", "anchorage"] = Field(
        default="yard", description="a dockyard or a yard mends hull and rigging; an anchorage the rigging only")
    repair_cost_per_box: Annotated[int, Field(ge=0, le=1000)] | None = Field(
        default=None, description="this port's cost of a box repaired (default: the campaign's terms)")
    recruit_cost_per_point: Annotated[int, Field(ge=0, le=1000)] | None = Field(
        default=None, description="this port's bounty for a crew point (default: the campaign's terms)")
    position: Position | None = None
    sources: Sources = []


class Area(_Model):
    id: Slug
    name: Name
    traffic: Annotated[Percent, Field(description="chance in a month at sea of sighting a sail at all")] = 50
    position: Position | None = None
    sources: Sources = []


class AreasFile(_Part):
    format: Literal["captains-sea/campaign-areas"] = AREAS_FORMAT
    areas: Annotated[list[Area], Field(min_length=1, max_length=60)]
    ports: Annotated[list[Port], Field(min_length=1, max_length=120)]


# ---------------------------------------------------------------------------------------------- weather.json


class WeatherEntry(_Model):
    """Wind in `area` in the listed months: percent chances of each strength and of each direction."""

    area: Slug
    months: Annotated[list[Annotated[int, Field(ge=1, le=12)]], Field(min_length=1, max_length=12)]
    strength: dict[Strength, Percent]
    direction: dict[Point, Percent]

    @model_validator(mode="after")
    def _sums(self) -> WeatherEntry:
        for name, table in (("strength", self.strength), ("direction", self.direction)):
            total = sum(table.values())
            if total != 100:
                raise ValueError(f"{name} percentages add up to {total}, expected 100")
        if len(set(self.months)) != len(self.months):
            raise ValueError("months lists a month twice")
        return self


class WeatherFile(_Part):
    format: Literal["captains-sea/campaign-weather"] = WEATHER_FORMAT
    weather: Annotated[list[WeatherEntry], Field(min_length=1, max_length=720)]


# ---------------------------------------------------------------------------------------------- sailings.json


class Sailing(_Model):
    """Ships of one nation that may be met in the listed areas between `start` and `end` (inclusive)."""

    id: Slug
    nation: Nation
    mission: Literal["cruiser", "squadron", "convoy escort", "blockade"]
    ships: Annotated[list[Slug], Field(min_length=1, max_length=6, description="ship card ids, sailing together")]
    crew_quality: CrewQuality | None = None
    areas: Annotated[list[Slug], Field(min_length=1, max_length=60)]
    start: YearMonth
    end: YearMonth
    chance: Annotated[Percent, Field(description="relative weight among the sailings sighted in an area")]
    generic: bool = Field(default=False, description="the cards stand for ships of their type: taking one does "
                                                     "not end the sailing")
    sources: Sources = []

    @model_validator(mode="after")
    def _order(self) -> Sailing:
        if self.end < self.start:
            raise ValueError(f"end {self.end} is before start {self.start}")
        return self


class SailingsFile(_Part):
    format: Literal["captains-sea/campaign-sailings"] = SAILINGS_FORMAT
    sailings: Annotated[list[Sailing], Field(min_length=1, max_length=400)]


# ---------------------------------------------------------------------------------------------- history.json


class Event(_Model):
    """Something that happened in a month; `ends_war` closes the career with the war at the month's end. An
    event `about` a ship the player's story changed (his own, one he commanded, one he took or burnt) did not
    happen in this world and is not told. `reputation` is kept for old files and not given: a captain's
    reputation comes only from what he did (issue 29)."""

    date: Date
    text: Text
    reputation: Annotated[int, Field(ge=-100, le=100)] = 0
    ends_war: bool = False
    about: Annotated[list[Slug], Field(max_length=6, description="ship card ids the event is about")] = []
    sources: Cited


class ScriptedBattle(_Model):
    """A historical action met when the player is at sea in `area` in the month of `date`."""

    id: Slug
    date: Date
    area: Slug
    title: Name
    ships: Annotated[list[Slug], Field(min_length=1, max_length=6, description="the enemy's ship card ids")]
    nation: Nation
    crew_quality: CrewQuality | None = None
    engagement: Literal["meeting", "chase"]
    weather_gauge: Literal["player", "enemy", "none"]
    wind_from: Point
    historical_outcome: Text
    sources: Cited


class HistoryFile(_Part):
    format: Literal["captains-sea/campaign-history"] = HISTORY_FORMAT
    events: Annotated[list[Event], Field(max_length=400)] = []
    scripted: Annotated[list[ScriptedBattle], Field(max_length=100)] = []


# ---------------------------------------------------------------------------------------------- career.json

CAREER_FORMAT: Literal["captains-sea/campaign-career"] = "captains-sea/campaign-career"
Months = Annotated[tuple[int, int], Field(description="fewest and most months, both included")]


class Exchange(_Model):
    """How long a captain taken by `captor` is held before he is exchanged or paroled home, between `start` and
    `end`; `held_to_peace`: the chance that no exchange comes at all and he is held until his nation and the
    captor make peace."""

    captor: Nation
    prisoner: Nation
    start: YearMonth
    end: YearMonth
    months: Months
    held_to_peace: Percent = 0
    sources: Cited

    @model_validator(mode="after")
    def _check(self) -> Exchange:
        if self.captor == self.prisoner:
            raise ValueError("a captor holds the captain of another nation")
        if self.end < self.start:
            raise ValueError(f"end {self.end} is before start {self.start}")
        if not 0 <= self.months[0] <= self.months[1] <= 240:
            raise ValueError(f"months {list(self.months)}: fewest first, 0 to 240")
        return self


class Step(_Model):
    """A step of a court martial's reckoning: a record reaching `at` (and below the step before) scores `points`."""

    at: Annotated[float, Field(ge=0, le=1000)]
    points: Annotated[int, Field(ge=-10, le=10)]


Steps = Annotated[list[Step], Field(min_length=1, max_length=10, description="highest `at` first; the first "
                                                                              "the record reaches scores")]


class VerdictReputation(_Model):
    """The reputation each verdict short of dismissal brings."""

    honourable: Annotated[int, Field(ge=-50, le=50)]
    acquitted: Annotated[int, Field(ge=-50, le=50)]
    reprimanded: Annotated[int, Field(ge=-50, le=50)]


class CourtMartial(_Model):
    """The court that tries a captain who lost his ship: the battle's record scored step by step, the verdict
    from the total (acquitted from `acquitted_from`, reprimanded from `reprimanded_from`, else dismissed)."""

    odds: Steps = Field(description="the enemy's strength (gunnery boxes and crew points) over his own squadron's, "
                                    "at the start")
    damage_done: Steps = Field(description="the share of the enemy's boxes (crew, rigging, gunnery) destroyed")
    turns: Steps = Field(description="turns she fought before she struck")
    acquitted_from: Annotated[int, Field(ge=-30, le=30)]
    reprimanded_from: Annotated[int, Field(ge=-30, le=30)]
    honourable_from: Annotated[int, Field(ge=-30, le=30, description="acquitted with honour: the court praises")]
    reputation: VerdictReputation
    sources: Cited

    @model_validator(mode="after")
    def _check(self) -> CourtMartial:
        if not self.reprimanded_from <= self.acquitted_from <= self.honourable_from:
            raise ValueError("reprimanded_from <= acquitted_from <= honourable_from")
        for name, steps in (("odds", self.odds), ("damage_done", self.damage_done), ("turns", self.turns)):
            ats = [s.at for s in steps]
            if ats != sorted(ats, reverse=True) or ats[-1] != 0:
                raise ValueError(f"{name}: steps from the highest `at` down to 0")
        return self


class HalfPay(_Model):
    """A captain without a ship: the share of his pay he draws, and the chance in a month of a new command (at
    war: `command_chance` + `per_reputation` x his reputation; at peace: `peace_chance`)."""

    pay_percent: Percent = 50
    command_chance: Percent
    per_reputation: Annotated[int, Field(ge=0, le=10)] = 1
    peace_chance: Percent
    sources: Cited


class CareerCommand(_Model):
    """A ship the navy may give a captain on half-pay (the best his rank and reputation allow). `rank`: the least
    step of his nation's ladder (`Rank`, by index) that is given her; `class_of`: the card stands for a class of
    ships -- a ship of it is given under one of the nation's names, and losing one does not close the class."""

    nation: Nation
    ship: Slug
    from_year: Annotated[int, Field(ge=1700, le=1850)]
    to_year: Annotated[int | None, Field(ge=1700, le=1850, description="the last year she is his nation's")] = None
    reputation: Annotated[int, Field(ge=0, le=1000)] = 0
    rank: Annotated[int, Field(ge=0, le=5)] = 0
    class_of: bool = False
    sources: Sources = []


class Rank(_Model):
    """A step of a nation's ladder: its title; the months a captain serves in the step below before he can rise
    to it (seniority, on the list whether in command or on half-pay) and the reputation it needs."""

    title: Name
    seniority: Annotated[int, Field(ge=0, le=240)] = 0
    reputation: Annotated[int, Field(ge=-100, le=1000)] = 0


class Ladder(_Model):
    """A nation's ranks, lowest first; a career starts on the first."""

    nation: Nation
    ranks: Annotated[list[Rank], Field(min_length=1, max_length=6)]
    sources: Cited


class CareerFile(_Part):
    """A career after defeat (optional file: without it a captain taken ends his career): exchange, court
    martial, half-pay and the commands he may be given again."""

    format: Literal["captains-sea/campaign-career"] = CAREER_FORMAT
    exchange: Annotated[list[Exchange], Field(max_length=60)] = []
    default_months: Months = Field(description="months held when no exchange entry matches")
    court_martial: CourtMartial
    half_pay: HalfPay
    commands: Annotated[list[CareerCommand], Field(max_length=60)] = []
    ladders: Annotated[list[Ladder], Field(max_length=6)] = []


# ---------------------------------------------------------------------------------------------- names.json

NAMES_FORMAT: Literal["captains-sea/campaign-names"] = "captains-sea/campaign-names"


class NationNames(_Model):
    """Names a nation's ships at sea are given when a sailing's card stands for a ship of her type (`generic`)."""

    nation: Nation
    ships: Annotated[list[Name], Field(min_length=1, max_length=200)]
    captains: Annotated[list[Name], Field(max_length=200, description="captains of those ships")] = []
    sources: Cited

    @model_validator(mode="after")
    def _unique(self) -> NationNames:
        twice = sorted({n for n in self.ships if self.ships.count(n) > 1})
        if twice:
            raise ValueError(f"names listed twice: {twice}")
        return self


class NamesFile(_Part):
    """The optional names.json: each nation's ship names (data with sources)."""

    format: Literal["captains-sea/campaign-names"] = NAMES_FORMAT
    nations: Annotated[list[NationNames], Field(min_length=1, max_length=4)]


# ---------------------------------------------------------------------------------------------- missions.json

MISSIONS_FORMAT: Literal["captains-sea/campaign-missions"] = "captains-sea/campaign-missions"


class Goal(_Model):
    """What a mission asks: `dispatches` -- be at sea in `area` at a month's end; `escort` -- a month's escort in
    `area` with the convoy kept together; `blockade` -- `months` months blockading `port`; `hunt` -- take or burn
    a ship of `sailing` (a named privateer, a cruiser); `raid` -- take or burn `count` enemy ships; `cut_out` --
    blockading `port`, send the boats in to bring out `ship` (a card: the vessel lying there), named `name`."""

    kind: Literal["dispatches", "escort", "blockade", "hunt", "raid", "cut_out"]
    area: Slug | None = None
    port: Slug | None = None
    sailing: Slug | None = None
    ship: Slug | None = None
    name: Name | None = None
    months: Annotated[int, Field(ge=1, le=24)] = 1
    count: Annotated[int, Field(ge=1, le=20)] = 1

    @model_validator(mode="after")
    def _needs(self) -> Goal:
        need = {"dispatches": ("area",), "escort": ("area",), "blockade": ("port",), "hunt": ("sailing",),
                "cut_out": ("port", "ship")}.get(self.kind, ())
        for field_name in need:
            if getattr(self, field_name) is None:
                raise ValueError(f"a {self.kind} goal needs {field_name}")
        return self


class Outcome(_Model):
    """What success or failure brings: reputation, money from the Admiralty (or the Ministry), and a line."""

    reputation: Annotated[int, Field(ge=-50, le=50)] = 0
    money: Annotated[int, Field(ge=-100_000, le=100_000)] = 0
    text: Text


class After(_Model):
    """A follow-up: offered only once mission `mission` ended in `outcome` (chains that branch), and if `choice`
    is given, only when it was carried out that way."""

    mission: Slug
    outcome: Literal["success", "failure"]
    choice: Slug | None = None


class Choice(_Model):
    """A way to carry out a mission, chosen when the captain accepts it: its words, and what it changes -- the
    stance at sea (`seek` or `avoid` action, for a cruise), the months allowed, the outcomes of success and
    failure. What it leaves out is the mission's own."""

    id: Slug
    text: Text
    stance: Literal["seek", "avoid"] | None = None
    months: Annotated[int, Field(ge=1, le=24)] | None = None
    success: Outcome | None = None
    failure: Outcome | None = None


class Mission(_Model):
    """A mission the navy offers in a home port of `nation` between `start` and `end` to a captain of at least
    `reputation`; he has `months` to achieve its `goal`."""

    id: Slug
    nation: Nation
    title: Name
    text: Text
    start: YearMonth
    end: YearMonth
    reputation: Annotated[int, Field(ge=-100, le=1000)] = 0
    months: Annotated[int, Field(ge=1, le=24)]
    goal: Goal
    success: Outcome
    failure: Outcome
    after: After | None = None
    choices: Annotated[list[Choice], Field(max_length=4)] = []
    sources: Cited


class MissionsFile(_Part):
    """The optional missions.json: the orders the Admiralty (or the Ministry) gives, as data (issue 29, item 2)."""

    format: Literal["captains-sea/campaign-missions"] = MISSIONS_FORMAT
    missions: Annotated[list[Mission], Field(max_length=200)]


# ---------------------------------------------------------------------------------------------- port.json

PORT_FORMAT: Literal["captains-sea/campaign-port"] = "captains-sea/campaign-port"
#: an officer's post aboard the flagship, in order of seniority (issue 29, item 5)
POSTS = ("first_lieutenant", "second_lieutenant", "master", "marine_officer")
Post = Literal["first_lieutenant", "second_lieutenant", "master", "marine_officer"]
#: what a post gives (docs/campaign-engine.md "Officers"): `crew_experience` -- added to the crew's experience
#: when the battle's crew quality is set; `morale` -- boxes added to her morale when a battle begins (Handy at
#: most); `rigging_at_sea` -- rigging boxes mended at the end of a month at sea
Effect = Literal["crew_experience", "morale", "rigging_at_sea"]
#: a yard's powers, least first: an anchorage, a yard, a dockyard (a dry dock)
YARDS = ("anchorage", "yard", "dockyard")


class OfficerPost(_Model):
    """A post aboard the flagship: its title, what it gives (`value`; `seasoned_value` once the officer's
    experience reaches `seasoned`), and why."""

    post: Post
    title: Name
    effect: Effect
    value: Annotated[int, Field(ge=0, le=3)]
    seasoned_value: Annotated[int, Field(ge=0, le=3)]
    sources: Cited


class OfficerNames(_Model):
    """Names for a nation's officers (all posts, or the one `post` names), drawn before `names.json`'s captains:
    a campaign can name its officers without naming the ships of its generic sailings."""

    nation: Nation
    post: Post | None = None
    names: Annotated[list[Name], Field(min_length=1, max_length=100)]
    sources: Cited


class Officers(_Model):
    """The flagship's officers: the posts, the experience they gain, when a first lieutenant is promoted away,
    and the chance of each being killed in a hard battle (`killed_on`: a die at least this kills him)."""

    posts: Annotated[list[OfficerPost], Field(min_length=1, max_length=4)]
    seasoned: Annotated[int, Field(ge=1, le=200, description="experience of a seasoned officer")]
    per_battle: Annotated[int, Field(ge=0, le=20)]
    per_month_at_sea: Annotated[int, Field(ge=0, le=20)]
    promoted_at: Annotated[int, Field(ge=1, le=500, description="a first lieutenant of this experience is made "
                                                                   "commander and leaves")]
    killed_on: dict[Post, Annotated[int, Field(ge=1, le=7)]] = Field(description="die (d6) at least which kills "
                                                                                "him in a hard battle; 7: never")
    names: Annotated[list[OfficerNames], Field(max_length=40)] = []
    sources: Cited

    @model_validator(mode="after")
    def _unique(self) -> Officers:
        posts = [p.post for p in self.posts]
        twice = sorted({p for p in posts if posts.count(p) > 1})
        if twice:
            raise ValueError(f"posts listed twice: {twice}")
        return self


class Refit(_Model):
    """A refit a port's yard can do to a ship of the squadron: what it changes (`kind`), what it costs, the
    weeks she lies in the yard, the least yard that can do it, and the historical source. `exchange` (for the
    gun exchanges): the calibre a gun of each weight becomes (long gun pounds -> carronade pounds, or back)."""

    id: Slug
    kind: Literal["copper", "carronades", "long_guns", "boats"]
    title: Name
    cost: Annotated[int, Field(ge=0, le=1_000_000)]
    weeks: Annotated[int, Field(ge=1, le=52)]
    yard: Literal["anchorage", "yard", "dockyard"]
    exchange: dict[str, Annotated[int, Field(ge=1, le=68)]] = {}
    text: Text = ""
    sources: Cited

    @model_validator(mode="after")
    def _check(self) -> Refit:
        if self.kind in ("carronades", "long_guns") and not self.exchange:
            raise ValueError(f"a {self.kind} exchange needs `exchange`: pounds -> pounds")
        bad = [k for k in self.exchange if not k.isdigit() or not 1 <= int(k) <= 68]
        if bad:
            raise ValueError(f"exchange: {bad} are not weights of shot (1 to 68 pounds)")
        return self


class Draft(_Model):
    """How a nation mans its ships besides the port's recruits: the press (Britain), volunteers (the United
    States), the inscription maritime (France): points a week, their quality, the bounty a point, the reputation
    each week of it costs (a press gang's ill will), and the source."""

    nation: Nation
    method: Literal["press", "volunteers", "inscription"]
    title: Name
    points_per_week: Annotated[int, Field(ge=1, le=20)]
    quality: CrewQuality
    cost_per_point: Annotated[int, Field(ge=0, le=10_000)]
    reputation_per_week: Annotated[int, Field(ge=-10, le=0)] = 0
    most_weeks: Annotated[int, Field(ge=1, le=4, description="weeks of it a month in port allows")] = 4
    sources: Cited


class PortFile(_Part):
    """The optional port.json: the flagship's officers, the refits yards do, each nation's drafts (issue 29,
    item 5)."""

    format: Literal["captains-sea/campaign-port"] = PORT_FORMAT
    officers: Officers
    refits: Annotated[list[Refit], Field(max_length=20)] = []
    drafts: Annotated[list[Draft], Field(max_length=8)] = []
