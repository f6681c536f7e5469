"""One frozen, validated rule set for the casino game, and the named presets.

Every option the seeds disagree on is a field here, so each seed's game is just a preset. The
option names are a contract shared by the command line (``--set key=value``), TOML rule files and
every part of the package that reads rules (engine, exact analysis, simulator).

Money fields are integer cents in Python; in TOML and on the command line they are dollars as
strings ("2", "7.50").
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Any

from twentyone.errors import RulesError
from twentyone.money import Cents, dollars, parse_dollars

#: The standard casino colours (docs/casino.md#chip-colours-and-values), in cents.
STANDARD_CHIPS: tuple[tuple[str, Cents], ...] = (
    ("yellow", 50),
    ("white", 100),
    ("red", 500),
    ("green", 2500),
    ("black", 10000),
    ("purple", 50000),
)

MONEY_FIELDS = ("min_bet", "max_bet", "bet_unit", "payout_rounding")


class DoubleOn(StrEnum):
    """Which first two cards the player may double on (the hand's total, an ace counting 11
    where it fits; a soft hand is always 12 or more, so only ``ANY`` doubles one)."""

    #: Any first two cards.
    ANY = "any"
    #: Only a total of 9, 10 or 11 (the classic and European games).
    NINE_TO_ELEVEN = "9-11"
    #: Only a total of 10 or 11.
    TEN_OR_ELEVEN = "10-11"


class SplitBy(StrEnum):
    """Which two cards make a pair the player may split."""

    #: Only two cards of the same rank: a king and a queen are not a pair (docs/casino.md#split_by:
    #: "same denomination").
    RANK = "rank"
    #: Any two cards of the same value: any two ten-cards split.
    VALUE = "value"


class Surrender(StrEnum):
    """Whether the player may give up half the bet instead of playing the first two cards."""

    #: No surrender.
    NONE = "none"
    #: After the dealer has checked for blackjack: a dealer natural still takes the whole bet.
    LATE = "late"
    #: Before the dealer checks: half the bet back even against a dealer natural.
    EARLY = "early"


class Insurance(StrEnum):
    """The side bet, paying 2 to 1, that the dealer's ace has a ten-card under it."""

    #: Any amount up to half the bet, in whole chips.
    UP_TO_HALF = "up-to-half"
    #: Exactly half the bet, or nothing (the casino-party game).
    EXACTLY_HALF = "exactly-half"
    #: Not offered.
    NONE = "none"


class PlayerCards(StrEnum):
    """How the player's cards fall, which decides what the other players see."""

    #: Every card face up (shoe games).
    UP = "up"
    #: Every card face down, held by the player (a single-deck pitch game).
    DOWN = "down"
    #: The first card face down, every later card face up (the casino-party game).
    DOWN_UP = "down-up"


class Reshuffle(StrEnum):
    """When the cards are shuffled again."""

    #: After the round in which the cut card came out.
    CUT_CARD = "cut-card"
    #: Before a round when fewer than ``reshuffle_below`` cards remain (casino-party).
    BELOW = "below"
    #: No cut card: the burned card lies face up at the bottom with the discards under it, and
    #: reaching it mid-deal shuffles, cuts and burns them again
    #: (docs/pontoon.md#the-shuffle-the-cut-and-the-burned-card).
    BURN_CARD = "burn-card"


class LateNatural(StrEnum):
    """What a dealer natural is when the dealer did not check for it before play (no hole card,
    or a ten-card up at a table that checks only under an ace), found when the hand is
    finished."""

    #: A blackjack: it takes every bet on the table, doubles and splits included, except a
    #: player's natural, which pushes (the casino and no-hole-card games).
    BLACKJACK = "blackjack"
    #: Just 21: a 21 pushes, lower totals lose, a doubled or split hand loses only what 21 beats
    #: (the casino-party sheet, docs/casino-party.md#settlement).
    TWENTY_ONE = "twenty-one"


class PayoutStyle(StrEnum):
    """In which chips the dealer pays a winning bet (docs/dealing.md#paying-a-bet)."""

    #: The fewest chips the rack can make the amount with: a winner is coloured up as paid.
    FEWEST = "fewest"
    #: Colour for colour: a stack sized against the bet in the bet's own colours (twice for
    #: insurance at 2 to 1); a blackjack bridged (one and a half times an even stack of one
    #: colour) or else heeled in the fewest chips (docs/dealing.md#paying-a-blackjack).
    COLOUR_FOR_COLOUR = "colour-for-colour"


#: The options that are a choice, each with its enum: TOML, ``--set`` and ``to_mapping`` spell
#: them by the members' values.
CHOICES: dict[str, type[StrEnum]] = {
    "double_on": DoubleOn, "split_by": SplitBy, "surrender": Surrender,
    "insurance": Insurance, "player_cards": PlayerCards, "reshuffle": Reshuffle,
    "late_natural": LateNatural, "payout_style": PayoutStyle,
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of the casino game. Construct with keywords; invalid combinations raise.

    Where a seed is silent the default is what casinos commonly do, noted per field.
    """

    #: Packs shuffled together (1–8).
    decks: int = 6
    #: Dealer hits soft 17 (H17). See docs/casino.md#hit_soft_17.
    hit_soft_17: bool = False
    #: True: the dealer takes a hole card and checks it for blackjack (docs/casino.md#peek).
    #: False: European no-hole-card; the dealer's second card comes after the players, and a
    #: dealer blackjack then takes every bet on the table, doubles and splits included.
    peek: bool = True
    #: With ``peek``: also check under a ten-card. See docs/casino.md#peek_tens.
    peek_tens: bool = True
    #: A dealer natural not checked for before play: "blackjack" (takes every bet but a natural)
    #: or "twenty-one" (just 21). See docs/casino.md#late_natural.
    late_natural: LateNatural = LateNatural.BLACKJACK
    #: A player's natural is turned up and paid on the player's turn even where the dealer has
    #: not checked for one (docs/casino.md#naturals_paid_at_once).
    naturals_paid_at_once: bool = False
    #: Payout for a natural, "a:b".
    blackjack_pays: str = "3:2"
    #: Which two-card totals may be doubled: "any", "9-11", "10-11" (docs/casino.md#double_on).
    double_on: DoubleOn = DoubleOn.ANY
    #: A double may be for any amount up to the original bet (docs/casino.md#double_for_less).
    double_for_less: bool = False
    #: Split hands may be doubled.
    double_after_split: bool = True
    #: "rank": only same-rank pairs split (docs/casino.md#split_by); "value": any two tens.
    split_by: SplitBy = SplitBy.RANK
    #: Most hands a player may make by splitting; 1 forbids splitting, 2 forbids resplits.
    max_hands: int = 4
    #: Split aces may be split again.
    resplit_aces: bool = False
    #: Splitting turns the pair face up and deals each split hand its second card face down
    #: (docs/casino.md#split_face_down).
    split_face_down: bool = False
    #: Split aces may draw more than one card (most casinos: no; docs/casino.md#hit_split_aces).
    hit_split_aces: bool = False
    #: "none", "late" (after the peek) or "early" (before it).
    surrender: Surrender = Surrender.NONE
    #: "up-to-half", "exactly-half" or "none" (docs/casino.md#insurance).
    insurance: Insurance = Insurance.UP_TO_HALF
    #: A player blackjack against an ace may take even money at once (docs/casino.md#even_money).
    even_money: bool = True
    #: Share of the shoe dealt before the cut card (when ``cut_behind`` is not given).
    penetration: float = 0.75
    #: Inclusive range of cards left behind the cut card, placed at random in it
    #: (docs/casino.md#cut_behind: the last 60 to 75 cards are not used). Overrides ``penetration``.
    cut_behind: tuple[int, int] | None = None
    #: Cards burned after each shuffle (docs/casino.md#burn).
    burn: int = 0
    #: "cut-card": reshuffle after the round in which the cut card came out;
    #: "below": reshuffle before a round when fewer than ``reshuffle_below`` cards remain
    #: (docs/casino.md#reshuffle).
    #: "burn-card" (Pontoon): no cut card; the burned card lies face up at the bottom with
    #: the discards under it, and reaching it mid-deal shuffles, cuts and burns them again.
    #: Either way a shoe that runs dry mid-round is refilled from the shuffled discards
    #: (docs/casino.md#when-the-dealer-reshuffles).
    reshuffle: Reshuffle = Reshuffle.CUT_CARD
    reshuffle_below: int = 25
    min_bet: Cents = 200
    max_bet: Cents = 50000
    #: Bets are whole multiples of this (docs/casino.md#bet_unit).
    bet_unit: Cents = 100
    #: Odd payouts are rounded down to a multiple of this (the house keeps the odd change);
    #: 50¢, the smallest standard chip.
    payout_rounding: Cents = 50
    #: Player seats at the table (1–7).
    seats: int = 7
    #: How player cards fall: "up" (shoe games), "down" (single-deck pitch: held face down),
    #: "down-up" (the first card face down, the second face up: docs/casino.md#player_cards).
    player_cards: PlayerCards = PlayerCards.UP
    #: The dealer's first card is the hole card rather than the second
    #: (docs/casino.md#hole_card_first).
    hole_card_first: bool = False
    #: A double-down card is dealt face down and shown at settlement
    #: (docs/casino.md#double_face_down).
    double_face_down: bool = False
    #: The dealer draws by choice, through the table's dealer operations, instead of to a fixed
    #: total (docs/casino.md#dealer_decides).
    dealer_decides: bool = False
    #: Equal totals lose to the dealer instead of pushing (docs/casino.md#ties_to_dealer).
    ties_to_dealer: bool = False
    #: Times the bet a dealer's natural collects from a hand without one; a player's natural
    #: pays one time less (casino 1: blackjack pushes; Pontoon 2: "double", a natural "just
    #: the amount of his bet").
    dealer_natural_collects: int = 1
    #: The dealer is a seated player whose own chips are the bank, so up to 14 seats
    #: (docs/casino.md#changing_bank; Pontoon, "Blackjack with a Changing Bank"); the casino table
    #: seats 1-7 against the house.
    changing_bank: bool = False
    #: In which chips winners are paid: "fewest" or "colour-for-colour"
    #: (docs/casino.md#payout_style).
    payout_style: PayoutStyle = PayoutStyle.FEWEST
    #: Chip set as (colour, cents), smallest first.
    chips: tuple[tuple[str, Cents], ...] = field(default=STANDARD_CHIPS)

    def __post_init__(self) -> None:
        # A choice given as its spelling ("9-11") becomes the member (DoubleOn.NINE_TO_ELEVEN).
        for name in CHOICES:
            value = getattr(self, name)
            if type(value) is not CHOICES[name]:
                object.__setattr__(self, name, _choice(name, value))
        _validate(self)

    # --- predicates: the rules' answers the engine, the solver and the simulator share ------

    def dealer_checks(self, up: int) -> bool:
        """Whether the dealer looks under this up card (a value, ace 1, ten-cards 10) for a
        blackjack before the players act: under an ace or a ten-card in a hole-card game,
        under an ace only where ``peek_tens`` is off, never without a hole card
        (European). A natural found ends the round at once; one not looked for takes every
        bet on the table when the dealer's hand is finished."""
        return self.peek and (up == 1 or (up == 10 and self.peek_tens))

    def late_natural_is_21(self) -> bool:
        """Whether a dealer natural the dealer did not check for counts as a plain 21
        (``late_natural``), not as a blackjack."""
        return self.late_natural is LateNatural.TWENTY_ONE

    def can_double(self, total: int) -> bool:
        """Whether the first two cards of a hand totalling ``total`` (an ace counting 11
        where it fits) may double, as ``double_on`` says. Whether a split hand or split aces
        may double is ``double_after_split`` and ``hit_split_aces``, not this."""
        if self.double_on is DoubleOn.NINE_TO_ELEVEN:
            return 9 <= total <= 11
        if self.double_on is DoubleOn.TEN_OR_ELEVEN:
            return 10 <= total <= 11
        return True

    @property
    def offers_insurance(self) -> bool:
        """Whether insurance is offered against a dealer ace (even money is ``even_money``)."""
        return self.insurance is not Insurance.NONE

    # --- derived values -----------------------------------------------------------------

    @property
    def blackjack_ratio(self) -> Fraction:
        num, den = self.blackjack_pays.split(":")
        return Fraction(int(num), int(den))

    @property
    def shoe_size(self) -> int:
        return 52 * self.decks

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated again)."""
        return dataclasses.replace(self, **changes)

    def to_mapping(self) -> dict[str, Any]:
        """Options as TOML-ready values (money as dollar strings)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in MONEY_FIELDS:
                value = dollars(value).lstrip("$").replace(",", "")
            elif f.name == "chips":
                value = {c: dollars(v).lstrip("$").replace(",", "") for c, v in value}
            elif f.name == "cut_behind":
                if value is None:
                    continue
                value = list(value)
            elif f.name in CHOICES:
                value = value.value
            out[f.name] = value
        return out

    @classmethod
    def from_mapping(cls, options: dict[str, Any], base: Rules | None = None) -> Rules:
        """Rules from TOML-style values (strings or native), on top of ``base``."""
        known = {f.name: f for f in dataclasses.fields(cls)}
        changes: dict[str, Any] = {}
        for key, raw in options.items():
            name = key.replace("-", "_")
            if name not in known:
                raise RulesError(f"unknown rule option {key!r}; known: {', '.join(sorted(known))}")
            changes[name] = _coerce(name, raw, base or cls())
        return dataclasses.replace(base or cls(), **changes)


def _coerce(name: str, raw: Any, base: Rules) -> Any:
    """Turn one TOML or ``--set`` value into the field's Python type."""
    current = getattr(base, name)
    if name in CHOICES:
        return _choice(name, raw)
    try:
        if name in MONEY_FIELDS:
            return parse_dollars(raw)
        if name == "chips":
            if not isinstance(raw, dict):
                raise RulesError("chips must be a table of colour = dollars")
            return tuple(sorted(((str(c), parse_dollars(v)) for c, v in raw.items()),
                                key=lambda cv: cv[1]))
        if name == "cut_behind":
            if raw is None or raw == "" or raw == "none":
                return None
            if isinstance(raw, str):
                lo, _, hi = raw.partition("-")
                return (int(lo), int(hi or lo))
            lo_hi = list(raw)
            return (int(lo_hi[0]), int(lo_hi[-1]))
        if isinstance(current, bool):
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("true", "yes", "1", "on"):
                return True
            if text in ("false", "no", "0", "off"):
                return False
            raise RulesError(f"{name} must be true or false, not {raw!r}")
        if isinstance(current, int):
            if isinstance(raw, bool):
                return int(raw)
            return int(raw)
        if isinstance(current, float):
            return float(raw)
        return str(raw)
    except (ValueError, TypeError) as exc:
        raise RulesError(f"bad value for {name}: {raw!r} ({exc})") from None


def _choice(name: str, raw: Any) -> Any:
    """The member of option ``name``'s enum spelled ``raw``; any other value is refused with
    the spellings allowed."""
    kind = CHOICES[name]
    if isinstance(raw, str):
        try:
            return kind(raw)
        except ValueError:
            pass
    spellings = ", ".join(f'"{member.value}"' for member in kind)
    raise RulesError(f"{name} must be one of {spellings}, not {raw!r}")


def _validate(r: Rules) -> None:
    def need(ok: bool, message: str) -> None:
        if not ok:
            raise RulesError(message)

    need(1 <= r.decks <= 8, f"decks must be 1 to 8, not {r.decks}")
    try:
        ratio = r.blackjack_ratio
    except (ValueError, ZeroDivisionError):
        raise RulesError(f'blackjack_pays must look like "3:2", not {r.blackjack_pays!r}') from None
    need(ratio > 0, "blackjack_pays must be positive")
    need(1 <= r.max_hands <= 8, f"max_hands must be 1 to 8, not {r.max_hands}")
    need(0.0 < r.penetration < 1.0, f"penetration must be between 0 and 1, not {r.penetration}")
    if r.cut_behind is not None:
        lo, hi = r.cut_behind
        need(0 < lo <= hi < r.shoe_size - r.burn,
             f"cut_behind {lo}-{hi} does not fit a {r.shoe_size}-card shoe")
    need(0 <= r.burn <= 5, f"burn must be 0 to 5 cards, not {r.burn}")
    need(0 <= r.reshuffle_below < r.shoe_size, "reshuffle_below must be smaller than the shoe")
    most = 14 if r.changing_bank else 7
    need(1 <= r.seats <= most, f"seats must be 1 to {most}, not {r.seats}")
    need(r.reshuffle is not Reshuffle.BURN_CARD or r.burn >= 1,
         "reshuffling at the burned card needs a burn card")
    need(1 <= r.dealer_natural_collects <= 3,
         f"dealer_natural_collects must be 1 to 3, not {r.dealer_natural_collects}")
    need(len(r.chips) > 0, "a chip set needs at least one chip")
    values = [v for _, v in r.chips]
    need(all(v > 0 for v in values) and values == sorted(set(values)),
         "chip values must be positive, distinct and smallest first")
    need(len({c for c, _ in r.chips}) == len(r.chips), "chip colours must be distinct")
    need(r.bet_unit > 0, "bet_unit must be positive")
    need(r.bet_unit % values[0] == 0,
         f"bet_unit {dollars(r.bet_unit)} cannot be made with {dollars(values[0])} chips")
    need(0 < r.min_bet <= r.max_bet, "need 0 < min_bet <= max_bet")
    need(r.min_bet % r.bet_unit == 0 and r.max_bet % r.bet_unit == 0,
         "min_bet and max_bet must be multiples of bet_unit")
    need(r.payout_rounding > 0, "payout_rounding must be positive")
    # A 3:2 payout rounded to 50¢ on a table whose smallest chip is $1 could not be paid.
    need(r.payout_rounding % values[0] == 0,
         f"payout_rounding {dollars(r.payout_rounding)} cannot be paid in {dollars(values[0])}"
         f" chips; make it a multiple of the smallest chip")


# --- presets ------------------------------------------------------------------------------

PRESETS: dict[str, Rules] = {
    # docs/casino.md#classic: six decks, the last 60-75 cards behind the cut card, double on 9-11
    # only with a bet equal to the original, the doubled card face down, one card to split aces,
    # insurance up to half, $2-$500, S17. Silent on resplits, DAS and surrender: resplit to four
    # hands (common), no double after split and no surrender (the traditional Strip game).
    "classic": Rules(
        decks=6, hit_soft_17=False, peek=True, blackjack_pays="3:2",
        double_on=DoubleOn.NINE_TO_ELEVEN, double_for_less=False, double_after_split=False,
        split_by=SplitBy.RANK, max_hands=4, resplit_aces=False, hit_split_aces=False,
        surrender=Surrender.NONE, insurance=Insurance.UP_TO_HALF, even_money=True,
        cut_behind=(60, 75), burn=0, min_bet=200, max_bet=50000, bet_unit=100,
        double_face_down=True,
    ),
    # docs/casino.md#casino-party: two decks, reshuffle below about 25 cards, refill from the
    # discards mid-round, bets in $10 multiples, insurance exactly half, peek under an ace only, no
    # resplits, one card to split aces, double on any two (also after a split: split hands play "as
    # above"), first card face down. Silent on the maximum: $500. A natural is paid at once on
    # the player's turn, a ten up and an ace in the hole found at the end is a 21, and splitting
    # turns the pair up and deals each hand a face-down card (docs/casino-party.md#splitting).
    "casino-party": Rules(
        decks=2, hit_soft_17=False, peek=True, peek_tens=False, blackjack_pays="3:2",
        late_natural=LateNatural.TWENTY_ONE, naturals_paid_at_once=True, split_face_down=True,
        double_on=DoubleOn.ANY, double_for_less=False, double_after_split=True,
        split_by=SplitBy.RANK, max_hands=2, resplit_aces=False, hit_split_aces=False,
        surrender=Surrender.NONE, insurance=Insurance.EXACTLY_HALF, even_money=False,
        reshuffle=Reshuffle.BELOW, reshuffle_below=25, burn=0, min_bet=1000, max_bet=50000,
        bet_unit=1000, player_cards=PlayerCards.DOWN_UP, hole_card_first=True,
    ),
    # docs/casino.md#modern-casino: burn one card, double any first two cards and for less, split
    # hands may double and split again, split aces may only be resplit, even money, cut card about
    # one deck from the end of a six-deck shoe. Silent on limits: $5-$1,000.
    "modern-casino": Rules(
        decks=6, hit_soft_17=False, peek=True, blackjack_pays="3:2", double_on=DoubleOn.ANY,
        double_for_less=True, double_after_split=True, split_by=SplitBy.RANK, max_hands=4,
        resplit_aces=True, hit_split_aces=False, surrender=Surrender.NONE,
        insurance=Insurance.UP_TO_HALF, even_money=True, cut_behind=(48, 56), burn=1, min_bet=500,
        max_bet=100000, bet_unit=100,
    ),
    # The analysts' baseline: 6 decks, S17, DAS, double any two, split to 4 hands, no resplit
    # aces, no surrender, 3:2, peek, 75% penetration.
    "six-deck-s17": Rules(
        decks=6, hit_soft_17=False, peek=True, blackjack_pays="3:2", double_on=DoubleOn.ANY,
        double_for_less=False, double_after_split=True, split_by=SplitBy.RANK, max_hands=4,
        resplit_aces=False, hit_split_aces=False, surrender=Surrender.NONE,
        insurance=Insurance.UP_TO_HALF, even_money=True, penetration=0.75, burn=1, min_bet=500,
        max_bet=100000, bet_unit=100,
    ),
    # A single-deck pitch game: cards held face down, dealer hits soft 17, double any two, no
    # double after split, about 60% dealt, one burn.
    "single-deck": Rules(
        decks=1, hit_soft_17=True, peek=True, blackjack_pays="3:2", double_on=DoubleOn.ANY,
        double_for_less=False, double_after_split=False, split_by=SplitBy.RANK, max_hands=4,
        resplit_aces=False, hit_split_aces=False, surrender=Surrender.NONE,
        insurance=Insurance.UP_TO_HALF, even_money=True, penetration=0.6, burn=1, min_bet=500,
        max_bet=50000, bet_unit=100, player_cards=PlayerCards.DOWN, seats=5,
    ),
    # European no-hole-card: the dealer's second card comes after the players; six decks, S17,
    # double on 9-11 (also after a split), no resplits.
    "european": Rules(
        decks=6, hit_soft_17=False, peek=False, blackjack_pays="3:2",
        double_on=DoubleOn.NINE_TO_ELEVEN, double_for_less=False, double_after_split=True,
        split_by=SplitBy.RANK, max_hands=2, resplit_aces=False, hit_split_aces=False,
        surrender=Surrender.NONE, insurance=Insurance.UP_TO_HALF, even_money=True, penetration=0.75,
        burn=1, min_bet=500, max_bet=100000, bet_unit=100,
    ),
}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "classic": "The traditional casino game: six decks, 60-75 cards behind the cut card, double on "
               "9-11, $2-$500",
    "casino-party": "The casino-party game for a volunteer dealer: two decks, $10 bets, insurance "
                    "exactly half, no resplits",
    "modern-casino": "As casino dealers are taught today: burn card, double any two and for less, "
                     "resplits, even money",
    "six-deck-s17": "Analysts' baseline: 6D S17 DAS DA2 SP4 NRSA no surrender 3:2, 75% pen.",
    "single-deck": "Single-deck pitch game, cards held face down, H17, no DAS",
    "european": "European no hole card: dealer's second card after the players",
}


def load_rules(preset_or_file: str = "classic",
               overrides: dict[str, Any] | None = None) -> Rules:
    """A preset name or a TOML file path, then ``--set`` style overrides.

    A TOML file may name ``preset = "..."`` as its starting point; otherwise it starts from the
    defaults of ``Rules``.
    """
    if preset_or_file in PRESETS:
        rules = PRESETS[preset_or_file]
    else:
        path = Path(preset_or_file)
        if not path.is_file():
            raise RulesError(
                f"no preset or rules file named {preset_or_file!r}; presets: {', '.join(PRESETS)}")
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise RulesError(f"{path}: not valid TOML ({exc})") from None
        base_name = data.pop("preset", None)
        if base_name is not None and base_name not in PRESETS:
            raise RulesError(f"{path}: unknown preset {base_name!r}")
        rules = Rules.from_mapping(data, PRESETS[base_name] if base_name else None)
    if overrides:
        rules = Rules.from_mapping(overrides, rules)
    return rules


def parse_set_options(pairs: list[str]) -> dict[str, str]:
    """``["decks=2", "hit_soft_17=true"]`` to a mapping; a pair without ``=`` is an error."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise RulesError(f"--set needs key=value, not {pair!r}")
        out[key.strip()] = value.strip()
    return out
