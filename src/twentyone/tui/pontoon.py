"""Pontoon at the terminal: a hot-seat game where people type and bots play.

Every seat is a player; one of them banks, marked on screen, and the bank passes visibly when a
player's natural takes it. Each decision shows only what that seat may see, its ``seat_view``.
Like the casino session, it plays through the one game protocol only (``tui.session.ChipSeats``):
the flow of play from the context and the body (who banks, the bank's offer), every move (the
draw for the bank, bets, the bank's offers, the players' and the banker's plays, the call-off)
the game's own operation applied through ``apply``, the log from the game's ``events``; its bots
and the advice at ``?`` are the registry's best level (``TableEntry.levels``), choosing from the
seat's own view; its record is the registry's (``TableEntry.record``). Ending the game mid-deal
calls the deal off, so every chip on the layout (a bot's too) goes back to its owner.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import Any

from twentyone.cards import hand_total
from twentyone.engine import views
from twentyone.engine.events import Event, Kind
from twentyone.engine.table import Action, Phase
from twentyone.errors import TableError
from twentyone.games.chipgame import ChipGame
from twentyone.games.history import record_seal
from twentyone.games.registry import TableEntry
from twentyone.money import dollars
from twentyone.protocol import HOUSE
from twentyone.tui.prompt import shorten
from twentyone.tui.session import Ask, ChipSeats

#: Letters for a player's choices, and the operations they are.
MOVES = {"h": Action.HIT, "s": Action.STAND, "d": Action.DOUBLE, "p": Action.SPLIT}
VERBS: dict[StrEnum, str] = {Kind.HIT: "hits", Kind.STOOD: "stands", Kind.DOUBLED: "doubles",
                             Kind.SPLIT: "splits"}
WORDS = {Action.HIT: "hit", Action.STAND: "stand", Action.DOUBLE: "double", Action.SPLIT: "split"}
#: Events about one hand: after a split, their line names the hand.
HANDS = (Kind.DEALT, Kind.TURNED, Kind.HIT, Kind.STOOD, Kind.DOUBLED, Kind.SETTLED)
#: The bank's own events, by their words (``PontoonKind``'s, read from the game's ``events``).
BANK_CHANGED, BANK_OFFERED, BANK_REFUSED = "bank-changed", "bank-offered", "bank-refused"
#: How a settlement is said in Pontoon's words (docs/pontoon.md#naturals: the banker's natural is
#: a pontoon, not a dealer's blackjack).
SETTLED = {"dealer blackjack": "the bank's pontoon", "lose": "lost"}


class PontoonSession:
    """A hot-seat Pontoon game: ``humans`` type, the other seats are bots (plain players, and
    the reading banker when they bank). ``chips`` is each seat's buy-in in chips."""

    def __init__(self, game: ChipGame, entry: TableEntry, humans: list[int], *, chips: int,
                 history: Path | None = None, first_banker: int | None = None) -> None:
        self.game = game
        self.entry = entry
        self.at = ChipSeats(game, humans)
        self.seat = self.at.seat
        rules = game.rules
        #: What one chip is worth, the most a player may bet in chips, and the players.
        self.chip = rules.min_bet
        self.limit = rules.max_bet // rules.min_bet
        self.players = rules.seats
        self.humans = humans
        self.chips = chips
        self.history = history
        #: The seat the players agreed banks first (``--banker``), else whoever the draw finds.
        self.first_banker = first_banker
        self.title = entry.title
        self.log: list[str] = []
        self.notes: list[str] = []
        self.ask: Ask | None = None
        self.done = False
        self._mark = 0
        self._queue: list[int] | None = None
        self._bank_offered = False
        self._last_viewer = humans[0]
        #: What the person asked is answering: "bank", "bet" or "play".
        self._asking = ""
        #: Every bot's play, and the advice a person is given: the game's usual bot.
        self._bot = entry.levels[entry.best](rules)
        self.start_chips: dict[int, int] = {}
        #: The last deal a person who banks has seen settled on the felt: the bots bet without
        #: them, so without a pause the next deal would follow at once.
        self._reviewed = 0
        #: Who banked each deal, for the felt's header while a settled deal is shown.
        self._bankers: dict[int, int] = {}
        #: Seats that split this deal: the log names their hands ("Seat 2 hand 1 collects").
        self._split: set[int] = set()

    def start(self) -> None:
        at = self.at
        for n in range(1, self.players + 1):
            self._do("sit", n, bankroll=self.chips * self.chip)
            self.start_chips[n] = at.bankroll(n)
        self.log.append("The first banker: the pack is dealt face up round the table from "
                        "seat 1 until a black jack (J♠ or J♣) falls; that player banks.")
        self._do("draw_for_bank")
        agreed = self.first_banker
        drawn = self._banker()
        if agreed is not None and drawn != agreed:
            # docs/pontoon.md#choosing-the-first-banker: the draw is the custom; players may
            # agree otherwise, so the drawn banker gives the bank to the seat agreed on.
            self._narrate()
            self.log.append(f"As the players agreed, seat {drawn} gives the bank to seat "
                            f"{agreed}.")
            self._do("offer_bank", drawn, to=agreed, price=0)
            self._do("accept_bank", agreed)
        self._advance()

    # --- driving the table -------------------------------------------------------------------

    def _banker(self) -> int | None:
        """The seat holding the bank now (None before the draw for the first banker)."""
        banker = self.at.body()["banker"]
        return None if banker is None else int(banker)

    def _offer(self) -> Mapping[str, Any] | None:
        """The bank's standing offer (from, to, price), if one is open."""
        offer: Mapping[str, Any] | None = self.at.body()["bank_offer"]
        return offer

    def _advance(self) -> None:
        at = self.at
        self._narrate()
        self.ask = None
        while not self.done:
            if at.phase() is Phase.BETTING:
                b = self._banker()
                assert b is not None
                deal = at.round()
                last = self._bankers.get(deal)
                if last in self.humans and self._reviewed < deal and self._queue is None:
                    self.ask = self._review_ask(last)
                    return
                offer = self._offer()
                if offer is not None and offer["to"] in self.humans:
                    self.ask = self._offer_ask(int(offer["to"]))
                    return
                if not self._bank_offered and b in self.humans and _bank_may_change(at, b):
                    self.ask = self._bank_ask(b)
                    return
                if self._queue is None:
                    self._queue = [n for n in _left_of(b, sorted(at.seats()))
                                   if at.can("bet", n, amount=self.chip)]
                while self._queue and self._queue[0] not in self.humans:
                    n = self._queue.pop(0)
                    self._do("bet", n, amount=self.chip)
                    self._narrate()
                if self._queue:
                    self.ask = self._bet_ask(self._queue[0])
                    return
                self._queue = None
                if not at.house_may("deal"):
                    self.log.append("Nobody bets: the game ends.")
                    self._finish()
                    return
                self._do("deal")
                self._bank_offered = False
                self._narrate()
                continue
            seat = at.to_act()
            if seat in self.humans:
                self.ask = self._play_ask(seat)
                return
            assert seat is not None, "a deal in play waits for a seat"
            self.seat.play(self._choice(seat))
            self._narrate()

    def _choice(self, seat: int) -> Any:
        """What the game's usual bot plays at ``seat`` now, from that seat's view only."""
        seen = self.seat.view(seat)
        return self._bot.choose(seen.body, seen.legal)

    def submit(self, text: str) -> None:
        self.notes = []
        ask = self.ask
        if ask is None:
            return
        words = text.strip().lower().split()
        phase = self.at.phase()
        try:
            if self._asking == "review":
                if words and words[0] in ("q", "quit", "end"):
                    self.interrupt()
                self._reviewed = self.at.round()
            elif self._asking == "bank":
                self._answer_bank(ask.seat, words)
            elif self._asking == "offer":
                self._answer_offer(ask.seat, words)
            elif phase is Phase.BETTING:
                self._answer_bet(ask.seat, words)
            elif phase is Phase.DEALER:
                self._answer_banker(words)
            else:
                self._answer_play(ask.seat, words)
        except TableError as exc:
            self.notes.append(f"✗ {exc}")
        self._advance()

    def _answer_bank(self, seat: int, words: list[str]) -> None:
        """The banker keeps the bank, or offers it (as a gift or for chips) to another player,
        who answers next: a bot takes a gift and declines a sale."""
        if not words or words[0] in ("k", "keep"):
            self._bank_offered = True
            return
        if words[0] in ("g", "give") and len(words) == 2 and words[1].isdigit():
            to, price = int(words[1]), 0
        elif words[0] in ("s", "sell") and len(words) == 3 and words[1].isdigit() \
                and words[2].isdigit():
            to, price = int(words[1]), int(words[2]) * self.chip
            if not price:
                self.notes.append(f"✗ a sale is for at least one chip; g {to} gives the bank "
                                  "away")
                return
        else:
            self.notes.append("✗ k keeps the bank, g SEAT gives it, s SEAT CHIPS sells it")
            return
        self._do("offer_bank", seat, to=to, price=price)
        self._narrate()
        if to in self.humans:
            return  # asked next (``_advance``)
        if price:
            self._do("decline_bank", to)
            self.notes.append(f"✗ seat {to} is a bot, and bots do not buy banks")
        else:
            self._do("accept_bank", to)
            self._bank_offered = True

    def _answer_offer(self, seat: int, words: list[str]) -> None:
        """The player offered the bank accepts it (paying any price) or declines it; after a
        decline the banker is asked again."""
        if words and words[0] in ("a", "accept", "y", "yes"):
            self._do("accept_bank", seat)
            self._bank_offered = True
        elif words and words[0] in ("d", "decline", "n", "no"):
            self._do("decline_bank", seat)
        else:
            self.notes.append("✗ a accepts the bank, d declines it")

    def _answer_bet(self, seat: int, words: list[str]) -> None:
        if words and words[0] in ("q", "quit", "end"):
            self.interrupt()
            return
        text = words[0] if words else "1"
        if not text.isdigit():
            self.notes.append(f"✗ {shorten(text)!r}: type how many chips, 1 to "
                              f"{self.limit} (0 sits out, q ends the game)")
            return
        n = int(text)
        if n:
            self._do("bet", seat, amount=n * self.chip)
        if self._queue and self._queue[0] == seat:
            self._queue.pop(0)

    def _answer_banker(self, words: list[str]) -> None:
        if words and words[0] in ("?", "??"):
            self.notes.append(self._banker_advice())
            return
        if words and words[0] in ("h", "hit"):
            self._do("dealer_hit")
        elif words and words[0] in ("s", "stand"):
            self._do("dealer_stand")
        else:
            self.notes.append("✗ the banker decides: h to hit, s to stand (? for advice)")

    def _answer_play(self, seat: int, words: list[str]) -> None:
        legal = self.at.table_view(seat).legal
        if words and words[0] in ("?", "??"):
            self.notes.append(self._player_advice(seat))
            return
        action = MOVES.get(words[0][:1]) if words else None
        if action is None or action not in legal:
            letters = ", ".join(k for k, a in MOVES.items() if a in legal)
            self.notes.append(f"✗ type {letters}, or ? for advice")
            return
        self._do(action.value, seat)

    def _do(self, op: str, seat: int | None = None, **fields: object) -> None:
        """An operation of the game, read by its word as a record or a request is
        (``Game.operation``), applied through the protocol; a refusal raises the game's typed
        error and changes nothing."""
        self.at.do(op, seat, **fields)

    # --- advice ------------------------------------------------------------------------------

    def _player_advice(self, seat: int) -> str:
        choice = self._choice(seat).name
        return (f"Advice: {choice}. Ties pay the banker, so draw to 17 (soft 18); double 10 or "
                "11; split aces and eights; with four cards draw to 14 for the five-card trick.")

    def _banker_advice(self) -> str:
        """What the reading banker would do here, from what the banker sees (its own cards, the
        standing hands' face-up cards, the cards not yet seen), and why."""
        banker = self._banker()
        assert banker is not None
        own = [c.value for c in self.at.table_view(banker).dealer if c is not None]
        total, _ = hand_total(tuple(own))
        play = "hit" if self._choice(banker).name == "dealer_hit" else "stand"
        return (f"Advice: {play} on {total}. Weighing the hands still standing by the cards they "
                "show: ties pay the banker, and a bust pays every hand still standing.")

    # --- prompts -----------------------------------------------------------------------------

    def _review_ask(self, seat: int) -> Ask:
        self._last_viewer = seat
        self._asking = "review"
        return Ask(seat, f"[bold cyan]Seat {seat}[/], deal {self.at.round()} is settled",
                   "Enter deals the next · [bold]q[/] ends the game")

    def _bank_ask(self, seat: int) -> Ask:
        self._last_viewer = seat
        self._asking = "bank"
        return Ask(seat, f"[bold cyan]Seat {seat}[/], the bank is yours",
                   "[bold]k[/] keep (Enter) · [bold]g[/] SEAT give it · "
                   "[bold]s[/] SEAT CHIPS sell it")

    def _offer_ask(self, seat: int) -> Ask:
        offer = self._offer()
        assert offer is not None
        self._last_viewer = seat
        self._asking = "offer"
        what = f"for {dollars(offer['price'])}" if offer["price"] else "as a gift"
        return Ask(seat, f"[bold cyan]Seat {seat}[/], seat {offer['from']} offers you the bank "
                   f"{what}", "[bold]a[/] accept · [bold]d[/] decline")

    def _bet_ask(self, seat: int) -> Ask:
        self._last_viewer = seat
        self._asking = "bet"
        return Ask(seat, f"[bold cyan]Seat {seat}[/] ({dollars(self.at.bankroll(seat))})",
                   f"bet how many chips, 1-{self.limit} (Enter: 1) · [bold]0[/] sits out"
                   " · [bold]q[/] ends the game")

    def _play_ask(self, seat: int) -> Ask:
        self._last_viewer = seat
        self._asking = "play"
        v = self.at.table_view(seat)
        if v.phase is Phase.DEALER:
            total = v.dealer_total
            return Ask(seat, f"[bold cyan]Seat {seat}[/] banks, holding {total}",
                       "[bold]h[/] hit · [bold]s[/] stand · [bold]?[/] advice")
        hand = _hand_to_act(v, seat)
        legal = v.legal
        items = [f"[bold]{k}[/] {WORDS[a]}" for k, a in MOVES.items() if a in legal]
        items.append("[bold]?[/] advice")
        return Ask(seat, f"[bold cyan]Seat {seat}[/] {hand.total}", " · ".join(items))

    # --- what the screen shows ---------------------------------------------------------------

    def viewer(self) -> int:
        return self.ask.seat if self.ask is not None else self._last_viewer

    def screen_view(self) -> views.TableView:
        """The felt: the game's ``seat_view`` for the seat shown."""
        return self.at.table_view(self.viewer())

    def dealer_name(self) -> str:
        """The bank's seat for the deal on the felt: between deals, the settled one's banker,
        whose cards are shown (the bank may have passed since)."""
        v = self.screen_view()
        banker = self._bankers.get(v.round) if v.settled else self._banker()
        return f"Bank (seat {banker})" if banker else "Bank"

    def seat_label(self, seat: int) -> str:
        name = f"Seat {seat}"
        if seat == self.viewer() and seat in self.humans:
            name += " (you)"
        elif seat not in self.humans:
            name += " (bot)"
        if seat == self._banker():
            name += " ★ BANK"
        return name

    def _narrate(self) -> None:
        for e in self.at.news(HOUSE, self._mark):
            line = self._line(e)
            if line:
                self.log.append(line)
        self._mark = self.game.mark()

    def _line(self, e: Event) -> str:
        who = "The bank" if e.seat == HOUSE else f"Seat {e.seat}"
        if e.seat in self._split and e.kind in HANDS:
            who += f" hand {e.hand + 1}"
        card = "a card face down" if e.card is None else str(e.card)
        if e.kind is Kind.ROUND_STARTED:
            self._split = set()
            banker = self._banker()
            if banker is not None:
                self._bankers[e.amount] = banker
            return f"── deal {e.amount} (seat {banker} banks) ──"
        if e.kind is Kind.SPLIT:
            self._split.add(e.seat)
        if e.kind is Kind.STOOD and e.seat == HOUSE:
            return ""  # "The bank stands on 20" follows
        if e.kind is Kind.BET:
            return f"{who} bets {dollars(e.amount)}"
        if e.kind is Kind.DEALT:
            if e.note:
                return f"{who} is dealt {card} ({e.note})"
            return f"{who} is dealt {card}"
        if e.kind == BANK_CHANGED:
            return f"★ Seat {e.seat} takes the bank ({e.note})."
        if e.kind == BANK_OFFERED:
            what = f"for {dollars(e.amount)}" if e.amount else "as a gift"
            return f"{e.note.capitalize()}: the bank for seat {e.seat}, {what}."
        if e.kind == BANK_REFUSED:
            return f"The offer of the bank to seat {e.seat} is {e.note}."
        if e.kind is Kind.BURNED:
            return f"The pack is shuffled and cut; {card} is burned face up to the bottom."
        if e.kind is Kind.REFILLED:
            return "The burned card is reached: shuffle and cut again."
        if e.kind is Kind.TURNED:
            return f"{who} turns up {card}"
        if e.kind in VERBS:
            return f"{who} {VERBS[e.kind]}"
        if e.kind is Kind.SETTLED:
            if e.note == "void":
                return f"{who}: the bet goes back"
            verb = "collects" if e.amount > 0 else "pays"
            return f"{who} {verb} {dollars(abs(e.amount))} ({SETTLED.get(e.note, e.note)})"
        if e.kind in (Kind.DEALER_STOOD, Kind.DEALER_BUSTED):
            return (f"The bank {'busts' if e.kind is Kind.DEALER_BUSTED else 'stands'} "
                    f"on {e.amount}")
        if e.kind is Kind.PEEKED and e.note == "blackjack":
            return "The bank has a natural!"
        if e.kind is Kind.VOIDED:
            if e.note == "dry":  # docs/casino.md#when-the-dealer-reshuffles
                return "No cards are left to deal: the deal is called off and every bet goes back."
            return "The deal is called off: every bet goes back."
        return ""

    # --- the end -----------------------------------------------------------------------------

    def interrupt(self) -> None:
        """End the game: a deal in play (or bets placed) is called off first."""
        if self.at.can("void"):
            self._do("void")
            self._narrate()
        self._finish()

    def _finish(self) -> None:
        if self.done:
            return
        self.done = True
        self.ask = None
        if self.history is not None:
            self.history.write_text(json.dumps(self._record()), encoding="utf-8")

    def _record(self) -> dict[str, Any]:
        """The game's record in its own format (the registry's ``record``)."""
        record = self.entry.record
        assert record is not None, "Pontoon's entry names its record"
        return record(self.game)

    def goodbye(self) -> list[str]:
        banker = self._banker()
        out = []
        for n, seat in sorted(self.at.seats().items()):
            mark = " ★ bank" if n == banker else ""
            now = int(seat["bankroll"])
            net = now - self.start_chips.get(n, now)
            out.append(f"Seat {n}{mark}: {dollars(now)} "
                       f"({'+' if net >= 0 else '-'}{dollars(abs(net))})")
        if self.history is not None:
            out.append(f"Hand history written to {self.history}, sealed "
                       f"{record_seal(self._record())} (twentyone verify shows the same "
                       "seal)")
        return out


def _bank_may_change(at: ChipSeats, banker: int) -> bool:
    """Whether the banker may still keep, give or sell the bank (before its first deal): the
    game offers the banker its offer of the bank."""
    return any(op.name == "offer_bank" for op in at.seat.legal(banker))


def _left_of(seat: int, seats: list[int]) -> list[int]:
    """Every other seat, nearest to ``seat``'s left first: the order play goes round from the
    banker (docs/pontoon.md#the-banker)."""
    return [n for n in seats if n > seat] + [n for n in seats if n < seat]


def _hand_to_act(v: views.TableView, seat: int) -> views.HandView:
    mine = next(s for s in v.seats if s.number == seat)
    index = v.to_act[1] if v.to_act else 0
    return mine.hands[index]
