"""The card room at the terminal: any card game of the registry (Solo Whist, Durak, President,
or one registered later) against bots (issue 15).

One person sits at seat 1 and bots take the other seats. The app looks at the game only
through the one session (``tui.seat.SeatSession``, with the card games' manners found through
the registry entry, ``tui.manners``), that is through the one game protocol: the person's
``seat_view``, their legal operations and the events as that seat may see them. So the screen
can show nothing the seat may not see, and it offers exactly the moves the game would accept:
the cursor goes only to cards that are part of a legal move (the others are greyed, with the
game's own reason), Enter plays the card or the set picked with Space, every other move (a bid,
pass, take, trumps) is a numbered button, and the footer lists only the keys whose move is
legal now (any other key says why it is refused and changes nothing). Each game's table, words,
labels and help come from the drawing its registry entry names (``games.core.picture``).

The session owns the flow of play; the app only paces it: bots move one at a time
(``SeatSession.step``) with a short pause so a person can follow the play (``bot_delay``; tests
pass 0, which plays the bots' moves at once), and the person's moves go to the session
(``SeatSession.choose``). When a hand is over a summary with the
running results waits for a key, and quitting shows the final standings (``App.run`` returns
them, so the command line can print them again once the screen is gone).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, RichLog, Static

from twentyone.cards import Card
from twentyone.errors import RulesError, TableError
from twentyone.games.auto import make_game
from twentyone.games.core.bots import Bot, show_news
from twentyone.games.core.errors import WrongPhaseError
from twentyone.games.core.ops import CardOp, Give, Pass, Play, Take
from twentyone.games.core.picture import GameDrawing, chips, seat_name
from twentyone.games.levels import ALIASES
from twentyone.games.registry import BEST, GAMES
from twentyone.protocol import Game, View
from twentyone.tui.cardplay import DEAL_NEXT, CardManners, CardSeating
from twentyone.tui.cardroom_draw import FELT, card_ops, fan, other_ops, seat_lines
from twentyone.tui.cardroom_screens import ConfirmLeave, HelpScreen, MoveButton, Summary
from twentyone.tui.manners import card_manners
from twentyone.tui.seat import Mover, SeatSession


def bot_mover(bot: Bot, drawing: GameDrawing, game: Game, seat: int) -> Mover:
    """A card game's bot at its seat: it chooses from that seat's view as the game holds it
    (the body revived by the game's drawing) among the seat's legal moves; a bot that
    remembers is first shown the events of that seat (``show_news``)."""
    def move(view: View) -> CardOp:
        legal = [op for op in view.legal if isinstance(op, CardOp)]  # a card game's operations
        show_news(bot, game, seat)
        return bot.choose(drawing.revive(view.body), legal)

    return move


#: The keys of the moves besides choosing cards, each with the operation it makes.
MOVE_KEYS: dict[str, type[CardOp]] = {"p": Pass, "t": Take}


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
    #seats, #felt, #hand, #prompt, #note {{ text-wrap: nowrap; text-overflow: ellipsis; }}
    #seats {{ height: auto; border: round #546e7a; border-title-color: #b0bec5;
              padding: 0 0; }}
    #log {{ height: 1fr; border: round #546e7a; border-title-color: #b0bec5;
            background: #132a20; scrollbar-size-vertical: 1;
            scrollbar-background: #132a20; scrollbar-color: #546e7a; }}
    #hand {{ height: auto; min-height: 8; border: round #8d6e63; background: #1f1a14;
             border-title-color: #ffe0b2; padding: 0 0; }}
    #moves {{ height: auto; padding: 0 1; }}
    #prompt {{ height: 1; color: #fff59d; }}
    #note {{ height: 1; color: #b0bec5; }}
    #buttons {{ height: auto; }}
    #buttons Horizontal {{ height: 1; }}
    #buttons Button {{ margin: 0 1 0 0; padding: 0; min-width: 4;
                      background: #37474f;
                      color: #fff59d; text-style: bold; }}
    #buttons Button:hover {{ background: #546e7a; }}
    Summary, HelpScreen, ConfirmLeave {{ align: center middle; }}
    #summary {{ width: 64; height: auto; max-height: 90%; border: thick #ffd54f;
               background: #1b3a2b; padding: 1 2; }}
    #confirm {{ width: 64; height: auto; border: thick #ffab91; background: #1b3a2b;
               padding: 1 2; }}
    #help {{ width: 76; height: 90%; border: thick #90caf9; background: #15202b;
            padding: 0 1; }}
    """

    # A key whose move is not legal now is hidden from the footer (``check_action``); pressing
    # it anyway falls through to its ``refuse`` binding, which says why and changes nothing.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", "◀", show=False),
        Binding("right", "cursor(1)", "▶", show=False),
        Binding("home", "cursor_to(0)", "first", show=False),
        Binding("end", "cursor_to(-1)", "last", show=False),
        Binding("enter", "enter('card')", "Play card"),
        Binding("enter", "enter('set')", "Play set"),
        Binding("enter", "enter('give')", "Give card"),
        Binding("enter", "refuse('enter')", "", show=False),
        Binding("space", "pick", "Pick set"),
        Binding("space", "refuse('space')", "", show=False),
        Binding("p", "move('p')", "Pass"),
        Binding("p", "refuse('p')", "", show=False),
        Binding("t", "move('t')", "Take"),
        Binding("t", "refuse('t')", "", show=False),
        Binding("pageup", "scroll_log(-1)", "log up", show=False),
        Binding("pagedown", "scroll_log(1)", "log down", show=False),
        Binding("f1", "help", "Help"),
        Binding("q", "quit_table", "Quit"),
        *[b for n in range(1, 10) for b in (
            Binding(str(n), f"choose({n})", f"move {n}", show=False),
            Binding(str(n), f"refuse('{n}')", "", show=False))],
    ]

    def __init__(self, game: Game, bots: Mapping[int, Bot], *, seat: int = 1,
                 bot_delay: float = 0.6) -> None:
        super().__init__()
        entry = GAMES[game.name]
        self.drawing = entry.drawing
        #: The game as the person's seat sees it; each bot sees only its own seat.
        self.session: SeatSession[CardManners] = SeatSession(game, [seat], {
            s: bot_mover(b, self.drawing, game, s) for s, b in bots.items() if s != seat},
            card_manners(CardSeating(game, entry, seat)))
        self.me = seat
        self.game_name = game.name
        self.game_title = entry.title or game.name
        self.players = len(game.seat_numbers)
        self.bot_delay = bot_delay
        #: The card under the cursor: always one that is part of a legal move, or None.
        self.at: Card | None = None
        self.picked: set[Card] = set()
        #: Why the last key pressed was refused (shown until the next move, cursor step or
        #: event, so it never outlives the moment it speaks of), and the log mark it was said at.
        self.said = ""
        self._said_at = 0
        self.log_at = 0
        self._logged = 0
        self.hands_played = 0
        self._bot_pending = False
        self._summary_open = False
        self._buttons_for: list[CardOp] | None = None
        self._drawn = False
        self.title = f"{self.game_title} · twentyone"

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
            yield Static(id="note")
            yield Vertical(id="buttons")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#felt").border_title = "the table"
        self.query_one("#seats").border_title = "players"
        self.query_one("#log").border_title = "what happened"
        self.query_one("#hand").border_title = "your hand"
        self._drawn = True
        self.session.start(bots=self._unpaced)
        self._follow()
        self.call_after_refresh(self.redraw)

    def on_resize(self) -> None:
        self._buttons_for = None   # the bar's rows are laid out for the width
        self.redraw()

    # -- the state the screen shows ---------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """The person's view: the body of their seat's ``seat_view``, revived by the game's
        drawing (cards as cards)."""
        return self.drawing.revive(self.session.view(self.me).body)

    def hand(self) -> list[Card]:
        """The person's cards in the order they are drawn."""
        return self.drawing.sort_hand(self.view())

    def legal(self) -> list[CardOp]:
        """The moves offered to the person now (none while a summary is up)."""
        return [] if self._summary_open else self.session.legal(self.me)

    def playable(self) -> set[Card]:
        """The cards that are part of some legal move now: the cursor goes only to these."""
        return {c for op in card_ops(self.legal()) for c in op.cards}

    def over(self) -> bool:
        return self.session.over

    def cursor(self) -> int | None:
        """Where the cursor is in the hand as drawn (None: on no card)."""
        hand = self.hand()
        return hand.index(self.at) if self.at in hand else None

    def _place_cursor(self) -> list[Card]:
        """Keep the cursor on a card that is part of a legal move (the first such card when
        the one it was on is gone or no longer playable), or on none when no card can be
        played; drop picked cards that are gone. Returns the playable cards in hand order."""
        hand = self.hand()
        can = self.playable()
        ready = [c for c in hand if c in can]
        if self.at not in can:
            self.at = ready[0] if ready else None
        self.picked &= can
        return ready

    def enter_op(self) -> Play | Give | None:
        """The move Enter makes now: the picked set, or the smallest legal move holding the
        card under the cursor (a single when one is legal). None when it would be refused."""
        ops = card_ops(self.legal())
        if self.picked:
            exact = [op for op in ops if set(op.cards) == self.picked]
            return exact[0] if exact else None
        holding = [op for op in ops if self.at in op.cards]
        return min(holding, key=lambda op: len(op.cards)) if holding else None

    def _enter_kind(self) -> str | None:
        op = self.enter_op()
        if op is None:
            return None
        if isinstance(op, Give):
            return "give"
        return "set" if len(op.cards) > 1 else "card"

    def can_pick(self) -> bool:
        """Space picks cards for a set only when a set of more than one card is legal."""
        return any(len(op.cards) > 1 for op in card_ops(self.legal()))

    def _card_refusal(self, cards: tuple[Card, ...]) -> TableError | None:
        """The game's refusal of playing ``cards`` now (a set the size of the legal sets when
        the person holds enough of the first card's rank)."""
        ops = card_ops(self.legal())
        kind: type[Play | Give] = type(ops[0]) if ops else Play
        sizes = {len(op.cards) for op in ops}
        if len(cards) == 1 and len(sizes) == 1 and (size := sizes.pop()) > 1:
            same = [c for c in self.hand() if c.rank == cards[0].rank and c != cards[0]]
            if len(same) >= size - 1:
                cards = (cards[0], *same[:size - 1])
        return self.session.refusal(kind(self.me, cards))

    def dimmed(self) -> tuple[set[Card], str]:
        """The cards drawn greyed, and why in the game's own words: while cards are in play
        (not during an auction) those in no legal move."""
        hand = self.hand()
        legal = self.legal()
        if not hand or not legal:
            return set(), ""
        can = self.playable()
        out = [c for c in hand if c not in can]
        if not out:
            return set(), ""
        why = self._card_refusal((out[0],))
        if why is None or (not can and isinstance(why, WrongPhaseError)):
            return set(), ""   # the cards are only there to be looked at (an auction)
        return set(out), str(why)

    def _why_enter(self) -> str:
        """Why Enter is refused now, in words."""
        if not self.legal():
            return self._not_your_move()
        hand = self.hand()
        if self.picked:
            why = self._card_refusal(tuple(c for c in hand if c in self.picked))
        elif hand:
            why = self._card_refusal((self.at or hand[0],))
        else:
            return "You hold no cards."
        return _sentence(str(why)) if why else "That is not a move you can make now."

    def _not_your_move(self) -> str:
        if self._summary_open or self.over():
            return "The hand is over."
        to_act = self.session.to_act
        return f"It is {seat_name(to_act, self.me)}'s move: wait for your turn."

    def tally(self) -> dict[int, str]:
        """Each seat's running result in a few characters, for the players panel."""
        return self.drawing.tally(self.view(), self.session.results())

    def redraw(self) -> None:
        """Draw everything again from the seat's view."""
        if not self._drawn:
            return
        view = self.view()
        legal = self.legal()
        self._place_cursor()
        hand = self.hand()
        felt = self.query_one("#felt", Static)
        width = max(20, felt.content_size.width or 48)
        felt.update(self.drawing.table(view, self.me, width))
        self.query_one("#seats", Static).update(
            seat_lines(view, self.me, self.tally(), lambda s: self.drawing.tags(view, s)))
        self.query_one("#topbar", Static).update(self._topbar(view))
        hand_box = self.query_one("#hand", Static)
        dim, why = self.dimmed()
        hand_box.update(fan(hand, width=max(20, hand_box.content_size.width or 78),
                            cursor=self.cursor(),
                            picked=[i for i, c in enumerate(hand) if c in self.picked],
                            playable=[c for c in hand if c not in dim] if dim else None))
        hand_box.border_subtitle = f"{len(hand)} card{'' if len(hand) == 1 else 's'}"
        if legal:
            ask = self.drawing.prompt(view, legal)
        elif self.over():
            ask = ""
        else:
            ask = f"{seat_name(view['to_act'], self.me)} to move…"
        self.query_one("#prompt", Static).update(ask)
        note = self._note(why)
        note_line = self.query_one("#note", Static)
        note_line.update(note)
        note_line.display = bool(note.plain)
        self._sync_buttons(other_ops(legal), view)
        self.refresh_bindings()

    def _note(self, why_dimmed: str) -> Text:
        """The line under the prompt: why a key was refused; else the set picked (or what
        Enter would play or give), and why the greyed cards cannot be played."""
        if self.said and self._said_at == self.log_at:
            return Text(self.said, "bold #ffab91")
        parts: list[Text] = []
        hand = self.hand()
        op = self.enter_op()
        if self.picked:
            part = Text("your set: ", "bold #a5d6a7")
            part.append_text(chips(c for c in hand if c in self.picked))
            if op is not None:
                part.append(" · Enter plays it", "#a5d6a7")
            else:
                part.append(f" · {_sentence(self._why_enter())}", "#ffcc80")
            parts.append(part)
        elif op is not None and (isinstance(op, Give) or len(op.cards) > 1):
            parts.append(self.drawing.describe(op, self.view(), self.me))
        if why_dimmed:
            parts.append(Text(f"Greyed: {_sentence(why_dimmed)}", "#b0bec5"))
        return Text(" · ").join(parts)

    def _topbar(self, view: Mapping[str, Any]) -> Text:
        """The game, the hand, the game's own line (Solo Whist's contract and tricks) and who
        plays; where that is wider than the screen, the least needed parts go first (the players
        panel says who is who), so the contract is never cut (it overflowed at 100 columns)."""
        extra = self.drawing.topbar(view, self.me)
        room = max(20, (self.size.width or 80) - 2)
        parts = {"game": (self.game_title, "bold #ffd54f"),
                 "hand": (f"hand {max(1, self.hands_played + 1)}", "#c8e6c9"),
                 "extra": (extra, "#fff59d"),
                 "players": (f"{self.players} players", "#c8e6c9"),
                 "me": (f"you are seat {self.me}", "#c8e6c9")}
        for drop in ((), ("players",), ("players", "me"), ("players", "me", "game")):
            kept = [p for k, p in parts.items() if k not in drop and p[0]]
            if sum(len(t) for t, _ in kept) + 3 * (len(kept) - 1) <= room:
                break
        out = Text(no_wrap=True, overflow="ellipsis")
        for i, (words, style) in enumerate(kept):
            if i:
                out.append(" · ", "#c8e6c9")
            out.append(words, style)
        return out

    def _sync_buttons(self, ops: list[CardOp], view: Mapping[str, Any]) -> None:
        """The numbered moves, in as many rows as the width needs (Solo Whist's whole ladder
        of bids, each with what it must take, is two rows at 80 columns)."""
        if ops == self._buttons_for:
            return
        self._buttons_for = ops
        box = self.query_one("#buttons", Vertical)
        box.remove_children()
        room = max(20, (self.size.width or 80) - 2)
        rows: list[list[MoveButton]] = [[]]
        used = 0
        for n, op in enumerate(ops, 1):
            button = MoveButton(n, op, self.drawing.label(op, view, self.me))
            need = cell_len(str(button.label)) + 1
            if rows[-1] and used + need > room:
                rows.append([])
                used = 0
            rows[-1].append(button)
            used += need
        box.mount_all([Horizontal(*row) for row in rows if row])

    def offered(self) -> list[CardOp]:
        """Every move the screen offers: the numbered buttons and the playable card moves."""
        return [*(self._buttons_for or []), *card_ops(self.legal())]

    def _write_log(self) -> None:
        """The session's new lines of the log (the events heard count for ``said``)."""
        self.log_at = self.session.heard
        log = self.query_one("#log", RichLog)
        for line in self.session.log[self._logged:]:
            log.write(Text.from_markup(line))
        self._logged = len(self.session.log)

    # -- pacing the session's flow of play ------------------------------------------------------

    @property
    def _unpaced(self) -> bool:
        """The bots move at once (no pause between their moves)."""
        return self.bot_delay <= 0

    def _follow(self) -> None:
        """After any move: wait for the next bot's move (the pause), or for the person, or
        show the hand's summary."""
        s = self.session
        if s.ask is None and not s.done and s.bot_to_move() is None:
            s.advance(bots=False)
        self._write_log()
        if s.ask is not None and self.over():
            self.hands_played += 1
            self.redraw()
            self._show_summary()
            return
        if s.bot_to_move() is None:
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
        """The pause is over: the session moves the bot (each sees what its own seat sees,
        like the person)."""
        self._bot_pending = False
        if self._summary_open:   # leaving: the table stops where it is
            return
        if len(self.screen_stack) > 1:   # the help or "leave?" is up: the table waits
            self._bot_pending = True
            self.set_timer(self.bot_delay, self._bot_move)
            return
        if self.session.bot_to_move() is not None:
            if self._unpaced:
                self.session.advance()
            else:
                self.session.step()
        self._follow()

    def _apply(self, op: CardOp) -> None:
        """The person's move (already one of the offered legal moves)."""
        self.picked = set()
        self.said = ""
        self.session.choose(op, bots=self._unpaced)
        self._follow()

    def _show_summary(self, final: bool = False) -> None:
        self._summary_open = True
        self.redraw()

        def after(deal_next: bool | None) -> None:
            self._summary_open = False
            if deal_next:
                self.picked = set()
                self.at = None
                self.session.submit(DEAL_NEXT, bots=self._unpaced)
                self._follow()
            else:
                self.session.interrupt()
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
        results = self.session.results()
        if not results:
            return "No hand finished yet."
        return self.drawing.last_result(results, self.me)

    def standings(self) -> RichTable:
        """Per seat, what counts in this game over the hands played so far."""
        results = self.session.results()
        view = self.view()
        n = len(results)
        out = RichTable(title=f"{self.game_title}: {n} hand{'s' if n != 1 else ''}",
                        title_style="bold #c8e6c9", border_style="#546e7a")
        out.add_column("seat")
        out.add_column("result")
        for s in view["counts"]:
            out.add_row(seat_name(s, self.me), self.drawing.standing(view, results, s))
        return out

    # -- keys -----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer (in the footer, and to the key) only what is legal now for this seat."""
        if action == "enter":
            return self._enter_kind() == parameters[0]
        if action == "pick":
            return self.can_pick()
        if action == "move":
            kind = MOVE_KEYS[str(parameters[0])]
            return any(type(op) is kind for op in self.legal())
        if action == "choose":
            return 1 <= int(str(parameters[0])) <= len(other_ops(self.legal()))
        return True

    def _step(self) -> None:
        """A cursor step or a pick: the refusal shown last is stale now."""
        self.said = ""
        self.redraw()

    def action_cursor(self, step: int) -> None:
        ready = self._place_cursor()
        if not ready:
            self.action_refuse("enter")
            return
        i = ready.index(self.at) if self.at in ready else 0
        self.at = ready[(i + step) % len(ready)]
        self._step()

    def action_cursor_to(self, where: int) -> None:
        ready = self._place_cursor()
        if not ready:
            self.action_refuse("enter")
            return
        self.at = ready[where]
        self._step()

    def action_pick(self) -> None:
        """Space: the card under the cursor joins the set, or leaves it (a card of another
        rank starts a new set)."""
        c = self.at
        if c is None:
            return
        if c in self.picked:
            self.picked.discard(c)
        elif any(p.rank != c.rank for p in self.picked):
            self.picked = {c}
        else:
            self.picked.add(c)
        self._step()

    def action_enter(self, kind: str) -> None:
        """Enter: play (or give) the picked set, or the card under the cursor."""
        op = self.enter_op()
        if op is not None:
            self._apply(op)

    def action_move(self, key: str) -> None:
        kind = MOVE_KEYS[key]
        for op in self.legal():
            if type(op) is kind:
                self._apply(op)
                return

    def action_choose(self, n: int) -> None:
        ops = other_ops(self.legal())
        if 1 <= n <= len(ops):
            self._apply(ops[n - 1])

    def action_refuse(self, key: str) -> None:
        """A key whose move is not legal now: say why, in words, and change nothing."""
        if key == "enter":
            self.said = self._why_enter()
        elif not self.legal():
            self.said = self._not_your_move()
        elif key == "space":
            self.said = ("Space picks cards for a set, and no set of several cards can be "
                         "played now.")
        elif key in MOVE_KEYS:
            why = self.session.refusal(MOVE_KEYS[key](self.me))
            self.said = _sentence(str(why)) if why else "That is not a move you can make now."
        else:
            n = len(other_ops(self.legal()))
            self.said = (f"There is no move {key} now: the numbered moves are 1 to {n}." if n
                         else "There is no numbered move now.")
        self._said_at = self.log_at
        self.redraw()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if isinstance(event.button, MoveButton) and event.button.op in self.legal():
            self._apply(event.button.op)

    def action_scroll_log(self, direction: int) -> None:
        log = self.query_one("#log", RichLog)
        (log.scroll_page_down if direction > 0 else log.scroll_page_up)()

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.drawing, self.game_name))

    def action_quit_table(self) -> None:
        """q: in the middle of a hand, asked first; between hands (the summary's own q) it
        leaves at once."""
        if self._summary_open:
            return

        def after(leave: bool | None) -> None:
            if leave:
                self._show_summary(final=True)

        self.push_screen(ConfirmLeave(), after)


def _sentence(words: str) -> str:
    """A message from the game as a sentence on the screen: capital first, a full stop."""
    words = words.strip()
    if not words:
        return words
    words = words[0].upper() + words[1:]
    return words if words[-1] in ".!?" else words + "."


def make_cardroom(game: str, players: int, seed: int | None, *,
                  bot_delay: float = 0.6, seat: int = 1, level: str = BEST) -> CardRoomApp:
    """A table of ``game`` with its bots of ``level`` (the registry's: its best bots unless
    another is named; a level it lacks is a ``RulesError``) in every seat but ``seat``; ``seed``
    makes the deals and the bots' choices reproducible (``None``: a secure shuffle)."""
    g = make_game(game, players, seed)
    levels = GAMES[game].levels
    maker = levels.get(ALIASES.get(level, level))
    if maker is None:
        raise RulesError(f"no bot called {level!r} for {game}; choose one of "
                         f"{', '.join(reversed(levels))}")
    bot_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    bots = {s: maker(random.Random(bot_seed * 1000 + s)) for s in g.seat_numbers if s != seat}
    return CardRoomApp(g, bots, seat=seat, bot_delay=bot_delay)
