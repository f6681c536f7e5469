"""The trainers on the party table's site: the drills of ``twentyone.train`` over HTTP.

The browser drives the very calls the terminal and the headless ``--json`` loop drive
(``make_drill``, ``Drill.prepare``, ``Session.items``, ``Session.answer``, ``Session.summary``):
an item goes out as the headless item line, an answer comes back in the headless answer shape,
and the drill's own grader judges it. Nothing here grades; it only checks that an answer has the
drill's shape before the grader sees it, so that a malformed request is refused with nothing
stored instead of being recorded as a miss (docs/training.md#trainers-on-the-site).

A session is held at most ``IDLE_S`` seconds after its last answer, at most ``MAX_SESSIONS`` at
once. Each is also kept in a small SQLite file beside the profiles (``train_sessions``), so that
after a restart the same key carries on at the same item with the same score: it is rebuilt by
replaying the session's seed and answers through the library, the answers graded again but not
stored again. Answers go to the profile store (one SQLite file per profile, as at the
terminal) in a folder beside the server's ledger. The clock is the wall clock (by default) so
that a session's idle time counts across a restart. A SQLite connection belongs to the thread
that opened it and each request runs on whichever worker thread is free, so a session's profile
is opened for each request and closed after it (a profile is small; opening it is quick), never
held across threads.
"""

from __future__ import annotations

import json
import logging
import math
import random
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from twentyone.errors import (
    RulesError,
    TrainersBusy,
    TrainingError,
    TrainingSessionGone,
    TwentyOneError,
    did_you_mean,
    shown,
)
from twentyone.rules import PRESETS
from twentyone.train import stats as train_stats
from twentyone.train.chips import chipset_of, parse_chips_answer, parse_money_answer
from twentyone.train.core import JSON, AnswerError, Drill, Item
from twentyone.train.player import ACTIONS, number_answer
from twentyone.train.registry import DRILLS, describe_all, make_drill
from twentyone.train.session import Session
from twentyone.train.store import Store, beside_ledger, data_dir, profile_path
from twentyone.web import pages
from twentyone.web.protocol import error_body
from twentyone.web.store import SqliteStore
from twentyone.web.train_sessions import Saved, SessionFile

log = logging.getLogger(__name__)

#: Sessions held at once; one more is refused until one ends or is let go.
MAX_SESSIONS = 200
#: Seconds a session is kept without a request.
IDLE_S = 30 * 60
#: Items in a session when the page does not say (the headless default), and the most it may ask.
DEFAULT_ITEMS = 10
MAX_ITEMS = 100
#: The largest request body read (an answer is a few dozen bytes).
MAX_BODY = 16 * 1024
#: A hand total as the totals drill reads one: "soft 17", "hard 12", "23", "blackjack".
_TOTAL = re.compile(r"(soft|hard)?\s*\d{1,3}|blackjack|black jack|bj")


def beside(store: object) -> Path:
    """Where the server keeps trainees' profiles: a ``train`` folder beside its ledger file (with
    the default ledger, the very folder the terminal trainer uses), else the terminal's own."""
    if isinstance(store, SqliteStore):
        return beside_ledger(store.path)
    return data_dir()


@dataclass
class Live:
    """A session in progress: the library's session, its items to come, the item on show."""

    key: str
    session: Session
    profile: str
    limit: int
    items: Iterator[Item]
    current: Item | None
    number: int
    shown_at: float
    used: float
    lock: threading.Lock = field(default_factory=threading.Lock)


class Trainers:
    """Every trainer session this server holds, and the requests that drive them (synchronous:
    the routes run them on worker threads, since a strategy item is priced by the exact solver
    and new rules' chart may take seconds to solve)."""

    def __init__(self, profile_dir: Path, *, clock: Callable[[], float] = time.time,
                 max_sessions: int = MAX_SESSIONS, idle_s: float = IDLE_S) -> None:
        self.profile_dir = profile_dir
        self.clock = clock
        self.max_sessions = max_sessions
        self.idle_s = idle_s
        #: The sessions rebuilt or started by this process; ``file`` holds every one.
        self.sessions: dict[str, Live] = {}
        self.file = SessionFile.open(profile_dir)
        self._lock = threading.Lock()

    # -- the requests ---------------------------------------------------------------------------

    def start(self, body: dict[str, Any]) -> dict[str, Any]:
        """A new session from ``{"drill", "rules"?, "profile", "audition"?, "items"?,
        "options"?}``: its key and its first item."""
        drill, profile, audition, limit = self._read_start(body)
        with self._lock:
            self._make_room()
        drill.prepare()
        if audition:
            assert drill.audition is not None
            limit = drill.audition[0]
        store, notice = self._open(profile)
        seed = secrets.randbits(63)
        try:
            session = Session(drill, random.Random(seed), store, audition)
            items = session.items(limit)
            first = next(items)
        finally:
            store.close()
        session.store = None
        now = self.clock()
        live = Live(secrets.token_urlsafe(16), session, profile, limit, items, first, 1, now, now)
        with self._lock:
            self._make_room()
            self.file.add(Saved(live.key, drill.name, str(body.get("rules", "classic")),
                                drill.options, profile, audition, limit, seed, session.id,
                                drill.focus, now, [], list(session.reviews)))
            self.sessions[live.key] = live
        return {**self._view(live), "notice": notice}

    def show(self, key: str) -> dict[str, Any]:
        """The session as it stands (the item on show, its number, the score): what a page
        reloaded, or a server restarted, carries on from."""
        live = self._get(key)
        with live.lock:
            if live.current is None:
                raise TrainingSessionGone("this session has ended; start a new one")
            return self._view(live)

    @staticmethod
    def _view(live: Live) -> dict[str, Any]:
        drill = live.session.drill
        chipset = chipset_of(drill.rules)
        results = live.session.results
        assert live.current is not None
        return {"session": live.key, "drill": drill.describe(), "rules": drill.rules_name,
                "options": drill.options, "profile": live.profile,
                "audition": live.session.audition, "items": live.limit,
                "chipset": [{"colour": c, "value": v}
                            for c, v in zip(chipset.colours, chipset.values, strict=True)],
                "number": live.number, "item": live.current.line(),
                "score": {"correct": sum(r.grade.correct for r in results),
                          "answered": len(results)}}

    def answer(self, key: str, body: dict[str, Any]) -> dict[str, Any]:
        """Grade ``{"answer": V}`` (``"item"``, if given, must name the item on show, so that a
        double click never answers the next item) and give the next item or the summary."""
        live = self._get(key)
        with live.lock:
            item = live.current
            if item is None:
                raise TrainingSessionGone("this session has ended; start a new one")
            if "answer" not in body:
                raise TrainingError('an answer is {"answer": ...}')
            if "item" in body and body["item"] != item.id:
                raise TrainingError("that item has been answered already")
            answer = body["answer"]
            check_answer(live.session.drill, item, answer)
            seconds = max(0.0, self.clock() - live.shown_at)
            with self._store(live):
                grade = live.session.answer(item, answer, seconds)
                nxt = next(live.items, None)
            live.current = nxt
            live.shown_at = live.used = self.clock()
            if nxt is not None:
                live.number += 1
                self.file.record(live.key, live.number - 2, answer, seconds,
                                 live.session.reviews[-1], live.used)
            results = live.session.results
            out: dict[str, Any] = {
                "grade": {"id": item.id, "correct": grade.correct, "expected": grade.expected,
                          "feedback": grade.feedback, "ev_cost": grade.ev_cost,
                          "seconds": round(seconds, 2)},
                "score": {"correct": sum(r.grade.correct for r in results),
                          "answered": len(results)},
                "number": live.number, "item": None if nxt is None else nxt.line(),
                "summary": None}
            if nxt is None:
                out["summary"] = self._finish(live)
        return out

    def end(self, key: str) -> dict[str, Any]:
        """End a session before its last item: its summary, over the items answered."""
        live = self._get(key)
        with live.lock:
            if live.current is None:
                raise TrainingSessionGone("this session has ended; start a new one")
            live.current = None
            return {"summary": self._finish(live)}

    # -- the sessions held ----------------------------------------------------------------------

    def _finish(self, live: Live) -> dict[str, Any]:
        with self._lock:
            self.sessions.pop(live.key, None)
            self.file.delete(live.key)
        summary = live.session.summary()
        times = [r.seconds for r in live.session.results if r.seconds is not None]
        summary["mean_seconds"] = round(sum(times) / len(times), 2) if times else None
        # The whole session's misses, from the library's own results (rebuilt after a restart,
        # so a page reloaded mid-session lists every one, not only those since the reload).
        summary["missed"] = [{"id": r.item.id, "answer": r.answer, "feedback": r.grade.feedback}
                             for r in live.session.results if not r.grade.correct]
        return summary

    def stats(self, profile: object) -> dict[str, Any]:
        """A profile's progress, as ``twentyone train stats --json`` gives it (accuracy and
        speed per drill and session, the weak chart cells, what is due for review and when)."""
        if not isinstance(profile, str) or not profile.strip():
            raise TrainingError("choose a profile name to see its progress")
        try:
            store = Store.open(profile.strip(), self.profile_dir, create=False)
        except (OSError, ValueError) as exc:
            raise TrainingError(str(exc)) from None
        try:
            return {"profile": profile.strip(), **train_stats.report(store)}
        finally:
            store.close()

    def _get(self, key: str) -> Live:
        """The session ``key``: held in memory, or rebuilt from the sessions file (after a
        restart). Its idle time runs from its last answer, so a refused request keeps no
        session alive."""
        gone = TrainingSessionGone(
            "this session is over (finished, or left idle too long); start a new one")
        with self._lock:
            self._expire()
            live = self.sessions.get(key)
            saved = self.file.load(key) if live is None else None
            if live is not None:
                return live
        if saved is None:
            raise gone
        try:
            rebuilt = self._rebuild(saved)
        except (TwentyOneError, KeyError, ValueError, StopIteration) as exc:
            # A session this version cannot deal again (a drill or setting since removed):
            # the trainee starts a new one; the answers given are in the profile already.
            log.warning("The trainer session %s cannot be rebuilt (%s); it is let go.",
                        key[:6], exc)
            self.file.delete(key)
            raise gone from None
        with self._lock:
            return self.sessions.setdefault(key, rebuilt)

    def _rebuild(self, saved: Saved) -> Live:
        """The session as it stood at its last answer: the same drill, settings, seed, focus
        and id, its items served and its answers graded again by ``Session.resume``, nothing
        recorded again."""
        drill = make_drill(saved.drill, PRESETS[saved.rules], saved.rules, saved.options)
        drill.prepare()
        drill.focus = dict(saved.focus)
        session = Session(drill, random.Random(saved.seed), None, saved.audition,
                          id=saved.session_id)
        items = session.resume(saved.items, saved.reviews, saved.answers)
        current = next(items)
        now = self.clock()
        return Live(saved.key, session, saved.profile, saved.items, items, current,
                    len(saved.answers) + 1, now, saved.used)

    def _expire(self) -> None:
        """Let go of every session idle for longer than ``idle_s``, held here or on file."""
        now = self.clock()
        for key in [k for k, s in self.sessions.items() if now - s.used > self.idle_s]:
            del self.sessions[key]
        self.file.expire(now - self.idle_s)

    def _make_room(self) -> None:
        """Refuse a new session when the server holds its most, counting the ones on file
        that this process has not rebuilt (held under ``_lock``)."""
        self._expire()
        if self.file.count() >= self.max_sessions:
            raise TrainersBusy("the trainers are full just now; try again in a few minutes")

    def _read_start(self, body: dict[str, Any]) -> tuple[Drill, str, bool, int]:
        name = body.get("drill")
        if not isinstance(name, str) or name not in DRILLS:
            raise TrainingError(f"choose a drill{did_you_mean(name, DRILLS)} "
                                f"(drills: {', '.join(DRILLS)})")
        rules_name = body.get("rules", "classic")
        if not isinstance(rules_name, str) or rules_name not in PRESETS:
            raise RulesError(f"no rules preset {shown(rules_name)}"
                             f"{did_you_mean(rules_name, PRESETS)} (presets: {', '.join(PRESETS)})")
        profile = body.get("profile")
        if not isinstance(profile, str) or not profile.strip():
            raise TrainingError("choose a profile name to keep your progress under")
        try:
            profile_path(profile.strip(), self.profile_dir)
        except ValueError as exc:
            raise TrainingError(str(exc)) from None
        audition = body.get("audition", False)
        if type(audition) is not bool:
            raise TrainingError("audition is true or false")
        limit = body.get("items", DEFAULT_ITEMS)
        if type(limit) is not int or not 1 <= limit <= MAX_ITEMS:
            raise TrainingError(f"items is a whole number from 1 to {MAX_ITEMS}")
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise TrainingError('options are a JSON object, e.g. {"pace": 500}')
        drill = make_drill(name, PRESETS[rules_name], rules_name, options)
        if audition and drill.audition is None:
            raise TrainingError(f"the {name} drill has no audition")
        return drill, profile.strip(), audition, limit

    def _open(self, profile: str) -> tuple[Store, str | None]:
        try:
            store = Store.open(profile, self.profile_dir)
        except (OSError, ValueError) as exc:
            raise TrainingError(f"the profile {profile!r} cannot be opened: {exc}") from None
        return store, store.notice

    @contextmanager
    def _store(self, live: Live) -> Iterator[None]:
        """The session's profile, open for this request on this thread only."""
        store, _ = self._open(live.profile)
        live.session.store = store
        try:
            yield
        finally:
            live.session.store = None
            store.close()


def check_answer(drill: Drill, item: Item, answer: JSON) -> None:
    """Refuse an answer that is not of the drill's shape (docs/training.md#scripts), with the
    library's own readers where it has them; what has the shape goes to the grader, right or
    wrong. The headless loop grades a malformed line as a miss; the page never sends one, so a
    request carrying one is a client gone wrong and is refused with nothing stored."""
    kind = drill.answer_kind
    try:
        if kind == "dollars":
            parse_money_answer(answer)
        elif kind == "chips":
            parse_chips_answer(chipset_of(drill.rules), answer)
        elif kind == "count":
            number = number_answer(answer)
            if number is None or not math.isfinite(number):
                raise AnswerError("answer with a number, e.g. 4 or -2")
        elif kind == "action":
            if not isinstance(answer, str) or answer.strip().lower() not in ACTIONS:
                raise AnswerError(f"answer with a play: {', '.join(ACTIONS)}")
        elif kind == "flag":
            if answer not in ("ok", "mistake"):
                raise AnswerError('answer "ok" or "mistake"')
        elif kind == "choice":
            choices = [str(c).lower() for c in item.shown["choices"]]
            number_given = type(answer) is int and 1 <= answer <= len(choices)
            if not number_given and not (isinstance(answer, str)
                                         and answer.strip().lower() in choices):
                raise AnswerError(f"answer with one of the choices, or its number 1 to "
                                  f"{len(choices)}")
        elif kind == "total" and (isinstance(answer, bool) or not isinstance(answer, str | int)
                                  or not _TOTAL.fullmatch(str(answer).strip().lower())):
            raise AnswerError('answer with a total, e.g. "soft 17" or 16')
    except AnswerError as exc:
        raise TrainingError(f"That answer cannot be read: {exc}.") from None


def _status(exc: TwentyOneError) -> int:
    if isinstance(exc, TrainingSessionGone):
        return 404
    if isinstance(exc, TrainersBusy):
        return 503
    return 400


def _refuse(exc: TwentyOneError) -> JSONResponse:
    return JSONResponse(error_body(exc), status_code=_status(exc))


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object; too large, not JSON or not an object is a ``TrainingError``."""
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise TrainingError(f"a request is at most {MAX_BODY // 1024} KiB")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # RecursionError: brackets nested a thousand deep
        raise TrainingError("the request is not JSON") from None
    if not isinstance(data, dict):
        raise TrainingError('the request is a JSON object, e.g. {"answer": "12.50"}')
    return data


def routes(trainers: Trainers) -> list[BaseRoute]:
    """The trainers' page and API, to add to the site's routes."""

    async def page(request: Request) -> Response:
        return pages.page("train.html", "The trainers' page")

    async def drills(request: Request) -> Response:
        return JSONResponse({"drills": describe_all()})

    async def stats(request: Request) -> Response:
        try:
            out = await run_in_threadpool(trainers.stats, request.query_params.get("profile"))
        except TwentyOneError as exc:
            return _refuse(exc)
        return JSONResponse(out)

    async def start(request: Request) -> Response:
        try:
            body = await _body(request)
            out = await run_in_threadpool(trainers.start, body)
        except TwentyOneError as exc:
            return _refuse(exc)
        return JSONResponse(out, status_code=201)

    async def answer(request: Request) -> Response:
        try:
            body = await _body(request)
            out = await run_in_threadpool(trainers.answer, request.path_params["key"], body)
        except TwentyOneError as exc:
            return _refuse(exc)
        return JSONResponse(out)

    async def show(request: Request) -> Response:
        try:
            out = await run_in_threadpool(trainers.show, request.path_params["key"])
        except TwentyOneError as exc:
            return _refuse(exc)
        return JSONResponse(out)

    async def end(request: Request) -> Response:
        try:
            out = await run_in_threadpool(trainers.end, request.path_params["key"])
        except TwentyOneError as exc:
            return _refuse(exc)
        return JSONResponse(out)

    return [
        Route("/train", page),
        Route("/train/stats", page),
        Route("/api/train/drills", drills),
        Route("/api/train/stats", stats),
        Route("/api/train/sessions", start, methods=["POST"]),
        Route("/api/train/sessions/{key}", show),
        Route("/api/train/sessions/{key}/answer", answer, methods=["POST"]),
        Route("/api/train/sessions/{key}/end", end, methods=["POST"]),
    ]
