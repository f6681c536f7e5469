"""A card room: Solo Whist, Durak or President at the party, driven through the one game
protocol (``twentyone.protocol``) and the game's registry entry alone.

It is built on the room core every room shares (``web.roomcore``): seats belong to people by
token (the ledger keeps only hashes); a request id is answered once; the game decides every move
(``apply`` verifies; a refusal changes nothing); everything a request changed is written in one
transaction before the answer goes out, and a room is rebuilt after kill -9 by replaying the
ledger's operations against its shuffles; the turn clock acts for a seat whose time is up; the
host pauses, removes and closes. Each state frame is built from the viewer's own
``seat_view``, so no card another seat holds, and no card of the stock, ever reaches it.

What a card room adds: every seat no person holds is played by a bot of the level the host
chose, on the server, one move per ``bot_delay_s`` so people see the moves (the room's ticker
calls ``tick``); each finished hand's result (``protocol.HandResult``) goes to the ledger and
makes the score sheet.
"""

from __future__ import annotations

import json
import random
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from twentyone.cards import Card, card_by_id
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
from twentyone.games.core.bots import Bot, show_news
from twentyone.games.core.game import Game
from twentyone.games.core.sheet import Sheet
from twentyone.games.core.shuffle import RandomShuffler, Shuffler
from twentyone.games.registry import GAMES, GameEntry
from twentyone.protocol import HOUSE, HandResult, seal
from twentyone.web import protocol
from twentyone.web.protocol import MAX_NAME_CHARS, FrameParts, Request
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
from twentyone.web.shoes import commitment
from twentyone.web.spec import RoomSpec
from twentyone.web.store import LedgerRow, Store, StoredRoom, StoredSeat, StoredShuffle, Transaction

#: Seconds between a bot's moves, so people at the table see each one.
BOT_DELAY_S = 0.9
#: The most cards one request may name (a President set is at most four).
MAX_CARDS = 13
#: How many of the last events a whole state frame carries, so a page opened again (a reload,
#: a phone woken) still says what just happened; everyone's view of them (none is private).
RECENT_EVENTS = 8


def secure_bot_rng(code: str, seat: int) -> random.Random:
    """A bot's random source at a room: from the system's secure source (a test passes a
    seeded one to ``create_app`` to repeat a bot's play)."""
    return random.Random(secrets.randbits(64))


def secure_cards() -> Shuffler:
    """Live shuffles for a card room, from the system's secure random source."""
    return RandomShuffler(secrets.SystemRandom())


class LedgerCards:
    """A card game's shuffler for a room: the ledger's shuffles first, in order (a room dealt
    again after a restart deals the very same hands), then ``live``."""

    def __init__(self, stored: Sequence[StoredShuffle], live: Shuffler) -> None:
        self._stored = [[card_by_id(i) for i in s.order] for s in stored]
        self._live = live

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        if self._stored:
            order = self._stored.pop(0)
            if sorted(order) != sorted(cards):
                raise LedgerError("the ledger's shuffle is not an order of this game's pack")
            return order
        return self._live.shuffle(cards)


class CardRoom(RoomCore):
    """A room of one card game: its game, its people, its bots, its clock and its ledger."""

    HOST_OPS: ClassVar[tuple[str, ...]] = ("deal", "pause", "resume", "remove", "close")

    def __init__(self, code: str, spec: RoomSpec, host_hash: str, store: Store,
                 live: Shuffler, *, now: Callable[[], float] = time.time,
                 saved: StoredRoom | None = None, bot_delay_s: float = BOT_DELAY_S,
                 bot_rng: Callable[[str, int], random.Random] = secure_bot_rng) -> None:
        self.entry: GameEntry = GAMES[spec.game]
        self.bot_delay_s = bot_delay_s
        self.bot_rng = bot_rng
        self._live = live
        super().__init__(code, spec, host_hash, store, now=now, saved=saved)

    # --- building and rebuilding ---------------------------------------------------------

    def _load(self, saved: StoredRoom | None) -> None:
        self._reset(saved)
        self.shuffles: list[StoredShuffle] = list(saved.shuffles) if saved else []
        self.game: Game[Any] = self.entry.new(self.players,
                                              LedgerCards(self.shuffles, self._live))
        self._bots: dict[int, Bot] = {}
        #: The record's seal and the log's length it was worked out at (``record_seal``).
        self._sealed: tuple[int, str] = (-1, "")
        self._ops_saved = 0
        self._results_saved = 0
        #: When the game last changed: a bot moves ``bot_delay_s`` after it.
        self._changed_at = self.now()
        if saved is not None:
            self._replay(saved)

    @property
    def players(self) -> int:
        return int(self.spec.rules["players"])

    @property
    def level(self) -> str:
        return self.spec.level

    def _replay(self, saved: StoredRoom) -> None:
        g = self.game
        for data in saved.ops:
            self.game.apply(self.game.operation(data))
        if [r.to_json() for r in g.hand_results()] != saved.results:
            raise LedgerError(f"room {self.code}: the ledger's hand results are not what its "
                              "operations play to")
        self._ops_saved = len(g.ops)
        self._results_saved = len(g.hand_results())
        self.paused = bool(saved.state.get("paused", False))
        waiting = saved.state.get("waiting", {})
        for s in saved.seats:
            self.people[s.seat] = Person(s.name, s.token_hash, s.since_op, dropped_at=self.now(),
                                         from_hand=int(waiting.get(str(s.seat), 0)))
        self._saved_now()

    def _game_unsaved(self) -> bool:
        return len(self.game.ops) != self._ops_saved

    def recover(self) -> None:
        """After a restart: the hand under way resumes where the ledger left it."""
        self._restart_clock(force=True)

    def between_rounds(self) -> bool:
        return self.game.between_hands

    # --- requests ------------------------------------------------------------------------

    def _sit_first(self, op: str) -> TwentyOneError:
        return NotAllowedError("take a seat first: sit with your name")

    def _seat_request(self, seat: int, req: Request) -> dict[str, Any]:
        if req.op == "leave":
            self._unseat(seat, Transaction())
            return {}
        if self.paused:
            raise RoomError("the host has paused the table")
        self._move(seat, req)
        return {}

    def _sit(self, actor: Actor, args: dict[str, Any]) -> dict[str, Any]:
        token = new_token()
        seat = self._take_seat(args, token_hash(token))
        actor.seat = seat  # only once the ledger holds the seat
        return {"token": token, "seat": seat}

    def _take_seat(self, args: dict[str, Any], holder: str) -> int:
        """Seat someone by name at the seat asked for (or the first a bot holds), held by the
        token hash ``holder``; written to the ledger before it is theirs."""
        name = protocol.text(args, "name", MAX_NAME_CHARS)
        wanted = protocol.whole(args, "seat", optional=True)
        if wanted is None:
            free = [n for n in self.game.seat_numbers if n not in self.people]
            if not free:
                raise SeatError("every seat is taken")
            wanted = free[0]
        if wanted not in self.game.seat_numbers:
            raise SeatError(f"this table's seats are 1 to {self.players}")
        if wanted in self.people:
            raise SeatError(f"seat {wanted} is taken")
        g = self.game
        p = Person(name, holder, len(g.ops), connections=1,
                   from_hand=g.hands_dealt + (0 if g.between_hands else 1))
        self.people[wanted] = p
        self._commit(Transaction(seated=[StoredSeat(wanted, name, p.token_hash, p.since_op)]))
        self._restart_clock(force=True)
        return wanted

    # --- the host at a seat: at a party the host usually plays, from the same page ----------

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
        """The host sits down (with the host's token, so the one page both hosts and plays),
        or moves, or leaves, at the seat the host holds."""
        seat = self.host_seat()
        if req.op == "sit":
            if seat is not None:
                raise SeatError(f"you already sit at seat {seat}")
            if self.paused:
                raise RoomError("the table is paused: resume it first")
            return {"seat": self._take_seat(req.args, self.host_hash)}
        if seat is None:
            raise UnknownOperationError(f"the host has no {req.op!r}: take a seat to play, "
                                        f"or one of {', '.join(self.HOST_OPS)}")
        return self._seat_request(seat, req)

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

    def _resumed(self) -> None:
        """A bot to act waits its delay from now, so people see the table move again."""
        self._changed_at = self.now()

    def _host_op(self, req: Request) -> dict[str, Any]:
        name = req.op
        if name == "close":
            self.closed = True
            self._clock = None
            self._commit(Transaction(closed=True, unseated=sorted(self.people)))
            self.people = {}
            return {}
        if name == "remove":
            seat = protocol.whole(req.args, "seat")
            assert seat is not None
            if seat not in self.people:
                raise SeatError(f"nobody is sitting at seat {seat}")
            self._unseat(seat, Transaction())
            return {}
        if self.paused:
            raise RoomError("the table is paused: resume it first")
        deal = self._deal_op()
        if deal is None:
            raise WrongPhaseError("a hand is under way; deal when it ends")
        self.game.apply(deal)
        self._after_change()
        return {}

    def _deal_op(self) -> Any:
        """The deal, as the game offers it to its dealing seat (None while a hand is on)."""
        g = self.game
        if not g.between_hands or g.acting is None:
            return None
        return next((op for op in g.legal(g.acting) if op.name == "deal"), None)

    def _unseat(self, seat: int, change: Transaction) -> None:
        """The person gives the seat up (its token no longer acts); a bot plays it on."""
        self.people.pop(seat)
        change.unseated.append(seat)
        self._commit(change)
        self._restart_clock(force=True)

    # --- after every change, the bots and the clock ----------------------------------------

    def _after_change(self) -> None:
        self._changed_at = self.now()
        self._commit(Transaction())
        self._restart_clock()

    def _bot_seat(self, seat: int) -> bool:
        """A seat a bot plays: nobody's, sat out, or taken while the hand in play was dealt
        to someone else (``_dealt_to``)."""
        p = self.people.get(seat)
        return p is None or p.sitting_out or not self._dealt_to(p)

    def _dealt_to(self, p: Person) -> bool:
        return self.game.hands_dealt >= p.from_hand

    def _bot_for(self, seat: int) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = self.entry.levels[self.level](
                self.bot_rng(self.code, seat))
        return bot

    def _play_for(self, seat: int) -> None:
        """One move for ``seat`` by its bot, from that seat's own view and legal moves only."""
        g = self.game
        legal = g.legal(seat)
        if not legal:
            return
        bot = self._bot_for(seat)
        show_news(bot, g, seat)
        self.game.apply(bot.choose(g.view(seat), legal))

    def tick(self) -> bool:
        """A bot's move when one is due, or a move for a seat whose time is up; True if the
        game changed. A room whose ledger could not be read back waits until it can."""
        if not self._unjammed():
            return False
        if self.paused or self.closed:
            return False
        g = self.game
        seat = g.acting
        if seat is None or g.between_hands:
            return False
        now = self.now()
        if self._bot_seat(seat):
            if now < self._changed_at + self.bot_delay_s:
                return False
        elif self._clock is None or now < self._clock[1] or self._clock[0] != seat:
            return False
        elif self.spec.settings.on_timeout == "sit_out":
            self.people[seat].sitting_out = True
        try:
            self._play_for(seat)
            self._after_change()
        except Exception as exc:
            self._failed(exc)
        return True

    def _restart_clock(self, force: bool = False) -> None:
        g = self.game
        seat = g.acting
        key = (g.mark(), seat)
        if key == self._clock_key and not force:
            return
        self._clock_key = key
        if (self.paused or self.closed or seat is None or g.between_hands
                or self._bot_seat(seat)):
            self._clock = None
            return
        deadline = self._deadline(seat)
        self._clock = None if deadline is None else (seat, deadline)

    # --- the ledger ------------------------------------------------------------------------

    def _write(self, change: Transaction) -> Callable[[], None]:
        """What the game did since the last commit: its operations, its new shuffles, each
        finished hand's result (and a ledger row per seat with its score)."""
        g = self.game
        change.ops = [op.to_json() for op in g.ops[self._ops_saved:]]
        change.shuffles = [StoredShuffle([c.id for c in order], None, None,
                                         secrets.token_hex(16))
                           for order in g.shuffles[len(self.shuffles):]]
        results = g.hand_results(self._results_saved)
        change.results = [r.to_json() for r in results]
        for r in results:
            for seat, score in sorted(r.scores.items()):
                change.ledger.append(LedgerRow(seat, self._name(seat), "hand", score, r.hand))

        def done() -> None:
            self.shuffles.extend(change.shuffles)
            self._ops_saved = len(g.ops)
            self._results_saved += len(results)
        return done

    def _room_state(self) -> dict[str, Any]:
        """The pause, and who took a seat mid-hand and from which hand they hold it."""
        state: dict[str, Any] = {"paused": self.paused}
        waiting = {str(n): p.from_hand for n, p in sorted(self.people.items())
                   if not self._dealt_to(p)}
        if waiting:
            state["waiting"] = waiting
        return state

    def _name(self, seat: int) -> str:
        p = self.people.get(seat)
        return p.name if p is not None else self.bot_name(seat)

    def bot_name(self, seat: int) -> str:
        return f"Bot {seat}"

    # --- what each connection is sent ------------------------------------------------------

    def log_mark(self) -> int:
        return self.game.mark()

    def names(self) -> dict[int, str]:
        return {s: self._name(s) for s in self.game.seat_numbers}

    def score_sheet(self) -> Sheet:
        """The evening's score sheet from the finished hands (the ledger holds the same);
        ``RoomError`` for a game whose registry entry has none."""
        maker = self.entry.sheet
        if maker is None:
            raise RoomError(f"{self.entry.title} keeps no score sheet")
        return maker(self.game.hand_results(), self.names())

    def hand_results(self) -> list[HandResult]:
        return self.game.hand_results()

    def info(self) -> dict[str, Any]:
        return {"room": self.code, "game": self.spec.game, "title": self.entry.title,
                "kind": self.entry.kind, "page": self.entry.page, "players": self.players,
                "level": self.level,
                "seats": [{"number": s, "name": self._name(s),
                           "connected": s in self.people and self.people[s].connections > 0,
                           "bot": None if s in self.people else self.level}
                          for s in self.game.seat_numbers],
                "seat_count": self.players, "settings": self.spec.settings_json(),
                "closed": self.closed}

    def host_legal(self) -> list[str]:
        if self.closed:
            return []
        if self.paused:
            return ["resume", "remove", "close"]
        return [*(["deal"] if self._deal_op() is not None else []), "pause", "remove", "close"]

    def frames(self, since: int | None) -> CardFrames:
        return CardFrames(self, since)

    def state(self, actor: Actor, since: int | None) -> dict[str, Any]:
        return self.own_state(actor, since)

    def own_state(self, actor: Actor, since: int | None) -> dict[str, Any]:
        """The state frame for one connection, from its own seat's view (FRAMES.md)."""
        g = self.game
        viewer, role = self.looking(actor)
        v = g.seat_view(viewer)
        legal = [] if self.paused or self.closed else [
            op.to_json() for op in v.legal if op.name != "deal"]
        current = self.shuffles[-1] if self.shuffles else None
        room = {
            "code": self.code, "game": self.spec.game, "title": self.entry.title,
            "page": self.entry.page, "role": str(role), "viewer": viewer, "level": self.level,
            "seats": {str(s): {"name": self._name(s),
                               "bot": None if s in self.people else self.level,
                               "connected": s in self.people
                               and self.people[s].connections > 0,
                               "sitting_out": s in self.people and self.people[s].sitting_out}
                      for s in g.seat_numbers},
            "paused": self.paused, "closed": self.closed,
            "clock": self.clock_json(),
            "host_legal": self.host_legal() if role is Role.HOST else None,
            "host_seat": self.host_seat() if role is Role.HOST else None,
            "scores": None if self.entry.sheet is None else self.score_sheet().to_json(),
            "commitment": None if current is None or not self.spec.settings.commit_shoes
            else commitment(current),
            "opened": self._opened(current),
            "seal": self.record_seal(),
        }
        return {"type": "state", "ctx": v.ctx.to_json(), "legal": legal,
                "body": dict(v.body),
                "events": g.events(HOUSE, max(0, g.mark() - RECENT_EVENTS)) if since is None
                else g.events(viewer, since),
                "room": room, "calls": []}

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
        """The game's whole record (``history_text``); one record for everyone it is for."""
        return Download(f"{self.code}-game", self.history_text(actor) + "\n")

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

    def hint_question(self, seat: int) -> Question:
        raise RoomError("this room does not give hints")


class CardFrames:
    """The state frames of one broadcast: one per (viewer, role), built from that viewer's own
    view and encoded once however many connections share it."""

    def __init__(self, room: CardRoom, since: int | None) -> None:
        self.room = room
        self.since = since
        self._parts: dict[tuple[int, Role], FrameParts] = {}

    def text(self, actor: Actor) -> str:
        return self.parts(actor).text

    def parts(self, actor: Actor) -> FrameParts:
        """The frame for ``actor``'s connection, whole and in the parts a delta frame is built
        from (``FrameParts.of``)."""
        key = self.room.looking(actor)
        parts = self._parts.get(key)
        if parts is None:
            parts = self._parts[key] = FrameParts.of(self.room.own_state(actor, self.since))
        return parts
