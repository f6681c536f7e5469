"""The procedure drill: the trainee deals real rounds of the engine, step by step.

The engine deals (bots play the seats); its event log is the answer key. At every dealer step
(each card of the deal, in order; offering and closing insurance; the peek; paying a blackjack
and collecting a bust on the player's turn; turning the hole card; hitting or standing, soft 17
per the rules; settling right to left; the burn and the shuffle; the cut card coming out) the
trainee is shown the table as it stands and asked what the dealer does next, among a few
choices, and graded against what the engine did. Player decisions are shown, not asked: this is
the dealer's drill. With ``--rules casino-party`` it follows the party dealer's sheet
(docs/casino-party.md#the-dealers-steps):
first cards face down, hole card first, insurance exactly half.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from twentyone.cards import hand_total
from twentyone.engine.bots import ChartBot
from twentyone.engine.events import Event, Kind
from twentyone.engine.table import Phase, Table
from twentyone.rules import Rules
from twentyone.strategy import rules_of_thumb
from twentyone.train.core import JSON, Drill, Grade, Item, small_int
from twentyone.train.totals import value_of

#: The step categories (item keys), for the statistics.
CATEGORIES = ("deal", "insurance", "peek", "on the turn", "hole card", "dealer draws", "settle",
              "shoe")


@dataclass(frozen=True)
class Step:
    """One dealer step: what the dealer did (``label``), its category, and the table as the
    trainee saw it just before."""

    label: str
    category: str
    seen: tuple[str, ...]
    dealer: tuple[str, ...]
    seats: dict[int, list[list[str]]]
    #: The engine event the step is (None for a step the log implies, like closing insurance).
    event: Event | None = None


def _settle_label(e: Event, hands: int) -> str:
    who = f"seat {e.seat}" + (f" hand {e.hand + 1}" if hands > 1 else "")
    if e.amount > 0:
        return f"pay {who}"
    if e.amount < 0:
        return f"collect {who}"
    return f"push {who}"


class _Walker:
    """Turns a round's event log into dealer steps, keeping what the trainee can see."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.seen: list[str] = []
        self.dealer: list[str] = []
        self.seats: dict[int, list[list[str]]] = {}
        self.current: dict[int, int] = {}
        self.initial = False
        self.turned = False
        self.insuring = False
        self.dealer_up = ""
        #: Hands still on the layout (seat, hand): the dealer plays only if there are any.
        self.live: set[tuple[int, int]] = set()
        self.event_now: Event | None = None

    def step(self, label: str, category: str) -> None:
        self.steps.append(Step(label, category, tuple(self.seen[-4:]), tuple(self.dealer),
                               {s: [list(h) for h in hs] for s, hs in self.seats.items()},
                               self.event_now))
        self.seen.append(label)

    def note(self, text: str) -> None:
        self.seen.append(text)

    def close_insurance(self) -> None:
        if self.insuring:
            self.insuring, event, self.event_now = False, self.event_now, None
            self.step("close insurance", "insurance")
            self.event_now = event

    def event(self, e: Event, rules_offer_insurance: bool) -> None:
        self.event_now = e
        k = e.kind
        if k is Kind.SHUFFLED:
            self.step("shuffle and cut", "shoe")
        elif k is Kind.BURNED:
            self.step("burn a card", "shoe")
        elif k is Kind.CUT_CARD:
            self.step("the cut card is out: finish the round, then shuffle", "shoe")
        elif k is Kind.REFILLED:
            self.step("shuffle the discards to finish the round", "shoe")
        elif k is Kind.ROUND_STARTED:
            self.initial, self.turned, self.insuring = True, False, False
            self.dealer, self.seats, self.current, self.live = [], {}, {}, set()
            self.seen = []
        elif k is Kind.DEALT:
            self._dealt(e, rules_offer_insurance)
        elif k in (Kind.INSURED, Kind.DECLINED, Kind.EVEN_MONEY):
            if self.initial:
                self._end_initial(rules_offer_insurance)
            self.note(f"seat {e.seat} {k.value}")
        elif k is Kind.PEEKED:
            self._end_initial(rules_offer_insurance)
            self.close_insurance()
            self.step("peek for blackjack", "peek")
            self.note(f"the dealer {'has' if e.note == 'blackjack' else 'has no'} blackjack")
        elif k in (Kind.HIT, Kind.STOOD, Kind.DOUBLED, Kind.SURRENDERED) and e.seat:
            self._end_initial(rules_offer_insurance)
            self.close_insurance()
            self.current[e.seat] = e.hand
            self.note(f"seat {e.seat} {k.value}")
        elif k is Kind.SPLIT:
            self._end_initial(rules_offer_insurance)
            cur = self.current.get(e.seat, 0)
            hands = self.seats.setdefault(e.seat, [[]])
            while len(hands) <= e.hand:
                hands.append([])
            hands[e.hand] = [hands[cur].pop()]
            self.live.add((e.seat, e.hand))
            self.note(f"seat {e.seat} splits")
        elif k is Kind.TURNED:
            if e.seat == 0:
                self._end_initial(rules_offer_insurance)
                self.close_insurance()
                self.turned = True
                self.step("turn the hole card", "hole card")
                self._reveal(self.dealer, e)
            else:
                hands = self.seats.get(e.seat, [[]])
                self._reveal(hands[min(e.hand, len(hands) - 1)], e)
        elif k is Kind.DEALER_STOOD:
            if self.live:
                self.step("the dealer stands", "dealer draws")
            else:
                self.step("everyone is settled: the dealer draws nothing", "dealer draws")
        elif k is Kind.DEALER_BUSTED:
            self.note(f"the dealer busts with {e.amount}")
        elif k is Kind.SETTLED:
            self.live.discard((e.seat, e.hand))
            self._end_initial(rules_offer_insurance)
            self.close_insurance()
            n_hands = len(self.seats.get(e.seat, [[]]))
            if e.note == "blackjack" and not self.turned:
                self.step(f"pay seat {e.seat}'s blackjack", "on the turn")
            elif e.note == "bust" and not self.turned:
                self.step(f"collect seat {e.seat}'s bust", "on the turn")
            elif e.note == "even-money":
                self.step(f"pay seat {e.seat} even money", "insurance")
            elif e.note == "surrender":
                self.note(f"seat {e.seat} settled: {e.note}")
            else:
                self.step(_settle_label(e, n_hands), "settle")
        elif k is Kind.INSURANCE_SETTLED:
            if e.note == "void":
                self.note(f"seat {e.seat}'s insurance goes back")
            elif e.amount > 0:
                self.step(f"pay seat {e.seat}'s insurance 2 to 1", "insurance")
            else:
                self.step(f"collect seat {e.seat}'s insurance", "insurance")

    @staticmethod
    def _reveal(cards: list[str], e: Event) -> None:
        if e.card is not None and "??" in cards:
            cards[cards.index("??")] = e.card.code

    def _end_initial(self, rules_offer_insurance: bool) -> None:
        if self.initial:
            self.initial = False
            if rules_offer_insurance and self.dealer_up.startswith("A"):
                self.insuring, event, self.event_now = True, self.event_now, None
                self.step("offer insurance", "insurance")
                self.event_now = event

    def _dealt(self, e: Event, rules_offer_insurance: bool) -> None:
        code = e.card.code if e.card is not None and e.face_up else "??"
        if e.seat == 0:
            if self.initial:
                self.step("deal the dealer's " + ("up card" if e.face_up else "hole card"),
                          "deal")
                if e.face_up and e.card is not None:
                    self.dealer_up = e.card.code
            elif self.turned:
                self.step("the dealer hits", "dealer draws")
            else:  # no hole card (European): the dealer's second card comes now
                self.turned = True
                self.step("deal the dealer's second card", "hole card")
            self.dealer.append(code)
            return
        hands = self.seats.setdefault(e.seat, [[]])
        while len(hands) <= e.hand:
            hands.append([])
        if self.initial:
            self.live.add((e.seat, e.hand))
            self.step(f"deal seat {e.seat}", "deal")
        hands[e.hand].append(code)


class Insurer:
    """The chart bot, but taking insurance (or even money, with a blackjack) about one time in
    three when it is offered, so a drill sees insurance bets settled, not only declined."""

    def __init__(self, bot: ChartBot, rng: random.Random, rate: float = 0.35) -> None:
        self.bot, self.rng, self.rate = bot, rng, rate

    def act(self, table: Table, seat: int) -> None:
        if table.phase is Phase.INSURANCE and self.rng.random() < self.rate:
            if table.can_even_money(seat):
                table.even_money(seat)
                return
            if table.can_insure(seat):
                table.insure(seat)
                return
        self.bot.act(table, seat)


def round_steps(table: Table, bot: ChartBot | Insurer, bets: dict[int, int],
                start: int | None = None) -> list[Step]:
    """Deal one round at ``table`` (seats already sat) and return its dealer steps; ``start``:
    where in the log to begin (the first round: 0, so the first shoe's shuffle and burn are
    steps too), else where the round begins."""
    start = len(table.log) if start is None else start
    for seat, amount in bets.items():
        if table.can_bet(seat, amount):
            table.bet(seat, amount)
    table.deal()
    while table.phase is not Phase.BETTING:
        to_act = table.to_act
        assert to_act is not None
        bot.act(table, to_act[0])
    walker = _Walker()
    for e in table.log[start:]:
        if e.kind not in (Kind.BET, Kind.CHANGE, Kind.FILL, Kind.CREDIT):
            walker.event(e, table.rules.offers_insurance)
    return walker.steps


def _choices(rng: random.Random, label: str, pool: list[str]) -> list[str]:
    """The right label and three others from the round's labels and the usual confusions."""
    others = sorted({p for p in pool if p != label})
    rng.shuffle(others)
    out = [label, *others[:3]]
    rng.shuffle(out)
    return out


#: Labels that a trainee commonly confuses, always in the pool of distractors.
CONFUSIONS = ("peek for blackjack", "offer insurance", "the dealer hits", "the dealer stands",
              "turn the hole card", "deal the dealer's up card", "deal the dealer's hole card",
              "burn a card")


def why(step: str, dealer: list[str], rules: Rules) -> str:
    """The rule that makes ``step`` the dealer's next one (docs/dealing.md; the casino-party
    sheet's steps are the same in these respects: docs/casino-party.md#the-dealers-steps),
    said on a miss so that the trainee learns the order, not only this round's step.
    ``dealer`` is the dealer's cards as shown, to say the total the dealer draws or stands on."""
    if step.endswith(("'s insurance 2 to 1", "'s insurance")):
        return ("Insurance is settled once the dealer has checked the hole card: paid 2 to 1 "
                "on a dealer blackjack, collected otherwise.")
    if step.endswith("even money"):
        return "A blackjack that takes even money is paid 1 to 1, and the hand is over."
    if step.endswith("'s blackjack"):
        return ("A player's blackjack is paid on that player's turn, once the dealer cannot "
                "have blackjack.")
    if step.endswith("'s bust"):
        return "A bust is collected at once, and the hand is finished."
    if step.startswith(("pay seat", "collect seat", "push seat")):
        return ("Once the dealer's hand is complete, the hands still on the layout are settled "
                "from right to left: the highest seat first, a player's split hands from the "
                "last.")
    if step == "deal the dealer's second card":
        return "With no hole card, the dealer's second card comes once every player has finished."
    if step.startswith("deal "):
        return ("The deal goes from the dealer's left: one card to each seat with a bet, seat 1 "
                "first, then one to the dealer; then a second round in the same order.")
    if step == "offer insurance":
        return ("With an ace up, insurance is offered to each player, from the dealer's left, "
                "before anyone plays.")
    if step == "close insurance":
        return ("When every player has answered, insurance is closed, and then the dealer "
                "checks the hole card.")
    if step == "peek for blackjack":
        return "Before anyone plays, the dealer checks the hole card for blackjack."
    if step == "turn the hole card":
        return "When every player has finished, the dealer turns the hole card over."
    if step.startswith("everyone is settled"):
        return ("With every hand already bust or paid, the dealer shows the hole card and draws "
                "nothing.")
    if step in ("the dealer hits", "the dealer stands"):
        total, soft = hand_total([value_of(c[:-1]) for c in dealer if c != "??"])
        rule = ("stands on 17 or more but hits a soft 17" if rules.hit_soft_17
                else "stands on 17 or more, a soft 17 too")
        return (f"The dealer has {'soft ' if soft else ''}{total}: the dealer takes a card on "
                f"16 or less and {rule}.")
    if step == "burn a card":
        return "A freshly shuffled shoe has a card burned, unseen, before any hand is dealt."
    if step.startswith("the cut card is out"):
        return ("When the cut card comes out, the round is finished with the cards behind it, "
                "and then everything is shuffled.")
    if step.startswith("shuffle the discards"):
        return "A shoe that runs out in a round is finished with the discards, shuffled."
    return "A new shoe is shuffled and cut before any card is dealt."


class ProcedureDrill(Drill):
    """At each dealer step of a real round, answer what happens next: one of the choices shown,
    by its words or its number (1 for the first)."""

    name = "procedure"
    title = "Procedure: deal real rounds, step by step"
    group = "dealer"
    answer_hint = 'the next step, as one of the choices shown (or its number, 1 first)'
    answer_kind = "choice"
    audition = (30, 0.9, 10.0)
    seats = 3

    def items(self, rng: random.Random) -> Iterator[Item]:
        table = Table(self.rules, seed=rng.getrandbits(63))
        bot = ChartBot(rules_of_thumb())
        unit = max(self.rules.min_bet, self.rules.bet_unit)
        for seat in range(1, min(self.seats, self.rules.seats) + 1):
            table.sit(seat, 1000 * unit)
        n = 0
        players = Insurer(bot, rng)
        since: int | None = 0  # the first round takes in the first shoe's shuffle and burn
        while True:
            bets = {s: unit * rng.choice((1, 1, 2, 3)) for s in table.seats}
            steps = round_steps(table, players, bets, since)
            since = None
            pool = [s.label for s in steps] + list(CONFUSIONS)
            for st in steps:
                n += 1
                yield Item(f"step-{n}", self.name, st.category,
                           {"round": table.round, "seen": list(st.seen),
                            "dealer": list(st.dealer),
                            "seats": {str(s): h for s, h in st.seats.items()},
                            "choices": _choices(rng, st.label, pool),
                            "rules": self.rules_name},
                           {"step": st.label})

    def grade(self, item: Item, answer: JSON) -> Grade:
        expected = str(item.secret["step"])
        choices = list(item.shown["choices"])
        given = answer
        if isinstance(answer, int) and not isinstance(answer, bool) \
                and 1 <= answer <= len(choices):
            given = choices[answer - 1]
        elif isinstance(answer, str) and 1 <= (small_int(answer) or 0) <= len(choices):
            given = choices[int(answer) - 1]
        ok = isinstance(given, str) and given.strip().lower() == expected.lower()
        return Grade(ok, expected, "Right." if ok else
                     f"Next: {expected}. {why(expected, item.shown['dealer'], self.rules)}")


class PartyProcedureDrill(ProcedureDrill):
    """The procedure drill at the casino-party table (docs/casino-party.md), whatever
    ``--rules`` says."""

    name = "procedure-party"
    title = "Procedure: the casino-party dealer's sheet, step by step"
