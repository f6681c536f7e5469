"""Catch the dealer: the engine deals and pays real rounds; the trainer slips mistakes into what
the trainee is shown, at a chosen rate (``rate=0.3``), and the trainee flags them.

Each item is one thing the dealer does that a floor person watches: a payout (its chips) or the
dealer's draw at 17. The truth is the engine's own event; a mistake is made from it:

- *short pay*: one chip fewer than the payout;
- *wrong colour*: the right amount in chips no dealer is taught to pay with (one chip of the
  payout broken into smaller ones, which the payout grader refuses:
  docs/training.md#paying-by-hand);
- *hitting a hard 17*: the dealer takes a card on a hard 17 the rules stand on;
- *3:2 on split aces*: an ace and a ten-card after a split paid as a blackjack.

The answer is ``"ok"`` or ``"mistake"``; a missed mistake's feedback names it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from twentyone.cards import hand_total
from twentyone.engine.bots import ChartBot
from twentyone.engine.chips import ChipSet
from twentyone.engine.events import Kind
from twentyone.engine.table import Table
from twentyone.money import dollars
from twentyone.strategy import rules_of_thumb
from twentyone.train.core import JSON, Drill, Grade, Item
from twentyone.train.options import Option
from twentyone.train.procedure import Step, round_steps
from twentyone.train.totals import value_of

MISTAKES = ("short pay", "wrong colour", "hit hard 17", "3:2 on split aces")


def _values(cards: list[str]) -> list[int]:
    return [value_of(c[:-1]) for c in cards if c != "??"]


class CatchDealerDrill(Drill):
    """Watch the engine deal; flag each payout or draw as ``ok`` or ``mistake``."""

    name = "catch-dealer"
    title = "Catch the dealer: flag the dealer's mistakes"
    group = "dealer"
    answer_hint = '"ok" or "mistake"'
    answer_kind = "flag"
    seats = 3
    option_specs = (Option("rate", "The share of the dealer's steps shown with a mistake", 0.3,
                           low=0.0, high=1.0),)

    @property
    def rate(self) -> float:
        return float(self.options["rate"])

    def items(self, rng: random.Random) -> Iterator[Item]:
        table = Table(self.rules, seed=rng.getrandbits(63))
        bot = ChartBot(rules_of_thumb())
        chipset = table.chipset
        unit = max(self.rules.min_bet, self.rules.bet_unit)
        for seat in range(1, min(self.seats, self.rules.seats) + 1):
            table.sit(seat, 1000 * unit)
        n = 0
        while True:
            bets = {s: unit * rng.choice((1, 2, 3, 5)) for s in table.seats}
            for step in round_steps(table, bot, bets):
                item = self._item(rng, chipset, step, n + 1, table.round, bets)
                if item is not None:
                    n += 1
                    yield item

    def _item(self, rng: random.Random, chipset: ChipSet, step: Step, n: int,
              round_: int, bets: dict[int, int]) -> Item | None:
        e = step.event
        if e is None:
            return None
        wrong = rng.random() < self.rate
        shown: dict[str, JSON] = {"round": round_, "dealer": list(step.dealer),
                                  "seats": {str(s): h for s, h in step.seats.items()},
                                  "rules": self.rules_name}
        if e.kind is Kind.SETTLED and e.amount > 0 and e.chips:
            paid = list(e.chips)
            hand = step.seats.get(e.seat, [[]])
            cards = hand[min(e.hand, len(hand) - 1)]
            split_ace_ten = len(hand) > 1 and sorted(_values(cards)) == [1, 10]
            # What the trainee checks the payout against: the hand's bet (doubled where it was).
            bet = bets.get(e.seat) if e.note == "blackjack" else e.amount
            mistake = ""
            if wrong:
                mistake = rng.choice((*MISTAKES[:2], MISTAKES[3]) if split_ace_ten
                                     else MISTAKES[:2])
                spoiled = self._spoil(chipset, paid, e.amount, mistake)
                if spoiled is None:
                    mistake = ""
                else:
                    paid = spoiled
            shown |= {"event": "payout", "seat": e.seat, "hand": cards, "outcome": e.note,
                      "chips": chipset.by_colour(paid),
                      "say": f"The dealer pays seat {e.seat} ({e.note}): "
                             f"{chipset.describe(paid)}."}
            if bet is not None:
                shown["bet"] = dollars(bet)
                # The bet as it lies on the layout, in its own chips: a wrong colour is judged
                # against them (issue 36: "5 red" marked wrong beside a bet shown as "$6").
                on_layout = list(e.chips2) if chipset.value(list(e.chips2)) == bet \
                    else chipset.fewest(bet)
                if on_layout is not None:
                    shown["bet_chips"] = chipset.by_colour(on_layout)
            return Item(f"watch-{n}", self.name, mistake or "payout", shown,
                        {"mistake": mistake, "right": chipset.by_colour(list(e.chips)),
                         "amount": e.amount})
        if step.label == "the dealer stands":
            total, soft = hand_total(_values(list(step.dealer)))
            if total != 17 or soft:
                return None
            mistake = "hit hard 17" if wrong else ""
            shown |= {"event": "dealer", "say": "The dealer has hard 17 and "
                      + ("hits." if mistake else "stands.")}
            return Item(f"watch-{n}", self.name, mistake or "dealer 17", shown,
                        {"mistake": mistake})
        return None

    @staticmethod
    def _spoil(chipset: ChipSet, paid: list[int], amount: int, mistake: str
               ) -> list[int] | None:
        """The payout with ``mistake`` made in it; None if this payout cannot carry it."""
        out = list(paid)
        if mistake == "short pay":
            i = min(i for i, k in enumerate(out) if k)
            out[i] -= 1
            return out
        if mistake == "3:2 on split aces":
            more = chipset.fewest(amount // 2)
            return None if more is None else [a + b for a, b in zip(out, more, strict=True)]
        # wrong colour: break the largest chip of the payout into the next colour down
        big = [i for i, k in enumerate(out) if k and i > 0]
        if not big:
            return None
        i = max(big)
        smaller = ChipSet(chipset.colours[:i], chipset.values[:i]).fewest(chipset.values[i])
        if smaller is None or sum(smaller) < 2:
            return None
        out[i] -= 1
        for j, k in enumerate(smaller):
            out[j] += k
        return out

    def grade(self, item: Item, answer: JSON) -> Grade:
        mistake = str(item.secret["mistake"])
        expected = "mistake" if mistake else "ok"
        said = str(answer).strip().lower() if isinstance(answer, str) else ""
        said = {"m": "mistake", "x": "mistake", "o": "ok", "k": "ok"}.get(said, said)
        return Grade(said == expected, expected, self._why(item))

    def _why(self, item: Item) -> str:
        """Why the step shown was right or wrong, worked out as a floor person checks it: the
        bet, what it wins at what odds, and the chips that make it."""
        mistake = str(item.secret["mistake"])
        if "right" not in item.secret:
            return ("A mistake: the dealer must stand on a hard 17." if mistake
                    else "Done right: the dealer stands on a hard 17.")
        chipset = ChipSet.of(self.rules.chips)
        paid = f"{dollars(int(item.secret['amount']))}: " \
            f"{chipset.describe(chipset.counts(item.secret['right']))}"
        bet = item.shown.get("bet")
        if item.shown["outcome"] == "blackjack":
            odds = self.rules.blackjack_ratio
            rule = f"a blackjack on {bet} pays {odds.numerator} to {odds.denominator}"
        elif mistake == "3:2 on split aces":
            rule = f"split aces and a ten-card are not a blackjack: {bet} is paid even money"
        else:
            rule = f"a won hand on {bet} is paid even money"
        if mistake:
            return f"A {mistake}: {rule}, {paid}."
        return f"Done right: {rule}, {paid}."
