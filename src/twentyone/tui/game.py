"""The terminal game loop: people and bots at one table, round after round.

The loop only ever offers what ``legal_actions`` allows, applies a choice through the table's own
operations, and shows a refusal as the engine's typed message before asking again. Each person
sees the table through their own seat's view when it is their turn, so several people can share
one terminal at a pitch game without seeing each other's cards.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from rich.console import Console, RenderableType
from rich.text import Text

from twentyone.cards import Card
from twentyone.engine import views
from twentyone.engine.bots import Bot
from twentyone.engine.events import Kind
from twentyone.engine.records import Recording
from twentyone.engine.table import Action, Phase, Table
from twentyone.errors import ChipError, TableError
from twentyone.money import Cents, dollars
from twentyone.tui.narrate import Narrator
from twentyone.tui.prompt import Command, Extra, InputError, menu, parse
from twentyone.tui.render import TableView

#: Reads one line for a prompt (Rich markup); raises EOFError or KeyboardInterrupt to quit.
Ask = Callable[[str], str]
#: The odds for the hand to act in a seat's view, as lines to show: for a full shoe (None), or
#: for the shoe less the cards this seat has seen since the shuffle.
Hint = Callable[[views.TableView, Sequence[Card] | None], list[str]]


class Game:
    """One terminal session at ``table``: ``humans`` prompt, ``bots`` play by themselves."""

    def __init__(self, table: Table, *, humans: Sequence[int], bots: Mapping[int, Bot],
                 console: Console, ask: Ask | None = None, title: str = "",
                 hint: Hint | None = None, history: Path | None = None) -> None:
        self.table = table
        self.humans = list(humans)
        self.bots = dict(bots)
        self.console = console
        self.ask: Ask = ask or (lambda markup: console.input(markup))
        self.hint = hint
        self.history = history
        self.view = TableView(table.rules, title=title, bots=list(bots))
        #: One human narrates in their own view (their pitch cards by name); several humans on
        #: one terminal share the spectator's narration, which names nobody's hidden card.
        self.narrator_seat = self.humans[0] if len(self.humans) == 1 else views.SPECTATOR
        #: The person's own history goes to ``history``; the house's full record, which holds the
        #: shoe's order, is kept apart beside it (``h.jsonl`` -> ``h.house.jsonl``).
        self.house_record = (None if history is None
                             else history.with_name(f"{history.stem}.house{history.suffix}"))
        self.recording = (None if history is None
                          else Recording(table, [self.narrator_seat]))
        self.narrator = Narrator(table.rules)
        self.log: deque[str] = deque(maxlen=50)
        self._mark = 0
        self.notes: list[RenderableType] = []
        self.last_bet: dict[int, Cents] = {n: table.rules.min_bet for n in self.humans}
        #: Final chips of each person who has left, for the goodbye.
        self.left: dict[int, list[int]] = {}

    # --- the loop --------------------------------------------------------------------------

    def run(self) -> None:
        """Play until every person has left; Ctrl-D or Ctrl-C leaves cleanly at any prompt."""
        self._narrate()
        try:
            while self._seated_humans():
                if self.recording is not None:
                    self.recording.round_started()
                self._betting()
                if not self.table.can_deal():
                    if self._seated_humans():
                        self.notes.append(Text("Nobody bet; the dealer waits.", style="yellow"))
                    continue
                self._play_round()
                if self.recording is not None:
                    house, players = self.recording.round_ended()
                    self._write(house, players)
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            self._walk_away()
        if self.recording is not None:
            self._write(None, self.recording.close())
            self.console.print(f"Your hand history is in {self.history}; the house's full "
                               f"record in {self.house_record}, sealed "
                               f"{self.recording.seal or '(no rounds)'}. Check them with "
                               f"twentyone verify.", markup=False)
        self._goodbye()

    def _write(self, house: dict[str, object] | None, players: dict[int, dict[str, object]]
               ) -> None:
        """Append a round to the house's record and to the history of the person at the
        terminal (one person: their seat's view; several: the spectator's)."""
        assert self.history is not None and self.house_record is not None
        if house is not None:
            with self.house_record.open("a", encoding="utf-8") as f:
                f.write(json.dumps(house, separators=(",", ":")) + "\n")
        with self.history.open("a", encoding="utf-8") as f:
            f.write(json.dumps(players[self.narrator_seat], separators=(",", ":")) + "\n")

    def _seated_humans(self) -> list[int]:
        return [n for n in self.humans if n in self.table.seats]

    def _betting(self) -> None:
        """People first, then the bots, which bet the minimum only while someone is playing
        (a bet cannot be taken back, and nobody is watching a table of bots)."""
        t = self.table
        for seat in self._seated_humans():
            self._ask_bet(seat)
            self._narrate()
        if not self._seated_humans():
            return
        for seat in sorted(n for n in t.seats if n in self.bots):
            if t.can_bet(seat, t.rules.min_bet):
                t.bet(seat, t.rules.min_bet)
            else:
                t.colour_up(seat)
                t.leave(seat)  # a broke bot gets up
            self._narrate()

    def _ask_bet(self, seat: int) -> None:
        t = self.table
        while True:
            v = self._show(seat)
            last = self.last_bet.get(seat)
            text = self.ask(self.view.prompt(v, menu(Phase.BETTING, v.legal, last_bet=last)))
            try:
                cmd = parse(text, Phase.BETTING, v.legal, last_bet=last)
            except InputError as exc:
                self._error(str(exc))
                continue
            if cmd.what is Extra.SIT_OUT:
                return
            try:
                if cmd.what is Action.BET and cmd.amount is not None:
                    t.bet(seat, cmd.amount)
                    self.last_bet[seat] = cmd.amount
                    return
                if cmd.what is Action.COLOUR_UP:
                    t.colour_up(seat)
                    self._narrate()
                    continue
                if cmd.what is Action.LEAVE:
                    self._leave(seat)
                    return
            except (TableError, ChipError) as exc:
                self._error(str(exc))

    def _play_round(self) -> None:
        t = self.table
        t.deal()
        self._narrate()
        while t.phase is not Phase.BETTING:
            to_act = t.to_act
            assert to_act is not None
            seat = to_act[0]
            if seat in self.bots:
                self.bots[seat].act(t, seat)
            else:
                self._ask_action(seat)
            self._narrate()

    def _ask_action(self, seat: int) -> None:
        while True:
            v = self._show(seat)
            offer = self._insurance_offer(v) if v.phase is Phase.INSURANCE else None
            markup = menu(v.phase, v.legal, insurance=offer, hints=self.hint is not None)
            text = self.ask(self.view.prompt(v, markup))
            try:
                cmd = parse(text, v.phase, v.legal)
            except InputError as exc:
                self._error(str(exc))
                continue
            if isinstance(cmd.what, Extra):
                self._hint(v, cmd.what is Extra.SHOE_HINT)
                continue
            try:
                self._apply(seat, cmd)
                return
            except (TableError, ChipError) as exc:
                self._error(str(exc))

    def _insurance_offer(self, v: views.TableView) -> Cents | None:
        """What the insurance choice bets without an amount: half the bet, chip-rounded."""
        mine = _own_seat(v)
        if mine is None or not mine.hands:
            return None
        half = mine.hands[0].bet // 2
        return half - half % v.chip_values[0]

    def _apply(self, seat: int, cmd: Command) -> None:
        t = self.table
        what, amount = cmd.what, cmd.amount
        if what is Action.HIT:
            t.hit(seat)
        elif what is Action.STAND:
            t.stand(seat)
        elif what is Action.DOUBLE:
            t.double(seat, amount)
        elif what is Action.SPLIT:
            t.split(seat)
        elif what is Action.SURRENDER:
            t.surrender(seat)
        elif what is Action.INSURE:
            t.insure(seat, amount)
        elif what is Action.EVEN_MONEY:
            t.even_money(seat)
        elif what is Action.DECLINE:
            t.decline(seat)

    def _hint(self, v: views.TableView, shoe: bool) -> None:
        if self.hint is None:
            self._error("no odds at this table")
            return
        lines = self.hint(v, self._seen(v.viewer) if shoe else None)
        self.notes.append(Text("\n".join(lines), style="cyan"))

    def _seen(self, seat: int) -> list[Card]:
        """Every card ``seat`` has seen since the last shuffle (each physical card once: a
        pitch card is seen when dealt and again when turned). A refill from the discards starts
        the count again, as the cards seen are back in the shoe."""
        seen: dict[Card, None] = {}
        for e in views.visible_events(self.table, seat):
            if e.kind in (Kind.SHUFFLED, Kind.REFILLED):
                seen.clear()
            elif e.card is not None and e.kind in (Kind.DEALT, Kind.TURNED):
                seen[e.card] = None
        return list(seen)

    # --- leaving ---------------------------------------------------------------------------

    def _leave(self, seat: int) -> None:
        """Colour up (docs/dealing.md#colouring-up: always colour up!) and take the chips."""
        t = self.table
        t.colour_up(seat)
        self.left[seat] = list(t.leave(seat).events[-1].chips)
        for line in self._narrate():
            if not line.startswith(f"Seat {seat} leaves"):  # the goodbye shows the chips
                self.console.print(line, markup=False)

    def _walk_away(self) -> None:
        """Ctrl-D / Ctrl-C: between rounds everyone colours up and leaves; mid-round the chips
        on the layout stay in play and each person's stack is shown as it is."""
        if self.table.phase is Phase.BETTING:
            for seat in self._seated_humans():
                if Action.LEAVE in self.table.legal_actions(seat):
                    self._leave(seat)
        for seat in self._seated_humans():
            mine = _own_seat(views.view(self.table, seat))
            assert mine is not None
            self.left[seat] = list(mine.chips)
            in_play = sum(h.bet for h in mine.hands if not h.outcome) + mine.insurance
            if in_play:
                self.console.print(f"Seat {seat} walks away; {dollars(in_play)} stays on the "
                                   "layout.", markup=False)

    def _goodbye(self) -> None:
        for seat, chips in sorted(self.left.items()):
            line = Text(f"Seat {seat} leaves with ")
            line.append_text(self.view.stack(chips))
            self.console.print(line)

    # --- the screen ------------------------------------------------------------------------

    def _narrate(self) -> list[str]:
        """Bring the log up to date; returns the new lines."""
        events = views.visible_events(self.table, self.narrator_seat, self._mark)
        self._mark = len(self.table.log)
        lines = self.narrator.feed(events) + self.narrator.flush()
        self.log.extend(lines)
        return lines

    def _show(self, seat: int) -> views.TableView:
        """Draw the table as ``seat`` sees it, with any errors or odds since the last draw."""
        v = views.view(self.table, seat)
        shown = self.narrator.last_round(v)
        if self.console.is_terminal:
            self.console.clear()
        results = self.narrator.results() if shown is not v else None
        self.console.print(self.view.screen(shown, list(self.log), self.notes, results))
        self.notes = []
        return v

    def _error(self, message: str) -> None:
        self.notes.append(Text(f"✗ {message}", style="bold red"))


def _own_seat(v: views.TableView) -> views.SeatView | None:
    return next((s for s in v.seats if s.number == v.viewer), None)
