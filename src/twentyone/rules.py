"""One frozen, validated rule set for the casino game, and the named presets.

Every option the seeds disagree on is a field here, so each seed's game is just a preset. The
option names are a contract shared by the command line (``--set key=value``), TOML rule files and
every part of the package that reads rules (engine, exact analysis, simulator).

Money fields are integer cents in Python; in TOML and on the command line they are dollars as
strings ("2", "7.50").
"""

from __future__ import annotations

import dataclasses
import math
import re
import tomllib
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Any

from twentyone.errors import RulesError, did_you_mean
from twentyone.money import DIGITS_RULE, MAX_DOLLARS, Cents, dollars, other_digits, parse_dollars
from twentyone.safeload import loads_toml

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


class HitSignal(StrEnum):
    """How a player asks for a card where the cards lie on the felt
    (docs/casino.md#hit_signal)."""

    #: A finger taps the felt behind the cards (the dealer's manual).
    TAP = "tap"
    #: A finger or two scratch the felt towards the player, or the hand beckons the card
    #: ("Come here!"): the classic rules (docs/dealing.md#hand-signals).
    SCRATCH = "scratch"


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
    "hit_signal": HitSignal,
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
    #: How a player signals a hit where the cards lie on the felt: "tap" (the dealer's manual)
    #: or "scratch" (towards the player, or beckoning: the classic rules);
    #: docs/casino.md#hit_signal. The pitch game's held cards give their own signal.
    hit_signal: HitSignal = HitSignal.TAP
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

    def pontoon_options(self) -> list[str]:
        """The options set here that belong to the changing-bank game (Pontoon, played by
        ``pontoon.PontoonTable``): the exact odds, the simulator and the casino table's bots
        model the casino game and refuse them by these names (docs/casino.md#changing_bank)."""
        return [name for name, on in (
            ("dealer_decides", self.dealer_decides), ("ties_to_dealer", self.ties_to_dealer),
            ("dealer_natural_collects", self.dealer_natural_collects != 1),
            ("changing_bank", self.changing_bank)) if on]

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
        if not isinstance(options, dict):
            raise RulesError(f"rule options are a table of name = value, not {_shown(options)}")
        for key, raw in options.items():
            if not isinstance(key, str):
                raise RulesError(f"unknown rule option {_shown(key)}")
            name = key.replace("-", "_")
            if name not in known:
                raise RulesError(f"unknown rule option {key!r}; known: {', '.join(sorted(known))}")
            changes[name] = _coerce(name, raw, base or cls())
        return dataclasses.replace(base or cls(), **changes)


#: ``blackjack_pays``: two positive whole numbers of at most three ASCII digits (int() alone
#: would take "-3", " 3" and other scripts' digits), and the range of ratios a table may pay.
_RATIO = re.compile(r"[1-9][0-9]{0,2}:[1-9][0-9]{0,2}")
BLACKJACK_PAYS = (Fraction(1), Fraction(3))
#: ``penetration``: the shares of the shoe a cut card may be placed at.
PENETRATION = (0.1, 0.99)
#: The most colours a chip set has, and the longest colour name (a name printed on the chip
#: sheet, the felt and the rack, so letters, digits, spaces, hyphens and apostrophes only:
#: nothing a terminal or a page would read as markup or a control code).
MAX_CHIP_COLOURS = 12
MAX_COLOUR_LENGTH = 24
_COLOUR = re.compile(rf"(?=.{{1,{MAX_COLOUR_LENGTH}}}\Z)[^\W\d_](?:[^\W_]|[ '-](?=[^\W_]))*")

#: Whole numbers as text (``--set decks=2``): digits with an optional sign, no more than any
#: option could use (a thousand-digit number is refused, not parsed).
_WHOLE = re.compile(r"[+-]?[0-9]{1,12}")
#: A share as text (``--set penetration=0.75``): a plain decimal, no exponent, "inf" or "nan".
_DECIMAL = re.compile(r"[+-]?(?:[0-9]{1,12}(?:\.[0-9]{0,12})?|\.[0-9]{1,12})")
_TRUE = ("true", "yes", "1", "on")
_FALSE = ("false", "no", "0", "off")


def _shown(raw: Any) -> str:
    """A refused value as a person wrote it, cut short if long (TOML spellings for lists)."""
    if isinstance(raw, bool):
        text = "true" if raw else "false"
    elif isinstance(raw, str):
        text = repr(raw)
    elif isinstance(raw, (list, tuple)):
        text = "[" + ", ".join(_shown(x) for x in raw[:5]) + (", ...]" if len(raw) > 5 else "]")
    elif isinstance(raw, dict):
        text = "a table {" + ", ".join(str(k) for k in list(raw)[:5]) + "}"
    else:
        text = str(raw)
    return text if len(text) <= 60 else text[:60] + "..."


def _coerce(name: str, raw: Any, base: Rules) -> Any:
    """Turn one TOML or ``--set`` value into the field's Python type.

    Each option takes its own type and nothing else, so a mistake is refused with the option's
    name and what it takes rather than converted: a whole number is not given as 1.5 (refused,
    not truncated) or as true; a yes/no option is true or false (or yes/no/on/off/1/0 as
    text); money is dollars as text ("7.50") or whole dollars; a list is only ``cut_behind``
    and a table only ``chips``."""
    current = getattr(base, name)
    if name in CHOICES:
        return _choice(name, raw)
    numeric = name in MONEY_FIELDS or name in ("chips", "cut_behind", "blackjack_pays") or (
        isinstance(current, (int, float)) and not isinstance(current, bool))
    if numeric and isinstance(raw, str) and other_digits(raw):
        raise RulesError(f"{name}: {DIGITS_RULE}, not {_shown(raw)}")
    if name in MONEY_FIELDS:
        return _money(name, raw)
    if name == "chips":
        if not isinstance(raw, dict) or not raw:
            raise RulesError(f'chips must be a table of colour = dollars (e.g. red = "5"), '
                             f"not {_shown(raw)}")
        return tuple(sorted(((str(c), _money(f"chips.{c}", v)) for c, v in raw.items()),
                            key=lambda cv: cv[1]))
    if name == "cut_behind":
        return _cut_behind(raw)
    if isinstance(current, bool):
        if isinstance(raw, bool):
            return raw
        text = raw.strip().lower() if isinstance(raw, str) else None
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise RulesError(f"{name} must be true or false, not {_shown(raw)}")
    if isinstance(current, int):
        return _whole(name, raw)
    if isinstance(current, float):
        if isinstance(raw, (int, float)) and not isinstance(raw, bool):
            value = float(raw)
        elif isinstance(raw, str) and _DECIMAL.fullmatch(raw.strip()):
            value = float(raw.strip())
        else:
            raise RulesError(f"{name} must be a number such as 0.75, not {_shown(raw)}")
        if not math.isfinite(value):
            raise RulesError(f"{name} must be a number such as 0.75, not {_shown(raw)}")
        return value
    if not isinstance(raw, str):
        raise RulesError(f"{name} must be text such as {str(current)!r}, not {_shown(raw)}")
    return raw.strip()


def _whole(name: str, raw: Any) -> int:
    """A whole-number option: an int (not a bool, not 1.5) or its digits as text."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and _WHOLE.fullmatch(raw.strip()):
        return int(raw.strip())
    raise RulesError(f"{name} must be a whole number, not {_shown(raw)}")


def _money(name: str, raw: Any) -> Cents:
    """A money option: dollars as text ("7.50", "1,000") or whole dollars as a number."""
    if isinstance(raw, bool) or not isinstance(raw, (str, int)):
        raise RulesError(f'{name} must be dollars as text (e.g. "7.50") or whole dollars, '
                         f"not {_shown(raw)}")
    try:
        return parse_dollars(raw)
    except ValueError as exc:
        raise RulesError(f"{name}: {exc}") from None


def _cut_behind(raw: Any) -> tuple[int, int] | None:
    """``cut_behind``: "none" or empty for no range, "60-75" or "60" as text, or a list of one
    or two whole numbers."""
    shape = 'cut_behind must be two whole numbers such as [60, 75] or "60-75", or "none"'
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in ("", "none")):
        return None
    if isinstance(raw, str):
        lo, _, hi = raw.strip().partition("-")
        if not _WHOLE.fullmatch(lo.strip()) or (hi and not _WHOLE.fullmatch(hi.strip())):
            raise RulesError(f"{shape}, not {_shown(raw)}")
        return (int(lo), int(hi or lo))
    if isinstance(raw, (list, tuple)) and 1 <= len(raw) <= 2 and all(
            isinstance(x, int) and not isinstance(x, bool) for x in raw):
        return (int(raw[0]), int(raw[-1]))
    raise RulesError(f"{shape}, not {_shown(raw)}")


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


def _check_types(r: Rules) -> None:
    """Each field holds its own type (set from Python as well as from text): whole numbers are
    ints, not floats or bools, so ``Rules(decks=1.5)`` is refused, never truncated; money is
    int cents."""
    for f in dataclasses.fields(r):
        value = getattr(r, f.name)
        default = f.default if f.default is not dataclasses.MISSING else None
        if f.name in CHOICES:
            continue
        if f.name == "chips":
            ok = isinstance(value, tuple) and all(
                isinstance(cv, tuple) and len(cv) == 2 and isinstance(cv[0], str)
                and type(cv[1]) is int for cv in value)
            what = "(colour, cents) pairs"
        elif f.name == "cut_behind":
            ok = value is None or (isinstance(value, tuple) and len(value) == 2
                                   and all(type(x) is int for x in value))
            what = "two whole numbers or nothing"
        elif isinstance(default, bool):
            ok, what = type(value) is bool, "true or false"
        elif isinstance(default, int):
            ok = type(value) is int
            what = "a whole number of cents" if f.name in MONEY_FIELDS else "a whole number"
        elif isinstance(default, float):
            ok = type(value) in (int, float) and math.isfinite(value)
            what = "a number"
        else:
            ok, what = isinstance(value, str), "text"
        if not ok:
            raise RulesError(f"{f.name} must be {what}, not {_shown(value)}")


def _validate(r: Rules) -> None:
    def need(ok: bool, message: str) -> None:
        if not ok:
            raise RulesError(message)

    _check_types(r)
    need(1 <= r.decks <= 8, f"decks must be 1 to 8, not {r.decks}")
    need(_RATIO.fullmatch(r.blackjack_pays) is not None,
         f'blackjack_pays must be two whole numbers such as "3:2" or "6:5", not '
         f"{_shown(r.blackjack_pays)}")
    need(BLACKJACK_PAYS[0] <= r.blackjack_ratio <= BLACKJACK_PAYS[1],
         f"blackjack_pays must be from 1:1 to 3:1, not {r.blackjack_pays}")
    need(1 <= r.max_hands <= 8, f"max_hands must be 1 to 8, not {r.max_hands}")
    need(PENETRATION[0] <= r.penetration <= PENETRATION[1],
         f"penetration must be from {PENETRATION[0]} to {PENETRATION[1]}, not {r.penetration}")
    need(0 <= r.burn <= 5, f"burn must be 0 to 5 cards, not {r.burn}")
    if r.cut_behind is not None:
        lo, hi = r.cut_behind
        need(0 < lo <= hi < r.shoe_size - r.burn,
             f"cut_behind {lo}-{hi} does not fit a {r.shoe_size}-card shoe")
    need(0 <= r.reshuffle_below < r.shoe_size, "reshuffle_below must be smaller than the shoe")
    most = 14 if r.changing_bank else 7
    need(1 <= r.seats <= most, f"seats must be 1 to {most}, not {r.seats}")
    need(r.reshuffle is not Reshuffle.BURN_CARD or r.burn >= 1,
         "reshuffling at the burned card needs a burn card")
    need(1 <= r.dealer_natural_collects <= 3,
         f"dealer_natural_collects must be 1 to 3, not {r.dealer_natural_collects}")
    need(len(r.chips) > 0, "chips: a chip set needs at least one chip")
    need(len(r.chips) <= MAX_CHIP_COLOURS,
         f"chips: a chip set has at most {MAX_CHIP_COLOURS} colours, not {len(r.chips)}")
    for colour, _ in r.chips:
        need(_COLOUR.fullmatch(colour) is not None,
             f"chips: {_shown(colour)} is not a colour's name (1 to {MAX_COLOUR_LENGTH} "
             "letters, digits, spaces, hyphens or apostrophes, starting with a letter)")
    values = [v for _, v in r.chips]
    need(all(v > 0 for v in values) and values == sorted(set(values)),
         "chips: chip values must be positive, distinct and smallest first")
    need(len({c for c, _ in r.chips}) == len(r.chips), "chips: chip colours must be distinct")
    need(r.bet_unit > 0, "bet_unit must be positive")
    need(max(values) <= MAX_DOLLARS * 100 and r.max_bet <= MAX_DOLLARS * 100
         and r.payout_rounding <= MAX_DOLLARS * 100,
         f"amounts must be at most {dollars(MAX_DOLLARS * 100)}")
    need(r.bet_unit % values[0] == 0,
         f"bet_unit {dollars(r.bet_unit)} cannot be made with {dollars(values[0])} chips")
    need(0 < r.min_bet <= r.max_bet, "need 0 < min_bet <= max_bet")
    need(r.min_bet % r.bet_unit == 0 and r.max_bet % r.bet_unit == 0,
         "min_bet and max_bet must be multiples of bet_unit")
    need(r.payout_rounding > 0, "payout_rounding must be positive")
    # A natural then never pays less than even money: a bet is a multiple of the rounding.
    need(r.bet_unit % r.payout_rounding == 0,
         f"payout_rounding {dollars(r.payout_rounding)} must divide bet_unit "
         f"{dollars(r.bet_unit)} (at most the bet unit), or a natural could be paid less "
         f"than even money")
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
        double_face_down=True, hit_signal=HitSignal.SCRATCH,
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
    # docs/casino.md#six-deck-h17-ls: the common shoe game of today's casinos: the analysts'
    # game with the dealer hitting soft 17 and late surrender offered.
    "six-deck-h17-ls": Rules(
        decks=6, hit_soft_17=True, peek=True, blackjack_pays="3:2", double_on=DoubleOn.ANY,
        double_for_less=False, double_after_split=True, split_by=SplitBy.RANK, max_hands=4,
        resplit_aces=False, hit_split_aces=False, surrender=Surrender.LATE,
        insurance=Insurance.UP_TO_HALF, even_money=True, penetration=0.75, burn=1, min_bet=1000,
        max_bet=200000, bet_unit=100,
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
    "six-deck-h17-ls": "Today's common shoe game: 6D H17 DAS, late surrender, 3:2, $10-$2,000",
    "single-deck": "Single-deck pitch game, cards held face down, H17, no DAS",
    "european": "European no hole card: dealer's second card after the players",
}


def load_rules(preset_or_file: str = "classic",
               overrides: dict[str, Any] | None = None) -> Rules:
    """A preset name or a TOML file path, then ``--set`` style overrides.

    A TOML file may name ``preset = "..."`` as its starting point; otherwise it starts from the
    defaults of ``Rules``.
    """
    if not isinstance(preset_or_file, str):
        raise RulesError(f"rules are a preset name or a rules file, not {_shown(preset_or_file)}")
    if preset_or_file in PRESETS:
        rules = PRESETS[preset_or_file]
    else:
        path = Path(preset_or_file)
        if not path.is_file():
            raise RulesError(
                f"no preset or rules file named {preset_or_file!r}"
                f"{did_you_mean(preset_or_file, PRESETS)} (presets: {', '.join(PRESETS)})")
        data = _read_toml(path)
        base_name = data.pop("preset", None)
        if base_name is not None and (not isinstance(base_name, str) or base_name not in PRESETS):
            raise RulesError(f"{path}: unknown preset {_shown(base_name)}"
                             f"{did_you_mean(base_name, PRESETS)} (presets: {', '.join(PRESETS)})")
        try:
            rules = Rules.from_mapping(data, PRESETS[base_name] if base_name else None)
        except RulesError as exc:
            raise RulesError(f"{path}: {exc}") from None
    if overrides:
        rules = Rules.from_mapping(overrides, rules)
    return rules


#: The largest rules file read: a full one is about a kilobyte.
MAX_RULES_FILE_BYTES = 1 << 20


def _read_toml(path: Path) -> dict[str, Any]:
    """A rules file's TOML table; a file that cannot be read, is binary, is not UTF-8 text or
    is not TOML is a ``RulesError`` saying which."""
    try:
        if path.stat().st_size > MAX_RULES_FILE_BYTES:
            raise RulesError(f"{path}: too large for a rules file "
                             f"(more than {MAX_RULES_FILE_BYTES // 1024} KiB)")
        raw = path.read_bytes()
    except OSError as exc:
        raise RulesError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if b"\0" in raw:
        raise RulesError(f"{path}: a binary file, not a TOML rules file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesError(f"{path}: not UTF-8 text, so not a TOML rules file") from None
    try:
        return loads_toml(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"{path}: not valid TOML ({exc})") from None


def parse_set_options(pairs: list[str]) -> dict[str, str]:
    """``["decks=2", "hit_soft_17=true"]`` to a mapping; a pair without ``=`` is an error."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise RulesError(f"--set needs key=value, not {pair!r}")
        out[key.strip()] = value.strip()
    return out
