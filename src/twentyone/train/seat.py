"""The coach beside one person at a table of the engine (the terminal's ``play --coach``,
``--count``, ``--profile``): what it says between the dealer's calls, and what it keeps.

``train.coach.Coach`` decides (the best play, a mistake's exact cost, a count graded); this
module is the table's side of it, which the terminal's session drives through its
``tui.session.Coaching`` protocol (the command line hands one in). It reaches the table only as
a game (``games.chipgame.ChipGame``): it reads the seat's view before each play and the cards
the seat has seen (``seen_cards``, what a counter at the table knows), says a mistake as a
call in the log ("Coach: “...”", the dealer's style) without
stopping play, asks a count check between rounds now and then (drawn from a seeded generator,
so a seeded table asks at the same moments), reads each round's settlement for the session's
statistics, and with a profile writes those statistics and the player's chips to the
profile's SQLite file at every round's end, on a re-buy and when the player leaves: the chips
they leave with are the chips they sit down with next time (``sit_down``), and a crash loses
at most the round in play, whose bets a crash calls off anyway.

Warnings can be turned off and on at the table (F3); the statistics count every play either
way, since they are the session's, not the screen's.
"""

from __future__ import annotations

import math
import random
import re
import sqlite3
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

from twentyone.engine import views
from twentyone.engine.events import Event, Kind, event_from_json
from twentyone.engine.table import Action, Phase
from twentyone.games.chipgame import ChipGame
from twentyone.money import Cents, dollars
from twentyone.rules import Rules
from twentyone.sim.indices import hilo_plays_at_hand
from twentyone.train.coach import INDEXED_SYSTEM, Coach, Deviation, TableStats
from twentyone.train.player import signed
from twentyone.train.store import Store
from twentyone.train.totals import LABELS

#: The share of rounds after which a count check is asked (a counter who is asked every round
#: learns to count for the check, not for the shoe).
CHECK_CHANCE = 0.25
#: The plays the coach judges (a bet, the insurance answer and colouring up are not plays).
PLAYS = {Action.HIT: "hit", Action.STAND: "stand", Action.DOUBLE: "double",
         Action.SPLIT: "split", Action.SURRENDER: "surrender"}
#: What a count check reads: a running count (halves for the systems that tag in halves) and
#: a whole true count; a few digits at most, so no line can be a number too long to read.
RUNNING = re.compile(r"[+-]?\d{1,4}(\.[05])?")
TRUE = re.compile(r"[+-]?\d{1,3}")


#: The answers to insurance or even money, and whether each insures.
INSURANCE = {Action.INSURE: True, Action.EVEN_MONEY: True, Action.DECLINE: False}


@dataclass(frozen=True)
class Pending:
    """A play about to be made, worked out from the cards seen before it: ``grade`` judges
    it once the table has taken it; ``bet`` is the hand's bet, to say the cost in money, and
    ``hand`` names the hand where a split made several ("Hand 2"; a split hand's next card
    may be called before the warning)."""

    bet: Cents
    grade: Callable[[], Deviation | None]
    hand: str = ""


class TableCoach:
    """The coach of seat ``seat`` at a table under ``rules``: ``warnings`` on or off at first,
    ``system`` the count the player keeps (None: no count checks), ``rng`` when to ask, and
    ``store`` the profile that keeps the statistics and the chips (None: nothing is kept)."""

    def __init__(self, rules: Rules, seat: int, *, warnings: bool, system: str | None,
                 rng: random.Random, store: Store | None = None, chance: float = CHECK_CHANCE,
                 clock: Callable[[], datetime] = lambda: datetime.now().astimezone(),
                 mark: int = 0) -> None:
        """``mark``: where in the table's log this coach sits down (``game.mark()``); the
        rounds before it are not this session's."""
        self.rules = rules
        self.seat = seat
        self.warnings = warnings
        self.system = system
        self.rng = rng
        self.chance = chance
        self.store = store
        self.clock = clock
        self.session = f"table-{clock():%Y%m%dT%H%M%S}-{uuid.uuid4().hex[:8]}"
        indexed = system == INDEXED_SYSTEM and hilo_plays_at_hand(rules) is not None
        self.coach = Coach(rules, system, indices=indexed)
        #: Lines for the table's log (after the dealer's calls of the same moment).
        self.lines: list[str] = []
        #: A count check is waiting for the player's answer.
        self.checking = False
        self._mark = mark
        self._dealt = False
        if system == INDEXED_SYSTEM and not indexed:
            self.lines.append(
                "Coach: “The Hi-Lo index plays for these rules are not worked out yet "
                "(twentyone indices --count hilo with these rules does it once); until then "
                "I advise the chart”")

    @property
    def stats(self) -> TableStats:
        return self.coach.stats

    def prepare(self) -> None:
        """The slow first work, behind the table's notice (``Coach.prepare``)."""
        self.coach.prepare()

    # --- plays -------------------------------------------------------------------------------

    def before(self, game: ChipGame, v: views.TableView, action: object,
               amount: Cents | None = None) -> Pending | None:
        """The advice for the play the seat is about to make (None: not a play the coach
        judges), worked out from the cards seen before it; ``amount`` is an insurance bet's
        (None: half the bet)."""
        if v.viewer != self.seat or not isinstance(action, Action):
            return None
        seat = next(s for s in v.seats if s.number == self.seat)
        if v.phase is Phase.INSURANCE and action in INSURANCE and seat.hands:
            bet = seat.hands[0].bet
            share = 0.5 if amount is None or action is not Action.INSURE else amount / bet
            self._sync(game)
            return Pending(bet, partial(self.coach.judge_insurance, INSURANCE[action], share))
        if v.to_act is None or action not in PLAYS:
            return None
        hand = seat.hands[v.to_act[1]]
        up = next((c for c in v.dealer if c is not None), None)
        if up is None or any(c is None for c in hand.cards):
            return None
        self._sync(game)
        ranks = [LABELS[int(c.rank)] for c in hand.cards if c is not None]
        offered = (Action.DOUBLE in v.legal, Action.SPLIT in v.legal,
                   Action.SURRENDER in v.legal)
        advice = self.coach.advise(ranks, LABELS[int(up.rank)], offered, len(seat.hands))
        return Pending(hand.bet, partial(self.coach.grade, advice, ranks, LABELS[int(up.rank)],
                                         PLAYS[action], offered),
                       f"Hand {v.to_act[1] + 1}" if len(seat.hands) > 1 else "")

    def played(self, p: Pending) -> None:
        """The play was made: counted, and if it was a mistake, said (when warnings are on)."""
        d = p.grade()
        if d is None or not self.warnings:
            return
        self.lines.append(warning(d, p.bet, p.hand))

    def toggle(self) -> str:
        """F3: warnings off or on; what the table says about it."""
        self.warnings = not self.warnings
        return ("Coach: warnings on: I call a play that is not the best one, and what it cost"
                if self.warnings else
                "Coach: warnings off (your plays are still counted for the statistics)")

    # --- between rounds ----------------------------------------------------------------------

    def round_over(self, game: ChipGame) -> None:
        """Between rounds: the round just settled goes into the statistics, the profile keeps
        them and the chips, and a count check may be asked."""
        events = [event_from_json(e, game.event_kinds)
                  for e in game.events(self.seat, self._mark)]
        self._mark = game.mark()
        self.settle_round(events)
        mine = _seat(game, self.seat)
        if mine is not None:
            self.keep(int(mine["bankroll"]), game.chipset.by_colour(mine["chips"]))
        if mine is not None and self.check_due():
            self._sync(game)
            self.checking = bool(self.coach.seen)

    def settle_round(self, events: Sequence[Event]) -> None:
        """The seat's events of a round (its own view of them) into the statistics: each hand
        as it settled, and what insurance made (the browser's coach reads them too)."""
        nets = [e.amount for e in events if e.kind is Kind.SETTLED and e.seat == self.seat]
        side = sum(e.amount for e in events
                   if e.kind is Kind.INSURANCE_SETTLED and e.seat == self.seat)
        if nets or side:
            self.coach.settle(nets, side)
        self._dealt = self._dealt or any(e.kind is Kind.DEALT for e in events)

    def check_due(self) -> bool:
        """Whether a count check is asked now, between rounds (drawn: about one round in
        four), once a card has been dealt to a player who counts."""
        return self.system is not None and self._dealt and self.rng.random() < self.chance

    def check_choices(self) -> str:
        """What the count check's prompt asks (Rich markup)."""
        if self._balanced():
            return ("count check: type the running count and the true count, e.g. "
                    "[bold]+4 +1[/] (Enter skips)")
        return "count check: type the running count, e.g. [bold]-3[/] (Enter skips)"

    def answer(self, text: str) -> str | None:
        """The player's answer to a count check: None once it is graded or skipped (the
        result is in ``lines``), else what was wrong with the line, in words (asked again)."""
        parts = text.replace(",", " ").split()
        if not parts:
            self.checking = False
            self.lines.append("Coach: “Count check skipped”")
            return None
        wanted = 2 if self._balanced() else 1
        if len(parts) > wanted or not RUNNING.fullmatch(parts[0]) or (
                len(parts) == 2 and not TRUE.fullmatch(parts[1])):
            what = ("the running count, then the true count, as whole numbers like +4 +1 "
                    "(the running count may end in .5)" if wanted == 2
                    else "the running count, a whole number like -3")
            return f"a count check takes {what}; Enter skips it"
        running = float(parts[0])
        true = int(parts[1]) if len(parts) == 2 else None
        check = self.coach.check_count(running, true)
        self.checking = False
        said = signed(running) + ("" if true is None else f" and {signed(true)}")
        self.lines.append(f"Coach: “You said {said}. {check.words}”")
        return None

    def _balanced(self) -> bool:
        return self.coach.system is not None and self.coach.system.balanced

    def _sync(self, game: ChipGame) -> None:
        """The coach's cards seen: the seat's, since the shuffle."""
        self.coach.shuffled()
        self.coach.see(*(LABELS[int(c.rank)] for c in game.seen_cards(self.seat)))

    # --- the profile -------------------------------------------------------------------------

    def keep(self, cents: Cents, chips: dict[str, int]) -> None:
        """Write the statistics and the chips to the profile (nothing without one). A profile
        that cannot be written (a full disk, another program holding it) is said once, and
        play goes on without it: the table never stops for its notebook."""
        if self.store is None:
            return
        when = self.clock()
        try:
            self.store.keep_bankroll(cents, chips, when)
            self.coach.keep(self.store, self.session, when)
        except sqlite3.Error as exc:
            self.lines.append(f"Coach: “Your profile {self.store.path} could not be written "
                              f"({exc}); this session is not kept in it”")
            self.store = None

    def summary(self) -> list[str]:
        """The session's statistics in words, for the goodbye."""
        s = self.stats
        lines = [f"This session: {s.hands} hand{'s' if s.hands != 1 else ''} (won {s.won}, "
                 f"lost {s.lost}, pushed {s.pushed}), net "
                 f"{'-' if s.net < 0 else '+'}{dollars(abs(s.net))}, biggest swing "
                 f"{dollars(s.biggest_swing)}.",
                 f"Plays judged: {s.decisions}; mistakes {s.mistakes}, costing "
                 f"{s.ev_cost:.4f} of a bet in all."]
        if self.system is not None:
            lines.append(f"Count checks right: {s.checks_right} of {s.checks}.")
        if self.store is not None:
            lines.append(f"Kept in the profile {self.store.path.stem!r}: twentyone train "
                         f"stats --profile {self.store.path.stem} shows every session.")
        return lines


def warning(d: Deviation, bet: Cents, hand: str = "") -> str:
    """A mistake as the coach calls it, in the dealer's style, at the terminal's table and the
    browser's: the best play, why, and the cost per bet and in money on ``bet`` (``hand``
    names the hand where a split made several)."""
    head = f"{hand}: best" if hand else "Best"
    return (f"Coach: “{head} was {d.best} ({d.why}): {d.chosen} cost {d.cost:.4f} of a bet, "
            f"{dollars(round(d.cost * bet))} on your {dollars(bet)}”")


def _seat(game: ChipGame, seat: int) -> Mapping[str, Any] | None:
    """``seat`` in its own view of the game (None: nobody sits there)."""
    return next((s for s in game.seat_view(seat).body["seats"] if s["number"] == seat), None)


def _sit(game: ChipGame, seat: int, bankroll: Cents | dict[str, int]) -> None:
    game.apply(game.operation({"op": "sit", "seat": seat, "bankroll": bankroll}))


def sit_down(game: ChipGame, seat: int, stake: Cents, store: Store | None, *,
             fresh: bool = False) -> str:
    """Seat the person at ``seat``: with a profile's kept chips (the very chips, where this
    table uses their colours; else their value), or with ``stake`` (no profile, ``fresh``, no
    chips kept yet, or kept chips this table cannot take: too few for its minimum bet, more
    than a buy-in may be, or a value its chips cannot make). Returns what the coach says."""
    kept = None if store is None or fresh else store.bankroll()
    if kept is not None:
        cents, chips = kept
        why = _unfit(game, cents)
        if why is None:
            colours = game.chipset.colours
            same = all(c in colours for c in chips) and game.chipset.value(
                [chips.get(c, 0) for c in colours]) == cents
            _sit(game, seat, chips if same else cents)
            return (f"Coach: “Welcome back: you sit down with the {dollars(cents)} you left "
                    "with last time”")
        _sit(game, seat, stake)
        return (f"Coach: “You left with {dollars(cents)} last time, {why}: a fresh "
                f"{dollars(stake)} buy-in”")
    _sit(game, seat, stake)
    if store is None:
        return ""
    if fresh:
        return f"Coach: “A fresh bankroll, as asked: {dollars(stake)}”"
    return (f"Coach: “A first sitting for this profile: {dollars(stake)}; the chips you leave "
            "with are kept for next time”")


def _unfit(game: ChipGame, cents: Cents) -> str | None:
    """Why kept chips worth ``cents`` cannot sit at ``game`` (None: they can)."""
    rules = game.rules
    if cents < rules.min_bet:
        return f"less than this table's minimum bet of {dollars(rules.min_bet)}"
    if cents > game.max_buy_in:
        return f"more than this table takes at once ({dollars(game.max_buy_in)})"
    if cents % math.gcd(*(v for _, v in rules.chips)):
        return "an amount this table's chips cannot make"
    return None
