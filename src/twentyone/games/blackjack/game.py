"""``CasinoGame``: the casino ``Table`` (or Pontoon's, its subclass) meeting the one game
protocol, by composition.

The table stays the authority: ``apply`` is ``Table.apply``; ``legal`` is the engine's
``legal_actions`` made concrete (amounts at their defaults: the table's minimum bet, a full
double, full insurance); ``verify`` is ``Table.verify``, the check ``apply`` itself makes.
The house's steps (the deal, the dealer's hand at a table where the dealer decides, the draw
for Pontoon's first bank) are operations of ``HOUSE``.
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any

from twentyone.cards import Card
from twentyone.engine.calls import DealerCalls
from twentyone.engine.chips import ChipSet
from twentyone.engine.events import KINDS
from twentyone.engine.history import shuffle_records
from twentyone.engine.ops import (
    Bet,
    Change,
    ColourUp,
    Deal,
    DealerHit,
    DealerStand,
    Decline,
    Double,
    EvenMoney,
    Hit,
    Insure,
    Leave,
    Sit,
    Split,
    Stand,
    Surrender,
    TableOp,
    as_op,
    op_from_json,
)
from twentyone.engine.records import Recording
from twentyone.engine.shoe import ReplayShuffler, Shuffler, ShuffleRecord
from twentyone.engine.table import Action, Phase, Table
from twentyone.engine.views import SeatViews, seen_cards, settled_round, view, visible_events
from twentyone.errors import (
    BetError,
    NotAllowedError,
    ReplayError,
    TableError,
    TwentyOneError,
    UnknownOperationError,
    WrongPhaseError,
)
from twentyone.money import dollars
from twentyone.pontoon.table import (
    AcceptBank,
    DeclineBank,
    DrawForBank,
    OfferBank,
    PontoonAction,
    PontoonKind,
    PontoonTable,
    WithdrawBank,
)
from twentyone.protocol import HOUSE, Ctx, HandResult, JsonObject, Op, View
from twentyone.rules import Rules

from .account import balances
from .bank import bank_offer, banker
from .body import Bodies
from .facedown import FaceDown
from .hints import HintQuestion, hint_question

HISTORY_FORMAT = "twentyone-table-ops/1"

_DEAL = Deal()

#: The steps only a host who deals takes (``dealer.DealerGame``), with what a table the house
#: deals says to them.
DEALER_ONLY = {"pay": "the house pays the bets at this room",
               "burn": "the house burns and offers insurance at this room",
               "offer_insurance": "the house burns and offers insurance at this room",
               "dealer_hit": "the house plays the dealer's hand at this room",
               "dealer_stand": "the house plays the dealer's hand at this room"}

def _plain(make: Callable[[int], TableOp]) -> Callable[[Table, int], TableOp | None]:
    return lambda t, seat: make(seat)


def _breakable(t: Table, seat: int) -> str | None:
    """The smallest chip ``seat`` can break (the first colour above the lowest held)."""
    chips = t.seats[seat].chips
    for i in range(1, len(chips)):
        if chips[i]:
            return t.chipset.colours[i]
    return None


def _bank_to(t: Table, seat: int) -> int | None:
    """The first player the bank may go to from ``seat``."""
    assert isinstance(t, PontoonTable)
    return next((n for n in sorted(t.seats) if n != seat and t.can_offer_bank(seat, n)), None)


def _change(t: Table, seat: int) -> TableOp | None:
    """Break the smallest chip that can be broken."""
    colour = _breakable(t, seat)
    return None if colour is None else Change(seat, colour)


def _offer_bank(t: Table, seat: int) -> TableOp | None:
    """Give the bank (for nothing) to the first player it may go to."""
    to = _bank_to(t, seat)
    return None if to is None else OfferBank(seat, to, 0)


#: The actions whose default operation depends on the table's state now, each with what it
#: depends on (the chip to break, who the bank goes to): ``legal`` makes the operation again
#: only when that has changed.
_OF_THE_MOMENT: dict[StrEnum, Callable[[Table, int], object]] = {
    Action.CHANGE: _breakable, PontoonAction.OFFER_BANK: _bank_to}


#: Each action the engine offers, as a concrete operation with its amounts at their defaults
#: (None: none can be made concrete now).
DEFAULTS: dict[StrEnum, Callable[[Table, int], TableOp | None]] = {
    Action.BET: lambda t, seat: Bet(seat, t.rules.min_bet),
    Action.HIT: _plain(Hit), Action.STAND: _plain(Stand), Action.SPLIT: _plain(Split),
    Action.SURRENDER: _plain(Surrender), Action.DECLINE: _plain(Decline),
    Action.EVEN_MONEY: _plain(EvenMoney), Action.COLOUR_UP: _plain(ColourUp),
    Action.LEAVE: _plain(Leave),
    Action.DOUBLE: lambda t, seat: Double(seat, None),
    Action.INSURE: lambda t, seat: Insure(seat, None),
    Action.CHANGE: _change,
    Action.DEALER_HIT: lambda t, seat: DealerHit(),
    Action.DEALER_STAND: lambda t, seat: DealerStand(),
    PontoonAction.DRAW_FOR_BANK: lambda t, seat: DrawForBank(),
    PontoonAction.OFFER_BANK: _offer_bank,
    PontoonAction.ACCEPT_BANK: _plain(AcceptBank), PontoonAction.DECLINE_BANK: _plain(DeclineBank),
    PontoonAction.WITHDRAW_BANK: _plain(WithdrawBank),
}


class CasinoGame:
    """A blackjack (or Pontoon) table as a ``protocol.Game``."""

    def __init__(self, table: Table, name: str = "casino",
                 made_from: Mapping[str, Any] | None = None) -> None:
        self.table = table
        self.name = name
        #: The rules as the registry's maker took them (Pontoon's are only the host's
        #: choices), so a history builds the same table again; None: the table's full rules.
        self.made_from = dict(made_from) if made_from is not None else None
        self._results: list[HandResult] = []
        #: Each betting seat's balance when the round in play was dealt (None between rounds).
        self._round_base: dict[int, int] | None = None
        #: Each seat's default operations, made once (``legal``).
        self._made: dict[int, dict[object, TableOp]] = {}
        self._face_down = FaceDown()
        #: The views' memo (``engine.views.view``) and each seat's JSON kept with its view.
        self._views: SeatViews = {}
        self._bodies = Bodies()
        #: The house's body and the (operations, events) counts it was written at.
        #: The house's body, and the seats that see more than the house (``FaceDown``), and
        #: the (operations, events) counts they were worked out at.
        self._house: tuple[tuple[int, int], dict[str, Any], frozenset[int]] = (
            (-1, -1), {}, frozenset())
        #: The balances and the (operations, events) counts they were worked out at.
        self._balances: tuple[tuple[int, int], dict[int, int]] = ((-1, -1), {})
        #: The dealer's calls so far, each with the place in the log of the event that made
        #: it, and how much of the log has been heard (``calls_since``).
        self._caller = DealerCalls(table.rules)
        self._calls: list[tuple[int, str]] = []
        self._called = 0
        self._names = frozenset(table.operations)
        #: Each seat's context as its view last gave it (``seat_view``).
        self._ctxs: dict[int, Ctx] = {}

    # --- whose move ------------------------------------------------------------------

    @property
    def seat_numbers(self) -> range:
        return range(1, self.table.rules.seats + 1)

    @property
    def acting(self) -> int | None:
        to_act = self.table.to_act
        return None if to_act is None else to_act[0]

    @property
    def between_hands(self) -> bool:
        t = self.table
        return t.phase is Phase.BETTING and not any(s.hands for s in t.seats.values())

    # --- operations ------------------------------------------------------------------

    def verify(self, op: Op) -> None:
        """The refusal ``apply`` would meet: the engine's own check, the one ``apply`` makes
        (``Table.verify``); changes nothing."""
        self.table.verify(as_op(op))

    def apply(self, op: Op) -> None:
        """``Table.apply``, and the round's result kept when it ends: its base (each betting
        seat's balance) is read just before the deal, its end when the table is back to
        betting, so an operation costs the table's work and two comparisons."""
        t = self.table
        base = None
        if type(op) is Deal:  # refused (nobody has bet), it raises before ``base`` is kept
            base = {n: b for n, b in self.balances().items() if t.seats[n].hands}
        t.apply(as_op(op))
        if base is not None:
            self._round_base = base
        if self._round_base is not None and t.phase is Phase.BETTING:
            after = self.balances()
            self._results.append(HandResult(t.round, {
                n: after[n] - b for n, b in sorted(self._round_base.items()) if n in after}))
            self._round_base = None

    def legal(self, seat: int) -> list[TableOp]:
        """Concrete operations ``seat`` may make now (the house's: the deal, the dealer's
        steps, Pontoon's draw for the bank). Each operation is made once per seat and handed out
        again, as they are values: one that does not depend on the table's state (a hit, a bet
        of the minimum) once, one that does (the chip to break, ``_OF_THE_MOMENT``) once for
        each state it depends on."""
        t = self.table
        if seat == HOUSE:
            out: list[TableOp] = [_DEAL] if t.can_deal() else []
            if t.phase is Phase.DEALER and t.dealer_seat == HOUSE:
                out += [op for op in (DealerStand(), DealerHit()) if self._can(op)]
            if isinstance(t, PontoonTable) and t.can_draw_for_bank():
                out.append(DrawForBank())
            return out
        made = self._made.get(seat)
        if made is None:
            made = self._made[seat] = {}
        ops = []
        for action in t.legal_actions(seat):
            moment = _OF_THE_MOMENT.get(action)
            key: object = action if moment is None else (action, moment(t, seat))
            op = made.get(key)
            if op is None:
                make = DEFAULTS.get(action)
                op = None if make is None or action is Action.DEAL else make(t, seat)
                if op is None:
                    continue
                made[key] = op
            ops.append(op)
        return ops

    def _can(self, op: TableOp) -> bool:
        try:
            self.verify(op)
        except TableError:
            return False
        return True

    def operation(self, data: object) -> TableOp:
        """An operation read from JSON (``op_from_json``): anything but a JSON object, or one
        that names no operation of this table, is a ``ReplayError`` in words (typed ``object``:
        compiled, a ``Mapping`` parameter met by something else was a bare ``TypeError``)."""
        return op_from_json(dict(data) if isinstance(data, Mapping) else data,
                            self.table.operations)

    # --- what each seat sees ---------------------------------------------------------

    def seat_view(self, seat: int) -> View:
        """``seat``'s view: its context is the same object as long as it says the same, so a
        front end that keeps what it last drew sees at once that nothing changed there."""
        t = self.table
        phase, acting, hand, over = str(t.phase), self.acting, t.round, self.between_hands
        ctx = self._ctxs.get(seat)
        if ctx is None or ctx.phase != phase or ctx.to_act != acting or ctx.hand != hand \
                or ctx.over != over:
            ctx = self._ctxs[seat] = Ctx(self.name, seat, phase, acting, hand, over)
        return View(ctx, tuple(self.legal(seat)), self.body(seat))

    def body(self, seat: int) -> dict[str, Any]:
        """``seat``'s picture of the table (``body.Bodies``): the round in play, or between
        rounds the one just settled. A seat with no card of its own face down sees what the
        house sees, so its body is the house's, written once per operation and handed to every
        such seat: read only."""
        t = self.table
        key = (len(t.ops), len(t.log))
        if self._house[0] != key:
            v = settled_round(t) or view(t, HOUSE, self._views)
            self._house = (key, self._bodies.body(v, t), self._face_down.seats(t, None))
        if seat != HOUSE and seat in self._house[2]:
            return self._bodies.body(settled_round(t, seat) or view(t, seat, self._views), t)
        return self._house[1]

    def mark(self) -> int:
        return len(self.table.log)

    def events(self, seat: int, since: int) -> list[JsonObject]:
        return [e.to_json() for e in visible_events(self.table, seat, since)]

    def private_seats(self, since: int | None) -> frozenset[int]:
        """Seats whose frames differ from a spectator's (a face-down card of their own)."""
        return self._face_down.seats(self.table, since)

    # --- what a chip game's front end reads beside the protocol ----------------------------

    @property
    def rules(self) -> Rules:
        """The table's rules in force (the limits, the chips, what may be played)."""
        return self.table.rules

    @property
    def chipset(self) -> ChipSet:
        """The table's chips: what a stack of counts is worth, and how it is told."""
        return self.table.chipset

    @property
    def max_buy_in(self) -> int:
        """The most a seat may sit down with at once."""
        return self.table.max_buy_in

    @property
    def event_kinds(self) -> dict[str, StrEnum]:
        """Every kind of event this table logs, by its word (``engine.events.event_from_json``
        reads ``events`` back with it)."""
        if isinstance(self.table, PontoonTable):
            return {**KINDS, **{k.value: k for k in PontoonKind}}
        return KINDS

    def seen_cards(self, seat: int) -> list[Card]:
        """Every card ``seat`` has seen since the shuffle (``views.seen_cards``): what a card
        counter at the table knows, and all a hint may use."""
        return seen_cards(self.table, seat)

    def recording(self, seats: list[int]) -> Recording:
        """The house's record and ``seats``' own hand histories of this table, from now on
        (``engine.records``)."""
        return Recording(self.table, seats)

    def forget(self) -> None:
        """Drop the event log, the shuffles and the hand results kept so far, between rounds
        (a headless run of millions of rounds keeps its memory flat); what is worked out from
        the log is worked out afresh."""
        t = self.table
        del t.log[:], t.shoe.history[:]
        self._results = []
        self._face_down = FaceDown()
        self._house = ((-1, -1), {}, frozenset())
        self._balances = ((-1, -1), {})
        self._calls, self._called = [], 0

    # --- what a room asks of a chip table ----------------------------------------------

    @property
    def operations(self) -> frozenset[str]:
        """The names of the table's operations (a request names one of these)."""
        return self._names

    @property
    def ops(self) -> Sequence[TableOp]:
        """Every operation applied, in order (what a ledger writes)."""
        return self.table.ops

    @property
    def shuffles(self) -> Sequence[ShuffleRecord]:
        """Every shuffle so far, in order (what a ledger keeps beside the operations)."""
        return self.table.shoe.history

    @property
    def round(self) -> int:
        return self.table.round

    @property
    def seated(self) -> frozenset[int]:
        return frozenset(self.table.seats)

    @property
    def banker(self) -> int | None:
        """The seat holding the bank (None: the house banks, or none is drawn yet)."""
        return banker(self.table)

    @property
    def bank_offer(self) -> tuple[int, int, int] | None:
        """A standing offer of the bank: (from, to, price)."""
        return bank_offer(self.table)

    def fields(self, name: str) -> list[str]:
        """The details operation ``name`` takes beside its seat, as a refusal names them."""
        return [f.name for f in dataclasses.fields(self.table.operations[name])
                if f.name != "seat"]

    def passive(self, seat: int) -> TableOp:
        """What ``seat`` is made to do when it does not act on its clock (sitting out, removed,
        out of time): decline insurance, stand, or (a banker) stand on the bank's hand."""
        phase = self.table.phase
        if phase is Phase.INSURANCE:
            return Decline(seat)
        if phase is Phase.DEALER:
            return DealerStand()
        return Stand(seat)

    def can_top_up(self, seat: int) -> bool:
        """``seat`` may buy more chips now: between rounds, before it bets, not holding the
        bank."""
        t = self.table
        s = t.seats.get(seat)
        return (t.phase is Phase.BETTING and s is not None and not s.hands
                and t.dealer_seat != seat)

    def top_up(self, seat: int, amount: int, most: int) -> tuple[TableOp, TableOp]:
        """More chips between rounds, up to ``most`` in front of the seat: the seat gets up
        with its chips and sits straight back down with them and the new ones (two operations,
        so a replay deals the same). Refused in words; changes nothing."""
        t = self.table
        s = t.seats[seat]
        if t.phase is not Phase.BETTING or s.hands:
            raise WrongPhaseError("buy more chips between rounds, before you bet")
        if t.dealer_seat == seat:
            raise WrongPhaseError("the banker buys no chips while holding the bank")
        have = self.balances()[seat]
        if have + amount > most:
            raise BetError(f"at this room a seat buys chips up to {dollars(most)} in front of "
                           f"it; you have {dollars(have)}")
        new = t.cashier.buy_in(amount)  # raises if the chips cannot make it; changes nothing
        chips = t.chipset.by_colour([a + b for a, b in zip(s.chips, new, strict=True)])
        return Leave(seat), Sit(seat, chips)

    def host_operation(self, name: str, args: Mapping[str, Any]) -> TableOp:
        """The house's operation a host's request names (the deal, Pontoon's draw for the
        bank); a step only a dealing host takes is refused in words."""
        if name in DEALER_ONLY:
            raise NotAllowedError(DEALER_ONLY[name])
        if name not in self._names:
            raise UnknownOperationError(f"there is no {name.replace('_', ' ')} at this table")
        return self.operation({"op": name})

    def host_steps(self) -> list[str]:
        """The house's operations the host may take now, by name."""
        return [op.name for op in self.legal(HOUSE)]

    def calls_since(self, since: int) -> list[str]:
        """What the dealer called for the events from ``since`` on (``engine.calls``: the same
        calls the terminal makes), made once, in log order, however many ask."""
        log = self.table.log
        for i in range(self._called, len(log)):
            self._calls.extend((i, call) for call in self._caller.said(log[i]))
        self._called = len(log)
        first = bisect.bisect_left(self._calls, since, key=lambda c: c[0])
        return [c for _, c in self._calls[first:]]

    def new_calls(self) -> list[str]:
        """Calls made by a step that leaves no event: none at a table the house deals."""
        return []

    def closing_refusal(self) -> TwentyOneError | None:
        """Why the room may not close now, when everyone would cash out: never, at a table the
        house deals."""
        return None

    def state(self) -> dict[str, Any]:
        """What a restart must restore that no operation records: nothing, at a table the
        house deals (a dealing host's desk is its game's, ``dealer.DealerGame``)."""
        return {}

    def hint_question(self, seat: int) -> HintQuestion:
        """What a solver is asked for ``seat``'s hint, from its own view only (``hints``)."""
        return hint_question(self.table, seat)

    # --- results and the record --------------------------------------------------------

    def balances(self) -> dict[int, int]:
        """Each seat's chips with its bets still on the layout (what it owns), worked out once
        per operation however many readers ask (the round account, the room's ledger); the
        same dict is handed to each, to read only."""
        t = self.table
        key = (len(t.ops), len(t.log))
        if self._balances[0] != key:
            self._balances = (key, balances(t))
        return self._balances[1]

    def hand_results(self, since: int = 0) -> list[HandResult]:
        """Each finished round's net per seat that bet, in cents."""
        return self._results[since:]

    def history(self) -> JsonObject:
        """The rules, every shuffle, every operation and every event (``replay``); the
        house's record, since it holds the shuffles."""
        t = self.table
        rules = self.made_from if self.made_from is not None else t.rules.to_mapping()
        return {"format": HISTORY_FORMAT, "game": self.name, "rules": rules,
                "shuffles": [{"order": [c.id for c in r.order], "cut_at": r.cut_at,
                              "behind": r.behind} for r in t.shoe.history],
                "ops": [op.to_json() for op in t.ops],
                "events": [e.to_json() for e in t.log]}


def replay(data: Mapping[str, Any], make: Callable[[Mapping[str, Any], Shuffler], Table],
           name: str) -> CasinoGame:
    """The game a ``CasinoGame.history`` records, dealt again through ``apply`` and checked
    event by event (``make`` builds the table from the rules and a shuffler)."""
    if data.get("format") != HISTORY_FORMAT or data.get("game") != name:
        raise ReplayError(f"not a {name} history in format {HISTORY_FORMAT}")
    records = shuffle_records(data["shuffles"])
    game = CasinoGame(make(data["rules"], ReplayShuffler(records)), name, data["rules"])
    for number, raw in enumerate(data["ops"], 1):
        try:
            game.apply(game.operation(raw))
        except TwentyOneError as exc:  # refused, or not an operation of this table
            raise ReplayError(f"operation {number} was refused: {exc}") from exc
    if [e.to_json() for e in game.table.log] != list(data["events"]):
        raise ReplayError("the history records events its operations do not produce")
    return game
