"""``CasinoGame``: the casino ``Table`` (or Pontoon's, its subclass) meeting the one game
protocol, by composition.

The table stays the authority: ``apply`` is ``Table.apply``; ``legal`` is the engine's
``legal_actions`` made concrete (amounts at their defaults: the table's minimum bet, a full
double, full insurance); ``verify`` asks the engine's own ``verify_*`` checks, which raise what
``apply`` would and change nothing. The house's steps (the deal, the dealer's hand at a table
where the dealer decides, the draw for Pontoon's first bank) are operations of ``HOUSE``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, ClassVar

from twentyone.cards import Card
from twentyone.engine.events import Kind
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
    Op,
    Split,
    Stand,
    Surrender,
    op_from_json,
)
from twentyone.engine.shoe import ReplayShuffler, Shuffler
from twentyone.engine.table import Action, Phase, Table
from twentyone.engine.views import settled_round, view, visible_events
from twentyone.errors import IllegalActionError, ReplayError, TableError, TwentyOneError
from twentyone.pontoon.table import (
    AcceptBank,
    DeclineBank,
    DrawForBank,
    OfferBank,
    PontoonAction,
    PontoonTable,
    WithdrawBank,
)
from twentyone.protocol import HOUSE, Ctx, HandResult, View

from .account import RoundAccount, balances
from .facedown import FaceDown

HISTORY_FORMAT = "twentyone-table-ops/1"

#: The events a round's result is read from (``RoundAccount``).
_ACCOUNTED = frozenset({Kind.BET, Kind.ROUND_STARTED, Kind.ROUND_ENDED})


def _plain(make: Callable[[int], Op]) -> Callable[[Table, int], Op | None]:
    return lambda t, seat: make(seat)


def _change(t: Table, seat: int) -> Op | None:
    """Break the smallest chip that can be broken (the first colour above the lowest held)."""
    chips = t.seats[seat].chips
    for i in range(1, len(chips)):
        if chips[i]:
            return Change(seat, t.chipset.colours[i])
    return None


def _offer_bank(t: Table, seat: int) -> Op | None:
    """Give the bank (for nothing) to the first player it may go to."""
    assert isinstance(t, PontoonTable)
    to = next((n for n in sorted(t.seats) if n != seat and t.can_offer_bank(seat, n)), None)
    return None if to is None else OfferBank(seat, to, 0)


#: Each action the engine offers, as a concrete operation with its amounts at their defaults
#: (None: none can be made concrete now).
DEFAULTS: dict[StrEnum, Callable[[Table, int], Op | None]] = {
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


def _jsonable(value: Any) -> Any:
    """A view (dataclasses of tuples and cards) as JSON-ready data, cards as codes."""
    if isinstance(value, Card):
        return value.code
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, StrEnum):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


class CasinoGame:
    """A blackjack (or Pontoon) table as a ``protocol.Game``."""

    def __init__(self, table: Table, name: str = "casino",
                 made_from: Mapping[str, Any] | None = None) -> None:
        self.table = table
        self.name = name
        #: The rules as the registry's maker took them (Pontoon's are only the host's
        #: choices), so a history builds the same table again; None: the table's full rules.
        self.made_from = dict(made_from) if made_from is not None else None
        self._account = RoundAccount()
        self._results: list[HandResult] = []
        self._read = 0
        self._face_down = FaceDown()
        #: The balances and the (operations, events) counts they were worked out at.
        self._balances: tuple[tuple[int, int], dict[int, int]] = ((-1, -1), {})
        self._account.read([], self.balances())

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

    #: Operations whose ``verify`` is the engine's own check (the others are checked against
    #: ``legal_actions``, which for Pontoon's banker is stricter than ``leave`` itself: the
    #: last player may leave holding the bank).
    EXACT: ClassVar[frozenset[type[Op]]] = frozenset({
        Bet, Deal, Hit, Stand, Double, Split, Surrender, Insure, EvenMoney, Change, DealerHit,
        DealerStand})

    def verify(self, op: Op) -> None:
        """The refusal ``apply`` would meet, from the engine's own checks; changes nothing.
        Operations the engine has no separate check for (sitting, leaving, colouring up,
        Pontoon's bank) are verified against ``legal_actions``, the engine's own answer."""
        t = self.table
        seat = getattr(op, "seat", HOUSE)
        checks: dict[type[Op], Callable[[], None]] = {
            Bet: lambda: t.verify_bet(seat, op.amount),  # type: ignore[attr-defined]
            Deal: t.verify_deal, Hit: lambda: t.verify_hit(seat),
            Stand: lambda: t.verify_stand(seat),
            Double: lambda: t.verify_double(seat, op.amount),  # type: ignore[attr-defined]
            Split: lambda: t.verify_split(seat), Surrender: lambda: t.verify_surrender(seat),
            Insure: lambda: t.verify_insure(seat, op.amount),  # type: ignore[attr-defined]
            EvenMoney: lambda: t.verify_even_money(seat),
            Change: lambda: t.verify_change(seat, op.colour),  # type: ignore[attr-defined]
            DealerHit: t.verify_dealer_hit, DealerStand: t.verify_dealer_stand,
        }
        check = checks.get(type(op))
        if check is not None:
            check()
            return
        if not any(type(o) is type(op) for o in self.legal(seat)):
            raise IllegalActionError(f"{op.name or type(op).__name__} is not open to you now")

    def apply(self, op: Op) -> object:
        record = self.table.apply(op)
        self._settle_results()
        return record

    def legal(self, seat: int) -> list[Op]:
        """Concrete operations ``seat`` may make now (the house's: the deal, the dealer's
        steps, Pontoon's draw for the bank)."""
        t = self.table
        if seat == HOUSE:
            out: list[Op] = [Deal()] if t.can_deal() else []
            if t.phase is Phase.DEALER and t.dealer_seat == HOUSE:
                out += [op for op in (DealerStand(), DealerHit()) if self._can(op)]
            if isinstance(t, PontoonTable) and t.can_draw_for_bank():
                out.append(DrawForBank())
            return out
        ops = []
        for action in t.legal_actions(seat):
            make = DEFAULTS.get(action)
            op = None if make is None or action is Action.DEAL else make(t, seat)
            if op is not None:
                ops.append(op)
        return ops

    def _can(self, op: Op) -> bool:
        try:
            self.verify(op)
        except TableError:
            return False
        return True

    def operation(self, data: Mapping[str, Any]) -> Op:
        return op_from_json(dict(data), self.table.operations)

    # --- what each seat sees ---------------------------------------------------------

    def seat_view(self, seat: int) -> View:
        t = self.table
        v = settled_round(t, seat) or view(t, seat)
        ctx = Ctx(self.name, seat, str(t.phase), self.acting, t.round, self.between_hands)
        return View(ctx, tuple(self.legal(seat)), _jsonable(v))

    def mark(self) -> int:
        return len(self.table.log)

    def events(self, seat: int, since: int) -> list[dict[str, Any]]:
        return [e.to_json() for e in visible_events(self.table, seat, since)]

    def private_seats(self, since: int | None) -> frozenset[int]:
        """Seats whose frames differ from a spectator's (a face-down card of their own)."""
        return self._face_down.seats(self.table, since)

    # --- results and the record --------------------------------------------------------

    def _settle_results(self) -> None:
        """Read the new events into the round account, when they hold a bet or a round's start
        or end (only then does it need the balances, which cost a pass over every seat)."""
        log = self.table.log
        new = log[self._read:]
        self._read = len(log)
        if not any(e.kind in _ACCOUNTED for e in new):
            return
        nets = self._account.read(new, self.balances())
        if nets:
            self._results.append(HandResult(self.table.round, dict(nets)))

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

    def history(self) -> dict[str, Any]:
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
