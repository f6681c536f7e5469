"""The bid ladder, lowest first, and what each contract asks of its declarer.

A contract is data, not code: the trick target, whether it is a "lose every trick" contract,
which trumps it plays with and what it pays, so the auction, the play and the settlement all
read the same table. See docs/games/solo-whist.md#the-bids.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class TrumpRule(StrEnum):
    DEFAULT = "default"    # the suit of the dealer's turned-up card
    NONE = "none"          # no trumps
    CHOOSE = "choose"      # the declarer names a suit


@dataclass(frozen=True, slots=True)
class Contract:
    name: str
    label: str
    credits: int
    #: Tricks the declarer side must win (at least), or for a misère at most ``tricks``.
    tricks: int
    misere: bool
    trump: TrumpRule
    #: The declarer's hand is laid face up after the first trick.
    exposed: bool = False
    #: The declarer leads to the first trick.
    declarer_leads: bool = False

    def made(self, won: int) -> bool:
        return won <= self.tricks if self.misere else won >= self.tricks


LADDER: tuple[Contract, ...] = (
    Contract("prop", "Prop", 1, 8, False, TrumpRule.DEFAULT),
    Contract("solo", "Solo", 1, 5, False, TrumpRule.DEFAULT),
    Contract("misere", "Misère", 2, 0, True, TrumpRule.NONE),
    Contract("abundance", "Abundance", 3, 9, False, TrumpRule.CHOOSE),
    Contract("abundance-in-trump", "Abundance in Trump", 3, 9, False, TrumpRule.DEFAULT),
    Contract("misere-ouverte", "Misère Ouverte", 4, 0, True, TrumpRule.NONE, exposed=True),
    Contract("slam", "Slam", 6, 13, False, TrumpRule.NONE, declarer_leads=True),
)

CONTRACTS: dict[str, Contract] = {c.name: c for c in LADDER}
LEVEL: dict[str, int] = {c.name: i for i, c in enumerate(LADDER)}

def must_take(c: Contract) -> str:
    """What a contract asks of its declarer, as the bidding shows it to a player."""
    if c.misere:
        what = "lose every trick, with no trumps"
    elif c.tricks == 13:
        what = "take all 13 tricks"
    else:
        what = f"take at least {c.tricks} of the 13 tricks"
    if c.name == "prop":
        what += ", with a partner who accepts (Cop)"
    if c.trump is TrumpRule.CHOOSE:
        what += ", naming trumps"
    elif c.trump is TrumpRule.DEFAULT and not c.misere:
        what += ", the turned-up suit trumps"
    elif c.trump is TrumpRule.NONE and not c.misere:
        what += ", with no trumps"
    if c.exposed:
        what += "; your hand is laid face up after the first trick"
    if c.declarer_leads:
        what += "; you lead"
    return what


#: Accepting a Prop is not a rung of the ladder; it is its own call.
COP = "cop"
