"""The coach at the browser table (docs/web.md#the-coach): the terminal's coach beside one seat
of a casino room, over HTTP.

A seat's coach is the terminal's own (``train.seat.TableCoach``, whose ``train.coach.Coach``
advises, prices, grades counts and keeps the statistics), held here per seat, so that every
judgement is the server's and is made from that seat's own sight:

- the advice is worked out from the room's hint question (the hand, what the table offers, and
  the cards shown to that seat since the shuffle, never the hole card), with the index play at
  the true count for a player who counts Hi-Lo;
- a play is graded once the room's log shows the seat made it (the page only asks "anything to
  say?": it never tells the server what was played, nor how a hand ended);
- between rounds a count check is drawn (about one round in four, as at the terminal) and
  graded against the cards the seat has seen since the shuffle;
- the statistics are read from the seat's own settled hands, and with a profile named they are
  written to that trainer's profile (the same SQLite file as ``twentyone train --profile``) at
  each round's end and when the player leaves, so ``train stats`` lists table play from the
  browser as from the terminal. A profile is opened on the worker thread that writes it and
  closed after, as the trainers' routes do (a SQLite connection belongs to its thread).

The advice is worked out on a worker thread by a coach of its own (the solver takes up to a
second), so the seat's coach is only ever touched on the event loop, under the room's lock.
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

from twentyone.errors import CoachError, NotAllowedError, TwentyOneError
from twentyone.games.blackjack import CasinoGame
from twentyone.games.blackjack.hints import CasinoQuestion, label
from twentyone.sim.counting import SYSTEMS
from twentyone.sim.indices import hilo_plays_at_hand
from twentyone.train.coach import INDEXED_SYSTEM, Advice, Coach
from twentyone.train.seat import CHECK_CHANCE, TableCoach, warning
from twentyone.train.store import Store, profile_path
from twentyone.web.protocol import error_body
from twentyone.web.room import Room
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
#: The log kinds that end a round (a round called off ends too).
ENDED = {"round-ended", "voided"}
_SPACES = re.compile(r"\s+")

Found = Callable[[Request], "tuple[RoomCore, Actor] | JSONResponse"]
Locked = Callable[[str], AbstractAsyncContextManager[RoomCore]]


@dataclass
class Asked:
    """A decision the coach was asked about: the room's log length then (the seat's first play
    after it is the play it judges), the question, the hand's bet and name, and the advice
    (worked out on a worker thread)."""

    mark: int
    question: CasinoQuestion
    bet: int
    hand: str
    advice: asyncio.Task[Advice]


@dataclass
class SeatCoach:
    """One seat's coach: the terminal's ``TableCoach``, the count and profile the player chose,
    the decision asked about and not yet played, and where in the log the rounds were last
    read."""

    table: TableCoach
    system: str | None
    profile: str | None
    indexed: bool
    round_mark: int
    asked: Asked | None = None
    said: list[str] = field(default_factory=list)

    def advice_coach(self) -> Coach:
        """A coach for one advice, on a worker thread (the seat's own stays on the loop)."""
        return Coach(self.table.rules, self.system, indices=self.indexed)


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
            coach.table.coach.keep(store, coach.table.session, self.clock())
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


def _casino(room: RoomCore) -> CasinoGame:
    """The game of a casino room the house deals and that gives hints: the only table the
    coach sits at (a chip game, whose cards seen and settlements it reads as the terminal's
    coach does)."""
    if (not isinstance(room, Room) or room.spec.game != "casino"
            or not room.spec.settings.hints or not isinstance(room.game, CasinoGame)):
        raise CoachError("the coach sits at a casino game's table that the house deals and "
                         "that gives hints")
    return room.game


def _hand_in_play(game: CasinoGame, seat: int) -> tuple[int, str]:
    """The bet of ``seat``'s hand to act, and its name where a split made several."""
    body = game.seat_view(seat).body
    mine = next(s for s in body["seats"] if s["number"] == seat)
    index = body["to_act"][1]
    hands = mine["hands"]
    return int(hands[index]["bet"]), f"Hand {index + 1}" if len(hands) > 1 else ""


def _graded(coach: SeatCoach, game: CasinoGame, seat: int) -> None:
    """The decision asked about, graded if the log shows the seat has played it (its warning
    into ``said``)."""
    asked = coach.asked
    if asked is None or not asked.advice.done():
        return
    events = game.events(seat, asked.mark)
    play = next((PLAYED[e["kind"]] for e in events
                 if e.get("seat") == seat and e["kind"] in PLAYED), None)
    if play is None:
        return
    coach.asked = None
    if asked.advice.exception() is not None:
        return
    q = asked.question
    d = coach.table.coach.grade(asked.advice.result(), [label(v) for v in q.values],
                                label(q.up), play, q.offered)
    if d is not None:
        coach.said.append(warning(d, asked.bet, asked.hand))


def _rounds(coach: SeatCoach, game: CasinoGame, seat: int) -> bool:
    """The rounds ended since last read, into the statistics (a count check may be drawn):
    whether any had."""
    if not any(e["kind"] in ENDED for e in game.events(seat, coach.round_mark)):
        return False
    coach.round_mark = game.mark()
    coach.table.round_over(game)
    coach.said.extend(coach.table.lines)
    coach.table.lines.clear()
    return True


def _state(coach: SeatCoach) -> dict[str, Any]:
    said, coach.said = coach.said, []
    checking = coach.table.checking
    balanced = coach.table.coach.system is not None and coach.table.coach.system.balanced
    return {"count": coach.system, "profile": coach.profile, "said": said,
            "check": {"true_count": balanced} if checking else None,
            "stats": coach.table.stats.to_json()}


def _refuse(exc: TwentyOneError, status: int = 400) -> JSONResponse:
    """A refusal in words: 403 for someone not seated, else ``status`` (409: not now)."""
    return JSONResponse(error_body(exc), status_code=403 if isinstance(exc, NotAllowedError)
                        else status)


def routes(coaches: Coaches, found: Found, locked: Locked) -> list[BaseRoute]:
    """The coach's API beside a room's: ``found`` reads the room and who the ``?token=``
    speaks for (or the error answer), ``locked`` holds a room's lock."""

    async def seat_coach(request: Request
                         ) -> tuple[RoomCore, int, SeatCoach, tuple[str, str]] | JSONResponse:
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
        return room, seat, coach, key

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
        held = coaches.seats.get(key)
        if held is not None and (held.system, held.profile) == (count, profile):
            return JSONResponse(_state(held))
        async with locked(room.code) as live:
            try:
                game = _casino(live)
            except TwentyOneError as exc:
                return _refuse(exc, 409)
            rules, mark = game.rules, game.mark()
        indexed = count == INDEXED_SYSTEM and hilo_plays_at_hand(rules) is not None
        table = TableCoach(rules, seat, warnings=True, system=count, rng=coaches.rng(),
                           chance=coaches.chance, clock=coaches.clock, mark=mark)
        await run_in_threadpool(table.prepare)
        coach = SeatCoach(table, count, profile, indexed, mark)
        coach.said.extend(table.lines)
        table.lines.clear()
        coaches.add(key, coach)
        return JSONResponse(_state(coach))

    async def advice(request: Request) -> Response:
        got = await seat_coach(request)
        if isinstance(got, JSONResponse):
            return got
        room, seat, coach, _ = got
        async with locked(room.code) as held:
            try:
                game = _casino(held)
                question = held.hint_question(seat)
            except TwentyOneError as exc:
                return _refuse(exc, 409)
            if not isinstance(question, CasinoQuestion):
                return _refuse(CoachError("the coach knows the casino game's plays only"), 409)
            _graded(coach, game, seat)
            coach.table.checking = False  # a check not answered before the deal lapses
            bet, hand = _hand_in_play(game, seat)
            mark = game.mark()
            task = asyncio.create_task(run_in_threadpool(question.advise, coach.advice_coach()))
            coach.asked = Asked(mark, question, bet, hand, task)
        try:
            worked = await task
        except TwentyOneError as exc:
            return _refuse(exc)
        return JSONResponse(question.body(worked))

    async def played(request: Request) -> Response:
        got = await seat_coach(request)
        if isinstance(got, JSONResponse):
            return got
        room, seat, coach, _ = got
        if coach.asked is not None:
            await asyncio.wait([coach.asked.advice])
        async with locked(room.code) as held:
            _graded(coach, _casino(held), seat)
            return JSONResponse(_state(coach))

    async def between(request: Request) -> Response:
        got = await seat_coach(request)
        if isinstance(got, JSONResponse):
            return got
        room, seat, coach, _ = got
        async with locked(room.code) as held:
            game = _casino(held)
            _graded(coach, game, seat)
            ended = _rounds(coach, game, seat)
        if ended:
            problem = await run_in_threadpool(coaches.keep, coach)
            if problem is not None:
                coach.said.append(problem)
                coach.profile = None
        return JSONResponse(_state(coach))

    async def count(request: Request) -> Response:
        got = await seat_coach(request)
        if isinstance(got, JSONResponse):
            return got
        room, _, coach, _ = got
        try:
            answer = read_answer(await _body(request))
            async with locked(room.code):
                if not coach.table.checking:
                    return _refuse(CoachError("no count check is asked now"), 409)
                problem = coach.table.answer(answer)
                if problem is not None:  # the terminal's words, less its key ("Enter skips it")
                    words = problem.split("; Enter")[0]
                    raise CoachError(words[0].upper() + words[1:] + ".")
        except TwentyOneError as exc:
            return _refuse(exc)
        coach.said.extend(coach.table.lines)
        coach.table.lines.clear()
        return JSONResponse(_state(coach))

    async def end(request: Request) -> Response:
        got = await seat_coach(request)
        if isinstance(got, JSONResponse):
            return got
        room, seat, coach, key = got
        async with locked(room.code) as held:
            game = _casino(held)
            _graded(coach, game, seat)
            _rounds(coach, game, seat)
            coaches.seats.pop(key, None)
        problem = await run_in_threadpool(coaches.keep, coach)
        summary = coach.table.summary()
        if problem is not None:
            summary.append(problem)
        elif coach.profile is not None:
            summary.append(f"Kept in the profile {coach.profile}: its progress page (and "
                           f"twentyone train stats --profile {coach.profile}) shows every "
                           "session.")
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


