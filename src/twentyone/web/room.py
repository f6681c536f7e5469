"""The room: one class for every game, on the room core (``web.roomcore``: seats by token,
requests answered once, the ledger before the answer, the clock, the host's pause).

A room's game is its registry entry's (``games.registry.ROOM_GAMES``), and the room reads it
only through the protocol and the entry: whose turn it is (``acting``), what a seat may do
(``legal``), every change through ``game.apply``, what a seat sees through ``seat_view`` and
``events``. What differs between games is the entry's, and the room gets it as small parts,
each there for every game whose entry has what the part needs:

- **Money seating** (``web.purse.Purse``) for an entry that plays for chips
  (``entry.chips``): buy-ins, top-ups, cash-outs, the price of a player's bank, the house's
  steps and dealer mode (the registry entry's game dealt by its host), the dealer's calls and
  the hint. A seat that does not act on its clock is made to make the game's ``passive``
  move (stand, decline insurance).
- **Bot seats** (``web.botseats.BotSeats``) for a game played for scores (``entry.cards``), at
  the level its room names: every seat no person holds is played by a bot, one move per
  ``bot_delay_s``.
- **A score sheet** for an entry with one (``entry.cards.sheet``), from the finished hands.
- **Its record.** A chip game's downloads are dealt again from the ledger by its entry's
  ``records`` (``replays.Histories``); another game's record is its ``history()`` with each
  shuffle's commitment and salt, and its seal, between hands only.

Wherever a room holds a seat by name only (no chips), the host may also sit, with the host's
own token, so one page both hosts and plays; someone who takes a seat while a hand is in play
holds it from the next deal (``Person.from_hand``).

Its frames are the one frame every room sends (``{ctx, legal, body, room, you, events, calls}``,
docs/web.md#delta-frames): ``ctx``, ``legal`` and ``body`` are the game's ``seat_view`` for the
viewer, ``events`` the game's ``events`` for it; the room adds only its own part (who sits
where, the clock, the host's steps, the score sheet) and the dealer's calls. What a seat may
see is decided by the game alone.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from twentyone.engine.shoe import Shuffler
from twentyone.engine.signals import style_of
from twentyone.errors import (
    LedgerError,
    NotAllowedError,
    RequestError,
    RoomError,
    SeatError,
    TwentyOneError,
    UnknownOperationError,
    WrongPhaseError,
)
from twentyone.games.core.bots import Bot
from twentyone.games.core.game import CardGame
from twentyone.games.core.sheet import Sheet
from twentyone.games.core.shuffle import Shuffler as CardShuffler
from twentyone.games.registry import ROOM_GAMES, ChipRoomGame, RoomGame
from twentyone.protocol import HOUSE, Ctx, HandResult, seal
from twentyone.protocol import game as protocol_game
from twentyone.web import protocol
from twentyone.web.botseats import BOT_DELAY_S, BotSeats, secure_bot_rng
from twentyone.web.frames import Frames
from twentyone.web.protocol import MAX_NAME_CHARS, Request
from twentyone.web.purse import HOST_OPS as CHIP_HOST_OPS
from twentyone.web.purse import Purse
from twentyone.web.roomcore import (
    Actor,
    Download,
    Person,
    Question,
    Role,
    RoomCore,
    new_token,
    token_hash,
)
from twentyone.web.shoes import (
    LedgerCards,
    LedgerShuffler,
    commitment,
    secure_cards,
    secure_shuffler,
    stored,
    stored_pack,
)
from twentyone.web.spec import RoomSpec
from twentyone.web.store import LedgerRow, Store, StoredRoom, StoredSeat, StoredShuffle, Transaction

#: The most cards one request may name (a President set is at most four).
MAX_CARDS = 13
#: How many of the last events a whole state frame carries at a room with bot seats, so a page
#: opened again (a reload, a phone woken) still says what just happened; everyone's view of
#: them (none is private).
RECENT_EVENTS = 8
#: The host's operations at a room where the host may hold a seat: the room's own and the deal.
SEAT_HOST_OPS = ("deal", "pause", "resume", "remove", "close")

#: No operations, and buying more chips, as a frame's ``legal`` lists them: one object each,
#: so a delta passes an unchanged list over by identity. Read only.
_NO_OPS: list[dict[str, Any]] = []
_BUY: dict[str, Any] = {"op": "buy"}
#: Who a player's and a spectator's frame says is looking (``Room._you``): one object each,
#: read only.
_PLAYER: dict[str, Any] = {"role": str(Role.PLAYER), "host_legal": None, "host_seat": None}
_SPECTATOR: dict[str, Any] = {"role": str(Role.SPECTATOR), "host_legal": None,
                              "host_seat": None}


@dataclass(frozen=True)
class Sources:
    """Where a room's randomness comes from: the live shuffler of a game dealt from a shoe
    (``shoe``: a chip game's), of one dealt from a pack (``cards``), and its bots' random
    sources and pace. Each defaults to the system's secure source; a test stacks or seeds
    them. A room uses those its game needs."""

    shoe: Shuffler | None = None
    cards: CardShuffler | None = None
    bot_delay_s: float = BOT_DELAY_S
    bot_rng: Callable[[str, int], random.Random] = secure_bot_rng


class Room(RoomCore):
    """A room of any game: its game (the registry entry's), its people, its clock, its ledger,
    and the parts its entry calls for (``purse``, ``bots``)."""

    def __init__(self, code: str, spec: RoomSpec, host_hash: str, store: Store,
                 sources: Sources | None = None, *, now: Callable[[], float] = time.time,
                 saved: StoredRoom | None = None) -> None:
        sources = sources or Sources()
        self.entry = ROOM_GAMES[spec.game]
        #: The live shufflers, kept to deal the room again from its ledger (``_reload``).
        self._shoe = sources.shoe or secure_shuffler()
        self._cards = sources.cards or secure_cards()
        self.bot_delay_s = sources.bot_delay_s
        self.bot_rng = sources.bot_rng
        super().__init__(code, spec, host_hash, store, now=now, saved=saved)

    # --- building and rebuilding ---------------------------------------------------------

    def _load(self, saved: StoredRoom | None) -> None:
        """Everything the ledger decides, built afresh: a new room, or ``saved`` dealt again."""
        self._reset(saved)
        self.shuffles: list[StoredShuffle] = list(saved.shuffles) if saved else []
        #: How many shuffles there were when the commitment was last hashed, and the hash.
        self._committed: tuple[int, str | None] = (-1, None)
        #: Who sits where as frames last showed it, and what it was written from.
        self._seats_written: tuple[object, dict[str, dict[str, Any]]] = (None, {})
        self.states_written = {}
        self.texts_written = {}
        self.room_written = None
        #: Each viewer's context as its frame last wrote it, with the context it was
        #: written from (``_ctx_json``).
        self._ctxs_written: dict[int, tuple[Ctx, dict[str, Any]]] = {}
        #: Each legal operation's JSON, by the operation (the game hands out the same values).
        self._ops_written: dict[int, tuple[object, dict[str, Any]]] = {}
        #: The record's seal and the log's length it was worked out at (``record_seal``).
        self._sealed: tuple[int, str] = (-1, "")
        #: When the game last changed: a bot moves ``bot_delay_s`` after it.
        self._changed_at = self.now()
        self.purse: Purse | None = None
        self.bots: BotSeats | None = None
        #: The same game as a card game played for scores, with what only such a game has
        #: (its hands dealt, its bots' view); None at a chip table.
        self.card_game: CardGame[Any] | None = None
        chips, cards = self.entry.chips, self.entry.cards
        if chips is not None:
            chip_game: ChipRoomGame = chips.game(
                self.spec.game, self.spec.rules, LedgerShuffler(self.shuffles, self._shoe))
            #: The room's game, whose every change goes through ``game.apply`` (a layer test
            #: keeps it so): the registry entry's, and in dealer mode that game dealt by its
            #: host.
            self.game: RoomGame = chip_game
        else:
            assert cards is not None, "every entry plays for chips or for scores"
            card_game = cards.new(self.players, LedgerCards(self.shuffles, self._cards))
            self.game = self.card_game = card_game
        self._ops_saved = 0
        self._log_saved = 0
        self._results_saved = 0
        if saved is not None:
            self._replay(saved)
        if chips is not None:
            if self.spec.host_mode == "dealer":
                # The ledger's operations are the table's, replayed above; the dealer's desk
                # is the room's state, restored as it was written.
                chip_game = chips.dealt_by_host(chip_game, saved.state if saved else None)
                self.game = chip_game
            self.purse = Purse(self, chip_game)
        if cards is not None and self.spec.level in cards.levels:
            assert self.card_game is not None
            self.bots = BotSeats(self.code, self.spec.level, cards.levels[self.spec.level],
                                 self.card_game, delay_s=self.bot_delay_s, rng=self.bot_rng)
        if saved is not None:
            self._saved_now()

    def host_ops(self) -> tuple[str, ...]:
        """The host's operations: at a chip table the house's steps too (``purse.HOST_OPS``);
        elsewhere the room's own and the deal."""
        return CHIP_HOST_OPS if self.entry.chips is not None else SEAT_HOST_OPS

    @property
    def players(self) -> int:
        """How many seats a room of a game for scores was created with."""
        return int(self.spec.rules["players"])

    @property
    def level(self) -> str:
        """The bots' level ("" at a room without bot seats)."""
        return self.spec.level

    def _replay(self, saved: StoredRoom) -> None:
        """Apply the ledger's operations again, in order: the game is then exactly where the
        last answered request left it, and its finished hands are those the ledger kept."""
        g = self.game
        for data in saved.ops:
            self.game.apply(self.game.operation(data))
        if self.entry.chips is None and [r.to_json() for r in g.hand_results()] != saved.results:
            raise LedgerError(f"room {self.code}: the ledger's hand results are not what its "
                              "operations play to")
        self._ops_saved = len(g.ops)
        self._log_saved = g.mark()
        self._results_saved = len(g.hand_results())
        self.paused = bool(saved.state.get("paused", False))
        leaving = set(saved.state.get("leaving", ()))
        waiting = saved.state.get("waiting", {})
        for s in saved.seats:
            self.people[s.seat] = Person(s.name, s.token_hash, s.since_op,
                                         dropped_at=self.now(), leaving=s.seat in leaving,
                                         from_hand=int(waiting.get(str(s.seat), 0)))

    def _game_unsaved(self) -> bool:
        g = self.game
        return len(g.ops) != self._ops_saved or g.mark() != self._log_saved

    def recover(self) -> None:
        """After a restart: the hand under way resumes where the ledger left it, or at a chip
        table is called off with every bet returned, as the room's ``interrupted`` says."""
        if self.purse is not None:
            self.purse.recover()
        self._restart_clock(force=True)

    def between_rounds(self) -> bool:
        """No round under way: the room may leave memory (``app.Site.expire``)."""
        return self.game.between_hands

    def balances(self) -> dict[int, int]:
        """Each seat's chips with its bets still on the layout (what it owns; read only;
        none at a game without chips)."""
        return {} if self.purse is None else self.purse.game.balances()

    # --- requests ----------------------------------------------------------------------------

    def _sit_first(self, op: str) -> TwentyOneError:
        if self.purse is not None:
            return self.purse.sit_first(op)
        return NotAllowedError("take a seat first: sit with your name")

    def _seat_request(self, seat: int, req: Request) -> dict[str, Any]:
        if self.purse is not None:
            return self.purse.seat_request(seat, req)
        if req.op == "leave":
            self._unseat(seat, Transaction())
            return {}
        if self.paused:
            raise RoomError("the host has paused the table")
        self._move(seat, req)
        return {}

    def _sit(self, actor: Actor, args: dict[str, Any]) -> dict[str, Any]:
        if self.purse is not None:
            return self.purse.sit(actor, args)
        token = new_token()
        seat = self._take_seat(args, token_hash(token))
        actor.seat = seat  # only once the ledger holds the seat
        return {"token": token, "seat": seat}

    def _take_seat(self, args: dict[str, Any], holder: str) -> int:
        """Seat someone by name at the seat asked for (or the first a bot holds), held by the
        token hash ``holder``; written to the ledger before it is theirs. Mid-hand, the seat
        is theirs from the next deal."""
        name = protocol.text(args, "name", MAX_NAME_CHARS)
        g = self.game
        wanted = protocol.seat_asked(args, g.seat_numbers, self.people)
        if wanted not in g.seat_numbers:
            raise SeatError(f"this table's seats are 1 to {len(g.seat_numbers)}")
        if wanted in self.people:
            raise SeatError(f"seat {wanted} is taken")
        p = Person(name, holder, len(g.ops), connections=1,
                   from_hand=self._hands_dealt() + (0 if g.between_hands else 1))
        self.people[wanted] = p
        self._commit(Transaction(seated=[StoredSeat(wanted, name, p.token_hash, p.since_op)]))
        self._restart_clock(force=True)
        return wanted

    def _move(self, seat: int, req: Request) -> None:
        """A seat's move: read by the game's own operation reader (a history names moves the
        same way), the seat always the token's; the game verifies it."""
        if req.op == "deal":
            raise NotAllowedError("the host deals each hand")
        if not self._dealt_to(self.people[seat]):
            raise NotAllowedError("this hand was dealt before you sat down: a bot plays it "
                                  "out, and you play from the next deal")
        cards = req.args.get("cards")
        if cards is not None and not (isinstance(cards, list) and len(cards) <= MAX_CARDS
                                      and all(isinstance(c, str) and len(c) <= 3
                                              for c in cards)):
            raise RequestError("cards are a list of card codes, e.g. [\"Qs\", \"10h\"]")
        data = {**req.args, "op": req.op, "seat": seat}
        try:
            op = self.game.operation(data)
        except TwentyOneError:
            raise UnknownOperationError(f"there is no {req.op!r} move in "
                                        f"{self.entry.title} with those details") from None
        self.game.apply(op)
        self.people[seat].sitting_out = False
        self._after_change()

    def _unseat(self, seat: int, change: Transaction) -> None:
        """The person gives the seat up (its token no longer acts); a bot plays it on."""
        self.people.pop(seat)
        change.unseated.append(seat)
        self._commit(change)
        self._restart_clock(force=True)

    # --- the host at a seat: where seats are held by name, the host may play too -------------

    def host_seat(self) -> int | None:
        """The seat the host holds with the host's own token, if any (one at most)."""
        return next((n for n, p in self.people.items() if p.token_hash == self.host_hash),
                    None)

    def holds(self, actor: Actor) -> Person | None:
        if actor.role is Role.HOST:
            seat = self.host_seat()
            return None if seat is None else self.people[seat]
        return super().holds(actor)

    def looking(self, actor: Actor) -> tuple[int, Role]:
        """The host's connection sees the seat the host holds (once its hand was dealt to
        them), and keeps the host's controls."""
        if actor.role is not Role.HOST:
            return super().looking(actor)
        seat = self.host_seat()
        dealt = seat is not None and self._dealt_to(self.people[seat])
        return (seat if seat is not None and dealt else HOUSE), Role.HOST

    def _host_other(self, req: Request) -> dict[str, Any]:
        """At a room that seats by name the host sits down (with the host's token, so the one
        page both hosts and plays), or moves, or leaves, at the seat the host holds; at a
        chip table the host is the house, and has no seat."""
        if self.purse is not None:
            return super()._host_other(req)
        seat = self.host_seat()
        if req.op == "sit":
            if seat is not None:
                raise SeatError(f"you already sit at seat {seat}")
            if self.paused:
                raise RoomError("the table is paused: resume it first")
            return {"seat": self._take_seat(req.args, self.host_hash)}
        if seat is None:
            raise UnknownOperationError(f"the host has no {req.op!r}: take a seat to play, "
                                        f"or one of {', '.join(self.host_ops())}")
        return self._seat_request(seat, req)

    def _resumed(self) -> None:
        """A bot to act waits its delay from now, so people see the table move again."""
        self._changed_at = self.now()

    def _host_op(self, req: Request) -> dict[str, Any]:
        name = req.op
        purse = self.purse
        if name == "close":
            if purse is not None:
                purse.close()
                return {}
            self.closed = True
            self._clock = None
            self._commit(Transaction(closed=True, unseated=sorted(self.people)))
            self.people = {}
            return {}
        if name == "remove":
            seat = protocol.whole(req.args, "seat")
            assert seat is not None
            if purse is not None:
                return purse.remove(seat)
            if seat not in self.people:
                raise SeatError(f"nobody is sitting at seat {seat}")
            self._unseat(seat, Transaction())
            return {}
        if self.paused:
            raise RoomError("the table is paused: resume it first")
        if purse is not None:
            op = purse.game.host_operation(name, req.args)
        else:
            deal = self._deal_op()
            if deal is None:
                raise WrongPhaseError("a hand is under way; deal when it ends")
            op = deal
        self.game.apply(op)
        self._after_change()
        return {}

    def _deal_op(self) -> protocol_game.Op | None:
        """The deal, as the game offers it to its dealing seat (None while a hand is on)."""
        g = self.game
        if not g.between_hands or g.acting is None:
            return None
        return next((op for op in g.legal(g.acting) if op.name == "deal"), None)

    # --- after every change, the seats that do not act, and the clock -----------------------

    def _after_change(self) -> None:
        """At a room without bot seats, act at once for seats that cannot (sitting out,
        removed); settle who leaves at the round's end; write the ledger; and start the
        clock for whoever is to act."""
        self._changed_at = self.now()
        g = self.game
        if self.bots is None:
            for _ in range(1000):
                acting = g.acting
                if acting is None or acting not in self.people:
                    break
                p = self.people[acting]
                if not (p.sitting_out or p.leaving):
                    break
                self._act_for(acting)
        self._commit(Transaction())
        if self.purse is not None and self.between_rounds():
            self.purse.settle_leavers()
        self._restart_clock()

    def _act_for(self, seat: int) -> None:
        """What the room does for a seat that does not act: its bot's move where the room has
        bot seats, else the game's ``passive`` move for it (at blackjack: decline insurance,
        stand, or a banker stands on the bank's hand)."""
        if self.bots is not None:
            op = self.bots.move(seat)
            if op is None:
                return
        else:
            assert self.purse is not None, "a room without bots plays for chips"
            op = self.purse.game.passive(seat)
        self.game.apply(op)

    def _bot_seat(self, seat: int) -> bool:
        """A seat a bot plays: nobody's, sat out, or taken while the hand in play was dealt
        to someone else (``_dealt_to``); none at a room without bot seats."""
        if self.bots is None:
            return False
        p = self.people.get(seat)
        return p is None or p.sitting_out or not self._dealt_to(p)

    def _bot_for(self, seat: int) -> Bot:
        """``seat``'s bot (a room with bot seats only)."""
        assert self.bots is not None
        return self.bots.bot_for(seat)

    def _hands_dealt(self) -> int:
        """How many hands the game has dealt (a chip table's seats change hands between its
        rounds only, so it counts none)."""
        return 0 if self.card_game is None else self.card_game.hands_dealt

    def _dealt_to(self, p: Person) -> bool:
        return self._hands_dealt() >= p.from_hand

    def tick(self) -> bool:
        """A bot's move when one is due, or a move for a seat whose time is up; True if the
        game changed. A room whose ledger could not be read back waits until it can."""
        if not self._unjammed():
            return False
        if self.paused or self.closed:
            return False
        seat = self._due()
        if seat is None:
            return False
        try:
            self._act_for(seat)
            self._after_change()
        except Exception as exc:  # as in ``handle``: back to the ledger
            self._failed(exc)
        return True

    def _due(self) -> int | None:
        """The seat the room acts for now: a bot's once its delay has passed since the last
        change, or a person's whose time is up (who then sits out, if the room says so)."""
        g = self.game
        now = self.now()
        if self.bots is not None:
            seat = g.acting
            if seat is None or g.between_hands:
                return None
            if self._bot_seat(seat):
                return seat if now >= self._changed_at + self.bot_delay_s else None
            if self._clock is None or self._clock[0] != seat:
                return None
        if self._clock is None:
            return None
        seat, deadline = self._clock
        if now < deadline or seat not in self.people:
            return None
        if self.spec.settings.on_timeout == "sit_out":
            self.people[seat].sitting_out = True
        return seat

    def _restart_clock(self, force: bool = False) -> None:
        g = self.game
        acting = g.acting
        key = (g.mark(), len(g.ops), acting)
        if key == self._clock_key and not force:
            return
        self._clock_key = key
        if (self.paused or self.closed or acting is None or acting not in self.people
                or (self.bots is not None and (g.between_hands or self._bot_seat(acting)))):
            self._clock = None
            return
        deadline = self._deadline(acting)
        self._clock = None if deadline is None else (acting, deadline)

    # --- the ledger ------------------------------------------------------------------------

    def _write(self, change: Transaction) -> Callable[[], None]:
        """What the game did since the last commit: its operations, new shuffles, each
        finished round's or hand's result per seat (a ledger row each; a game for scores
        keeps the results too), and at a chip table the balances."""
        g = self.game
        change.ops = [op.to_json() for op in g.ops[self._ops_saved:]]
        change.shuffles = self._new_shuffles()
        results = g.hand_results(self._results_saved)
        chips = self.purse is not None
        if not chips:
            change.results = [r.to_json() for r in results]
        for r in results:
            for n, score in sorted(r.scores.items()):
                change.ledger.append(LedgerRow(n, self._name(n), "round" if chips else "hand",
                                               score, r.hand))
        if self.purse is not None:
            change.balances = self.balances()

        def done() -> None:
            self.shuffles.extend(change.shuffles)
            self._ops_saved = len(g.ops)
            self._log_saved = g.mark()
            self._results_saved += len(results)
        return done

    def _new_shuffles(self) -> list[StoredShuffle]:
        """The game's shuffles since the last commit as the ledger keeps them, each with a
        fresh salt: a shoe's record (with its cut card) at a chip table, else a pack's order."""
        have = len(self.shuffles)
        if self.purse is not None:
            return [stored(r) for r in self.purse.game.shuffles[have:]]
        assert self.card_game is not None
        return [stored_pack(order) for order in self.card_game.shuffles[have:]]

    def _room_state(self) -> dict[str, Any]:
        """What a restart must restore that no game operation records: whether the host has
        paused the table, the seats the host removed mid-round, who took a seat mid-hand and
        from which hand they hold it, and a dealing host's desk (the payments still owed, the
        burn, the offer of insurance; docs/web.md)."""
        state: dict[str, Any] = {"paused": self.paused}
        leaving = sorted(n for n, p in self.people.items() if p.leaving)
        if leaving:
            state["leaving"] = leaving
        waiting = {str(n): p.from_hand for n, p in sorted(self.people.items())
                   if not self._dealt_to(p)}
        if waiting:
            state["waiting"] = waiting
        if self.purse is not None:
            state.update(self.purse.game.state())
        return state

    def _name(self, seat: int) -> str:
        p = self.people.get(seat)
        if p is not None:
            return p.name
        return "" if self.bots is None else self.bot_name(seat)

    def bot_name(self, seat: int) -> str:
        return f"Bot {seat}"

    # --- what each connection is sent ---------------------------------------------------

    def log_mark(self) -> int:
        return self.game.mark()

    def names(self) -> dict[int, str]:
        return {s: self._name(s) for s in self.game.seat_numbers}

    def hand_results(self) -> list[HandResult]:
        return self.game.hand_results()

    def info(self) -> dict[str, Any]:
        """The room as ``GET /api/rooms/{code}`` shows it."""
        entry = self.entry
        out: dict[str, Any] = {"room": self.code, "game": self.spec.game, "title": entry.title,
                               "kind": entry.kind}
        if self.purse is not None:
            rules = self.purse.game.rules
            bank = entry.chips.bank if entry.chips is not None else False
            out.update({
                "bank": bank, "rules": self.spec.rules_name,
                "host_mode": self.spec.host_mode, "signals": str(style_of(rules)),
                "seats": [{"number": n, "name": p.name, "connected": p.connections > 0}
                          for n, p in sorted(self.people.items())],
                "seat_count": rules.seats,
                "bets": {"min": rules.min_bet, "max": rules.max_bet, "unit": rules.bet_unit}})
        else:
            out.update({
                "page": entry.page, "players": self.players, "level": self.level,
                "seats": [{"number": s, "name": self._name(s),
                           "connected": s in self.people and self.people[s].connections > 0,
                           "bot": None if s in self.people else self.level}
                          for s in self.game.seat_numbers],
                "seat_count": self.players})
        out.update({"settings": self.spec.settings_json(), "closed": self.closed})
        return out

    def _commitment(self) -> str | None:
        """The current shoe's commitment, hashed once per shoe rather than once per frame."""
        if not (self.spec.settings.commit_shoes and self.shuffles):
            return None
        n = len(self.shuffles)
        if self._committed[0] != n:
            self._committed = (n, commitment(self.shuffles[-1]))
        return self._committed[1]

    def frames(self, since: int | None) -> Frames:
        """The state frames of one broadcast (the events in each from ``since`` on, and the
        calls made since: a full state, ``since`` None, has none)."""
        calls = [] if since is None or self.purse is None else self.purse.game.new_calls()
        return Frames(self, since, calls)

    def state(self, actor: Actor, since: int | None) -> dict[str, Any]:
        """The state frame for one connection, exactly as a broadcast sends it, read back."""
        frame: dict[str, Any] = json.loads(self.frames(since).text(actor))
        return frame

    def own_state(self, looking: tuple[int, Role], since: int | None,
                  room_calls: Sequence[str] = (),
                  events: list[dict[str, Any]] | None = None,
                  calls: list[str] | None = None,
                  room: dict[str, Any] | None = None) -> dict[str, Any]:
        """The state frame for a connection that looks as ``looking`` says (its viewer and
        role, ``looking``): the game's ``seat_view`` for its viewer (the context, the
        operations it may make, the body), the game's events since ``since`` for it, the
        room's own part (the same for every viewer), who is looking (``you``) and the dealer's
        calls. ``events``, ``calls`` and ``room``: the same, worked out once for every
        viewer of a broadcast (the events for every viewer who sees what the house sees)."""
        viewer, role = looking
        v = self.game.seat_view(viewer)
        if events is None:
            events = self._full_events() if since is None else self.game.events(viewer, since)
        if calls is None:
            calls = [] if since is None else [*self.calls_since(since), *room_calls]
        # A chip game's body is shared by every seat that sees what the house sees
        # (``CasinoGame.body``), so a delta passes it over by identity; another's is copied.
        body = v.body if self.purse is not None else dict(v.body)
        return {"type": "state", "ctx": self._ctx_json(v.ctx),
                "legal": self._legal(viewer, v.legal), "body": body,
                "room": self.room_part() if room is None else room,
                "you": self._you(role), "events": events, "calls": calls}

    def _ctx_json(self, ctx: Ctx) -> dict[str, Any]:
        """``ctx.to_json()``, the same object while the game hands out the same context (a
        game may keep a seat's context while it says the same: ``CasinoGame.seat_view``), so
        a delta passes it over by identity. Read only."""
        held = self._ctxs_written.get(ctx.viewer)
        if held is None or held[0] is not ctx:
            held = self._ctxs_written[ctx.viewer] = (ctx, ctx.to_json())
        return held[1]

    def _full_events(self) -> list[dict[str, Any]]:
        """The events a whole frame carries: at a room with bot seats the last few, as
        everyone sees them, so a page opened again says what just happened; else none."""
        if self.bots is None:
            return []
        g = self.game
        return g.events(HOUSE, max(0, g.mark() - RECENT_EVENTS))

    def room_part(self) -> dict[str, Any]:
        """What the room adds to every frame, the same for every viewer: itself, who sits
        where, the pause, the clock, the shoe's commitment; hints at a chip table; the bots'
        level, the score sheet, the last deck's secret and the record's seal at a room that
        keeps its record itself."""
        entry = self.entry
        part: dict[str, Any] = {
            "code": self.code, "game": self.spec.game, "title": entry.title,
            "page": entry.page, "seats": self._seats_json(), "paused": self.paused,
            "closed": self.closed, "clock": self.clock_json(), "commitment": self._commitment()}
        if self.purse is not None:
            part["hints"] = self.spec.settings.hints
        else:
            current = self.shuffles[-1] if self.shuffles else None
            part.update({"level": self.level, "scores": self._sheet_json(),
                         "opened": self._opened(current), "seal": self.record_seal()})
        return part

    def _you(self, role: Role) -> dict[str, Any]:
        """Who is looking, beside the context's viewer: the role, and to the host the host's
        steps and seat. Every player's and every spectator's is one object, so a delta passes
        it over by identity."""
        if role is not Role.HOST:
            return _PLAYER if role is Role.PLAYER else _SPECTATOR
        return {"role": str(role), "host_legal": list(self.host_legal()),
                "host_seat": self.host_seat() if self.purse is None else None}

    def _sheet_json(self) -> dict[str, Any] | None:
        cards = self.entry.cards
        return None if cards is None or cards.sheet is None else self.score_sheet().to_json()

    def _seats_json(self) -> dict[str, dict[str, Any]]:
        """Who sits where, as every frame shows it (at a room with bot seats, every seat, a
        bot's with its level): the same object while nothing of it changes, so a delta passes
        it over by identity. Read only."""
        bots = self.bots
        if bots is None:
            key: tuple[Any, ...] = tuple((n, p.name, p.connections > 0, p.sitting_out)
                                         for n, p in sorted(self.people.items()))
        else:
            key = tuple((s, self._name(s), s in self.people and self.people[s].connections > 0,
                         s in self.people and self.people[s].sitting_out)
                        for s in self.game.seat_numbers)
        if self._seats_written[0] != key:
            if bots is None:
                seats = {str(n): {"name": name, "connected": on, "sitting_out": out}
                         for n, name, on, out in key}
            else:
                seats = {str(n): {"name": name, "bot": None if n in self.people else bots.level,
                                  "connected": on, "sitting_out": out}
                         for n, name, on, out in key}
            self._seats_written = (key, seats)
        return self._seats_written[1]

    def private_seats(self, since: int | None) -> frozenset[int]:
        """The seats that may hold a card of their own face down, whose events are their own
        (at a chip table the game's ``private_seats``; at a game for scores every seat, each
        holding a hand)."""
        if self.purse is None:
            return frozenset(self.game.seat_numbers)
        return self.purse.game.private_seats(since)

    def house_events(self, since: int | None) -> list[dict[str, Any]] | None:
        """The events every viewer who sees what the house sees is sent: since ``since``, or
        in a whole frame none, or at a room with bot seats the last few (None: each viewer's
        own, ``own_state`` works them out)."""
        if since is None:
            return None if self.bots is not None else []
        return self.game.events(HOUSE, since)

    def calls_since(self, since: int) -> list[str]:
        """What the dealer called for the events from ``since`` on (the game's calls: the same
        calls the terminal makes), made once, in log order, for every viewer; none at a game
        without a dealer."""
        return [] if self.purse is None else self.purse.game.calls_since(since)

    def legal(self, viewer: int) -> list[str]:
        """What ``viewer`` may do now, by name, as its frame's ``legal`` lists it."""
        return [op["op"] for op in self._legal(viewer, self.game.legal(viewer))]

    def _legal(self, seat: int, game: Sequence[protocol_game.Op]) -> list[dict[str, Any]]:
        """The game's legal operations for ``seat`` as this room offers them (as JSON): the
        host deals; a seat between rounds at a chip table may also buy more chips; nothing
        while paused."""
        if not seat or self.paused or self.closed:
            return _NO_OPS
        out = [self._op_json(op) for op in game if op.name != "deal"]
        if self.purse is not None and self.purse.game.can_top_up(seat):
            out.append(_BUY)
        return out or _NO_OPS

    def _op_json(self, op: protocol_game.Op) -> dict[str, Any]:
        """``op.to_json()``, written once per operation value (read only)."""
        found = self._ops_written.get(id(op))
        if found is None or found[0] is not op:
            if len(self._ops_written) > 256:  # the moments' operations: keep it small
                self._ops_written.clear()
            found = self._ops_written[id(op)] = (op, op.to_json())
        return found[1]

    def host_legal(self) -> tuple[str, ...]:
        """The host's steps now: the game's for the house (the deal; at a chip table the draw
        for the bank and a dealing host's steps, ``host_steps``), then the room's own."""
        if self.closed:
            return ()
        if self.paused:
            return ("resume", "remove", "close")
        if self.purse is not None:
            steps: Sequence[str] = self.purse.game.host_steps()
        else:
            steps = ["deal"] if self._deal_op() is not None else []
        return (*steps, "pause", "remove", "close")

    # --- records -------------------------------------------------------------------------

    def _opened(self, current: StoredShuffle | None) -> dict[str, str] | None:
        """Once the hand dealt from the deck in play is over, what checks that deck's
        commitment: its secret, beside the commitment (the deck's order is in the game's
        record, which ``twentyone verify`` checks against both). None mid-hand."""
        if current is None or not self.spec.settings.commit_shoes or not (
                self.game.between_hands or self.closed):
            return None
        return {"commitment": commitment(current), "salt": current.salt}

    def record_seal(self) -> str | None:
        """The seal of the game's record (``protocol.seal``) between hands, when the record
        may be downloaded, so people can compare it with the one ``twentyone verify`` prints;
        None mid-hand. Worked out once per hand, not once per frame."""
        if not (self.game.between_hands or self.closed):
            return None
        mark = self.game.mark()
        if self._sealed[0] != mark:
            self._sealed = (mark, seal(self.game.history()))
        return self._sealed[1]

    def download(self, actor: Actor, seat: str | None) -> Download:
        """At a chip table the host's full record, or with ``seat`` what that seat saw (its
        holder's own history); a seat's own for a seat: dealt again from the ledger off the
        event loop (``replays.Histories``), with every round still in play left out
        (docs/web.md). Elsewhere the game's whole record (``history_text``), one for everyone
        it is for."""
        if self.purse is None:
            return Download(f"{self.code}-game", self.history_text(actor) + "\n")
        code, spec = self.code, self.spec.to_json()
        held = actor.seat if actor.role is Role.PLAYER else None
        if actor.role is Role.HOST and seat is not None:
            if not seat.isdigit() or int(seat) not in self.people:
                raise RoomError(f"nobody sits at seat {seat!r} now")
            held = int(seat)
        if held is not None:
            n, since = held, self.people[held].since_op
            return Download(f"{code}-seat{n}", make=lambda h: h.seat(code, spec, n, since))
        if actor.role is Role.HOST:
            closed = self.closed
            return Download(code, make=lambda h: h.house(code, spec, closed))
        raise NotAllowedError("a history is for the host or a seat")

    def history_text(self, actor: Actor) -> str:
        """The game's whole record (every shuffle, move and event, which ``twentyone verify``
        deals again), for the host and the people at the table, between hands only: it holds
        the shuffle of the hand being played, so mid-hand it would show every hidden card.
        Beside the shuffles, each deck's commitment as the table showed it and the secret it
        was made with (``commitments``), so ``verify`` checks each deck is the one committed
        to; the seal is the game's history's alone."""
        if actor.role is Role.SPECTATOR or (actor.role is Role.PLAYER
                                            and self.holds(actor) is None):
            raise NotAllowedError("the game's record is for the host and the players")
        if not (self.game.between_hands or self.closed):
            raise WrongPhaseError("the game's record is ready between hands: download it "
                                  "when this hand is over")
        return json.dumps({**self.game.history(), "commitments": [
            {"commitment": commitment(s), "salt": s.salt} for s in self.shuffles]})

    def score_sheet(self) -> Sheet:
        """The evening's score sheet from the finished hands (the ledger holds the same);
        ``RoomError`` for a game whose registry entry has none."""
        cards = self.entry.cards
        if cards is None:
            raise RoomError("a blackjack table keeps a ledger, not a score sheet")
        if cards.sheet is None:
            raise RoomError(f"{cards.title} keeps no score sheet")
        return cards.sheet(self.game.hand_results(), self.names())

    # --- hints -------------------------------------------------------------------------

    def hint_question(self, seat: int) -> Question:
        """What a solver is asked for this seat's hint: the game's, read from its own view
        only (its hand, the up card, the actions open, and for Pontoon the cards it has seen
        since the shuffle). Refused unless the game gives hints, they are on, and it is this
        seat's turn to play."""
        if self.purse is None or not self.spec.settings.hints:
            raise RoomError("this room does not give hints")
        return self.purse.game.hint_question(seat)

