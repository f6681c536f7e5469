"""The chip tables' part of the one terminal session (``tui.seat.SeatSession``): what a chip
game's manners read of the game, what the typed-line app draws, and the casino game's manners.
The Textual app (``tui.app``) only draws a session and hands it lines, so every rule of play is
testable without a screen, and the screen holds no state of the game.

A chip table reads the flow of play from ``seat_view`` (the context's phase and whose turn, the
body's seats and chips, ``ChipSeats``), makes every move of the people (bets, plays, colouring
up, buying in, the deal, the call-off) as the game's own operation (read by its word), offers
only what ``legal`` holds, shows a refusal as the game's typed message and narrates the game's
``events``; the session applies every move. Its bots are the registry's (``TableEntry.levels``),
each choosing from its own seat's view among the legal operations (``chip_mover``).

The casino's manners (``CasinoManners``, the house-banks kind): between rounds each person bets
in dollars (or re-buys, or colours up and leaves), the bots bet the minimum, the house deals;
in a round the person to act types a play. Quitting mid-round calls the round off (the game's
``void``): every bet on the layout goes back. A coach (``Coaching``, ``play --coach``) beside the
one person is told each of their plays and each round's end; its lines join the log, and its
count checks are asked between rounds.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from twentyone.cards import Card
from twentyone.engine import views
from twentyone.engine.events import Event, event_from_json
from twentyone.engine.table import Action, Phase
from twentyone.errors import TwentyOneError
from twentyone.games.chipgame import ChipGame, TableBot
from twentyone.games.registry import TableEntry
from twentyone.money import Cents, dollars, parse_dollars
from twentyone.protocol import HOUSE, View
from twentyone.tui.felt import table_view
from twentyone.tui.narrate import Narrator
from twentyone.tui.prompt import AMOUNTS, Extra, InputError, menu, parse
from twentyone.tui.render import TableView
from twentyone.tui.seat import Ask, Manners, Move, Mover, SeatSession

#: The odds for the decision in a seat's view, as lines to show: for a full shoe (None), or
#: for the shoe less the cards this seat has seen since the shuffle.
Hint = Callable[[views.TableView, Sequence[Card] | None], list[str]]


def chip_mover(bot: TableBot) -> Mover:
    """A chip game's bot at its seat: it chooses from its seat's body among its legal moves."""
    def move(view: View) -> Any:
        return bot.choose(view.body, view.legal)

    return move


class ChipSeats:
    """What a chip game's manners read of the game, through the session only: the context
    (phase, whose turn), the house's body (who sits, with what), an operation read by its word,
    and whether it would be taken."""

    def __init__(self, game: ChipGame, session: SeatSession[Any]) -> None:
        self.game = game
        self.seat = session

    def phase(self) -> Phase:
        return Phase(self.seat.view(HOUSE).ctx.phase)

    def to_act(self) -> int | None:
        return self.seat.view(HOUSE).ctx.to_act

    def round(self) -> int:
        return self.seat.view(HOUSE).ctx.hand

    def body(self) -> Mapping[str, Any]:
        return self.seat.view(HOUSE).body

    def seats(self) -> dict[int, Mapping[str, Any]]:
        """Every seat taken now, by number (the body's chips are the seats' chips now, even
        between rounds, when its hands are the round just settled's)."""
        return {int(s["number"]): s for s in self.body()["seats"]}

    def bankroll(self, seat: int) -> Cents:
        return int(self.seats()[seat]["bankroll"])

    def has_bet(self, seat: int) -> bool:
        """``seat`` has a hand on the layout now (a bet placed, or a round in play)."""
        return not self.body()["settled"] and bool(self.seats()[seat]["hands"])

    def op(self, word: str, seat: int | None = None, **fields: object) -> Any:
        """An operation of the game, read by its word as a record or a request is
        (``Game.operation``)."""
        data: dict[str, object] = {"op": word, **({} if seat is None else {"seat": seat}),
                                   **fields}
        return self.game.operation(data)

    def move(self, word: str, seat: int | None = None, *,
             then: Callable[[], None] | None = None, **fields: object) -> Move:
        """The operation as a move for the session to apply (a refusal raises the game's typed
        error there and changes nothing)."""
        return Move(self.op(word, seat, **fields), then)

    def can(self, word: str, seat: int | None = None, **fields: object) -> bool:
        """The game would take the operation now (``verify``; nothing changes)."""
        return self.seat.refusal(self.op(word, seat, **fields)) is None

    def house_may(self, word: str) -> bool:
        """The house's step ``word`` (the deal) is legal now."""
        return any(op.name == word for op in self.seat.legal(HOUSE))

    def table_view(self, seat: int) -> views.TableView:
        """``seat``'s ``seat_view`` as the view the felt and the prompts read."""
        return table_view(self.seat.view(seat))

    def events(self, events: list[dict[str, Any]]) -> list[Event]:
        """The game's events (as a seat may see them) read back as events."""
        kinds = self.game.event_kinds
        return [event_from_json(e, kinds) for e in events]


class ChipManners(Manners, Protocol):
    """A chip table's manners, as the typed-line app (``tui.app.TableApp``) draws them: the
    felt for the seat shown, each seat's name, the dealer's, and the coach if one sits."""

    title: str
    coach: Coaching | None
    #: The odds at ``?`` (the casino's; prepared once the chart is solved, in the app).
    hint: Hint | None

    def screen_view(self) -> views.TableView: ...
    def seat_label(self, seat: int) -> str: ...
    def dealer_name(self) -> str: ...
    def toggle_coach(self) -> None: ...


@dataclass(frozen=True, slots=True)
class ChipSeating:
    """A chip table as the command line seats it, what its manners are made from
    (``tui.manners``, by the entry's kind): the game, its entry, the people's seats, and what
    each kind of table asks of them (the other kind leaves these unread)."""

    game: ChipGame
    entry: TableEntry
    humans: Sequence[int]
    #: The casino game: the usual buy-in and re-buy, the odds at ``?``, the title, the coach.
    stake: Cents = 100_000
    hint: Hint | None = None
    title: str = ""
    coach: Coaching | None = None
    #: Where the records go (``--history``).
    history: Path | None = None
    #: A table where a player banks: each seat's buy-in in chips, and who banks first.
    chips: int = 0
    first_banker: int | None = None


class Coaching(Protocol):
    """The coach beside the one person at a casino table (``train.seat.TableCoach``, handed in
    by the command line): the session tells it each play before and after the game takes
    it, and each round's end; it gives lines for the log, and between rounds a count check
    to ask."""

    seat: int
    warnings: bool
    lines: list[str]
    checking: bool

    def prepare(self) -> None: ...
    def before(self, game: ChipGame, v: views.TableView, action: object,
               amount: Cents | None = None) -> object | None: ...
    def played(self, pending: Any) -> None: ...
    def toggle(self) -> str: ...
    def round_over(self, game: ChipGame) -> None: ...
    def check_choices(self) -> str: ...
    def answer(self, text: str) -> str | None: ...
    def keep(self, cents: Cents, chips: dict[str, int]) -> None: ...
    def summary(self) -> list[str]: ...


#: Said once a round in play is called off as people leave.
CALLED_OFF = "The round is called off: every bet on the layout goes back."


class CasinoManners:
    """The casino game's manners: people bet in dollars and play, bots bet the minimum and
    play their seat's view, and ``stake`` is a buy-in (and the usual re-buy)."""

    def __init__(self, seating: ChipSeating) -> None:
        self.game = game = seating.game
        self.humans = list(seating.humans)
        self.hint = seating.hint
        self.stake = seating.stake
        self.title = seating.title
        self.narration = Narrator(game.rules)
        #: One human narrates in their own view; several share the spectator's narration.
        self.narrator = self.humans[0] if len(self.humans) == 1 else HOUSE
        self.last_bet: dict[int, Cents] = {n: game.rules.min_bet for n in self.humans}
        #: What each person has bought in for (the first buy-in and re-buys), for the goodbye.
        self.bought: dict[int, Cents] = {}
        self._queue: list[int] | None = None
        #: The bots' bets, made one at a time; once they are made the house deals (or waits,
        #: when nobody bet).
        self._pending: list[Move] = []
        self._dealing = False
        #: The person's own history goes to ``history``, one line a round; the house's full
        #: record, which holds the shoe's order, is kept apart beside it (``h.jsonl`` ->
        #: ``h.house.jsonl``). docs/casino.md#fair-play-and-records
        history = seating.history
        self.history = history
        self.house_record = (None if history is None
                             else history.with_name(f"{history.stem}.house{history.suffix}"))
        self.recording = None if history is None else game.recording([self.narrator])
        #: Where the records went and their seals, once the game is over: said at the table and
        #: again when it closes, the only place a player hears the seals to compare with.
        self.records: list[str] = []
        #: The coach beside the one person at the table, if asked for (``Coaching``).
        self.coach = seating.coach

    def bind(self, session: SeatSession[Any]) -> None:
        self.session = session
        self.at = ChipSeats(self.game, session)
        seated = self.at.seats()
        self.bought = {n: int(seated[n]["bankroll"]) for n in self.humans if n in seated}

    # --- the flow between the bots' moves ----------------------------------------------------

    def start(self) -> Iterator[Move]:
        return iter(())

    def seated_humans(self) -> list[int]:
        seated = self.at.seats()
        return [n for n in self.humans if n in seated]

    def next(self) -> Ask | Move | None:
        """Between rounds: each person bets (or the coach checks the count), then the bots
        bet and the house deals; in a round, the person to act is asked."""
        at = self.at
        if self._pending:
            return self._pending.pop(0)
        if not self.seated_humans():
            self._record(closing=True)
            return None
        if at.phase() is not Phase.BETTING:
            seat = at.to_act()
            assert seat is not None
            return self._play_ask(seat)
        if self._dealing:
            self._dealing = False
            if at.house_may("deal"):
                return Move(self.session.deal_op())
            self.session.notes.append("Nobody bet; the dealer waits.")
        if self._queue is None:
            self._record()
            self._queue = self.seated_humans()
            if self.coach is not None:
                self.coach.round_over(self.game)
                self._coach_says()
        seated = at.seats()
        self._queue = [n for n in self._queue if n in seated]
        if self.coach is not None and self.coach.checking:
            return Ask(self.coach.seat, f"[bold cyan]Seat {self.coach.seat}[/]",
                       self.coach.check_choices())
        if self._queue:
            return self._bet_ask(self._queue[0])
        self._queue = None
        self._dealing = True
        self._pending = self._bots_bet()
        return self.next()

    def _bots_bet(self) -> list[Move]:
        """Bots bet the minimum only while someone is playing; a broke bot gets up."""
        at = self.at
        least = self.game.rules.min_bet
        moves = []
        for seat in sorted(n for n in at.seats() if n in self.session.bots):
            if at.can("bet", seat, amount=least):
                moves.append(at.move("bet", seat, amount=least))
            else:
                moves += [at.move("colour_up", seat), at.move("leave", seat)]
        return moves

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
            self._write(self.history, players[self.narrator])
        if closing:
            self.recording = None  # the game is over: nothing more is recorded
            self._write(self.history, rec.close()[self.narrator])
            self.records = [
                f"Your hand history is in {self.history}, sealed "
                f"{rec.player_seal(self.narrator)}.",
                f"The house's record is in {self.house_record}, sealed "
                f"{rec.seal or '(no rounds: nothing was written)'}.",
                "Check them with twentyone verify: each must show the seal given here."]
            self.session.log.extend(self.records)
        else:
            rec.round_started()

    @staticmethod
    def _write(path: Path | None, line: dict[str, object]) -> None:
        assert path is not None
        with path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(line, separators=(",", ":")) + "\n")

    # --- a person's answer -------------------------------------------------------------------

    def answer(self, ask: Ask, text: str) -> Iterator[Move]:
        """One line typed at the prompt."""
        if self.coach is not None and self.coach.checking:
            wrong = self.coach.answer(text)
            if wrong is not None:
                self._error(wrong)
            self._coach_says()
        elif self.at.phase() is Phase.BETTING:
            yield from self._submit_bet(ask.seat, text)
        else:
            yield from self._submit_play(ask.seat, text)

    def _submit_bet(self, seat: int, text: str) -> Iterator[Move]:
        at = self.at
        words = text.strip().lower().split()
        broke = not at.has_bet(seat) and at.bankroll(seat) < self.game.rules.min_bet
        if (words and words[0] in ("buy", "rebuy", "re-buy")) or (broke and not words):
            yield from self._rebuy(seat, words[1:])
            return
        v = at.table_view(seat)
        last = self.last_bet.get(seat)
        try:
            cmd = parse(text, Phase.BETTING, v.legal, last_bet=last)
        except InputError as exc:
            self._error(str(exc))
            return
        if cmd.what is Extra.SIT_OUT:
            self._done_betting(seat)
        elif cmd.what is Action.BET and cmd.amount is not None:
            yield self._do(seat, Action.BET, cmd.amount)
            self.last_bet[seat] = cmd.amount
            self._done_betting(seat)
        elif cmd.what is Action.COLOUR_UP:
            yield self._do(seat, Action.COLOUR_UP)
        elif cmd.what is Action.LEAVE:
            yield from self._leave(seat)
        elif isinstance(cmd.what, Extra):
            self._error("the odds are for a hand in play; bet first")

    def _done_betting(self, seat: int) -> None:
        if self._queue and self._queue[0] == seat:
            self._queue.pop(0)

    def _rebuy(self, seat: int, rest: list[str]) -> Iterator[Move]:
        """Buy more chips (between rounds): the seat's chips are counted and a fresh buy-in
        of their value plus ``AMOUNT`` is sat down with."""
        at = self.at
        try:
            amount = parse_dollars(rest[0]) if rest else self.stake
        except ValueError as exc:
            self._error(str(exc))
            return
        if amount <= 0 or len(rest) > 1:
            self._error("buy takes one positive amount, e.g. buy 500")
            return
        if at.has_bet(seat):
            self._error("buy chips before you bet")
            return
        have = at.bankroll(seat)
        yield self._do(seat, Action.LEAVE)
        yield at.move("sit", seat, bankroll=have + amount)
        self.bought[seat] = self.bought.get(seat, 0) + amount
        self.session.notes.append(f"Seat {seat} buys {dollars(amount)} more in chips.")
        if self.coach is not None and seat == self.coach.seat:
            self._coach_keeps(seat)

    def _coach_keeps(self, seat: int) -> None:
        """The coach's profile keeps the seat's chips as they are now."""
        assert self.coach is not None
        mine = self.at.seats()[seat]
        self.coach.keep(int(mine["bankroll"]), self.game.chipset.by_colour(mine["chips"]))

    def _submit_play(self, seat: int, text: str) -> Iterator[Move]:
        v = self.at.table_view(seat)
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
                pending = self.coach.before(self.game, v, cmd.what, cmd.amount)
            except TwentyOneError:  # a hand the solver cannot price: played, not judged
                pending = None
        yield self._do(seat, cmd.what, cmd.amount)
        if self.coach is not None and pending is not None:
            with suppress(TwentyOneError):  # as above: the play stands, unjudged
                self.coach.played(pending)

    def _coach_lines(self) -> list[str]:
        """The coach's new lines, for the log; they go in the notes by the prompt too (where
        a player's eyes are); nothing waits for them."""
        if self.coach is None or not self.coach.lines:
            return []
        lines = self.coach.lines
        self.session.notes.extend(lines)
        self.coach.lines = []
        return list(lines)

    def _coach_says(self) -> None:
        self.session.log.extend(self._coach_lines())

    def toggle_coach(self) -> None:
        """F3: the coach's warnings off or on."""
        if self.coach is None:
            self._error("no coach at this table: play --coach sits one beside you")
            return
        self.session.notes.append(self.coach.toggle())

    def _why_not(self, seat: int, what: Action) -> str | None:
        """The game's own reason ``seat`` may not ``what`` now (None: no reason to give)."""
        try:
            refusal = self.session.refusal(self.at.op(what.value.replace("-", "_"), seat))
        except (TwentyOneError, KeyError, ValueError, TypeError):
            return None
        return None if refusal is None else str(refusal)

    def _do(self, seat: int, what: Action, amount: Cents | None = None) -> Move:
        """``seat``'s choice as the game's own operation, read by its word as a record or a
        request is (``Game.operation``: an amount only where the operation takes one)."""
        fields: dict[str, object] = {"amount": amount} if what in AMOUNTS else {}
        return Move(self.at.op(what.value.replace("-", "_"), seat, **fields))

    def _hint(self, v: views.TableView, shoe: bool) -> None:
        if self.hint is None:
            self._error("no odds at this table")
            return
        self.session.notes.extend(self.hint(v, self.game.seen_cards(v.viewer) if shoe else None))

    # --- prompts -----------------------------------------------------------------------------

    def _bet_ask(self, seat: int) -> Ask:
        at = self.at
        v = at.table_view(seat)
        last = self.last_bet.get(seat)
        choices = menu(Phase.BETTING, v.legal, last_bet=last)
        bankroll = at.bankroll(seat)
        if bankroll < self.game.rules.min_bet:
            choices = (f"[bold]buy[/] AMOUNT re-buy (Enter: {dollars(self.stake)}) · "
                       "[bold]q[/] colour up and leave")
        about = f"[bold cyan]Seat {seat}[/] ({dollars(bankroll)})"
        return Ask(seat, about, choices)

    def _play_ask(self, seat: int) -> Ask:
        v = self.at.table_view(seat)
        mine = next(s for s in v.seats if s.number == seat)
        offer = None
        if v.phase is Phase.INSURANCE and mine.hands:
            half = mine.hands[0].bet // 2
            offer = half - half % v.chip_values[0]
        rules = self.game.rules
        choices = menu(v.phase, v.legal, insurance=offer, hints=self.hint is not None,
                       double_for_less=rules.double_for_less)
        about = TableView(rules).about(v)
        return Ask(seat, about, choices)

    # --- what the screen shows ---------------------------------------------------------------

    def screen_view(self) -> views.TableView:
        """The felt: the game's ``seat_view`` for the seat shown (the round in play, or between
        rounds the one just settled)."""
        return self.at.table_view(self.session.viewer())

    def dealer_name(self) -> str:
        return "Dealer"

    def seat_label(self, seat: int) -> str:
        if seat == self.session.viewer() and seat in self.humans:
            return f"Seat {seat} (you)"
        if seat in self.session.bots:
            return f"Seat {seat} (bot)"
        return f"Seat {seat}"

    def narrate(self, events: list[dict[str, Any]]) -> list[str]:
        """The events in the casino's words (``tui.narrate``), then the coach's lines."""
        lines = [*self.narration.feed(self.at.events(events)), *self.narration.flush()]
        return lines + self._coach_lines()

    def _error(self, message: str) -> None:
        self.session.notes.append(f"✗ {message}")

    # --- leaving -------------------------------------------------------------------------------

    def _leave(self, seat: int) -> Iterator[Move]:
        """Colour up (docs/dealing.md#colouring-up) and take the chips."""
        yield self._do(seat, Action.COLOUR_UP)
        self.session.left[seat] = list(self.at.seats()[seat]["chips"])  # what it takes
        if self.coach is not None and seat == self.coach.seat:
            self._coach_keeps(seat)
        yield self._do(seat, Action.LEAVE)

    def interrupt(self) -> Iterator[Move]:
        """Ctrl-C, a closed terminal, or quitting mid-round: a round in progress is called off
        (every bet on the layout goes back), then every person colours up and leaves."""
        if self.at.can("void"):
            yield self.at.move("void", then=lambda: self.session.log.append(CALLED_OFF))
        self._record(closing=True)
        for seat in self.seated_humans():
            yield from self._leave(seat)

    def goodbye(self) -> list[str]:
        out = []
        chipset = self.game.chipset
        for seat, chips in sorted(self.session.left.items()):
            value = chipset.value(chips)
            spent = self.bought.get(seat, value)
            net = value - spent
            sign = "+" if net >= 0 else "-"
            out.append(f"Seat {seat} leaves with {dollars(value)} in "
                       f"{chipset.describe(chips) if any(chips) else 'no chips'} "
                       f"({sign}{dollars(abs(net))} on {dollars(spent)} bought in).")
        if self.coach is not None:
            out += self.coach.summary()
        return out + self.records
