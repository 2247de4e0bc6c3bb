"""Ship Display cards (3.0) and scenario cards (20.0) as validated data models.

These are the *file* models: what a ship or scenario file holds. They are validated by pydantic on load
(see `cs_desktop/formats/files.py`) and published as JSON Schema (`docs/schema/`). The engine turns them into its
own light game state (`cs_desktop/rules/state.py`) when a game starts; it never mutates them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, StrictBool, model_serializer,
                      model_validator)

SHIP_FORMAT: Literal["captains-sea/ship"] = "captains-sea/ship"
SCENARIO_FORMAT: Literal["captains-sea/scenario"] = "captains-sea/scenario"
FORMAT_VERSION: Literal[1] = 1

Nation = Literal["US", "GB", "FR", "TRI"]  # TRI: the Regency of Tripoli (the First Barbary War)
HullType = Literal["slow", "average", "fast"]
HullStrength = Literal["fragile", "average", "firm"]
CrewQuality = Literal["green", "average", "crack"]
CrewMorale = Literal["handy", "fair", "unfit"]
SectionName = Literal["port_bow", "port_aft", "starboard_bow", "starboard_aft"]
SECTION_NAMES: tuple[SectionName, ...] = ("port_bow", "port_aft", "starboard_bow", "starboard_aft")
StartSquare = Literal["A", "B", "C", "D"]
Heading = Annotated[int, Field(ge=1, le=8, description="Compass heading 1-8 (1 = north, clockwise)")]
Slug = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]{0,63}$", description="lower-case id: a-z, 0-9, -")]
Text = Annotated[str, Field(max_length=4000)]
Name = Annotated[str, Field(min_length=1, max_length=80)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


class GunBox(_Model):
    """One box of a gunnery track (3.10.1): dice for long guns and for carronades when this box fires."""

    long: Annotated[int, Field(ge=0, le=12)]
    carronades: Annotated[int, Field(ge=0, le=12)]


class Gun(_Model):
    """A line of the historical armament: `count` guns of `pounds` weight of shot."""

    count: Annotated[int, Field(ge=1, le=60)]
    pounds: Annotated[int, Field(ge=1, le=68)]
    kind: Literal["long", "carronade"]
    position: Literal["broadside", "chase"] = "broadside"


class ShipCard(_Model):
    """A Ship Display card (3.0): the fixed statistics and the length of every track."""

    format: Literal["captains-sea/ship"] = SHIP_FORMAT
    version: Literal[1] = FORMAT_VERSION
    id: Slug
    name: Name
    nation: Nation
    rating: Annotated[str, Field(max_length=80, description="e.g. '44-gun frigate'")] = ""
    launched: Annotated[int | None, Field(ge=1700, le=1850)] = None
    hull_type: HullType
    hull_strength: HullStrength
    crew_quality_options: Annotated[list[CrewQuality], Field(min_length=1, max_length=3)]
    historical_crew_quality: CrewQuality
    crew_points: Annotated[int, Field(ge=1, le=40, description="highest box of the Crew Points track (3.9)")]
    crew_red_boxes: Annotated[
        dict[int, Annotated[int, Field(ge=1, le=3)]],
        Field(description="box number -> red number; morale check the first time entered (3.9)"),
    ] = {}
    rigging_points: Annotated[int, Field(ge=1, le=40, description="highest box of the Rigging track (3.8)")]
    fighting_sail_only: Annotated[
        int, Field(ge=0, le=40, description="boxes 1..N of the Rigging track are 'Fighting Sail Only!' (3.8)")
    ]
    gunnery: Annotated[
        dict[SectionName, Annotated[list[GunBox], Field(min_length=1, max_length=20)]],
        Field(description="each broadside section's gunnery track, box 1 first (3.10.1)"),
    ]
    chasers: dict[Literal["bow", "stern"], Annotated[int, Field(ge=0, le=2)]] = {"bow": 1, "stern": 1}
    armament: Annotated[list[Gun], Field(max_length=20, description="historical armament (for FP)")] = []
    complement: Annotated[int | None, Field(ge=1, le=2000, description="historical crew, men")] = None
    sources: Annotated[list[Text], Field(max_length=20)] = []
    notes: Text = ""

    def track(self, section: str) -> list[GunBox]:
        """The gunnery track of a broadside section, box 1 first (3.10.1)."""
        return self.gunnery[section]  # type: ignore[index]  # keys are checked: the four SECTION_NAMES

    @model_validator(mode="after")
    def _check_card(self) -> ShipCard:
        if self.historical_crew_quality not in self.crew_quality_options:
            raise ValueError("historical_crew_quality must be one of crew_quality_options")
        if set(self.gunnery) != set(SECTION_NAMES):
            missing = sorted(set(SECTION_NAMES) - set(self.gunnery))
            raise ValueError(f"gunnery needs all four broadside sections; missing {missing}")
        if self.fighting_sail_only >= self.rigging_points:
            raise ValueError("fighting_sail_only must be smaller than rigging_points")
        for box in self.crew_red_boxes:
            if not 1 <= box < self.crew_points:
                raise ValueError(f"crew_red_boxes: box {box} is not on the crew track 1..{self.crew_points - 1}")
        return self


class StartState(_Model):
    """Where a ship's tracks stand at the start, if not at their highest boxes (2.0): the damage a ship carries
    into a battle from an earlier one (campaigns, issue 15). A track left out starts full."""

    crew: Annotated[int | None, Field(ge=1, le=40, description="box of the Crew Points track (3.9)")] = None
    rigging: Annotated[int | None, Field(ge=0, le=40, description="box of the Rigging track (3.8)")] = None
    gunnery: Annotated[dict[SectionName, Annotated[int, Field(ge=0, le=20)]],
                       Field(description="box of each broadside section's gunnery track (3.10.1)")] = {}
    morale: CrewMorale | None = Field(default=None, description="crew morale box (3.4); default Handy")


class ScenarioShip(_Model):
    """A ship's place in a scenario: which card, where it starts, which way it points."""

    ship: Annotated[Slug | ShipCard, Field(description="a ship id (file in ships/) or a whole ship card")]
    start: Annotated[
        StartSquare | tuple[int, int],
        Field(description="start square A-D (20.1) or [column, row] on the map"),
    ]
    heading: Heading
    crew_quality: CrewQuality | None = Field(default=None, description="default: the card's historical one")
    start_state: StartState | None = Field(default=None, description="tracks damaged before the battle; "
                                                                     "null: every track at its highest box")

    @model_serializer(mode="wrap")
    def _omit_absent_start_state(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """`start_state` is written only when given, so a scenario without one dumps exactly as before."""
        data: dict[str, Any] = handler(self)
        if self.start_state is None:
            data.pop("start_state", None)
        return data

    @property
    def ship_id(self) -> str:
        return self.ship if isinstance(self.ship, str) else self.ship.id


class ScenarioSide(_Model):
    id: Slug
    name: Name
    nation: Nation
    ships: Annotated[list[ScenarioShip], Field(min_length=1, max_length=12)]


class HistoricalOutcome(_Model):
    winner: Slug | None = Field(default=None, description="side id that won historically; null for a draw")
    summary: Text = ""


class VictoryOverride(_Model):
    """A scenario may print its own multiplier and bonus instead of the computed 20.1 values."""

    multiplier: Annotated[float, Field(ge=1, le=20)]
    bonus: Annotated[int, Field(ge=0, le=200)] = 0


class RulesOptions(_Model):
    relativity: Literal["standard", "fractional", "zero"] = Field(
        default="standard", description="21.1 fractional or 21.2 zero relativity for several ships a side"
    )
    bid: dict[Slug, Annotated[int, Field(ge=0, le=200)]] = Field(
        default={}, description="19.0 option: VP a side grants its opponent"
    )
    turn_limit: Annotated[int | None, Field(ge=1, le=200)] = None
    fleet_rules: StrictBool = Field(
        default=False, description="fleet rules (docs/rulings.md R9.3f, R18.0f): a ship that cannot stay on the "
                                   "map escapes and the battle goes on; struck ships stay as hulks; the game ends "
                                   "when a side has nothing left fighting")
    variable_wind: StrictBool = Field(
        default=False, description="variable wind (docs/rulings.md R17.8a-R17.8e): at the end of every third "
                                   "turn a die may shift the wind one point, veering or backing")

    initial_broadside: StrictBool = Field(
        default=False, description="Captains Bold's initial broadside (docs/rulings.md R11.4.5i): +1 on each "
                                   "to-hit die of the first fire of each ship's port and starboard battery")
    heavy_guns: StrictBool = Field(
        default=False, description="Captains Bold's heavy guns (R11.4.6h): a ship whose main battery's ball is a "
                                   "calibre heavier than the target's (6/5 or more) counts the range 2 MP "
                                   "shorter for the defense dice")
    fire_spreads: StrictBool = Field(
        default=False, description="house rule, not in the pirate game's text: same-square spreading fire "
                                   "(R17.1f): after fire fighting, a ship On Fire may set alight each ship sharing "
                                   "her square (a die each, on a 1)")
    pirate_fire: StrictBool = Field(
        default=False, description="the pirate game's fire as its text writes it (R17.1g-R17.1j): fire markers "
                                   "that a fire-fighting success removes one at a time and that double after "
                                   "damage control, a rigging hit per 5 and a hull hit per 10, and an explosion "
                                   "roll that may sink the ship and damage those nearby")
    pirate_wind: StrictBool = Field(
        default=False, description="the pirate game's wind as its text writes it (R17.8f-R17.8i): every third "
                                   "turn a die may shift it one or two points or change its speed (calm, light, "
                                   "fair, strong); a light wind halves every ship's speed, a strong one doubles "
                                   "it, a calm stops them; replaces the variable wind's checks")
    sloop_damage: StrictBool = Field(
        default=False, description="Captains Bold's Damage Step for sloops and small frigates (R3.10a): a ship of "
                                   "fragile hull loses a marker for every two hits where a frigate needs three, "
                                   "so each hit on her gunnery sections or rigging counts one and a half boxes")
    heavy_frigate_damage: StrictBool = Field(
        default=False, description="Captains Bold's Damage Step for the American heavy frigate (R3.10a): a ship "
                                   "of firm hull loses a marker for every four hits where a frigate needs three, "
                                   "so each hit on her gunnery sections or rigging counts three quarters of a box")
    wsim_melee: StrictBool = Field(
        default=False, description="Wooden Ships & Iron Men's melee procedure (R15.0c) in place of 15.0's rounds: "
                                   "each side's Melee crew times its crew quality's melee factors, one die each a "
                                   "round, up to three rounds a turn until one side has three to one, which takes "
                                   "the ship or beats the boarders")
    prize_crews: StrictBool = Field(
        default=False, description="Wooden Ships & Iron Men's prize crews, prisoners and recapture (docs/rulings.md "
                                   "R18.0j-R18.0p; needs fleet_rules): a ship taken gets a prize crew from her "
                                   "captor, her prisoners may rise, and her own side may board her to retake her")
    prize_sails: StrictBool = Field(
        default=False, description="Wooden Ships & Iron Men D.5 (R18.0u-R18.0w, R19.0i; needs prize_crews, two "
                                   "sides): a ship carried in melee sails and fights for her captor, worked by her "
                                   "prize crew with her own men held as prisoners, her guns at two tables less "
                                   "(-2 on each to-hit die)")

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A switch (`SWITCHES`: the fleet rules, variable wind, Captains Bold, spreading fire, prize crews) left out
        and off is not written, so a scenario or save without it dumps as before (one that says `false`, e.g. a game
        overriding its scenario's `true`, keeps it)."""
        out: dict[str, Any] = handler(self)
        for name in SWITCHES:
            if not getattr(self, name) and name not in self.model_fields_set:
                out.pop(name, None)
        return out


#: the rules options that are plain on/off switches, off by default and written only when on or given
SWITCHES = ("fleet_rules", "variable_wind", "initial_broadside", "heavy_guns", "fire_spreads", "prize_crews",
            "pirate_fire", "pirate_wind", "sloop_damage", "heavy_frigate_damage",
            "wsim_melee", "prize_sails")

TerrainKind = Literal["island", "shoal"]


class TerrainArea(_Model):
    """Terrain of a scenario (rulings R9.1e-R9.1f): squares of land (an `island`, which no ship may enter and no
    shot may cross) or of shallow water (a `shoal`, where a ship may run aground)."""

    kind: TerrainKind
    name: Annotated[str, Field(max_length=80, description="e.g. 'Cay Verde' (for the reader; the board draws the squares)")] = ""
    squares: Annotated[list[tuple[int, int]], Field(min_length=1, max_length=200,
                                                    description="[column, row] of each square on the map")]


#: sides a scenario may have: two as written, up to four (ruling R6.0a)
MAX_SIDES = 4


class Scenario(_Model):
    """A scenario card (20.0): ships, start squares, headings, wind, and what 20.1 needs."""

    format: Literal["captains-sea/scenario"] = SCENARIO_FORMAT
    version: Literal[1] = FORMAT_VERSION
    id: Slug
    title: Name
    date: Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$", description="ISO date of the action")]
    location: Annotated[str, Field(max_length=120)] = ""
    description: Text = ""
    engagement: Literal["meeting", "chase"]
    wind: Annotated[int, Field(ge=1, le=8, description="heading the wind blows toward (1-8)")]
    sides: Annotated[list[ScenarioSide], Field(min_length=2, max_length=MAX_SIDES,
                                               description="two sides, or up to four, each fighting every other "
                                                           "(rulings R6.0a-R19.0h)")]
    weather_gauge: Slug | None = Field(default=None, description="side id holding the weather gauge")
    historical_outcome: HistoricalOutcome = HistoricalOutcome()
    options: RulesOptions = RulesOptions()
    victory_override: dict[Slug, VictoryOverride] = {}
    sources: Annotated[list[Text], Field(max_length=20)] = []
    terrain: Annotated[list[TerrainArea], Field(max_length=50, description="islands and shoals (rulings "
                                                                          "R9.1e-R9.1f); none: open sea")] = []

    @model_serializer(mode="wrap")
    def _omit_absent_terrain(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """`terrain` is written only when given, so a scenario without it dumps exactly as before."""
        data: dict[str, Any] = handler(self)
        if not self.terrain:
            data.pop("terrain", None)
        return data

    def terrain_squares(self) -> dict[tuple[int, int], str]:
        """Square -> 'island' or 'shoal' (a square is listed once: see the validator)."""
        return {(int(x), int(y)): area.kind for area in self.terrain for x, y in area.squares}

    @model_validator(mode="after")
    def _check_scenario(self) -> Scenario:
        ids = [s.id for s in self.sides]
        if len(set(ids)) != len(ids):
            raise ValueError("sides must have different ids")
        for field, value in (("weather_gauge", self.weather_gauge), ("historical_outcome.winner",
                                                                     self.historical_outcome.winner)):
            if value is not None and value not in ids:
                raise ValueError(f"{field} names side {value!r}, which is not one of {ids}")
        if self.options.prize_crews and not self.options.fleet_rules:
            raise ValueError("options.prize_crews needs options.fleet_rules: true (R18.0j)")
        if self.options.prize_sails and not self.options.prize_crews:
            raise ValueError("options.prize_sails needs options.prize_crews: true (R18.0v)")
        if self.options.prize_sails and len(ids) > 2:
            raise ValueError(f"options.prize_sails is for two sides; this scenario has {len(ids)} (R18.0v)")
        for key in list(self.options.bid) + list(self.victory_override):
            if key not in ids:
                raise ValueError(f"side {key!r} in options/victory_override is not one of {ids}")
        seen: dict[tuple[int, int], int] = {}
        for i, area in enumerate(self.terrain):
            for sq in area.squares:
                if sq in seen:
                    raise ValueError(f"terrain[{i}]: square {list(sq)} is already in terrain[{seen[sq]}]; a square "
                                     "is land or shoal, once")
                seen[sq] = i
        return self
