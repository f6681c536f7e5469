"""Pontoon at the terminal: a hot-seat game where people type and bots play.

Every seat is a player; one of them banks, marked on screen, and the bank passes visibly when a
player's natural takes it. Each decision shows only what that seat may see, through ``views``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from twentyone.cards import Card
from twentyone.engine.events import DEALER, Event, Kind
from twentyone.engine.table import Phase
from twentyone.engine.views import SPECTATOR, view, visible_events
from twentyone.errors import TableError
from twentyone.money import Cents, dollars
from twentyone.pontoon.auto import PontoonBot
from twentyone.pontoon.bots import BANKER_STRATEGIES, player_choice
from twentyone.pontoon.history import game_history
from twentyone.pontoon.table import PontoonKind, PontoonTable


def _cards(cards: tuple[Card | None, ...]) -> str:
    return " ".join("??" if c is None else str(c) for c in cards) or "-"


class PontoonGame:
    """A hot-seat Pontoon game: people type, bots play the plain player and reading banker."""

    def __init__(self, table: PontoonTable, humans: list[int], console: Console,
                 read: Callable[[str], str]) -> None:
        self.t = table
        self.humans = humans
        self.out = console
        self.read = read
        self._seen = 0

    def run(self, chips: int, history: Path | None) -> None:
        t = self.t
        for n in range(1, t.pontoon.players + 1):
            t.sit(n, chips * t.pontoon.chip)
        t.draw_for_bank()
        self._narrate()
        try:
            while self._round():
                pass
        except (EOFError, KeyboardInterrupt):
            self.out.print("\nThe game ends.")
        self._standings()
        if history is not None:
            history.write_text(json.dumps(game_history(t)), encoding="utf-8")
            self.out.print(f"Hand history written to {history}")

    # --- one deal ----------------------------------------------------------------------------

    def _round(self) -> bool:
        t = self.t
        self._standings()
        self._offer_bank()
        for n in t.players():
            if not t.can_bet(n, t.rules.min_bet):
                continue
            stake = self._ask_bet(n) if n in self.humans else t.rules.min_bet
            if stake:
                t.bet(n, stake)
        if not t.can_deal():
            self.out.print("Nobody bets.")
            return False
        t.deal()
        self._narrate()
        while t.phase is not Phase.BETTING:
            seat = t.to_act[0] if t.to_act else DEALER
            if seat in self.humans:
                self._human_turn(seat)
            else:
                PontoonBot(BANKER_STRATEGIES["reading"]).play(t)
            self._narrate()
        return True

    def _offer_bank(self) -> None:
        t = self.t
        b = t.banker
        if b is None or not t.entitled or b not in self.humans:
            return
        while True:
            answer = self.read(f"Seat {b}, the bank is yours: [k]eep, [g]ive SEAT, "
                               f"[s]ell SEAT CHIPS? ").strip().lower().split()
            try:
                if not answer or answer[0].startswith("k"):
                    return
                if answer[0].startswith("g") and len(answer) == 2:
                    t.give_bank(b, int(answer[1]))
                elif answer[0].startswith("s") and len(answer) == 3:
                    to, price = int(answer[1]), int(answer[2]) * t.pontoon.chip
                    if to in self.humans:
                        yes = self.read(f"Seat {to}, buy the bank for {dollars(price)}? [y/n] ")
                        if not yes.strip().lower().startswith("y"):
                            continue
                    else:
                        self.out.print(f"Seat {to} (a bot) does not buy banks.")
                        continue
                    t.sell_bank(b, to, price)
                else:
                    continue
            except (ValueError, TableError) as exc:
                self.out.print(f"[red]{exc}[/red]")
                continue
            self._narrate()
            return

    def _ask_bet(self, seat: int) -> Cents:
        t = self.t
        chip, limit = t.pontoon.chip, t.pontoon.limit
        while True:
            text = self.read(f"Seat {seat} ({dollars(t.bankroll(seat))}): bet how many chips, "
                             f"1-{limit} (0 sits out)? ").strip() or "1"
            try:
                n = int(text)
            except ValueError:
                continue
            if n == 0:
                return 0
            if t.can_bet(seat, n * chip):
                return n * chip
            self.out.print(f"[red]A bet is 1 to {limit} chips you hold.[/red]")

    def _human_turn(self, seat: int) -> None:
        t = self.t
        v = view(t, seat)
        self.out.print(f"  bank (seat {t.banker}): {_cards(v.dealer)}")
        if t.phase is Phase.DEALER:
            self._show_standing(seat)
            total = t.dealer.total
            choice = self.read(f"Seat {seat} banks, holding {total}: [h]it or [s]tand? ")
            if choice.strip().lower().startswith("h"):
                t.dealer_hit()
            else:
                t.dealer_stand()
            return
        to = t.to_act
        assert to is not None
        hv = next(s for s in v.seats if s.number == seat).hands[to[1]]
        options = ["[h]it", "[s]tand"]
        if t.can_double(seat):
            options.append("[d]ouble")
        if t.can_split(seat):
            options.append("s[p]lit")
        hint = player_choice(t.seats[seat].hands[to[1]].values, can_split=t.can_split(seat),
                             can_double=t.can_double(seat))
        answer = self.read(f"Seat {seat}: {_cards(hv.cards)} ({hv.total}) — "
                           f"{', '.join(options)}? (?={hint}) ").strip().lower()
        acts = {"h": t.hit, "s": t.stand, "d": t.double, "p": t.split}
        move = acts.get(answer[:1])
        if move is None:
            self.out.print("Type h, s, d or p.")
            return
        try:
            move(seat)
        except TableError as exc:
            self.out.print(f"[red]{exc}[/red]")

    def _show_standing(self, banker: int) -> None:
        v = view(self.t, banker)
        for s in v.seats:
            for h in s.hands:
                if h.outcome == "":
                    self.out.print(f"  seat {s.number} stands: {_cards(h.cards)}, "
                                   f"bet {dollars(h.bet)}")

    # --- what everyone sees ------------------------------------------------------------------

    def _narrate(self) -> None:
        for e in visible_events(self.t, SPECTATOR, self._seen):
            line = self._line(e)
            if line:
                self.out.print(line)
        self._seen = len(self.t.log)

    def _line(self, e: Event) -> str:
        who = "the bank" if e.seat == DEALER else f"seat {e.seat}"
        card = "a card face down" if e.card is None else str(e.card)
        if e.kind is Kind.DEALT:
            return (f"  {who} is dealt {card}" if e.note == "" else f"  for the bank: {who} "
                    f"turns {card}")
        if e.kind is PontoonKind.BANK_CHANGED:
            return f"[bold yellow]★ Seat {e.seat} takes the bank ({e.note}).[/bold yellow]"
        if e.kind is Kind.BURNED:
            return f"  The pack is shuffled and cut; {card} is burned face up to the bottom."
        if e.kind is Kind.REFILLED:
            return "  The burned card is reached: shuffle and cut again."
        if e.kind is Kind.TURNED:
            return f"  {who} turns up {card}"
        if e.kind is Kind.SETTLED:
            verb = "collects" if e.amount > 0 else "pays"
            return f"  {who} {verb} {dollars(abs(e.amount))} ({e.note})"
        if e.kind in (Kind.DEALER_STOOD, Kind.DEALER_BUSTED):
            return f"  the bank {'busts' if e.kind is Kind.DEALER_BUSTED else 'stands'} " \
                   f"on {e.amount}"
        if e.kind is Kind.PEEKED and e.note == "blackjack":
            return "  The bank has a natural!"
        return ""

    def _standings(self) -> None:
        t = self.t
        parts = [f"{'[bold]★' if n == t.banker else ''}seat {n}: {dollars(t.bankroll(n))}"
                 f"{'[/bold]' if n == t.banker else ''}" for n in sorted(t.seats)]
        self.out.print(" | ".join(parts))
