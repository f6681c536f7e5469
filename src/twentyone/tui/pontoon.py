"""Pontoon at the terminal: a hot-seat game where people type and bots play.

Every seat is a player; one of them banks, marked on screen, and the bank passes visibly when a
player's natural takes it. Each decision shows only what that seat may see, through ``views``.
Like the casino session, every move it makes (the draw for the bank, bets, the bank's offers,
the players' and the banker's plays, the call-off) is the game's own operation applied through
the one game protocol (``tui.seat.SeatSession``), and it offers what ``legal_actions`` allows;
the bots still play the engine's table directly; ending the game mid-deal calls the deal off,
so every chip on the layout (a bot's too) goes back to its owner.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path

from twentyone.cards import hand_total
from twentyone.engine import views
from twentyone.engine.events import DEALER, Event, Kind
from twentyone.engine.table import Action, Phase
from twentyone.errors import TableError
from twentyone.games.history import record_seal
from twentyone.money import dollars
from twentyone.pontoon.auto import PontoonBot, banker_sees
from twentyone.pontoon.bots import BANKER_STRATEGIES, player_choice, reading_banker
from twentyone.pontoon.history import game_history
from twentyone.pontoon.table import PontoonKind, PontoonTable
from twentyone.protocol import Game
from twentyone.tui.felt import table_view
from twentyone.tui.prompt import shorten
from twentyone.tui.seat import SeatSession
from twentyone.tui.session import Ask

#: Letters for a player's choices, and the operations they are.
MOVES = {"h": Action.HIT, "s": Action.STAND, "d": Action.DOUBLE, "p": Action.SPLIT}
VERBS: dict[StrEnum, str] = {Kind.HIT: "hits", Kind.STOOD: "stands", Kind.DOUBLED: "doubles",
                             Kind.SPLIT: "splits"}
WORDS = {Action.HIT: "hit", Action.STAND: "stand", Action.DOUBLE: "double", Action.SPLIT: "split"}
#: Events about one hand: after a split, their line names the hand.
HANDS = (Kind.DEALT, Kind.TURNED, Kind.HIT, Kind.STOOD, Kind.DOUBLED, Kind.SETTLED)
#: How a settlement is said in Pontoon's words (docs/pontoon.md#naturals: the banker's natural is
#: a pontoon, not a dealer's blackjack).
SETTLED = {"dealer blackjack": "the bank's pontoon", "lose": "lost"}


class PontoonSession:
    """A hot-seat Pontoon game: ``humans`` type, the other seats are bots (plain players, and
    the reading banker when they bank). ``chips`` is each seat's buy-in in chips."""

    def __init__(self, table: PontoonTable, game: Game, humans: list[int], *, chips: int,
                 history: Path | None = None, first_banker: int | None = None) -> None:
        self.table = table
        self.t = table
        #: ``table`` as the one game protocol: every move the session makes goes through it.
        self.seat = SeatSession(game, humans, {})
        self.humans = humans
        self.chips = chips
        self.history = history
        #: The seat the players agreed banks first (``--banker``), else whoever the draw finds.
        self.first_banker = first_banker
        self.title = "Pontoon"
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
        self._bot = PontoonBot(BANKER_STRATEGIES["reading"])
        self.start_chips: dict[int, int] = {}
        #: The last deal a person who banks has seen settled on the felt: the bots bet without
        #: them, so without a pause the next deal would follow at once.
        self._reviewed = 0
        #: Who banked each deal, for the felt's header while a settled deal is shown.
        self._bankers: dict[int, int] = {}
        #: Seats that split this deal: the log names their hands ("Seat 2 hand 1 collects").
        self._split: set[int] = set()

    def start(self) -> None:
        t = self.t
        for n in range(1, t.pontoon.players + 1):
            self._do("sit", n, bankroll=self.chips * t.pontoon.chip)
            self.start_chips[n] = t.bankroll(n)
        self.log.append("The first banker: the pack is dealt face up round the table from "
                        "seat 1 until a black jack (J♠ or J♣) falls; that player banks.")
        self._do("draw_for_bank")
        agreed = self.first_banker
        if agreed is not None and t.banker != agreed:
            # docs/pontoon.md#choosing-the-first-banker: the draw is the custom; players may
            # agree otherwise, so the drawn banker gives the bank to the seat agreed on.
            self._narrate()
            self.log.append(f"As the players agreed, seat {t.banker} gives the bank to seat "
                            f"{agreed}.")
            self._do("offer_bank", t.banker, to=agreed, price=0)
            self._do("accept_bank", agreed)
        self._advance()

    # --- driving the table -------------------------------------------------------------------

    def _advance(self) -> None:
        t = self.t
        self._narrate()
        self.ask = None
        while not self.done:
            if t.phase is Phase.BETTING:
                b = t.banker
                assert b is not None
                last = self._bankers.get(t.round)
                if last in self.humans and self._reviewed < t.round and self._queue is None:
                    self.ask = self._review_ask(last)
                    return
                offer = t.offer
                if offer is not None and offer.to in self.humans:
                    self.ask = self._offer_ask(offer.to)
                    return
                if (not self._bank_offered and t.entitled and b in self.humans
                        and _bank_may_change(t, b)):
                    self.ask = self._bank_ask(b)
                    return
                if self._queue is None:
                    self._queue = [n for n in t.players() if t.can_bet(n, t.rules.min_bet)]
                while self._queue and self._queue[0] not in self.humans:
                    n = self._queue.pop(0)
                    self._do("bet", n, amount=t.rules.min_bet)
                    self._narrate()
                if self._queue:
                    self.ask = self._bet_ask(self._queue[0])
                    return
                self._queue = None
                if not t.can_deal():
                    self.log.append("Nobody bets: the game ends.")
                    self._finish()
                    return
                self._do("deal")
                self._bank_offered = False
                self._narrate()
                continue
            seat = t.to_act[0] if t.to_act else DEALER
            if seat in self.humans:
                self.ask = self._play_ask(seat)
                return
            self._bot.play(t)
            self._narrate()

    def submit(self, text: str) -> None:
        self.notes = []
        ask = self.ask
        if ask is None:
            return
        words = text.strip().lower().split()
        t = self.t
        try:
            if self._asking == "review":
                if words and words[0] in ("q", "quit", "end"):
                    self.interrupt()
                self._reviewed = t.round
            elif self._asking == "bank":
                self._answer_bank(ask.seat, words)
            elif self._asking == "offer":
                self._answer_offer(ask.seat, words)
            elif t.phase is Phase.BETTING:
                self._answer_bet(ask.seat, words)
            elif t.phase is Phase.DEALER:
                self._answer_banker(words)
            else:
                self._answer_play(ask.seat, words)
        except TableError as exc:
            self.notes.append(f"✗ {exc}")
        self._advance()

    def _answer_bank(self, seat: int, words: list[str]) -> None:
        """The banker keeps the bank, or offers it (as a gift or for chips) to another player,
        who answers next: a bot takes a gift and declines a sale."""
        t = self.t
        if not words or words[0] in ("k", "keep"):
            self._bank_offered = True
            return
        if words[0] in ("g", "give") and len(words) == 2 and words[1].isdigit():
            to, price = int(words[1]), 0
        elif words[0] in ("s", "sell") and len(words) == 3 and words[1].isdigit() \
                and words[2].isdigit():
            to, price = int(words[1]), int(words[2]) * t.pontoon.chip
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
        t = self.t
        if words and words[0] in ("q", "quit", "end"):
            self.interrupt()
            return
        text = words[0] if words else "1"
        if not text.isdigit():
            self.notes.append(f"✗ {shorten(text)!r}: type how many chips, 1 to "
                              f"{t.pontoon.limit} (0 sits out, q ends the game)")
            return
        n = int(text)
        if n:
            self._do("bet", seat, amount=n * t.pontoon.chip)
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
        t = self.t
        legal = t.legal_actions(seat)
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
        (``Game.operation``), applied through the protocol; a refusal raises the engine's typed
        error and changes nothing."""
        data: dict[str, object] = {"op": op, **({} if seat is None else {"seat": seat}),
                                   **fields}
        self.seat.play(self.seat.game.operation(data))

    # --- advice ------------------------------------------------------------------------------

    def _player_advice(self, seat: int) -> str:
        v = views.view(self.t, seat)
        hand = _hand_to_act(v, seat)
        values = [c.value for c in hand.cards if c is not None]
        choice = player_choice(values, can_split=Action.SPLIT in v.legal,
                               can_double=Action.DOUBLE in v.legal)
        return (f"Advice: {choice}. Ties pay the banker, so draw to 17 (soft 18); double 10 or "
                "11; split aces and eights; with four cards draw to 14 for the five-card trick.")

    def _banker_advice(self) -> str:
        """What the reading banker would do here, from what the banker sees (its own cards, the
        standing hands' face-up cards, the cards not yet seen), and why."""
        own, standing, unseen = banker_sees(self.t)
        total, _ = hand_total(tuple(own))
        play = "hit" if reading_banker(own, standing, unseen) else "stand"
        return (f"Advice: {play} on {total}. Weighing the hands still standing by the cards they "
                "show: ties pay the banker, and a bust pays every hand still standing.")

    # --- prompts -----------------------------------------------------------------------------

    def _review_ask(self, seat: int) -> Ask:
        self._last_viewer = seat
        self._asking = "review"
        return Ask(seat, f"[bold cyan]Seat {seat}[/], deal {self.t.round} is settled",
                   "Enter deals the next · [bold]q[/] ends the game")

    def _bank_ask(self, seat: int) -> Ask:
        self._last_viewer = seat
        self._asking = "bank"
        return Ask(seat, f"[bold cyan]Seat {seat}[/], the bank is yours",
                   "[bold]k[/] keep (Enter) · [bold]g[/] SEAT give it · "
                   "[bold]s[/] SEAT CHIPS sell it")

    def _offer_ask(self, seat: int) -> Ask:
        offer = self.t.offer
        assert offer is not None
        self._last_viewer = seat
        self._asking = "offer"
        what = f"for {dollars(offer.price)}" if offer.price else "as a gift"
        return Ask(seat, f"[bold cyan]Seat {seat}[/], seat {offer.seller} offers you the bank "
                   f"{what}", "[bold]a[/] accept · [bold]d[/] decline")

    def _bet_ask(self, seat: int) -> Ask:
        t = self.t
        self._last_viewer = seat
        self._asking = "bet"
        return Ask(seat, f"[bold cyan]Seat {seat}[/] ({dollars(t.bankroll(seat))})",
                   f"bet how many chips, 1-{t.pontoon.limit} (Enter: 1) · [bold]0[/] sits out"
                   " · [bold]q[/] ends the game")

    def _play_ask(self, seat: int) -> Ask:
        t = self.t
        self._last_viewer = seat
        self._asking = "play"
        v = views.view(t, seat)
        if t.phase is Phase.DEALER:
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
        return table_view(self.seat.view(self.viewer()))

    def dealer_name(self) -> str:
        """The bank's seat for the deal on the felt: between deals, the settled one's banker,
        whose cards are shown (the bank may have passed since)."""
        v = self.screen_view()
        banker = self._bankers.get(v.round) if v.settled else self.t.banker
        return f"Bank (seat {banker})" if banker else "Bank"

    def seat_label(self, seat: int) -> str:
        name = f"Seat {seat}"
        if seat == self.viewer() and seat in self.humans:
            name += " (you)"
        elif seat not in self.humans:
            name += " (bot)"
        if seat == self.t.banker:
            name += " ★ BANK"
        return name

    def _narrate(self) -> None:
        for e in views.visible_events(self.t, views.SPECTATOR, self._mark):
            line = self._line(e)
            if line:
                self.log.append(line)
        self._mark = len(self.t.log)

    def _line(self, e: Event) -> str:
        who = "The bank" if e.seat == DEALER else f"Seat {e.seat}"
        if e.seat in self._split and e.kind in HANDS:
            who += f" hand {e.hand + 1}"
        card = "a card face down" if e.card is None else str(e.card)
        if e.kind is Kind.ROUND_STARTED:
            self._split = set()
            if self.t.banker is not None:
                self._bankers[e.amount] = self.t.banker
            return f"── deal {e.amount} (seat {self.t.banker} banks) ──"
        if e.kind is Kind.SPLIT:
            self._split.add(e.seat)
        if e.kind is Kind.STOOD and e.seat == DEALER:
            return ""  # "The bank stands on 20" follows
        if e.kind is Kind.BET:
            return f"{who} bets {dollars(e.amount)}"
        if e.kind is Kind.DEALT:
            if e.note:
                return f"{who} is dealt {card} ({e.note})"
            return f"{who} is dealt {card}"
        if e.kind is PontoonKind.BANK_CHANGED:
            return f"★ Seat {e.seat} takes the bank ({e.note})."
        if e.kind is PontoonKind.BANK_OFFERED:
            what = f"for {dollars(e.amount)}" if e.amount else "as a gift"
            return f"{e.note.capitalize()}: the bank for seat {e.seat}, {what}."
        if e.kind is PontoonKind.BANK_REFUSED:
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
        if self.t.can_void_round():
            self._do("void")
            self._narrate()
        self._finish()

    def _finish(self) -> None:
        if self.done:
            return
        self.done = True
        self.ask = None
        if self.history is not None:
            self.history.write_text(json.dumps(game_history(self.t)), encoding="utf-8")

    def goodbye(self) -> list[str]:
        t = self.t
        out = []
        for n in sorted(t.seats):
            mark = " ★ bank" if n == t.banker else ""
            net = t.bankroll(n) - self.start_chips.get(n, t.bankroll(n))
            out.append(f"Seat {n}{mark}: {dollars(t.bankroll(n))} "
                       f"({'+' if net >= 0 else '-'}{dollars(abs(net))})")
        if self.history is not None:
            out.append(f"Hand history written to {self.history}, sealed "
                       f"{record_seal(game_history(self.t))} (twentyone verify shows the same "
                       "seal)")
        return out


def _bank_may_change(t: PontoonTable, banker: int) -> bool:
    """Whether the banker may still keep, give or sell the bank (before its first deal)."""
    return any(t.can_offer_bank(banker, n) for n in t.seats if n != banker)


def _hand_to_act(v: views.TableView, seat: int) -> views.HandView:
    mine = next(s for s in v.seats if s.number == seat)
    index = v.to_act[1] if v.to_act else 0
    return mine.hands[index]
