"""Buying a ship in a port (ruling RC15.4a in docs/rulings.md; the data: `for_sale` in areas.json).

In a port of the player's nation the orders request offers, besides the month's orders, each ship of the port's
`for_sale` list that the captain's purse can pay and that he has not bought there before (each offer once a
career): `{"order": "buy", "ship": card}`. Buying passes no time -- the orders request comes again -- and the
ship joins the squadron as a `consort`: her tracks whole, stores and shot filled, and a delivery crew of a third
of her card's crew points (at least 1), of the offer's quality or else the port's recruits', all in the price;
the rest of her crew is recruited at a refit. The price and every quantity she brings are in the ledger.
"""

from __future__ import annotations

from typing import Any

from cs_desktop.campaign.folder import Campaign
from cs_desktop.campaign.state import QUALITY_EXPERIENCE, CampaignState, ShipRecord, adjust, join, log
from cs_desktop.rules.cards import SECTION_NAMES


def delivery_crew(crew_points: int) -> int:
    """The crew a bought ship comes with: a third of her card's crew points, at least 1."""
    return max(1, crew_points // 3)


def offers(c: Campaign, s: CampaignState) -> list[dict[str, Any]]:
    """The ships for sale where the squadron lies (none at sea or in a foreign port), each with her name, price,
    delivery crew and quality, whether the purse holds the price and whether she was bought already."""
    if s.port is None or c.port(s.port).nation != s.nation:
        return []
    port = c.port(s.port)
    out = []
    for offer in port.for_sale:
        card = c.cards[offer.ship]
        out.append({"ship": offer.ship, "name": card.name, "price": offer.price,
                    "crew": delivery_crew(card.crew_points), "crew_points": card.crew_points,
                    "quality": offer.crew_quality or port.recruits.quality, "guns": sum(len(card.gunnery[x])
                                                                                     for x in SECTION_NAMES),
                    "rigging": card.rigging_points, "hull": card.hull_type,
                    "affordable": offer.price <= s.money, "bought": f"{port.id}/{offer.ship}" in s.bought,
                    "sources": list(offer.sources)})
    return out


def buy_options(c: Campaign, s: CampaignState) -> list[dict[str, Any]]:
    """The orders request's buy options: each offer the purse can pay, not bought before."""
    return [{"order": "buy", "ship": o["ship"]} for o in offers(c, s) if o["affordable"] and not o["bought"]]


def buy(c: Campaign, s: CampaignState, ship_id: str) -> None:
    """Pay for the offer `ship_id` of the port's yard; she joins the squadron (checked first by the engine:
    the answer is one of `buy_options`)."""
    assert s.port is not None
    port = c.port(s.port)
    offer = next(o for o in port.for_sale if o.ship == ship_id)
    card = c.cards[ship_id]
    terms = c.campaign.terms
    cause = f"{card.name} bought at {port.name}"
    n = sum(1 for e in s.ledger if e["what"] == "ships" and e["delta"] > 0)
    quality = offer.crew_quality or port.recruits.quality
    ship = ShipRecord(id=f"ship-{n}-{card.id}", card=card.id, name=card.name, role="consort",
                      experience=QUALITY_EXPERIENCE[quality], crew=delivery_crew(card.crew_points),
                      rigging=card.rigging_points, gunnery={x: len(card.gunnery[x]) for x in SECTION_NAMES},
                      morale=3, stores=terms.stores_months, shot=terms.shot)
    adjust(s, None, "money", -offer.price, cause)
    join(s, ship, cause)
    s.bought.append(f"{port.id}/{ship_id}")
    log(s, "bought", f"{card.name} bought at {port.name} for {offer.price}; she joins the squadron with a delivery "
                     f"crew of {ship.crew} of her {card.crew_points} crew point(s) ({quality}).",
        price=offer.price, ship=ship.id)
