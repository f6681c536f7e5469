"""A shoe that runs dry with nothing to refill it from (docs/casino.md#when-the-dealer-reshuffles):
when every card of the pack is on the table, the round is called off as any round is
(docs/casino.md#a-round-called-off), from whatever operation drew the missing card, and the
next round deals from a fresh shuffle. Nothing raises, no chip is lost, and a hand history deals
the very same round again."""

from __future__ import annotations

import random
from collections import Counter

from engine_kit import STACK, stack_for, stacked

from twentyone.cards import fresh_shoe
from twentyone.engine.events import Kind
from twentyone.engine.history import Recorder, replay
from twentyone.engine.records import Recording, verify_house, verify_player
from twentyone.engine.table import Phase, Record, Table
from twentyone.engine.views import visible_events
from twentyone.protocol import HOUSE
from twentyone.rules import PRESETS, Rules, SplitBy
from twentyone.tui.narrate import NO_CARDS_LEFT, Narrator

#: One deck, seven seats, any two ten-valued cards split, to eight hands: legal rules under
#: which one round can need more cards than the pack holds.
ONE_DECK = Rules(decks=1, seats=7, max_hands=8, split_by=SplitBy.VALUE, burn=0, min_bet=500,
                 max_bet=100_000, bet_unit=100)

#: Seat 1 splits ten-valued cards to eight hands and hits each 20; the others hit to 21 with
#: what is left. Listed to the last card, so no card comes from the random rest of the shoe.
HANDS = [("10", "10"), ("9", "9"), ("8", "8"), ("2", "3"), ("3", "4"), ("4", "5"), ("5", "6")]
UP, HOLE = "7", "6"
DRAWS = ["10", "10", *["J"] * 4, *["Q"] * 4, *["K"] * 4,          # seat 1's eight hands of 20
         "9", "9", "8", "8", "2", "2", "7", "7", "A",              # their hits (the ace: 21)
         "5", "A", "7", "4", "A", "A", "2", "4", "3", "6", "6", "3", "5"]


def play_out(t: Table) -> list[Record]:
    """Split every pair, hit every hand below 21, decline every offer; the records in order."""
    records = []
    while t.phase is not Phase.BETTING:
        to_act = t.to_act
        assert to_act is not None
        seat, i = to_act
        if t.phase is Phase.INSURANCE:
            records.append(t.decline(seat))
        elif t.can_split(seat):
            records.append(t.split(seat))
        elif t.seats[seat].hands[i].total < 21 and t.can_hit(seat):
            records.append(t.hit(seat))
        else:
            records.append(t.stand(seat))
    return records


def whole_pack_round() -> Table:
    t = stacked(ONE_DECK, stack_for(ONE_DECK, HANDS, UP, HOLE, DRAWS))
    for n in range(1, 8):
        t.sit(n, dict(STACK))
    return t


def test_the_stack_names_the_whole_pack() -> None:
    cards = stack_for(ONE_DECK, HANDS, UP, HOLE, DRAWS)
    assert len(cards) == 52
    assert Counter(min(c.value, 10) for c in fresh_shoe(1)) == Counter(
        10 if c in ("J", "Q", "K") else (1 if c == "A" else int(c)) for c in cards)


def test_a_round_that_needs_more_than_the_pack_is_called_off() -> None:
    t = whole_pack_round()
    before = {n: list(t.seats[n].chips) for n in t.seats}
    total = t.chips_total()
    for n in range(1, 8):
        t.bet(n, 1000)
    t.deal()
    records = play_out(t)
    last = records[-1]
    # The operation that wanted the 53rd card is the one whose record calls the round off.
    assert last.action == "hit" and last.seat == 4
    voided = [e for e in last.events if e.kind is Kind.VOIDED]
    assert [e.note for e in voided] == ["dry"]
    assert sum(e.kind is Kind.VOIDED for r in records for e in r.events) == 1
    assert not any(e.kind is Kind.REFILLED for e in t.log)  # nothing was left to refill from
    # Settled hands stay settled (seat 1's seven busts, seat 3's two); every other bet goes
    # back, in the very chips it was made with.
    assert t.chips_total() == total
    assert t.bankroll(1) == 300_00 - 7 * 1000 and t.bankroll(3) == 300_00 - 2 * 1000
    for n in (2, 4, 5, 6, 7):
        assert t.seats[n].chips == before[n], n
    returned = {(e.seat, e.hand) for e in last.events if e.kind is Kind.SETTLED}
    assert returned == {(1, 6), (2, 0), (2, 1), (4, 0), (5, 0), (6, 0), (7, 0)}
    assert all(e.note == "void" for e in last.events if e.kind is Kind.SETTLED)
    # Everything is shuffled before the next round: a full pack, nothing on the layout.
    kinds = [e.kind for e in last.events]
    assert kinds.index(Kind.VOIDED) < kinds.index(Kind.ROUND_ENDED) < kinds.index(Kind.SHUFFLED)
    assert t.phase is Phase.BETTING and t.shoe.remaining == 52 and not t.shoe.discards
    assert all(not s.hands for s in t.seats.values())
    assert len(t.shoe.history) == 2
    for n in range(1, 8):
        t.bet(n, 1000)
    t.deal()
    play_out(t)
    assert t.chips_total() == total


def test_the_call_off_is_recorded_by_the_operation_that_ran_dry_and_replays() -> None:
    t = whole_pack_round()
    rec = Recording(t, [1, 4])
    recorder = Recorder(t)
    rec.round_started()
    for n in range(1, 8):
        t.bet(n, 1000)
    t.deal()
    play_out(t)
    lines = rec.round_ended()
    assert lines is not None
    house, players = lines
    # No operation of its own: the hit replayed runs dry again and calls the round off again.
    assert "void" not in [op["op"] for op in house["history"]["operations"]]
    again = replay(recorder.history())  # demands the very same events, or raises
    assert [e.note for e in again.log if e.kind is Kind.VOIDED] == ["dry"]
    assert [again.bankroll(n) for n in range(1, 8)] == [t.bankroll(n) for n in range(1, 8)]
    assert verify_house([house]).bankroll(4) == t.bankroll(4)
    for n, line in rec.close().items():
        assert verify_player([players[n], line]).cards_checked > 0


def dry_rounds(rules: Rules, seed: int, rounds: int) -> tuple[Counter[str], int]:
    """Random legal play (splits and hits favoured, offers and doubles taken at random) at seven
    seats; after every operation the chips are all there, and in every round each seat's stack
    moved by exactly what its settlements say (a returned bet: nothing). Returns how often each
    kind of operation ran the shoe dry, and how many rounds were called off."""
    rng = random.Random(seed)
    t = Table(rules, seed=seed)
    for n in range(1, 8):
        t.sit(n, 100_000_00)
    total = t.chips_total()
    ran_dry: Counter[str] = Counter()
    called_off = 0
    for _ in range(rounds):
        start = len(t.log)
        before = {n: t.bankroll(n) for n in t.seats}
        for n in t.seats:
            t.bet(n, rules.min_bet)
        records = [t.deal()]
        while t.phase is not Phase.BETTING:
            to_act = t.to_act
            assert to_act is not None
            seat = to_act[0]
            acts = [str(a) for a in t.legal_actions(seat)]
            hand = t.seats[seat].hands[to_act[1]]
            if "split" in acts:
                choice = "split"
            elif t.phase is Phase.PLAYERS and hand.total < 21 and "hit" in acts:
                choice = rng.choice(["hit"] * 6 + [a for a in acts if a != "hit"])
            else:
                choice = rng.choice(acts)
            records.append(_act(t, seat, choice))
            assert t.chips_total() == total
        for r in records:
            if any(e.kind is Kind.VOIDED and e.note == "dry" for e in r.events):
                ran_dry[str(r.action)] += 1
                called_off += 1
                assert t.shoe.remaining == rules.shoe_size - rules.burn
        moved = {n: 0 for n in t.seats}
        for e in t.log[start:]:
            if e.kind in (Kind.SETTLED, Kind.INSURANCE_SETTLED):
                moved[e.seat] += e.amount
        assert {n: t.bankroll(n) - before[n] for n in t.seats} == moved
        del t.log[:], t.ops[:]
    return ran_dry, called_off


def _act(t: Table, seat: int, choice: str) -> Record:
    record: Record = getattr(t, choice.replace("-", "_"))(seat)
    return record


def test_every_operation_that_draws_calls_a_dry_round_off_and_no_chip_is_lost() -> None:
    # A hole-card game, and one without (the dealer's second card comes after the players,
    # insurance stands until then) where a dry shoe can return an insurance bet.
    hole = PRESETS["single-deck"].replace(seats=7, max_hands=8, split_by="value",
                                          resplit_aces=True, hit_split_aces=True,
                                          penetration=0.98, double_after_split=True)
    european = PRESETS["european"].replace(decks=1, seats=7, max_hands=8, split_by="value",
                                           cut_behind=None, penetration=0.98)
    seen: Counter[str] = Counter()
    for rules, seed in ((hole, 1), (european, 2)):
        ran_dry, called_off = dry_rounds(rules, seed, 400)
        assert called_off > 0, rules
        seen += ran_dry
    assert {"hit", "split"} <= set(seen), seen


def test_the_terminal_says_why_the_round_is_called_off() -> None:
    t = whole_pack_round()
    for n in range(1, 8):
        t.bet(n, 1000)
    t.deal()
    play_out(t)
    for seat in (4, HOUSE):
        narrator = Narrator(ONE_DECK)
        lines = narrator.feed(visible_events(t, seat)) + narrator.flush()
        said = lines.index(NO_CARDS_LEFT)
        assert "Seat 4: the bet goes back" in lines[:said]
        assert any(line.startswith("Dealer shuffles") for line in lines[said:])
