"""The coach at the browser table (docs/web.md#the-coach): the terminal's coach beside one seat
of a casino room, over HTTP.

A seat's coach is the terminal's own (``train.seat.TableCoach``, whose ``train.coach.Coach``
advises, prices, grades counts and keeps the statistics), held here per seat, so that every
judgement is the server's and is made from that seat's own sight:

- the advice is worked out from the seat's own view (the hand, what the table offers) and the
  cards shown to that seat since the shuffle (never the hole card), with the index play at the
  true count for a player who counts Hi-Lo, and the answer to insurance judged as at the
  terminal;
- a play is graded once the room's log shows the seat made it (the page only asks "anything to
  say?": it never tells the server what was played, nor how a hand ended);
- between rounds a count check is drawn (about one round in four, as at the terminal) and
  graded against the cards the seat has seen since the shuffle;
- the statistics are read from the seat's own settled hands, and with a profile named they are
  written to that trainer's profile (the same SQLite file as ``twentyone train --profile``) at
  each round's end and when the player leaves, so ``train stats`` lists table play from the
  browser as from the terminal. A profile is opened on the worker thread that writes it and
  closed after, as the trainers' routes do (a SQLite connection belongs to its thread).

It reads a room only as ``RoomCore`` gives it to anyone: the seat's own state frame (its view,
what it may do, and the events it was shown, the cards in them read back with
``engine.events.event_from_json``; ``engine.views.seen_in`` counts the cards seen as the
terminal's ``seen_cards`` does), the log's mark, the room's spec and its hint question, which
refuses a seat off its turn. The advice is worked out on a worker thread by a coach of its own
(the solver takes up to a second), so the seat's coach is only touched on the event loop, under
the room's lock.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import secrets
import sqlite3
from collections import OrderedDict
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from twentyone.cards import Card, parse_card
from twentyone.engine.events import Event, event_from_json
from twentyone.engine.views import seen_in
from twentyone.errors import CoachError, NotAllowedError, TwentyOneError
from twentyone.games.registry import TABLES
from twentyone.rules import Rules
from twentyone.sim.counting import SYSTEMS
from twentyone.sim.indices import hilo_plays_at_hand
from twentyone.strategy.chart import cell
from twentyone.train.coach import INDEXED_SYSTEM, Advice, Coach
from twentyone.train.seat import CHECK_CHANCE, TableCoach, warning
from twentyone.train.store import Store, profile_path
from twentyone.train.totals import LABELS, value_of
from twentyone.web.protocol import error_body
from twentyone.web.roomcore import Actor, Role, RoomCore

#: Coaches held at once (one a seated player); past it the longest-held is let go.
MAX_COACHES = 1000
#: The largest request body read (a count answer is a few bytes).
MAX_BODY = 4 * 1024
#: The longest count answer read ("+12.5 -3" is eight characters).
MAX_ANSWER = 32
#: The room's log kinds that are a seat's play, and the play each is.
PLAYED = {"hit": "hit", "stood": "stand", "doubled": "double", "split": "split",
          "surrendered": "surrender"}
#: The log kinds that answer insurance (or even money), and whether each insures.
INSURANCE = {"insured": True, "even-money": True, "declined": False}
#: The answers to insurance the page offers.
INSURANCE_OPS = {"insure", "even_money", "decline"}
#: The log kinds that end a round (a round called off ends too).
ENDED = {"round-ended", "voided"}
_SPACES = re.compile(r"\s+")

Found = Callable[[Request], "tuple[RoomCore, Actor] | JSONResponse"]
Locked = Callable[[str], AbstractAsyncContextManager[RoomCore]]


@dataclass(frozen=True)
class Decision:
    """A decision as the seat sees it: its hand and the up card (rank labels), what the table
    offers (double, split, surrender), the hands the seat holds, the hand's bet and its name
    where a split made several, and every card shown to the seat since the shuffle."""

    hand: tuple[str, ...]
    up: str
    offered: tuple[bool, bool, bool]
    hands: int
    bet: int
    name: str
    seen: tuple[str, ...]


@dataclass
class Asked:
    """A decision the coach was asked about: the room's log length then (the seat's first play
    after it is the play it judges) and the advice (worked out on a worker thread)."""

    mark: int
    decision: Decision
    advice: asyncio.Task[Advice]


@dataclass(frozen=True)
class Offered:
    """Insurance (or even money) offered to the seat: the log's length then, the hand's bet
    and the cards the seat had seen (the coach prices the side bet by the ten-cards among those
    it has not)."""

    mark: int
    bet: int
    seen: tuple[str, ...]


@dataclass
class Seen:
    """The cards shown to a seat since the shuffle, read from its events a piece at a time
    (from the log's start once, then from where it was last read: an evening's log is long)."""

    mark: int = 0
    cards: list[Card] = field(default_factory=list)

    def read(self, room: RoomCore, actor: Actor) -> tuple[str, ...]:
        """The cards seen now, as rank labels."""
        self.cards = seen_in(_events(room.state(actor, self.mark)), self.cards)
        self.mark = room.log_mark()
        return tuple(LABELS[int(c.rank)] for c in self.cards)


@dataclass
class SeatCoach:
    """One seat's coach: the terminal's ``TableCoach`` (``beside``), the count and profile the
    player chose, the decision asked about and not yet played, where in the log the rounds were
    last read, and what it has said since the page last asked."""

    beside: TableCoach
    system: str | None
    profile: str | None
    indexed: bool
    round_mark: int
    asked: Asked | None = None
    said: list[str] = field(default_factory=list)
    seen: Seen = field(default_factory=Seen)
    insurance: Offered | None = None

    def advise(self, d: Decision) -> Advice:
        """The advice for ``d`` from a coach of its own (on a worker thread; the seat's own
        coach stays on the event loop): the chart, or the Hi-Lo index play at the count of the
        cards seen, and the EVs for the cards not seen."""
        coach = Coach(self.beside.rules, self.system, indices=self.indexed)
        coach.see(*d.seen)
        return coach.advise(list(d.hand), d.up, d.offered, d.hands)


class Coaches:
    """Every browser seat's coach on this server, by room and seat token; ``chance`` is the
    share of rounds after which a count check is asked, ``rng`` makes each coach's draw."""

    def __init__(self, profile_dir: Path, *, chance: float = CHECK_CHANCE,
                 rng: Callable[[], random.Random] = lambda: random.Random(secrets.randbits(64)),
                 clock: Callable[[], datetime] = lambda: datetime.now().astimezone()) -> None:
        self.profile_dir = profile_dir
        self.chance = chance
        self.rng = rng
        self.clock = clock
        self.seats: OrderedDict[tuple[str, str], SeatCoach] = OrderedDict()

    def add(self, key: tuple[str, str], coach: SeatCoach) -> None:
        self.seats[key] = coach
        self.seats.move_to_end(key)
        while len(self.seats) > MAX_COACHES:
            self.seats.popitem(last=False)

    def keep(self, coach: SeatCoach) -> str | None:
        """Write ``coach``'s statistics to its profile (on a worker thread); what went wrong,
        in words, if it could not be written (play goes on without it)."""
        if coach.profile is None:
            return None
        try:
            store = Store.open(coach.profile, self.profile_dir)
        except (OSError, ValueError, sqlite3.Error) as exc:
            return f"Coach: “Your profile {coach.profile} could not be opened ({exc})”"
        try:
            coach.beside.coach.keep(store, coach.beside.session, self.clock())
        except sqlite3.Error as exc:
            return f"Coach: “Your profile {coach.profile} could not be written ({exc})”"
        finally:
            store.close()
        return None


def read_settings(body: dict[str, Any]) -> tuple[str | None, str | None]:
    """The count system and the profile a player chose (``{"count", "profile"}``, either
    null or absent): ``CoachError`` for one the coach does not know."""
    count, profile = body.get("count"), body.get("profile")
    if count is not None and (not isinstance(count, str) or count not in SYSTEMS):
        raise CoachError(f"the coach checks these counts: {', '.join(SYSTEMS)} (or none)")
    if profile is not None:
        if not isinstance(profile, str):
            raise CoachError("a profile is a name, such as ann")
        profile = profile.strip() or None
        if profile is not None:
            profile_path(profile)  # a ProfileError (a CoachError's kin) for a name that is none
    return count, profile


def read_answer(body: dict[str, Any]) -> str:
    """A count check's answer as the terminal reads a line ("+4 +1"; "" skips it)."""
    answer = body.get("answer")
    if not isinstance(answer, str) or len(answer) > MAX_ANSWER:
        raise CoachError("a count check takes the running count, then the true count, as "
                         "whole numbers like +4 +1 (or nothing, to skip it)")
    return _SPACES.sub(" ", answer).strip()


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise CoachError(f"a request to the coach is at most {MAX_BODY // 1024} KiB")
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise CoachError("the request is not JSON") from None
    if not isinstance(data, dict):
        raise CoachError('the request is a JSON object, e.g. {"count": "hilo"}')
    return data


def _seat(actor: Actor) -> int:
    if actor.role is not Role.PLAYER or actor.seat is None:
        raise NotAllowedError("the coach sits beside a player: take a seat first")
    return actor.seat


def _rules(room: RoomCore) -> Rules:
    """The rules of a room the coach sits at: a chip game the house banks and deals, that
    gives hints (the registry says which games the house banks)."""
    spec = room.spec
    entry = TABLES.get(spec.game)
    if entry is None or entry.bank or spec.host_mode != "house" or not spec.settings.hints:
        raise CoachError("the coach sits at a blackjack table the house banks and deals, "
                         "that gives hints")
    return Rules.from_mapping(dict(spec.rules))


def _events(frame: dict[str, Any]) -> list[Event]:
    return [event_from_json(e) for e in frame["events"]]


def _decision(room: RoomCore, actor: Actor, seat: int, seen: Seen) -> Decision:
    """The seat's decision on show, from its own state frame (its view and what it may do)
    and the cards it has seen."""
    frame = room.state(actor, room.log_mark())
    body = frame["body"]
    index = body["to_act"][1]
    hands = next(s for s in body["seats"] if s["number"] == seat)["hands"]
    hand = hands[index]

    def rank(code: str) -> str:
        return LABELS[int(parse_card(code).rank)]

    up = next(c for c in body["dealer"] if c is not None)
    legal = {op["op"] for op in frame["legal"]}
    return Decision(tuple(rank(c) for c in hand["cards"] if c is not None), rank(up),
                    ("double" in legal, "split" in legal, "surrender" in legal), len(hands),
                    int(hand["bet"]), f"Hand {index + 1}" if len(hands) > 1 else "",
                    seen.read(room, actor))


def _insurance_graded(coach: SeatCoach, room: RoomCore, actor: Actor, seat: int) -> None:
    """The answer to insurance, graded if the log shows it (as the terminal's coach grades it:
    the chart never insures, a Hi-Lo counter insures at the index)."""
    offered = coach.insurance
    if offered is None:
        return
    events = room.state(actor, offered.mark)["events"]
    answer = next((e for e in events if e.get("seat") == seat and e["kind"] in INSURANCE),
                  None)
    if answer is None:
        return
    coach.insurance = None
    insured = INSURANCE[answer["kind"]]
    share = (int(answer.get("amount", 0)) / offered.bet
             if answer["kind"] == "insured" and offered.bet else 0.5)
    judge = coach.beside.coach
    judge.shuffled()
    judge.see(*offered.seen)
    dev = judge.judge_insurance(insured, share)
    if dev is not None:
        coach.said.append(warning(dev, offered.bet))


def _graded(coach: SeatCoach, room: RoomCore, actor: Actor, seat: int) -> None:
    """The decision asked about, graded if the log shows the seat has played it (its warning
    into ``said``)."""
    _insurance_graded(coach, room, actor, seat)
    asked = coach.asked
    if asked is None or not asked.advice.done():
        return
    events = room.state(actor, asked.mark)["events"]
    play = next((PLAYED[e["kind"]] for e in events
                 if e.get("seat") == seat and e["kind"] in PLAYED), None)
    if play is None:
        return
    coach.asked = None
    if asked.advice.exception() is not None:
        return
    d = asked.decision
    dev = coach.beside.coach.grade(asked.advice.result(), list(d.hand), d.up, play, d.offered)
    if dev is not None:
        coach.said.append(warning(dev, d.bet, d.name))


def _insurance_offer(room: RoomCore, actor: Actor, seat: int,
                     coach: SeatCoach) -> dict[str, Any] | None:
    """Insurance offered to the seat now: noted, to grade its answer (None: none offered)."""
    frame = room.state(actor, room.log_mark())
    if not INSURANCE_OPS & {op["op"] for op in frame["legal"]}:
        return None
    hands = next(s for s in frame["body"]["seats"] if s["number"] == seat)["hands"]
    coach.beside.checking = False
    coach.insurance = Offered(room.log_mark(), int(hands[0]["bet"]) if hands else 0,
                              coach.seen.read(room, actor))
    return {"insurance": True}


def _rounds(coach: SeatCoach, room: RoomCore, actor: Actor) -> bool:
    """The rounds ended since last read, into the statistics (a count check may be drawn):
    whether any had."""
    events = _events(room.state(actor, coach.round_mark))
    if not any(e.kind.value in ENDED for e in events):
        return False
    coach.round_mark = room.log_mark()
    beside = coach.beside
    beside.settle_round(events)
    if beside.check_due():
        beside.coach.shuffled()
        beside.coach.see(*coach.seen.read(room, actor))
        beside.checking = bool(beside.coach.seen)
    return True


def _advice_body(advice: Advice, d: Decision, rules: Rules) -> dict[str, Any]:
    """The advice as the page reads it: the EVs, the chart's play and its cell, the best play
    (the index play at the count for a counter), the index and count, and on what basis."""
    left = 52 * rules.decks - len(d.seen)
    return {"hand": list(d.hand), "up": d.up,
            "ev": {a: round(x, 4) for a, x in advice.evs.items()},
            "chart": advice.chart, "best": advice.best, "index": advice.index,
            "true_count": advice.true_count,
            "cell": cell([value_of(r) for r in d.hand], value_of(d.up), d.offered[1]),
            "seen": len(d.seen),
            "basis": f"from the {left} cards you have not seen since the shuffle, every later "
                     "play the exact best"}


def _state(coach: SeatCoach) -> dict[str, Any]:
    said, coach.said = coach.said, []
    checking = coach.beside.checking
    system = coach.beside.coach.system
    balanced = system is not None and system.balanced
    return {"count": coach.system, "profile": coach.profile, "said": said,
            "check": {"true_count": balanced} if checking else None,
            "stats": coach.beside.stats.to_json()}


def _refuse(exc: TwentyOneError, status: int = 400) -> JSONResponse:
    """A refusal in words: 403 for someone not seated, else ``status`` (409: not now)."""
    return JSONResponse(error_body(exc), status_code=403 if isinstance(exc, NotAllowedError)
                        else status)


@dataclass(frozen=True)
class Seated:
    """A request's room, who it speaks for, their seat, their coach and its key."""

    room: RoomCore
    actor: Actor
    seat: int
    coach: SeatCoach
    key: tuple[str, str]


def routes(coaches: Coaches, found: Found, locked: Locked) -> list[BaseRoute]:
    """The coach's API beside a room's: ``found`` reads the room and who the ``?token=``
    speaks for (or the error answer), ``locked`` holds a room's lock."""

    def seated(request: Request) -> Seated | JSONResponse:
        got = found(request)
        if isinstance(got, JSONResponse):
            return got
        room, actor = got
        try:
            seat = _seat(actor)
        except TwentyOneError as exc:
            return _refuse(exc)
        key = (room.code, actor.key)
        coach = coaches.seats.get(key)
        if coach is None:
            return _refuse(CoachError("no coach sits beside you: turn the coach on first"), 409)
        return Seated(room, actor, seat, coach, key)

    async def start(request: Request) -> Response:
        got = found(request)
        if isinstance(got, JSONResponse):
            return got
        room, actor = got
        try:
            seat = _seat(actor)
            count, profile = read_settings(await _body(request))
        except TwentyOneError as exc:
            return _refuse(exc)
        key = (room.code, actor.key)
        kept = coaches.seats.get(key)
        if kept is not None and (kept.system, kept.profile) == (count, profile):
            return JSONResponse(_state(kept))
        async with locked(room.code) as live:
            try:
                rules = _rules(live)
            except TwentyOneError as exc:
                return _refuse(exc, 409)
            mark = live.log_mark()
        indexed = count == INDEXED_SYSTEM and hilo_plays_at_hand(rules) is not None
        beside = TableCoach(rules, seat, warnings=True, system=count, rng=coaches.rng(),
                            chance=coaches.chance, clock=coaches.clock, mark=mark)
        await run_in_threadpool(beside.prepare)
        coach = SeatCoach(beside, count, profile, indexed, mark)
        coach.said.extend(beside.lines)
        beside.lines.clear()
        coaches.add(key, coach)
        return JSONResponse(_state(coach))

    async def advice(request: Request) -> Response:
        got = seated(request)
        if isinstance(got, JSONResponse):
            return got
        coach = got.coach
        async with locked(got.room.code) as live:
            try:
                _rules(live)
                offer = _insurance_offer(live, got.actor, got.seat, coach)
                if offer is not None:
                    return JSONResponse(offer)
                live.hint_question(got.seat)  # refused off the seat's turn, or without hints
            except TwentyOneError as exc:
                return _refuse(exc, 409)
            _graded(coach, live, got.actor, got.seat)
            coach.beside.checking = False  # a check not answered before the deal lapses
            decision = _decision(live, got.actor, got.seat, coach.seen)
            task = asyncio.create_task(run_in_threadpool(coach.advise, decision))
            coach.asked = Asked(live.log_mark(), decision, task)
        try:
            worked = await task
        except TwentyOneError as exc:
            return _refuse(exc, 409)
        return JSONResponse(_advice_body(worked, decision, coach.beside.rules))

    async def played(request: Request) -> Response:
        got = seated(request)
        if isinstance(got, JSONResponse):
            return got
        if got.coach.asked is not None:
            await asyncio.wait([got.coach.asked.advice])
        async with locked(got.room.code) as live:
            _graded(got.coach, live, got.actor, got.seat)
        return JSONResponse(_state(got.coach))

    async def between(request: Request) -> Response:
        got = seated(request)
        if isinstance(got, JSONResponse):
            return got
        coach = got.coach
        async with locked(got.room.code) as live:
            _graded(coach, live, got.actor, got.seat)
            ended = _rounds(coach, live, got.actor)
        if ended:
            problem = await run_in_threadpool(coaches.keep, coach)
            if problem is not None:
                coach.said.append(problem)
                coach.profile = None
        return JSONResponse(_state(coach))

    async def count(request: Request) -> Response:
        got = seated(request)
        if isinstance(got, JSONResponse):
            return got
        beside = got.coach.beside
        try:
            answer = read_answer(await _body(request))
            async with locked(got.room.code):
                if not beside.checking:
                    return _refuse(CoachError("no count check is asked now"), 409)
                problem = beside.answer(answer)
                if problem is not None:  # the terminal's words, less its key ("Enter skips it")
                    words = problem.split("; Enter")[0]
                    raise CoachError(words[0].upper() + words[1:] + ".")
        except TwentyOneError as exc:
            return _refuse(exc)
        got.coach.said.extend(beside.lines)
        beside.lines.clear()
        return JSONResponse(_state(got.coach))

    async def end(request: Request) -> Response:
        got = seated(request)
        if isinstance(got, JSONResponse):
            return got
        coach = got.coach
        if coach.asked is not None:
            await asyncio.wait([coach.asked.advice])
        async with locked(got.room.code) as live:
            _graded(coach, live, got.actor, got.seat)
            _rounds(coach, live, got.actor)
            coaches.seats.pop(got.key, None)
        problem = await run_in_threadpool(coaches.keep, coach)
        summary = coach.beside.summary()
        if problem is not None:
            summary.append(problem)
        elif coach.profile is not None:
            summary.append(f"Kept in the profile {coach.profile}: your progress page shows "
                           "every session.")
        out = _state(coach)
        out["summary"] = summary
        return JSONResponse(out)

    return [
        Route("/api/rooms/{code}/coach", start, methods=["POST"]),
        Route("/api/rooms/{code}/coach/advice", advice),
        Route("/api/rooms/{code}/coach/played", played, methods=["POST"]),
        Route("/api/rooms/{code}/coach/between", between),
        Route("/api/rooms/{code}/coach/count", count, methods=["POST"]),
        Route("/api/rooms/{code}/coach/end", end, methods=["POST"]),
    ]
