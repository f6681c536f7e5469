"""What the dealer says aloud, worded as dealers are taught (docs/dealing.md#making-change):
amounts spoken as words, the call of "cheque change" when a chip is broken for a player, how a
payout was made, and the calls of a round (insurance open and closed, a push, the last round
before the shuffle). Functions of the table's events, for any face that narrates a table."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from twentyone.engine.cashier import sized_payout, three_to_two
from twentyone.engine.chips import ChipSet
from twentyone.engine.events import Event, Kind
from twentyone.engine.signals import called, signal_of, style_of
from twentyone.money import Cents
from twentyone.protocol import HOUSE
from twentyone.rules import PayoutStyle, Rules

_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
         "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def _below_thousand(n: int) -> str:
    hundreds, rest = divmod(n, 100)
    parts = [f"{_ONES[hundreds]} hundred"] if hundreds else []
    if rest >= 20:
        tens, ones = divmod(rest, 10)
        parts.append(_TENS[tens] + (f"-{_ONES[ones]}" if ones else ""))
    elif rest or not parts:
        parts.append(_ONES[rest])
    return " ".join(parts)


def spoken(cents: Cents) -> str:
    """An amount as a dealer says it: "one hundred", "twenty-five", "two thousand five
    hundred", "seven fifty" ($7.50), "fifty cents"."""
    if cents < 0:
        raise ValueError("a spoken amount is not negative")
    whole, part = divmod(cents, 100)
    if not whole:
        return f"{_below_thousand(part)} cents"
    thousands, rest = divmod(whole, 1000)
    words = []
    if thousands:
        words.append(f"{_below_thousand(thousands)} thousand")
    if rest or not words:
        words.append(_below_thousand(rest))
    text = " ".join(words)
    if part:
        text += (f" {_below_thousand(part)}" if part >= 10
                 else f" and {_ONES[part]} cent{'s' if part > 1 else ''}")
    return text


def cheque_change(cents: Cents) -> str:
    """The call when a chip is broken (docs/dealing.md#making-change): "cheque change: one
    hundred", so that the player can correct the count."""
    return f"cheque change: {spoken(cents)}"


def payout_method(chipset: ChipSet, style: PayoutStyle, amount: Cents, paid: Sequence[int],
                  wager: Sequence[int]) -> str:
    """How a payout of ``amount`` in the chips ``paid`` on the bet ``wager`` was made, in the
    manual's words (docs/dealing.md#paying-a-bet, docs/dealing.md#paying-a-blackjack):
    "in the fewest chips", "colour for colour", "colour for colour, sized twice", "bridged" or
    "heeled". Told from the chips alone, so any face can say it after the fact."""
    if style is PayoutStyle.FEWEST or not any(wager):
        return "in the fewest chips"
    sized = sized_payout(chipset, amount, wager)
    if sized is not None and list(sized[0]) == list(paid):
        how = sized[1]
        if how == "bridged":
            return how
        return "colour for colour" if how == "sized" else f"colour for colour, {how}"
    return "heeled" if three_to_two(chipset, amount, wager) else "in the fewest chips"


#: The calls that open insurance (once the deal shows the ace) and close it (said before the
#: event that shows it closed).
OPEN = "Insurance is open"
CLOSED = "Insurance is closed"


class DealerCalls:
    """What the dealer says aloud as a round goes, fed the events a viewer sees: "Insurance is
    open" when an ace shows at a table that offers it, "Insurance is closed" when every player
    has answered (docs/dealing.md#the-insurance-procedure), "Push" on a tie, "cheque change: one
    hundred" when a chip is broken (docs/dealing.md#making-change), "Last round before the
    shuffle" when the cut card comes out (docs/casino.md#when-the-dealer-reshuffles), and the
    signal each player's decision was read from, "Seat 2 waves: stands"
    (docs/dealing.md#hand-signals).

    It keeps only whether insurance is open and whether the dealer's up card has shown, so
    the terminal and the browser table call a round the same way from the same events."""

    #: Events that can only happen once insurance has closed (without a peek, in the
    #: no-hole-card game, the first player's decision closes it).
    _CLOSERS = frozenset({Kind.PEEKED, Kind.HIT, Kind.STOOD, Kind.DOUBLED, Kind.SPLIT,
                          Kind.DEALER_STOOD, Kind.DEALER_BUSTED, Kind.ROUND_ENDED, Kind.VOIDED})

    def __init__(self, rules: Rules) -> None:
        self._offers_insurance = rules.offers_insurance
        self._game = style_of(rules)
        self._up_shown = False
        self._open = False
        #: How many hands each seat plays this round (a split makes two), to name the hand.
        self._hands: dict[int, int] = {}

    def feed(self, events: Iterable[Event]) -> list[tuple[Event, str]]:
        """Each call these events make, with the event that made it, in order."""
        return [(e, call) for e in events for call in self.said(e)]

    def said(self, e: Event) -> list[str]:
        """Everything called for this one event, in order: ``call``'s call, then the signal a
        decision was given with. The terminal's narrator says the signal in its own line of the
        decision, and so asks ``call`` alone."""
        out = [] if (call := self.call(e)) is None else [call]
        s = signal_of(self._game, e)
        if s is not None:
            hand = e.hand - 1 if e.kind is Kind.SPLIT else e.hand
            many = self._hands.get(e.seat, 1) > 1
            out.append(called(f"Seat {e.seat} hand {hand + 1}" if many else f"Seat {e.seat}", s))
            if e.kind is Kind.SPLIT:
                self._hands[e.seat] = self._hands.get(e.seat, 1) + 1
        return out

    def call(self, e: Event) -> str | None:
        """The call this one event makes, if any. ``CLOSED`` is said just *before* its event
        (the check, or the first player's decision); every other call just after."""
        k = e.kind
        if self._open and k in self._CLOSERS:
            self._open = False
            return CLOSED
        if k is Kind.ROUND_STARTED:
            self._up_shown = False
            self._hands.clear()
        elif k is Kind.DEALT and e.seat == HOUSE and e.face_up and not self._up_shown:
            self._up_shown = True
            if e.card is not None and e.card.value == 1 and self._offers_insurance:
                self._open = True
                return OPEN
        elif k is Kind.SETTLED and e.note == "push":
            return "Push"
        elif k is Kind.CHANGE:
            return cheque_change(e.amount)
        elif k is Kind.CUT_CARD:
            return "Last round before the shuffle"
        return None
