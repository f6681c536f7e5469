"""The card room at the terminal: Solo Whist, Durak or President against bots (issue 15).

One person sits at seat 1 and heuristic bots take the other seats. The app looks at the game
only through ``SeatWindow``: the person's ``view``, their ``legal_ops`` and the event log as that
seat may see it. So the screen can show nothing the seat may not see, and it offers exactly the
moves the game would accept: cards in the hand are chosen with the arrow keys and Enter (Space
picks a set in President), every other move (a bid, pass, take, trumps) is a numbered button.

Bots move one at a time with a short pause so a person can follow the play (``bot_delay``;
tests pass 0, which plays the bots' moves at once). When a hand is over a summary with the
running results waits for a key, and quitting shows the final standings (``App.run`` returns
them, so the command line can print them again once the screen is gone).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Markdown, RichLog, Static

from twentyone.cards import Card
from twentyone.games.auto import make_bots, make_game
from twentyone.games.core.bots import Bot
from twentyone.games.core.cards import ace_high
from twentyone.games.core.events import Event
from twentyone.games.core.game import Game
from twentyone.games.core.ops import Bid, NameTrump, Op, Pass, Take
from twentyone.games.president.game import climb
from twentyone.games.solo_whist.contracts import CONTRACTS
from twentyone.tui.cardroom_draw import (
    FELT,
    card_label,
    card_ops,
    contract_line,
    fan,
    narrate,
    op_label,
    other_ops,
    prompt,
    seat_lines,
    seat_name,
    table_picture,
)
from twentyone.tui.cardroom_help import help_markdown

#: A hand no bot table needs more than a fraction of (the headless runner's limit too).
MAX_OPS_PER_HAND = 5000


class SeatWindow:
    """Everything the app may know about the game: one seat's view, its legal moves and the
    log as that seat sees it (another seat's private cards blanked by ``Event.seen_by``)."""

    def __init__(self, game: Game[Any], seat: int) -> None:
        self._game = game
        self.seat = seat
        self.title = game.title

    def view(self) -> dict[str, Any]:
        return self._game.view(self.seat)

    def legal(self) -> list[Op]:
        return self._game.legal_ops(self.seat)

    def events(self, start: int) -> tuple[int, list[Event]]:
        """The events from ``start`` on as this seat sees them, and where the log now ends."""
        log = self._game.log
        return len(log), [e.seen_by(self.seat) for e in log[start:]]

    def why_not(self, op: Op) -> str:
        """The game's own reason for refusing ``op`` (empty when it would be accepted)."""
        try:
            self._game.verify(op)
        except Exception as exc:  # the game's typed refusals; shown, never raised
            return str(exc)
        return ""

    def play(self, op: Op) -> None:
        self._game.apply(op)

    @property
    def results(self) -> list[Any]:
        """The finished hands' public results (who was durak, titles, contracts)."""
        out: list[Any] = getattr(self._game, "results", [])
        return out


def sort_hand(view: Mapping[str, Any]) -> list[Card]:
    """The hand as a player would hold it: President by rank (3 low, 2 high); Durak by suit,
    trumps at the right; Solo Whist by suit in alternating colours, aces high."""
    hand: Sequence[Card] = view["hand"] or ()
    game = view["game"]
    if game == "president":
        return sorted(hand, key=lambda c: (climb(c), int(c.suit)))
    if game == "durak" and view["trump_card"] is not None:
        trump = view["trump_card"].suit
        return sorted(hand, key=lambda c: (c.suit == trump, int(c.suit), ace_high(c)))
    order = {3: 0, 2: 1, 0: 2, 1: 3}   # ♠ ♥ ♣ ♦
    return sorted(hand, key=lambda c: (order[int(c.suit)], ace_high(c)))


class MoveButton(Button, can_focus=False):
    """A numbered move; not focusable, so the keys always reach the app's bindings."""

    def __init__(self, number: int, op: Op) -> None:
        super().__init__(f"{number} {op_label(op)}", compact=True)
        self.op = op
        self.styles.line_pad = 0

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """Just the label: every bid of Solo Whist must fit one line of 80 columns."""
        return cell_len(str(self.label))


class HelpScreen(ModalScreen[None]):
    """F1: the game's essentials and the keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q,enter", "close", "Close")]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Markdown(help_markdown(self.game))

    def action_close(self) -> None:
        self.dismiss(None)


class Summary(ModalScreen[bool]):
    """Between hands (``final``: when leaving) the results so far; dismissed with True to
    deal the next hand, False to leave."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,enter,space", "next", "Next hand"), Binding("q,escape", "leave", "Leave")]

    def __init__(self, body: RenderableType, final: bool = False) -> None:
        super().__init__()
        self.body = body
        self.final = final

    def compose(self) -> ComposeResult:
        keys = ("Enter or q: leave the table" if self.final
                else "n or Enter: deal the next hand · q: leave the table")
        with Vertical(id="summary"):
            yield Static(self.body, id="summary-body")
            yield Static(Text(keys, style="italic #b0bec5"), id="summary-keys")

    def action_next(self) -> None:
        self.dismiss(not self.final)

    def action_leave(self) -> None:
        self.dismiss(False)


class CardRoomApp(App[RichTable | None]):
    """One person against bots at a table of Solo Whist, Durak or President."""

    ENABLE_COMMAND_PALETTE = False

    CSS = f"""
    Screen {{ background: #10241b; }}
    #topbar {{ height: 1; background: #1b3a2b; color: #e8f5e9; padding: 0 1; }}
    #upper {{ height: 1fr; }}
    #felt {{ width: 1fr; height: 100%; background: {FELT}; border: round #2e7d32; padding: 0 0;
             border-title-color: #c8e6c9; }}
    #side {{ width: 30; }}
    #seats, #felt, #hand {{ text-wrap: nowrap; text-overflow: ellipsis; }}
    #seats {{ height: auto; border: round #546e7a; border-title-color: #b0bec5;
              padding: 0 0; }}
    #log {{ height: 1fr; border: round #546e7a; border-title-color: #b0bec5;
            background: #132a20; scrollbar-size-vertical: 1;
            scrollbar-background: #132a20; scrollbar-color: #546e7a; }}
    #hand {{ height: auto; min-height: 8; border: round #8d6e63; background: #1f1a14;
             border-title-color: #ffe0b2; padding: 0 0; }}
    #moves {{ height: 2; padding: 0 1; }}
    #prompt {{ height: 1; color: #fff59d; }}
    #buttons {{ height: 1; }}
    #buttons Button {{ margin: 0 1 0 0; padding: 0; min-width: 4;
                      background: #37474f;
                      color: #fff59d; text-style: bold; }}
    #buttons Button:hover {{ background: #546e7a; }}
    Summary, HelpScreen {{ align: center middle; }}
    #summary {{ width: 64; height: auto; max-height: 90%; border: thick #ffd54f;
               background: #1b3a2b; padding: 1 2; }}
    #help {{ width: 76; height: 90%; border: thick #90caf9; background: #15202b;
            padding: 0 1; }}
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", "◀", show=False),
        Binding("right", "cursor(1)", "▶", show=False),
        Binding("home", "cursor_to(0)", "first", show=False),
        Binding("end", "cursor_to(-1)", "last", show=False),
        Binding("enter", "play", "Play card"),
        Binding("space", "pick", "Pick set"),
        Binding("p", "pass_", "Pass"),
        Binding("t", "take", "Take"),
        Binding("pageup", "scroll_log(-1)", "log up", show=False),
        Binding("pagedown", "scroll_log(1)", "log down", show=False),
        Binding("f1", "help", "Help"),
        Binding("q", "quit_table", "Quit"),
        *[Binding(str(n), f"choose({n})", f"move {n}", show=False) for n in range(1, 10)],
    ]

    def __init__(self, game: Game[Any], bots: Mapping[int, Bot], *, seat: int = 1,
                 bot_delay: float = 0.6) -> None:
        super().__init__()
        #: One window per seat: the person's, and one for each bot (a bot sees its own seat).
        self.windows = {s: SeatWindow(game, s) for s in game.seats}
        self.window = self.windows[seat]
        self.me = seat
        self.game_name = game.name
        self.players = game.rules.players
        self.bots = {s: b for s, b in bots.items() if s != seat}
        self.bot_delay = bot_delay
        self.cursor = 0
        self.picked: set[Card] = set()
        self.log_at = 0
        self.hand_ops = 0
        self.hands_played = 0
        self._bot_pending = False
        self._summary_open = False
        self._buttons_for: list[Op] = []
        self._drawn = False
        self.title = f"{game.title} · twentyone"

    # -- layout ----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="topbar")
        with Horizontal(id="upper"):
            yield Static(id="felt")
            with Vertical(id="side"):
                yield Static(id="seats")
                log = RichLog(id="log", wrap=True, markup=False, auto_scroll=True,
                              min_width=20)
                log.can_focus = False
                yield log
        yield Static(id="hand")
        with Vertical(id="moves"):
            yield Static(id="prompt")
            yield Horizontal(id="buttons")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#felt").border_title = "the table"
        self.query_one("#seats").border_title = "players"
        self.query_one("#log").border_title = "what happened"
        self.query_one("#hand").border_title = "your hand"
        self._drawn = True
        self._deal()
        self.call_after_refresh(self.redraw)

    def on_resize(self) -> None:
        self.redraw()

    # -- the state the screen shows ---------------------------------------------------------------

    def hand(self) -> list[Card]:
        """The person's cards in the order they are drawn."""
        return sort_hand(self.window.view())

    def legal(self) -> list[Op]:
        """The moves offered to the person now (none while a summary is up)."""
        return [] if self._summary_open else self.window.legal()

    def playable(self) -> set[Card]:
        return {c for op in card_ops(self.legal()) for c in op.cards}

    def over(self) -> bool:
        return bool(self.window.view()["phase"] == "deal")

    def tally(self) -> dict[int, str]:
        """Each seat's running result in a few characters, for the players panel."""
        view = self.window.view()
        results = self.window.results
        if self.game_name == "solo-whist":
            return {s: f"{n:+d}" for s, n in view["counters"].items()}
        if self.game_name == "durak":
            return {s: f"fool×{k}" for s in view["counts"]
                    if (k := sum(1 for d in results if d == s))}
        return {s: f"P×{k}" for s in view["counts"]
                if (k := sum(1 for r in results if r.get(s) == "President"))}

    def redraw(self) -> None:
        """Draw everything again from the seat's view."""
        if not self._drawn:
            return
        view = self.window.view()
        legal = self.legal()
        hand = self.hand()
        if hand:
            self.cursor = max(0, min(self.cursor, len(hand) - 1))
        self.picked &= set(hand)
        felt = self.query_one("#felt", Static)
        width = max(20, felt.content_size.width or 48)
        felt.update(table_picture(view, self.me, width))
        self.query_one("#seats", Static).update(seat_lines(view, self.me, self.tally()))
        self.query_one("#topbar", Static).update(self._topbar(view))
        hand_box = self.query_one("#hand", Static)
        # Grey out the cards that cannot be played, except while the move is a call (a bid,
        # naming trumps), when the cards are only there to be looked at.
        dim = bool(legal) and not any(isinstance(op, (Bid, NameTrump)) for op in legal)
        hand_box.update(fan(hand, width=max(20, hand_box.content_size.width or 78),
                            cursor=self.cursor if card_ops(legal) and hand else None,
                            picked=[i for i, c in enumerate(hand) if c in self.picked],
                            playable=self.playable() if dim else None))
        hand_box.border_subtitle = f"{len(hand)} cards"
        ask = prompt(view, legal)
        if not ask and not self.over():
            ask = f"{seat_name(view['to_act'], self.me)} to move…"
        self.query_one("#prompt", Static).update(ask)
        self._sync_buttons(other_ops(legal))

    def _topbar(self, view: Mapping[str, Any]) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append(self.window.title, "bold #ffd54f")
        out.append(f"  ·  hand {max(1, self.hands_played + 1)}", "#c8e6c9")
        if self.game_name == "solo-whist" and view["contract"]:
            out.append(" · " + contract_line(view, self.me), "#fff59d")
            return out
        out.append(f" · {self.players} players · you are seat {self.me}", "#c8e6c9")
        if self.game_name == "solo-whist" and view["turn_up"] is not None:
            out.append(f" · default suit {card_label(view['turn_up'])[-1]}", "#fff59d")
        elif self.game_name == "durak" and view["trump_card"] is not None:
            out.append(f" · trumps {card_label(view['trump_card'])[-1]}", "#fff59d")
        return out

    def _sync_buttons(self, ops: list[Op]) -> None:
        if ops == self._buttons_for:
            return
        self._buttons_for = ops
        box = self.query_one("#buttons", Horizontal)
        box.remove_children()
        box.mount_all([MoveButton(n, op) for n, op in enumerate(ops, 1)])

    def offered(self) -> list[Op]:
        """Every move the screen offers: the numbered buttons and the playable card moves."""
        return [*self._buttons_for, *card_ops(self.legal())]

    def _write_log(self) -> None:
        self.log_at, events = self.window.events(self.log_at)
        log = self.query_one("#log", RichLog)
        for e in events:
            line = narrate(e, self.me)
            if line is not None:
                log.write(line)

    # -- the flow of play -----------------------------------------------------------------------

    def _deal(self) -> None:
        dealer = self.window.view()["to_act"]
        self.windows[dealer].play(self.windows[dealer].legal()[0])
        self.hand_ops = 0
        self.picked = set()
        self.cursor = 0
        self._advance()

    def _advance(self) -> None:
        """After any move: the next bot's move (now, or after the pause), or wait for the
        person, or show the hand's summary."""
        self._write_log()
        if self.over():
            self.hands_played += 1
            self.redraw()
            self._show_summary()
            return
        seat = self.window.view()["to_act"]
        if seat == self.me or seat is None:
            self.redraw()
            return
        if self.bot_delay > 0:
            self.redraw()
            if not self._bot_pending:
                self._bot_pending = True
                self.set_timer(self.bot_delay, self._bot_move)
            return
        self._bot_move()

    def _bot_move(self) -> None:
        self._bot_pending = False
        if self._summary_open:   # leaving: the table stops where it is
            return
        while True:
            seat = self.window.view()["to_act"]
            if seat is None or seat == self.me or self.over():
                break
            self.hand_ops += 1
            if self.hand_ops > MAX_OPS_PER_HAND:
                raise RuntimeError("a hand ran past the safety limit")
            # The bot sees what its own seat sees, like the person.
            w = self.windows[seat]
            w.play(self.bots[seat].choose(w.view(), w.legal()))
            if self.bot_delay > 0:
                break
        self._advance()

    def _apply(self, op: Op) -> None:
        """The person's move (already one of the offered legal moves)."""
        self.picked = set()
        self.hand_ops += 1
        self.window.play(op)
        self._advance()

    def _show_summary(self, final: bool = False) -> None:
        self._summary_open = True
        self.redraw()

        def after(deal_next: bool | None) -> None:
            self._summary_open = False
            if deal_next:
                self._deal()
            else:
                self.exit(self.standings())

        self.push_screen(Summary(self.summary(final), final), after)

    def summary(self, final: bool = False) -> RenderableType:
        head = Text()
        if final:
            head.append("Final standings\n", "bold #ffd54f")
        else:
            head.append(self.last_result() + "\n", "bold #ffd54f")
        return Group(head, self.standings())

    def last_result(self) -> str:
        """The hand just finished, in a sentence."""
        results = self.window.results
        if not results:
            return "No hand finished yet."
        last = results[-1]
        if self.game_name == "durak":
            if last is None:
                return "A drawn game: nobody is the durak."
            return (f"{seat_name(last, self.me)} {'are' if last == self.me else 'is'} "
                    "the durak!")
        if self.game_name == "president":
            order = sorted(last, key=lambda s: list(last.values()).index(last[s]))
            return "Titles: " + " · ".join(f"{seat_name(s, self.me)}: {last[s]}" for s in order)
        if last["contract"] is None:
            return "The deal was abandoned: nobody bid. The same dealer deals again."
        who = " & ".join(seat_name(s, self.me) for s in last["declarers"])
        made = "made" if last["made"] else "broken"
        return (f"{CONTRACTS[last['contract']].label} by {who}: {made} "
                f"with {last['tricks']} tricks.")

    def standings(self) -> RichTable:
        """Per seat, what counts in this game over the hands played so far."""
        results = self.window.results
        view = self.window.view()
        n = len(results)
        out = RichTable(title=f"{self.window.title}: {n} hand{'s' if n != 1 else ''}",
                        title_style="bold #c8e6c9", border_style="#546e7a")
        out.add_column("seat")
        out.add_column("result")
        for s in view["counts"]:
            if self.game_name == "solo-whist":
                text = f"{view['counters'][s]:+d} counters"
            elif self.game_name == "durak":
                text = f"the durak {sum(1 for d in results if d == s)} times"
            else:
                held: dict[str, int] = {}
                for r in results:
                    held[r[s]] = held.get(r[s], 0) + 1
                text = ", ".join(f"{t} ×{k}" for t, k in held.items()) or "-"
            out.add_row(seat_name(s, self.me), text)
        return out

    # -- keys -----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that mean something in this game."""
        if action == "take":
            return self.game_name == "durak"
        if action == "pick":
            return self.game_name == "president"
        return True

    def action_cursor(self, step: int) -> None:
        n = len(self.hand())
        if n:
            self.cursor = (self.cursor + step) % n
            self.redraw()

    def action_cursor_to(self, where: int) -> None:
        n = len(self.hand())
        if n:
            self.cursor = where % n
            self.redraw()

    def action_pick(self) -> None:
        hand = self.hand()
        if not hand or not card_ops(self.legal()):
            return
        c = hand[self.cursor]
        if c in self.picked:
            self.picked.discard(c)
        elif any(p.rank != c.rank for p in self.picked):
            self.picked = {c}
        else:
            self.picked.add(c)
        self.redraw()

    def action_play(self) -> None:
        """Enter: play the picked cards, or the card under the cursor (in President, facing a
        set, the first legal set of that rank holding it)."""
        hand = self.hand()
        ops = card_ops(self.legal())
        if not hand or not ops:
            return
        chosen = set(self.picked) or {hand[self.cursor]}
        exact = [op for op in ops if set(op.cards) == chosen]
        if exact:
            self._apply(exact[0])
            return
        if not self.picked:
            c = hand[self.cursor]
            holding = [op for op in ops if c in op.cards]
            if holding:
                self._apply(min(holding, key=lambda op: len(op.cards)))
                return
        op_type = type(ops[0])
        why = self.window.why_not(op_type(self.me, tuple(sorted(chosen))))
        self.notify(why or "That is not a move you can make now.", severity="warning")

    def _other(self, kind: type[Op]) -> None:
        for op in other_ops(self.legal()):
            if type(op) is kind:
                self._apply(op)
                return

    def action_pass_(self) -> None:
        self._other(Pass)

    def action_take(self) -> None:
        self._other(Take)

    def action_choose(self, n: int) -> None:
        ops = other_ops(self.legal())
        if 1 <= n <= len(ops):
            self._apply(ops[n - 1])

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if isinstance(event.button, MoveButton) and event.button.op in self.legal():
            self._apply(event.button.op)

    def action_scroll_log(self, direction: int) -> None:
        log = self.query_one("#log", RichLog)
        (log.scroll_page_down if direction > 0 else log.scroll_page_up)()

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.game_name))

    def action_quit_table(self) -> None:
        if self._summary_open:
            return
        self._show_summary(final=True)


def make_cardroom(game: str, players: int, seed: int | None, *,
                  bot_delay: float = 0.6, seat: int = 1) -> CardRoomApp:
    """A table of ``game`` with heuristic bots in every seat but ``seat``; ``seed`` makes the
    deals and the bots' choices reproducible (``None``: a secure shuffle)."""
    g = make_game(game, players, seed)
    bot_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    return CardRoomApp(g, make_bots(game, players, bot_seed, None), seat=seat,
                       bot_delay=bot_delay)

