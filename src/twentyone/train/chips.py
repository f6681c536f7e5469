"""The dealer's chip drills: counting chips, paying bets, making change and colouring up.

Everything is graded exactly, in integer cents, against the engine's own chip arithmetic
(``ChipSet.fewest``, ``count_chips``): the trainer teaches what the table does
(docs/dealing.md#paying-a-bet), plus the manual's hand methods where the table has none.

The payout grading rule is the trainer's own, written from the dealer's manual
(docs/training.md#paying-by-hand) because the engine pays one way only (the fewest chips):
a payout is right when it is worth exactly the amount **and** is made one of the ways a dealer
is taught to make it:

- in the fewest chips (how the table pays, and "mentally figure the total amount of the payout"
  for a blackjack on a single chip or a mixed bet: $7.50 on one red is one red, two white, one
  yellow);
- colour for colour: the bet's own colours, each scaled by the odds, where every colour scales
  to whole chips ("remove an equal number of chips of each color"; at 3:2 on an even number of
  chips, one and a half times as many, "bridging"; at 2:1 on insurance, "size into the chip
  stack twice").

Any other mix of the right amount is refused (a trainee learning to pay 1:1 on three reds with
fifteen whites is learning the wrong thing), and a short or long payout is always refused: there
is no partial credit, as the manual says to never leave a player partially paid.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from twentyone.engine.chips import ChipSet, Counts
from twentyone.games.blackjack.payouts import accepted_payouts
from twentyone.money import Cents, dollars, parse_dollars
from twentyone.rules import STANDARD_CHIPS, Rules
from twentyone.train.core import JSON, MAX_DIGITS, AnswerError, Drill, Grade, Item

#: A full tube of chips in the rack (docs/dealing.md#counting-chips).
TUBE = 20
#: The most chips of one colour an answer may hold: a whole rack is 500 of a colour, and no
#: payout or change here needs more; a bigger count is not a payout, it is a typing accident.
MAX_CHIPS = 1000

#: The ten chip-counting exercises of the dealer's manual (docs/dealing.md#counting-chips), as
#: the answers count them: the first five loose piles, the second five with a rack of full
#: tubes of 20.
SEED_PILES: tuple[tuple[dict[str, int], Cents, bool], ...] = (
    ({"black": 8, "green": 8, "red": 6, "white": 3}, 1033_00, False),
    ({"purple": 2, "black": 6, "green": 1, "red": 4}, 1645_00, False),
    ({"black": 3, "red": 2, "white": 2, "yellow": 3}, 313_50, False),
    ({"green": 5, "red": 3, "white": 9}, 149_00, False),
    ({"black": 13, "green": 5, "red": 4, "white": 1}, 1446_00, False),
    ({"purple": 6, "black": 11, "green": 16, "red": 60, "white": 25, "yellow": 3}, 4826_50, True),
    ({"purple": 2, "black": 28, "green": 26, "red": 84, "white": 32, "yellow": 9}, 4906_50, True),
    ({"purple": 3, "black": 11, "green": 20, "red": 19, "white": 21}, 3216_00, True),
    ({"black": 4, "green": 3, "red": 16, "yellow": 2}, 556_00, True),
    ({"purple": 5, "black": 12, "green": 15, "red": 46, "white": 17, "yellow": 7}, 4325_50, True),
)


def parse_money_answer(answer: JSON) -> Cents:
    """A dollar answer: the contract's string ("313.50", "$1,033"), or a number of dollars."""
    if isinstance(answer, bool) or answer is None:
        raise AnswerError("answer with a dollar amount, e.g. \"313.50\"")
    if isinstance(answer, float):
        try:
            answer = str(Decimal(str(answer)))
        except InvalidOperation:
            raise AnswerError(f"not a dollar amount: {answer!r}") from None
    if not isinstance(answer, str | int):
        raise AnswerError("answer with a dollar amount, e.g. \"313.50\"")
    if (isinstance(answer, int) and abs(answer) >= 10**MAX_DIGITS) or \
            (isinstance(answer, str) and len(answer.strip()) > 3 * MAX_DIGITS):
        raise AnswerError("that is no amount a pile or a payout can be")
    try:
        return parse_dollars(answer)
    except ValueError as exc:
        raise AnswerError(str(exc)) from None


def parse_chips_answer(chipset: ChipSet, answer: JSON) -> Counts:
    """Chips named by colour, ``{"red": 1, "white": 2}``, as counts in the set's order."""
    if not isinstance(answer, Mapping):
        raise AnswerError('answer with chips by colour, e.g. {"red": 1, "white": 2}')
    out = chipset.zero()
    for colour, n in answer.items():
        if colour not in chipset.colours:
            raise AnswerError(f"no {colour!r} chips here ({', '.join(chipset.colours)})")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise AnswerError(f"{colour}: a chip count is a whole number, not {str(n)[:20]!r}")
        if n > MAX_CHIPS:
            raise AnswerError(f"{colour}: at most {MAX_CHIPS:,} chips of a colour")
        out[chipset.colours.index(colour)] += n
    return out


def layout(chipset: ChipSet, counts: Sequence[int], tubes: bool) -> dict[str, dict[str, int]]:
    """How a pile lies: per colour, full rack tubes of 20 and loose chips (all loose off the
    rack). Shown with the item so a front end can draw the rack rows the manual shows."""
    out: dict[str, dict[str, int]] = {}
    for colour, n in zip(chipset.colours, counts, strict=True):
        if n:
            full, loose = divmod(n, TUBE) if tubes else (0, n)
            out[colour] = {"tubes": full, "loose": loose}
    return out


def chipset_of(rules: Rules) -> ChipSet:
    return ChipSet.of(rules.chips)


def count_by_stack(chipset: ChipSet, layout: Mapping[str, Mapping[str, int]]) -> str:
    """A pile counted colour by colour, largest first, as a miss explains it: "8 black x $100
    = $800; 1 tube of 20 and 5 loose red x $5 = $125"."""
    parts = []
    for colour, value in sorted(zip(chipset.colours, chipset.values, strict=True),
                                key=lambda cv: -cv[1]):
        if colour not in layout:
            continue
        tubes, loose = int(layout[colour]["tubes"]), int(layout[colour]["loose"])
        n = tubes * TUBE + loose
        how = (f"{tubes} tube{'s' if tubes > 1 else ''} of {TUBE} and {loose} loose {colour}"
               if tubes and loose else f"{tubes} tube{'s' if tubes > 1 else ''} of {TUBE} "
               f"{colour} ({n})" if tubes else f"{n} {colour}")
        parts.append(f"{how} x {dollars(value)} = {dollars(n * value)}")
    return "; ".join(parts)


class ChipCountDrill(Drill):
    """Count a pile: generated piles of the table's colours, some on the rack in tubes of 20,
    with the ten exercises of the dealer's manual among them in practice (with the standard
    chips; at random places, about one item in four until all ten have come). An audition is
    generated piles only: the manual's piles and their answers are printed
    (docs/dealing.md#counting-chips), so a test of them would test memory. Graded on
    exactness; the time is recorded by the session, never judged here; a miss is explained
    stack by stack."""

    name = "chip-count"
    title = "Chip counting: name the total of a pile"
    group = "dealer"
    answer_hint = 'the total in dollars as a string, e.g. "313.50"'
    answer_kind = "dollars"
    audition = (10, 0.9, 20.0)

    def items(self, rng: random.Random) -> Iterator[Item]:
        chipset = chipset_of(self.rules)
        manual = list(range(1, len(SEED_PILES) + 1)) \
            if self.rules.chips == STANDARD_CHIPS and not self.auditioning else []
        n = 0
        while True:
            if manual and rng.random() < 0.25:
                k = manual.pop(rng.randrange(len(manual)))
                pile, _total, tubes = SEED_PILES[k - 1]
                yield self._item(f"seed-{k}", f"manual exercise {k}", chipset,
                                 chipset.counts(pile), tubes)
                continue
            n += 1
            tubes = rng.random() < 0.3
            colours = rng.sample(range(len(chipset.values)), rng.randint(2, len(chipset.values)))
            counts = chipset.zero()
            for i in colours:
                counts[i] = rng.randint(1, 90 if tubes else 15)
            yield self._item(f"pile-{n}", f"{len(colours)} colours" + (" rack" if tubes else ""),
                             chipset, counts, tubes)

    def _item(self, id_: str, key: str, chipset: ChipSet, counts: Counts, tubes: bool) -> Item:
        return Item(id_, self.name, key,
                    {"chips": chipset.by_colour(counts), "rack": tubes,
                     "layout": layout(chipset, counts, tubes), "rules": self.rules_name},
                    {"total": chipset.value(counts)})

    def grade(self, item: Item, answer: JSON) -> Grade:
        total = int(item.secret["total"])
        expected = f"{total // 100}.{total % 100:02d}"
        how = count_by_stack(chipset_of(self.rules), item.shown["layout"])
        try:
            given = parse_money_answer(answer)
        except AnswerError as exc:
            return Grade(False, expected, f"{exc}; the pile is {dollars(total)}: {how}.")
        if given == total:
            return Grade(True, expected, f"Right: {dollars(total)}.")
        off = given - total
        return Grade(False, expected, f"The pile is {dollars(total)}; you were "
                                      f"{'over' if off > 0 else 'short'} by "
                                      f"{dollars(abs(off))}: {how}.")


#: Payout kinds: what is paid and at what odds on which chips.
PAYOUT_KINDS = ("1:1", "3:2", "6:5", "insurance", "even-money", "double", "split-aces")


def payout_amount(bet: Cents, odds: Fraction, rounding: Cents) -> Cents:
    """What ``odds`` pay on ``bet``, rounded down to what the chips can pay (the house keeps
    the odd change, docs/casino.md#payout_rounding), as the engine rounds blackjack payouts."""
    raw = bet * odds
    return int(raw // rounding) * rounding if rounding else int(raw)


class PayoutDrill(Drill):
    """Pay a bet shown as chips: even money, 3:2 and 6:5 blackjacks, insurance at 2:1, even money
    on a blackjack against an ace, a won double, and split aces that made 21 (paid 1:1, not 3:2:
    an ace and a ten after a split is not a blackjack). The answer is chips by colour."""

    name = "payouts"
    title = "Payouts: pay each bet in the right chips"
    group = "dealer"
    answer_hint = 'the payout as chips by colour, e.g. {"red": 1, "white": 2, "yellow": 1}'
    answer_kind = "chips"
    audition = (20, 0.9, 15.0)

    def _bet(self, rng: random.Random, chipset: ChipSet, unit: Cents) -> Counts:
        """A bet a player would make: one to three colours, a few chips each, a multiple of
        ``unit`` (whole dollars; $5 for 6:5, so that the table can pay it exactly)."""
        while True:
            counts = chipset.zero()
            top = min(len(chipset.values), 5)
            for i in rng.sample(range(1, top), rng.randint(1, min(3, top - 1))):
                counts[i] = rng.choice((1, 1, 2, 2, 3, 4, 5, 6))
            if chipset.value(counts) % unit == 0:
                return counts

    def items(self, rng: random.Random) -> Iterator[Item]:
        chipset = chipset_of(self.rules)
        n = 0
        while True:
            n += 1
            kind = rng.choice(PAYOUT_KINDS)
            yield self.make(f"pay-{n}", kind, rng, chipset)

    def make(self, id_: str, kind: str, rng: random.Random, chipset: ChipSet) -> Item:
        """One payout item of ``kind`` on a bet drawn from ``rng``."""
        bet = self._bet(rng, chipset, 500 if kind == "6:5" else 100)
        main = extra = None
        if kind == "insurance":
            # The insurance bet is half the main bet, in the fewest chips.
            main = self._bet(rng, chipset, 200)
            bet = chipset.fewest(chipset.value(main) // 2) or bet
        elif kind == "double":
            # Doubled with the same chips, or with the fewest chips of the same amount.
            extra = chipset.fewest(chipset.value(bet)) if rng.random() < 0.5 else list(bet)
        ten = rng.choice(("10", "J", "Q", "K"))
        return self.build(id_, kind, bet, main=main, extra=extra, ten=ten)

    def build(self, id_: str, kind: str, bet: Counts, *, main: Counts | None = None,
              extra: Counts | None = None, ten: str = "K") -> Item:
        """The item paying ``bet`` (the insurance bet for "insurance", whose ``main`` bet is
        shown beside it; the original bet of a "double", doubled with ``extra``)."""
        chipset = chipset_of(self.rules)
        shown: dict[str, JSON] = {"kind": kind, "rules": self.rules_name}
        paid_on = list(bet)
        if kind == "1:1":
            odds, say = Fraction(1), "The hand wins: pay it at even money."
        elif kind == "3:2":
            odds, say = Fraction(3, 2), "Blackjack: pay it 3 to 2."
        elif kind == "6:5":
            odds, say = Fraction(6, 5), "Blackjack at a 6:5 table: pay it 6 to 5."
        elif kind == "insurance":
            shown["bet"] = chipset.by_colour(main or chipset.zero())
            odds, say = Fraction(2), "The dealer has blackjack: pay the insurance bet 2 to 1."
        elif kind == "even-money":
            odds, say = Fraction(1), ("A blackjack against the dealer's ace; the player takes "
                                      "even money.")
        elif kind == "double":
            # Two piles, as they lie on the layout: the original bet (``chips``) and the double
            # beside it (``double``); the payout is even money on both.
            more = list(bet) if extra is None else extra
            shown["double"] = chipset.by_colour(more)
            paid_on = [a + b for a, b in zip(bet, more, strict=True)]
            odds, say = Fraction(1), "The doubled hand wins: pay the bet and the double."
        elif kind == "split-aces":
            shown["hand"] = ["A", ten]
            odds, say = Fraction(1), "Split aces: this hand drew a ten-card and beats the dealer."
        else:
            raise ValueError(f"no payout kind {kind!r} (one of {', '.join(PAYOUT_KINDS)})")
        shown["chips"] = chipset.by_colour(bet)
        shown["say"] = say
        amount = payout_amount(chipset.value(paid_on), odds, self.rules.payout_rounding)
        accepted = accepted_payouts(chipset, paid_on, odds, amount)
        return Item(id_, self.name, kind, shown,
                    {"amount": amount, "accepted": [chipset.by_colour(c) for c in accepted],
                     "odds": str(odds), "paid_on": chipset.value(paid_on)})

    def grade(self, item: Item, answer: JSON) -> Grade:
        chipset = chipset_of(self.rules)
        amount = int(item.secret["amount"])
        accepted = [chipset.counts(a) for a in item.secret["accepted"]]
        expected = chipset.by_colour(accepted[0])
        right = f"{dollars(amount)}: {chipset.describe(accepted[0])}"
        if len(accepted) > 1:
            right += f" (or colour for colour: {chipset.describe(accepted[1])})"
        if "paid_on" in item.secret:
            right += f" ({self.how(item)})"
        try:
            given = parse_chips_answer(chipset, answer)
        except AnswerError as exc:
            return Grade(False, expected, f"{exc}. The payout is {right}.")
        value = chipset.value(given)
        if value != amount:
            how = "short" if value < amount else "over"
            return Grade(False, expected, f"That pays {dollars(value)}, {how} by "
                                          f"{dollars(abs(value - amount))}. The payout is {right}.")
        if given not in accepted:
            return Grade(False, expected, f"The amount is right but not the chips: pay {right}.")
        return Grade(True, expected, f"Right: {right}.")


    def how(self, item: Item) -> str:
        """How the payout is worked out: "$610 and the double $305 make $915, at 1 to 1
        $915"."""
        base, amount = int(item.secret["paid_on"]), int(item.secret["amount"])
        odds = Fraction(str(item.secret["odds"]))
        chipset = chipset_of(self.rules)
        on = f"the bet {dollars(base)}"
        if "double" in item.shown:
            first = chipset.value(chipset.counts(item.shown["chips"]))
            on = f"the bet {dollars(first)} and the double {dollars(base - first)} make " \
                 f"{dollars(base)}"
        out = f"{on}, at {odds.numerator} to {odds.denominator} that pays " \
              f"{dollars(amount)}"
        if base * odds != amount:
            out += ", rounded down to what the chips can pay"
        return out


class ChangeDrill(Drill):
    """Making change and colouring up (docs/dealing.md#making-change, #colouring-up).

    *Break*: one chip into the colours asked for; any mix of exactly those colours (each used)
    worth the chip is right, since a player names the colours, not the counts. *Colour up*: a
    pile of small chips into the fewest chips of the same value, which is one answer only.
    """

    name = "change"
    title = "Making change and colouring up"
    group = "dealer"
    answer_hint = 'chips by colour, e.g. {"green": 3, "red": 5}'
    answer_kind = "chips"
    audition = (10, 0.9, 15.0)

    def items(self, rng: random.Random) -> Iterator[Item]:
        chipset = chipset_of(self.rules)
        n = 0
        while True:
            n += 1
            if rng.random() < 0.5:
                yield self._break(f"change-{n}", rng, chipset)
            else:
                yield self._colour_up(f"colour-up-{n}", rng, chipset)

    def _break(self, id_: str, rng: random.Random, chipset: ChipSet) -> Item:
        while True:
            i = rng.randrange(1, len(chipset.values))
            asked = sorted(rng.sample(range(i), min(i, rng.randint(1, 2))), reverse=True)
            canonical = self._canonical(chipset, chipset.values[i], asked)
            if canonical is not None:
                break
        colour = chipset.colours[i]
        names = [chipset.colours[j] for j in asked]
        chip = chipset.zero()
        chip[i] = 1
        return Item(id_, self.name, f"break {colour} into {'+'.join(names)}",
                    {"kind": "break", "chips": {colour: 1}, "into": names,
                     "say": f"Change a {colour} chip into {' and '.join(names)}.",
                     "rules": self.rules_name},
                    {"amount": chipset.values[i], "into": names,
                     "canonical": chipset.by_colour(canonical)})

    @staticmethod
    def _canonical(chipset: ChipSet, value: Cents, asked: Sequence[int]) -> Counts | None:
        """One of each colour asked, the rest in the fewest of those colours; None if the chip
        cannot be changed into exactly those colours."""
        rest = value - sum(chipset.values[j] for j in asked)
        if rest < 0:
            return None
        sub = ChipSet(tuple(chipset.colours[j] for j in sorted(asked)),
                      tuple(chipset.values[j] for j in sorted(asked)))
        part = sub.fewest(rest)
        if part is None:
            return None
        out = chipset.zero()
        for k, j in enumerate(sorted(asked)):
            out[j] = part[k] + 1
        return out

    def _colour_up(self, id_: str, rng: random.Random, chipset: ChipSet) -> Item:
        while True:
            counts = chipset.zero()
            for i in range(min(3, len(chipset.values) - 1)):
                counts[i] = rng.randint(0, 30)
            value = chipset.value(counts)
            fewest = chipset.fewest(value)
            if value and fewest is not None and fewest != counts:
                break
        return Item(id_, self.name, "colour up",
                    {"kind": "colour-up", "chips": chipset.by_colour(counts),
                     "say": "Colour this pile up into the fewest chips.",
                     "rules": self.rules_name},
                    {"amount": value, "canonical": chipset.by_colour(fewest)})

    def grade(self, item: Item, answer: JSON) -> Grade:
        chipset = chipset_of(self.rules)
        amount = int(item.secret["amount"])
        canonical = chipset.counts(item.secret["canonical"])
        expected = chipset.by_colour(canonical)
        right = f"{dollars(amount)}: {chipset.describe(canonical)}"
        try:
            given = parse_chips_answer(chipset, answer)
        except AnswerError as exc:
            return Grade(False, expected, f"{exc}. For example {right}.")
        value = chipset.value(given)
        if value != amount:
            how = "short" if value < amount else "over"
            return Grade(False, expected, f"That is {dollars(value)}, {how} by "
                                          f"{dollars(abs(value - amount))}: give {right}.")
        if item.shown["kind"] == "colour-up":
            if given != canonical:
                return Grade(False, expected, f"Right amount, but not the fewest chips: {right}.")
            return Grade(True, expected, f"Right: {right}.")
        into = {chipset.colours.index(c) for c in item.secret["into"]}
        used = {i for i, n in enumerate(given) if n}
        if used != into:
            names = " and ".join(item.secret["into"])
            return Grade(False, expected, f"Use exactly the colours asked for ({names}): "
                                          f"for example {right}.")
        return Grade(True, expected, f"Right: {chipset.describe(given)}.")
