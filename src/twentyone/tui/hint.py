"""The ``?`` at a prompt: what basic strategy plays for this exact hand, and the exact EV of each
legal action (``strategy.action_evs``).

It reads the same seat view the screen does, so a hint can never use a card the player could not
see. ``??`` asks about the cards left in the shoe: the full shoe less every card this seat has
seen since the shuffle, which is exactly what a card counter at the table knows.
"""

from __future__ import annotations

from collections.abc import Sequence

from twentyone.cards import Card, rank_plural
from twentyone.engine import views
from twentyone.engine.table import Action, Phase
from twentyone.money import dollars
from twentyone.rules import Rules
from twentyone.sim.counting import SYSTEMS
from twentyone.sim.indices import hilo_plays_at_hand, index_play
from twentyone.strategy import Chart, action_evs, basic_chart
from twentyone.tui.session import Hint


def make_hint(rules: Rules, chart: Chart | None = None) -> Hint:
    """A hint for tables under ``rules``. The chart is computed exactly for the rules; the app
    prepares it at launch (with a notice), else it is worked out at the first ``?``."""
    charts: list[Chart] = [] if chart is None else [chart]

    def hint(v: views.TableView, seen: Sequence[Card] | None) -> list[str]:
        if v.phase is Phase.INSURANCE:
            return insurance_hint(rules, v, seen)
        if not charts:
            charts.append(basic_chart(rules))
        chart = charts[0]
        seat = next(s for s in v.seats if s.number == v.viewer)
        index = v.to_act[1] if v.to_act else 0
        hand = seat.hands[index]
        values = [c.value for c in hand.cards if c is not None]
        up = next(c for c in v.dealer if c is not None)
        allowed = {"can_double": Action.DOUBLE in v.legal, "can_split": Action.SPLIT in v.legal,
                   "can_surrender": Action.SURRENDER in v.legal}
        choice = chart.decide(values, up.value, **allowed)
        shown = [c for c in hand.cards if c is not None]
        if len(hand.cards) == len(shown) == 2 and shown[0].rank == shown[1].rank:
            total = f"a pair of {rank_plural(shown[0].rank)}"
        else:
            total = f"{'soft' if hand.soft else 'hard'} {hand.total}"
        lines = [f"Basic strategy, {total} against {up}: {choice}"]
        shoe = None
        if seen is not None:
            left = unseen(rules, seen)
            counts = ", ".join(f"{'A' if value == 1 else value}×{n}" for value, n in left.items())
            lines.append(f"Unseen since the shuffle: {sum(left.values())} cards ({counts})")
            # action_evs wants the shoe with this hand and the up card still in it.
            for value in [*values, up.value]:
                left[value] += 1
            shoe = [0, *(left[value] for value in range(1, 11))]
        evs = action_evs(rules, values, up.value, shoe, split_hands=len(seat.hands), **allowed)
        where = "the cards left" if shoe else "a full shoe"
        best = max(evs, key=lambda a: evs[a])
        parts = [f"{'▶ ' if a == best else ''}{a} {ev:+.3f} ({dollars(round(ev * hand.bet))})"
                 for a, ev in sorted(evs.items(), key=lambda kv: -kv[1])]
        lines.append(f"EV per bet, {where}: " + " · ".join(parts))
        if seen is not None:
            lines.append(count_line(rules, chart, seen, values, up.value, allowed))
        return lines

    return hint


def count_line(rules: Rules, chart: Chart, seen: Sequence[Card], values: list[int], up: int,
               allowed: dict[str, bool]) -> str:
    """The Hi-Lo count this seat could keep, and what the index plays for these rules say: the
    published ones where they fit the rules, else those computed for them
    (docs/strategy.md#computed-index-numbers), once ``twentyone indices`` has solved them."""
    hilo = SYSTEMS["hilo"]
    running = sum(hilo.tags[c.value - 1] for c in seen)
    left = 52 * rules.decks - len(seen)
    true = running * 52 / max(left, 13)
    head = f"Hi-Lo: running count {running:+g}, true count {true:+.1f}"
    plays = hilo_plays_at_hand(rules)
    if plays is None:
        return (f"{head}; index plays for these rules: run twentyone indices --count hilo "
                "(with these rules) once")
    play = index_play(plays, chart, values, up, true, **allowed)
    base = chart.decide(values, up, **allowed)
    return f"{head}: the index plays say {play}" + (
        "" if play == base else f" (basic strategy: {base})")


def unseen(rules: Rules, seen: Sequence[Card]) -> dict[int, int]:
    """Cards by value (ace 1, tens 10) not yet seen by this seat: the shoe as it knows it. A
    card it could not see (the hole card, a burn, a neighbour's pitch card) might still be
    anywhere, so it counts as unseen."""
    left = {value: 4 * rules.decks for value in range(1, 10)}
    left[10] = 16 * rules.decks
    for c in seen:
        left[c.value] -= 1
    return left


def insurance_hint(rules: Rules, v: views.TableView, seen: Sequence[Card] | None) -> list[str]:
    """The insurance (or even-money) offer in numbers: the chance the hole card is a ten, from
    a full shoe or from the cards this seat has not seen, and what each answer is worth.
    Insurance pays 2 to 1, so it returns ``3p - 1`` a dollar insured; even money is worth 1 a
    bet against ``ratio × (1 - p)`` for keeping the blackjack."""
    seat = next(s for s in v.seats if s.number == v.viewer)
    where = "the cards you have not seen" if seen is not None else "a full shoe less your cards"
    if seen is None:  # a full shoe less the cards in front of you: your hand and the ace
        mine = seat.hands[0].cards if seat.hands else ()
        seen = [c for c in (*mine, *v.dealer) if c is not None]
    left = unseen(rules, seen)
    cards = sum(left.values())
    p = left[10] / cards
    lines = [f"From {where}: {left[10]} tens in {cards} cards, so the hole card is a ten "
             f"{p:.1%} of the time."]
    natural = bool(seat.hands) and seat.hands[0].total == 21 and len(seat.hands[0].cards) == 2
    if natural and Action.EVEN_MONEY in v.legal:
        ratio = rules.blackjack_ratio
        keep = float(ratio) * (1 - p)
        best = "take even money" if keep <= 1 else "decline"
        lines.append(f"Even money: +1.000 a bet · keep the blackjack: {keep:+.3f} a bet "
                     f"▶ {best}")
    else:
        ev = 3 * p - 1
        best = "insure" if ev > 0 else "decline"
        lines.append(f"Insurance returns {ev:+.3f} per dollar insured ▶ {best}")
    return lines
