"""Pontoon at the terminal: the manners of a table where a player banks (the player-banks
kind), a hot-seat game where people type and bots play, on the one session
(``tui.seat.SeatSession``).

Every seat is a player; one of them banks, marked on screen, and the bank passes visibly when a
player's natural takes it. Each decision shows only what that seat may see, its ``seat_view``.
The manners read the flow between deals from the context and the body (who banks, the bank's
offer, ``tui.session.ChipSeats``) and hand the session every move (the draw for the bank, bets
in chips, the bank's keep, give and sell, the players' and the banker's plays, the call-off) as
the game's own operation; the log is the game's ``events`` in Pontoon's words; the advice at
``?`` is the registry's best level (``TableEntry.levels``), choosing from the seat's own view; its
record is the registry's (``TableEntry.record``). Ending the game mid-deal calls the deal off, so
every chip on the layout (a bot's too) goes back to its owner.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from enum import StrEnum
from pathlib import Path
from typing import Any

from twentyone.cards import hand_total
from twentyone.engine import views
from twentyone.engine.events import Event, Kind
from twentyone.engine.table import Action, Phase
from twentyone.games.history import record_seal
from twentyone.money import dollars
from twentyone.protocol import HOUSE
from twentyone.tui.prompt import shorten
from twentyone.tui.seat import Ask, Move, SeatSession
from twentyone.tui.session import ChipSeating, ChipSeats, Coaching, Hint

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


class PontoonManners:
    """A hot-seat Pontoon game: ``humans`` type, the other seats are bots (plain players, and
    the reading banker when they bank). ``chips`` is each seat's buy-in in chips."""

    narrator = HOUSE
    #: No coach sits at a Pontoon table, and its advice at ``?`` is its bot's, not the odds.
    coach: Coaching | None = None
    hint: Hint | None = None

    def __init__(self, seating: ChipSeating) -> None:
        self.game = game = seating.game
        self.entry = entry = seating.entry
        rules = game.rules
        #: What one chip is worth, the most a player may bet in chips, and the players.
        self.chip = rules.min_bet
        self.limit = rules.max_bet // rules.min_bet
        self.players = rules.seats
        self.humans = list(seating.humans)
        self.chips = seating.chips
        self.history: Path | None = seating.history
        #: The seat the players agreed banks first (``--banker``), else whoever the draw finds.
        self.first_banker = seating.first_banker
        self.title = entry.title
        self._queue: list[int] | None = None
        self._bank_offered = False
        self._finished = False
        #: What the person asked is answering: "bank", "bet" or "play".
        self._asking = ""
        #: The advice a person is given: the game's usual bot, as the bots at the table.
        self._bot = entry.levels[entry.best](rules)
        self.start_chips: dict[int, int] = {}
        #: The last deal a person who banks has seen settled on the felt: the bots bet without
        #: them, so without a pause the next deal would follow at once.
        self._reviewed = 0
        #: Who banked each deal, for the felt's header while a settled deal is shown.
        self._bankers: dict[int, int] = {}
        #: Seats that split this deal: the log names their hands ("Seat 2 hand 1 collects").
        self._split: set[int] = set()

    def toggle_coach(self) -> None:
        """F3: not offered, as no coach sits here."""

    def bind(self, session: SeatSession[Any]) -> None:
        self.session = session
        self.at = ChipSeats(self.game, session)

    def start(self) -> Iterator[Move]:
        """Every seat sits down with its chips, and the pack is dealt round for the bank."""
        at = self.at
        for n in range(1, self.players + 1):
            yield self._do("sit", n, bankroll=self.chips * self.chip)
            self.start_chips[n] = at.bankroll(n)
        self.session.log.append("The first banker: the pack is dealt face up round the table "
                                "from seat 1 until a black jack (J♠ or J♣) falls; that player "
                              "banks.")
        yield self._do("draw_for_bank")
        agreed = self.first_banker
        drawn = self._banker()
        if agreed is not None and drawn != agreed:
            # docs/pontoon.md#choosing-the-first-banker: the draw is the custom; players may
            # agree otherwise, so the drawn banker gives the bank to the seat agreed on.
            self.session.log.append(f"As the players agreed, seat {drawn} gives the bank to seat "
                                    f"{agreed}.")
            yield self._do("offer_bank", drawn, to=agreed, price=0)
            yield self._do("accept_bank", agreed)

    # --- driving the table -------------------------------------------------------------------

    def _banker(self) -> int | None:
        """The seat holding the bank now (None before the draw for the first banker)."""
        banker = self.at.body()["banker"]
        return None if banker is None else int(banker)

    def _offer(self) -> Mapping[str, Any] | None:
        """The bank's standing offer (from, to, price), if one is open."""
        offer: Mapping[str, Any] | None = self.at.body()["bank_offer"]
        return offer

    def next(self) -> Ask | Move | None:
        """Between deals: the settled deal is looked at, the bank is kept, given or sold, the
        players bet round from the banker's left (bots a chip each), the deal; in a deal, the
        person to play (or to bank) is asked."""
        at = self.at
        if self._finished:
            return None
        if at.phase() is not Phase.BETTING:
            seat = at.to_act()
            assert seat in self.humans, "a deal in play waits for a person (bots move alone)"
            return self._play_ask(seat)
        b = self._banker()
        assert b is not None
        deal = at.round()
        last = self._bankers.get(deal)
        if last in self.humans and self._reviewed < deal and self._queue is None:
            return self._review_ask(last)
        offer = self._offer()
        if offer is not None and offer["to"] in self.humans:
            return self._offer_ask(int(offer["to"]))
        if not self._bank_offered and b in self.humans and _bank_may_change(at, b):
            return self._bank_ask(b)
        if self._queue is None:
            self._queue = [n for n in _left_of(b, sorted(at.seats()))
                           if at.can("bet", n, amount=self.chip)]
        if self._queue and self._queue[0] not in self.humans:
            return self._do("bet", self._queue.pop(0), amount=self.chip)
        if self._queue:
            return self._bet_ask(self._queue[0])
        self._queue = None
        if not at.house_may("deal"):
            self.session.log.append("Nobody bets: the game ends.")
            self._finish()
            return None
        return self._do("deal", then=self._dealt)

    def _dealt(self) -> None:
        self._bank_offered = False

    def _choice(self, seat: int) -> Any:
        """What the game's usual bot plays at ``seat`` now, from that seat's view only."""
        seen = self.session.view(seat)
        return self._bot.choose(seen.body, seen.legal)

    def answer(self, ask: Ask, text: str) -> Iterator[Move]:
        words = text.strip().lower().split()
        phase = self.at.phase()
        if self._asking == "review":
            if words and words[0] in ("q", "quit", "end"):
                yield from self.interrupt()
            self._reviewed = self.at.round()
        elif self._asking == "bank":
            yield from self._answer_bank(ask.seat, words)
        elif self._asking == "offer":
            yield from self._answer_offer(ask.seat, words)
        elif phase is Phase.BETTING:
            yield from self._answer_bet(ask.seat, words)
        elif phase is Phase.DEALER:
            yield from self._answer_banker(words)
        else:
            yield from self._answer_play(ask.seat, words)

    def _answer_bank(self, seat: int, words: list[str]) -> Iterator[Move]:
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
                self.session.notes.append(f"✗ a sale is for at least one chip; g {to} gives "
                                          "the bank away")
                return
        else:
            self.session.notes.append("✗ k keeps the bank, g SEAT gives it, s SEAT CHIPS sells it")
            return
        yield self._do("offer_bank", seat, to=to, price=price)
        if to in self.humans:
            return  # asked next (``next``)
        if price:
            yield self._do("decline_bank", to)
            self.session.notes.append(f"✗ seat {to} is a bot, and bots do not buy banks")
        else:
            yield self._do("accept_bank", to)
            self._bank_offered = True

    def _answer_offer(self, seat: int, words: list[str]) -> Iterator[Move]:
        """The player offered the bank accepts it (paying any price) or declines it; after a
        decline the banker is asked again."""
        if words and words[0] in ("a", "accept", "y", "yes"):
            yield self._do("accept_bank", seat)
            self._bank_offered = True
        elif words and words[0] in ("d", "decline", "n", "no"):
            yield self._do("decline_bank", seat)
        else:
            self.session.notes.append("✗ a accepts the bank, d declines it")

    def _answer_bet(self, seat: int, words: list[str]) -> Iterator[Move]:
        if words and words[0] in ("q", "quit", "end"):
            yield from self.interrupt()
            return
        text = words[0] if words else "1"
        if not text.isdigit():
            self.session.notes.append(f"✗ {shorten(text)!r}: type how many chips, 1 to "
                                      f"{self.limit} (0 sits out, q ends the game)")
            return
        n = int(text)
        if n:
            yield self._do("bet", seat, amount=n * self.chip)
        if self._queue and self._queue[0] == seat:
            self._queue.pop(0)

    def _answer_banker(self, words: list[str]) -> Iterator[Move]:
        if words and words[0] in ("?", "??"):
            self.session.notes.append(self._banker_advice())
            return
        if words and words[0] in ("h", "hit"):
            yield self._do("dealer_hit")
        elif words and words[0] in ("s", "stand"):
            yield self._do("dealer_stand")
        else:
            self.session.notes.append("✗ the banker decides: h to hit, s to stand (? for advice)")

    def _answer_play(self, seat: int, words: list[str]) -> Iterator[Move]:
        legal = self.at.table_view(seat).legal
        if words and words[0] in ("?", "??"):
            self.session.notes.append(self._player_advice(seat))
            return
        action = MOVES.get(words[0][:1]) if words else None
        if action is None or action not in legal:
            letters = ", ".join(k for k, a in MOVES.items() if a in legal)
            self.session.notes.append(f"✗ type {letters}, or ? for advice")
            return
        yield self._do(action.value, seat)

    def _do(self, op: str, seat: int | None = None, *, then: Callable[[], None] | None = None,
            **fields: object) -> Move:
        """An operation of the game, read by its word as a record or a request is
        (``Game.operation``), as a move for the session (a refusal raises the game's typed
        error there and changes nothing)."""
        return self.at.move(op, seat, then=then, **fields)

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
        self._asking = "review"
        return Ask(seat, f"[bold cyan]Seat {seat}[/], deal {self.at.round()} is settled",
                   "Enter deals the next · [bold]q[/] ends the game")

    def _bank_ask(self, seat: int) -> Ask:
        self._asking = "bank"
        return Ask(seat, f"[bold cyan]Seat {seat}[/], the bank is yours",
                   "[bold]k[/] keep (Enter) · [bold]g[/] SEAT give it · "
                   "[bold]s[/] SEAT CHIPS sell it")

    def _offer_ask(self, seat: int) -> Ask:
        offer = self._offer()
        assert offer is not None
        self._asking = "offer"
        what = f"for {dollars(offer['price'])}" if offer["price"] else "as a gift"
        return Ask(seat, f"[bold cyan]Seat {seat}[/], seat {offer['from']} offers you the bank "
                   f"{what}", "[bold]a[/] accept · [bold]d[/] decline")

    def _bet_ask(self, seat: int) -> Ask:
        self._asking = "bet"
        return Ask(seat, f"[bold cyan]Seat {seat}[/] ({dollars(self.at.bankroll(seat))})",
                   f"bet how many chips, 1-{self.limit} (Enter: 1) · [bold]0[/] sits out"
                   " · [bold]q[/] ends the game")

    def _play_ask(self, seat: int) -> Ask:
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

    def screen_view(self) -> views.TableView:
        """The felt: the game's ``seat_view`` for the seat shown."""
        return self.at.table_view(self.session.viewer())

    def dealer_name(self) -> str:
        """The bank's seat for the deal on the felt: between deals, the settled one's banker,
        whose cards are shown (the bank may have passed since)."""
        v = self.screen_view()
        banker = self._bankers.get(v.round) if v.settled else self._banker()
        return f"Bank (seat {banker})" if banker else "Bank"

    def seat_label(self, seat: int) -> str:
        name = f"Seat {seat}"
        if seat == self.session.viewer() and seat in self.humans:
            name += " (you)"
        elif seat not in self.humans:
            name += " (bot)"
        if seat == self._banker():
            name += " ★ BANK"
        return name

    def narrate(self, events: list[dict[str, Any]]) -> list[str]:
        """The events in Pontoon's words."""
        return [line for e in self.at.events(events) if (line := self._line(e))]

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

    def interrupt(self) -> Iterator[Move]:
        """End the game: a deal in play (or bets placed) is called off first."""
        if self.at.can("void"):
            yield self._do("void")
        self._finish()

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
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
