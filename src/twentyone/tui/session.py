"""A game at the terminal without the terminal: whose turn it is, what they are asked, and what a
typed line does. The Textual app (``tui.app``) only draws a ``Session`` and hands it lines, so
every rule of play is testable without a screen, and the screen holds no state of the game.

A session makes every move of the people (bets, plays, colouring up, buying in, the deal, the
call-off) as the game's own operation through the one game protocol (``tui.seat.SeatSession``:
an operation read by its word, then ``apply``), offers only what ``legal_actions`` allows, and
shows a refusal as the engine's typed message. The chart bots still play the engine's table
directly, and the felt is still drawn from the engine's views (issue 33 moves both onto
``seat_view``). Bots act as soon as
it is their turn; the session stops at the first decision that needs a person (``ask``).
Quitting mid-round calls the round off (``Table.void_round``): every bet on the layout goes back.
A coach (``Coaching``, ``play --coach``) beside the one person is told each of their plays and
each round's end; its lines join the log, and its count checks are asked between rounds.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from twentyone.cards import Card
from twentyone.engine import views
from twentyone.engine.bots import Bot
from twentyone.engine.records import Recording
from twentyone.engine.table import Action, Phase, Table
from twentyone.errors import ChipError, TableError, TwentyOneError
from twentyone.money import Cents, dollars, parse_dollars
from twentyone.protocol import Game
from twentyone.tui.felt import table_view
from twentyone.tui.narrate import Narrator
from twentyone.tui.prompt import AMOUNTS, Extra, InputError, menu, parse
from twentyone.tui.render import TableView
from twentyone.tui.seat import SeatSession

#: The odds for the decision in a seat's view, as lines to show: for a full shoe (None), or
#: for the shoe less the cards this seat has seen since the shuffle.
Hint = Callable[[views.TableView, Sequence[Card] | None], list[str]]


class Coaching(Protocol):
    """The coach beside the one person at a casino table (``train.seat.TableCoach``, handed in
    by the command line): the session tells it each play before and after the table takes
    it, and each round's end; it gives lines for the log, and between rounds a count check
    to ask."""

    seat: int
    warnings: bool
    lines: list[str]
    checking: bool

    def prepare(self) -> None: ...
    def before(self, table: Table, v: views.TableView, action: object,
               amount: Cents | None = None) -> object | None: ...
    def played(self, pending: Any) -> None: ...
    def toggle(self) -> str: ...
    def round_over(self, table: Table) -> None: ...
    def check_choices(self) -> str: ...
    def answer(self, text: str) -> str | None: ...
    def keep(self, cents: Cents, chips: dict[str, int]) -> None: ...
    def summary(self) -> list[str]: ...


@dataclass(frozen=True, slots=True)
class Ask:
    """A decision the table waits for: ``seat`` decides; ``about`` says what about (Rich markup,
    the seat and its hand), ``choices`` what may be typed (Rich markup)."""

    seat: int
    about: str
    choices: str


class Session(Protocol):
    """What the app draws and feeds: the casino game and Pontoon both are one."""

    @property
    def table(self) -> Table: ...

    log: list[str]
    notes: list[str]
    ask: Ask | None
    done: bool
    title: str

    def start(self) -> None: ...
    def submit(self, text: str) -> None: ...
    def viewer(self) -> int: ...
    def screen_view(self) -> views.TableView: ...
    def seat_label(self, seat: int) -> str: ...
    def dealer_name(self) -> str: ...
    def interrupt(self) -> None: ...
    def goodbye(self) -> list[str]: ...


class CasinoSession:
    """People and bots at one casino table, round after round: ``humans`` are asked,
    ``bots`` play by themselves, ``stake`` is a buy-in (and the usual re-buy)."""

    def __init__(self, table: Table, game: Game, *, humans: Sequence[int],
                 bots: Mapping[int, Bot], hint: Hint | None = None, stake: Cents = 100_000,
                 title: str = "", history: Path | None = None,
                 coach: Coaching | None = None) -> None:
        self.table = table
        #: ``table`` as the one game protocol: every move the session makes goes through it.
        self.seat = SeatSession(game, humans, {})
        self.humans = list(humans)
        self.bots = dict(bots)
        self.hint = hint
        self.stake = stake
        self.title = title
        self.narrator = Narrator(table.rules)
        #: One human narrates in their own view; several share the spectator's narration.
        self.narrator_seat = self.humans[0] if len(self.humans) == 1 else views.SPECTATOR
        self.log: list[str] = []
        self.notes: list[str] = []
        self.ask: Ask | None = None
        self.done = False
        self.last_bet: dict[int, Cents] = {n: table.rules.min_bet for n in self.humans}
        #: What each person has bought in for (the first buy-in and re-buys), for the goodbye.
        self.bought: dict[int, Cents] = {n: table.bankroll(n) for n in self.humans
                                         if n in table.seats}
        #: Final chips of each person who has left.
        self.left: dict[int, list[int]] = {}
        self._mark = 0
        self._queue: list[int] | None = None
        self._last_viewer = self.humans[0]
        #: The person's own history goes to ``history``, one line a round; the house's full
        #: record, which holds the shoe's order, is kept apart beside it (``h.jsonl`` ->
        #: ``h.house.jsonl``). docs/casino.md#fair-play-and-records
        self.history = history
        self.house_record = (None if history is None
                             else history.with_name(f"{history.stem}.house{history.suffix}"))
        self.recording = None if history is None else Recording(table, [self.narrator_seat])
        #: Where the records went and their seals, once the game is over: said at the table and
        #: again when it closes, the only place a player hears the seals to compare with.
        self.records: list[str] = []
        #: The coach beside the one person at the table, if asked for (``Coaching``).
        self.coach = coach

    # --- driving the table -------------------------------------------------------------------

    def start(self) -> None:
        self._advance()

    def seated_humans(self) -> list[int]:
        return [n for n in self.humans if n in self.table.seats]

    def _advance(self) -> None:
        """Let the dealer and the bots play until a person must decide (or nobody is left)."""
        t = self.table
        self._narrate()
        self.ask = None
        while True:
            if not self.seated_humans():
                self._record(closing=True)
                self.done = True
                return
            if t.phase is Phase.BETTING:
                if self._queue is None:
                    self._record()
                    self._queue = self.seated_humans()
                    if self.coach is not None:
                        self.coach.round_over(t)
                        self._coach_says()
                self._queue = [n for n in self._queue if n in t.seats]
                if self.coach is not None and self.coach.checking:
                    self.ask = Ask(self.coach.seat, f"[bold cyan]Seat {self.coach.seat}[/]",
                                   self.coach.check_choices())
                    return
                if self._queue:
                    self.ask = self._bet_ask(self._queue[0])
                    return
                self._queue = None
                self._bots_bet()
                if not t.can_deal():
                    self.notes.append("Nobody bet; the dealer waits.")
                    continue
                self.seat.deal()
                self._narrate()
                continue
            to_act = t.to_act
            assert to_act is not None
            seat = to_act[0]
            if seat in self.bots:
                self.bots[seat].act(t, seat)
                self._narrate()
                continue
            self.ask = self._play_ask(seat)
            return

    def _record(self, closing: bool = False) -> None:
        """Write the round just played (if one was dealt) to the person's history and the
        house's record, and record on; ``closing``: the game is over, so every shoe is opened
        in the person's history for them to check."""
        rec = self.recording
        if rec is None:
            return
        lines = rec.round_ended()
        if lines is not None:
            house, players = lines
            self._write(self.house_record, house)
            self._write(self.history, players[self.narrator_seat])
        if closing:
            self.recording = None  # the game is over: nothing more is recorded
            self._write(self.history, rec.close()[self.narrator_seat])
            self.records = [
                f"Your hand history is in {self.history}, sealed "
                f"{rec.player_seal(self.narrator_seat)}.",
                f"The house's record is in {self.house_record}, sealed "
                f"{rec.seal or '(no rounds: nothing was written)'}.",
                "Check them with twentyone verify: each must show the seal given here."]
            self.log.extend(self.records)
        else:
            rec.round_started()

    @staticmethod
    def _write(path: Path | None, line: dict[str, object]) -> None:
        assert path is not None
        with path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(line, separators=(",", ":")) + "\n")

    def _bots_bet(self) -> None:
        """Bots bet the minimum only while someone is playing; a broke bot gets up."""
        t = self.table
        for seat in sorted(n for n in t.seats if n in self.bots):
            if t.can_bet(seat, t.rules.min_bet):
                self._do(seat, Action.BET, t.rules.min_bet)
            else:
                self._do(seat, Action.COLOUR_UP)
                self._do(seat, Action.LEAVE)
        self._narrate()

    def submit(self, text: str) -> None:
        """One line typed at the prompt."""
        self.notes = []
        ask = self.ask
        if ask is None:
            return
        t = self.table
        if self.coach is not None and self.coach.checking:
            wrong = self.coach.answer(text)
            if wrong is not None:
                self._error(wrong)
            self._coach_says()
        elif t.phase is Phase.BETTING:
            self._submit_bet(ask.seat, text)
        else:
            self._submit_play(ask.seat, text)
        self._advance()

    def _submit_bet(self, seat: int, text: str) -> None:
        t = self.table
        words = text.strip().lower().split()
        broke = not t.seats[seat].hands and t.bankroll(seat) < t.rules.min_bet
        if (words and words[0] in ("buy", "rebuy", "re-buy")) or (broke and not words):
            self._rebuy(seat, words[1:])
            return
        v = views.view(t, seat)
        last = self.last_bet.get(seat)
        try:
            cmd = parse(text, Phase.BETTING, v.legal, last_bet=last)
        except InputError as exc:
            self._error(str(exc))
            return
        try:
            if cmd.what is Extra.SIT_OUT:
                self._done_betting(seat)
            elif cmd.what is Action.BET and cmd.amount is not None:
                self._do(seat, Action.BET, cmd.amount)
                self.last_bet[seat] = cmd.amount
                self._done_betting(seat)
            elif cmd.what is Action.COLOUR_UP:
                self._do(seat, Action.COLOUR_UP)
            elif cmd.what is Action.LEAVE:
                self._leave(seat)
            elif isinstance(cmd.what, Extra):
                self._error("the odds are for a hand in play; bet first")
        except (TableError, ChipError) as exc:
            self._error(str(exc))

    def _done_betting(self, seat: int) -> None:
        if self._queue and self._queue[0] == seat:
            self._queue.pop(0)

    def _rebuy(self, seat: int, rest: list[str]) -> None:
        """Buy more chips (between rounds): the seat's chips are counted and a fresh buy-in
        of their value plus ``AMOUNT`` is sat down with."""
        t = self.table
        try:
            amount = parse_dollars(rest[0]) if rest else self.stake
        except ValueError as exc:
            self._error(str(exc))
            return
        if amount <= 0 or len(rest) > 1:
            self._error("buy takes one positive amount, e.g. buy 500")
            return
        if t.seats[seat].hands:
            self._error("buy chips before you bet")
            return
        have = t.bankroll(seat)
        self._do(seat, Action.LEAVE)
        self.seat.play(self.seat.game.operation({"op": "sit", "seat": seat,
                                                 "bankroll": have + amount}))
        self.bought[seat] = self.bought.get(seat, 0) + amount
        self.notes.append(f"Seat {seat} buys {dollars(amount)} more in chips.")
        if self.coach is not None and seat == self.coach.seat:
            self.coach.keep(t.bankroll(seat), t.chipset.by_colour(t.seats[seat].chips))

    def _submit_play(self, seat: int, text: str) -> None:
        t = self.table
        v = views.view(t, seat)
        try:
            cmd = parse(text, v.phase, v.legal, why_not=lambda a: self._why_not(seat, a))
        except InputError as exc:
            self._error(str(exc))
            return
        if isinstance(cmd.what, Extra):
            self._hint(v, cmd.what is Extra.SHOE_HINT)
            return
        pending = None
        if self.coach is not None:
            try:
                pending = self.coach.before(t, v, cmd.what, cmd.amount)
            except TwentyOneError:  # a hand the solver cannot price: played, not judged
                pending = None
        try:
            self._do(seat, cmd.what, cmd.amount)
        except (TableError, ChipError) as exc:
            self._error(str(exc))
            return
        if self.coach is not None and pending is not None:
            with suppress(TwentyOneError):  # as above: the play stands, unjudged
                self.coach.played(pending)

    def _coach_says(self) -> None:
        """The coach's lines in the log, and in the notes by the prompt (where a player's
        eyes are); nothing waits for them."""
        if self.coach is not None and self.coach.lines:
            self.log.extend(self.coach.lines)
            self.notes.extend(self.coach.lines)
            self.coach.lines = []

    def toggle_coach(self) -> None:
        """F3: the coach's warnings off or on."""
        if self.coach is None:
            self._error("no coach at this table: play --coach sits one beside you")
            return
        self.notes.append(self.coach.toggle())

    def _why_not(self, seat: int, what: Action) -> str | None:
        """The table's own reason ``seat`` may not ``what`` now (None: no reason to give)."""
        data: dict[str, Any] = {"op": what.value.replace("-", "_"), "seat": seat}
        try:
            refusal = self.seat.refusal(self.seat.game.operation(data))
        except (TableError, ChipError, KeyError, ValueError, TypeError):
            return None
        return None if refusal is None else str(refusal)

    def _do(self, seat: int, what: Action, amount: Cents | None = None) -> None:
        """``seat``'s choice as the game's own operation, read by its word as a record or a
        request is (``Game.operation``: an amount only where the operation takes one), and
        applied through the protocol; a refusal raises the engine's typed error and changes
        nothing."""
        data: dict[str, Any] = {"op": what.value.replace("-", "_"), "seat": seat}
        if what in AMOUNTS:
            data["amount"] = amount
        self.seat.play(self.seat.game.operation(data))

    def _hint(self, v: views.TableView, shoe: bool) -> None:
        if self.hint is None:
            self._error("no odds at this table")
            return
        self.notes.extend(self.hint(v, views.seen_cards(self.table, v.viewer) if shoe else None))

    # --- prompts -----------------------------------------------------------------------------

    def _bet_ask(self, seat: int) -> Ask:
        t = self.table
        v = views.view(t, seat)
        self._last_viewer = seat
        last = self.last_bet.get(seat)
        choices = menu(Phase.BETTING, v.legal, last_bet=last)
        if t.bankroll(seat) < t.rules.min_bet:
            choices = (f"[bold]buy[/] AMOUNT re-buy (Enter: {dollars(self.stake)}) · "
                       "[bold]q[/] colour up and leave")
        about = f"[bold cyan]Seat {seat}[/] ({dollars(t.bankroll(seat))})"
        return Ask(seat, about, choices)

    def _play_ask(self, seat: int) -> Ask:
        v = views.view(self.table, seat)
        self._last_viewer = seat
        mine = next(s for s in v.seats if s.number == seat)
        offer = None
        if v.phase is Phase.INSURANCE and mine.hands:
            half = mine.hands[0].bet // 2
            offer = half - half % v.chip_values[0]
        choices = menu(v.phase, v.legal, insurance=offer, hints=self.hint is not None,
                       double_for_less=self.table.rules.double_for_less)
        about = TableView(self.table.rules).about(v)
        return Ask(seat, about, choices)

    # --- what the screen shows ---------------------------------------------------------------

    def viewer(self) -> int:
        """Whose view the screen shows: the person asked now, else the last one asked."""
        if self.ask is not None:
            return self.ask.seat
        return self._last_viewer

    def screen_view(self) -> views.TableView:
        """The felt: the game's ``seat_view`` for the seat shown (the round in play, or between
        rounds the one just settled)."""
        return table_view(self.seat.view(self.viewer()))

    def dealer_name(self) -> str:
        return "Dealer"

    def seat_label(self, seat: int) -> str:
        if seat == self.viewer() and seat in self.humans:
            return f"Seat {seat} (you)"
        if seat in self.bots:
            return f"Seat {seat} (bot)"
        return f"Seat {seat}"

    def _narrate(self) -> None:
        events = views.visible_events(self.table, self.narrator_seat, self._mark)
        self._mark = len(self.table.log)
        self.log.extend(self.narrator.feed(events) + self.narrator.flush())
        self._coach_says()

    def _error(self, message: str) -> None:
        self.notes.append(f"✗ {message}")

    # --- leaving -------------------------------------------------------------------------------

    def _leave(self, seat: int) -> None:
        """Colour up (docs/dealing.md#colouring-up) and take the chips."""
        t = self.table
        self._do(seat, Action.COLOUR_UP)
        self.left[seat] = list(t.seats[seat].chips)  # coloured up: what it takes away
        if self.coach is not None and seat == self.coach.seat:
            self.coach.keep(t.bankroll(seat), t.chipset.by_colour(t.seats[seat].chips))
        self._do(seat, Action.LEAVE)
        self._narrate()

    def interrupt(self) -> None:
        """Ctrl-C, a closed terminal, or quitting mid-round: a round in progress is called off
        (every bet on the layout goes back), then every person colours up and leaves."""
        t = self.table
        if t.can_void_round():
            self.seat.play(self.seat.game.operation({"op": "void"}))
            self._narrate()
            self.log.append("The round is called off: every bet on the layout goes back.")
        self._record(closing=True)
        for seat in self.seated_humans():
            self._leave(seat)
        self.ask = None
        self.done = True

    def goodbye(self) -> list[str]:
        out = []
        for seat, chips in sorted(self.left.items()):
            value = self.table.chipset.value(chips)
            spent = self.bought.get(seat, value)
            net = value - spent
            sign = "+" if net >= 0 else "-"
            out.append(f"Seat {seat} leaves with {dollars(value)} in "
                       f"{self.table.chipset.describe(chips) if any(chips) else 'no chips'} "
                       f"({sign}{dollars(abs(net))} on {dollars(spent)} bought in).")
        if self.coach is not None:
            out += self.coach.summary()
        return out + self.records
