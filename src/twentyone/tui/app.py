"""The terminal table on Textual: the felt (dealer, shoe and cut card, every seat with its
chips), a scrollable log of the dealer's calls, a prompt line, and a footer of keys; the rules in
force and a help page per game on F2 and F1.

The app draws one chip table's session (``tui.seat.SeatSession``, with its game's manners,
``tui.session.ChipManners``): the felt is the manners' ``screen_view()`` (the game's ``seat_view``
for the seat whose turn it is, or the round just settled) and nothing else: it keeps no cards,
totals or chips of its own, so what it shows is always what was dealt. Lines typed go to the
session, which plays them at the table. Ctrl-C, Ctrl-Q or closing the terminal leaves the table:
a round in play is called off and every bet goes back (``SeatSession.interrupt``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, LoadingIndicator, RichLog, Static

from twentyone.engine import views
from twentyone.tui.fit import fit
from twentyone.tui.render import TableView
from twentyone.tui.seat import SeatSession
from twentyone.tui.session import ChipManners

#: Below this width the seats stack in one column and the header shortens.
NARROW = 70
#: Columns a seat needs to show a split hand's line without wrapping.
SEAT_WIDTH = 40
#: Below this height the log gives its rows to the felt.
SHORT = 22


class TextScreen(ModalScreen[None]):
    """A page of text over the table (help, the rules in force); any key closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1,f2,enter,space", "dismiss", "Close")]

    def __init__(self, title: str, body: Text) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="page"):
            yield Static(Text(self.title_text, style="bold"), id="page-title")
            yield Static(self.body, id="page-body")
            yield Static(Text("Esc closes this page.", style="dim"))

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)


class TableApp(App[None]):
    """A card table in the terminal for one ``Session`` (the casino game or Pontoon)."""

    TITLE = "twentyone"
    CSS = """
    Screen { background: #0b3d1e; }
    #title { height: 1; background: #062812; color: #f0e6c8; text-style: bold; padding: 0 1; }
    #felt { height: auto; background: #0f5a2c; padding: 0 1; overflow-y: auto;
            border: round #c8a24a; scrollbar-size-vertical: 1; }
    #dealer, #shoe { height: auto; }
    #seats { height: auto; layout: grid; grid-size: 2; grid-gutter: 0 1;
             grid-rows: auto; }
    .seat { height: auto; background: #0c4a24; padding: 0 1; border: round #2e7d4a; }
    .seat.turn { border: round #f2c94c; }
    #log { height: 1fr; min-height: 3; background: #101820; border: round #3a4a5a;
           scrollbar-size-vertical: 1; }
    #notes { height: auto; max-height: 8; color: #9fe0ff; padding: 0 1; }
    #prompt { height: auto; padding: 0 1; background: #162232; }
    #command { height: 1; border: none; padding: 0 1; }
    #preparing { height: auto; padding: 0 1; color: #f2c94c; }
    #loading { height: 1; }
    TextScreen { align: center middle; }
    #page { width: 90%; height: 90%; background: #101820; border: round #c8a24a;
            padding: 0 1; }
    Screen.narrow #felt, Screen.flat #felt { border: none; padding: 0; }
    Screen.bare #log { border: none; }
    Screen.crowded .seat { border: none; }
    Screen.crowded .seat.turn { background: #3d5a1c; }
    Screen.short #log { min-height: 0; max-height: 4; }
    Screen.tiny #log { display: none; }
    Screen.tiny #felt { max-height: 100%; height: 1fr; }
    Screen.tiny #shoe { display: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help"),
        Binding("f2", "rules", "Rules"),
        Binding("f3", "coach", "Coach on/off"),
        Binding("pageup", "log_up", "Log ↑", show=False),
        Binding("pagedown", "log_down", "Log ↓", show=False),
        Binding("ctrl+c", "leave", "Leave (colours up)", priority=True),
        Binding("ctrl+q", "leave", "Leave", show=False, priority=True),
    ]

    def __init__(self, session: SeatSession[ChipManners], render: TableView, *, rules_text: Text,
                 help_text: Text, prepare: Callable[[], None] | None = None,
                 preparing: str = "") -> None:
        super().__init__()
        self.session = session
        self.render_view = render
        self.rules_text = rules_text
        self.help_text = help_text
        self.prepare = prepare
        self.preparing = preparing
        self._logged = 0
        self._seats: tuple[int, ...] = ()
        self._panels: dict[int, Static] = {}
        #: What each seat's panel shows, to count its rows (``_fit``).
        self._seat_texts: dict[int, Text] = {}
        #: Shown after the app exits: who left with what.
        self.farewell: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Vertical(id="felt"):
            yield Static(id="dealer")
            yield Static(id="shoe")
            yield Horizontal(id="seats")
        yield RichLog(id="log", wrap=True, max_lines=5000, markup=False, auto_scroll=True)
        yield Static(id="notes")
        yield Static(id="preparing")
        yield Static(id="prompt")
        yield Input(id="command", max_length=80, placeholder="type here, Enter to play",
                    compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).border_title = "the dealer's calls (PgUp/PgDn)"
        if self.prepare is not None:
            self.query_one("#preparing", Static).update(Text(self.preparing, style="bold"))
            self.mount(LoadingIndicator(id="loading"), before=self.query_one("#prompt"))
            self.query_one("#command", Input).disabled = True
            self._prepare()
        else:
            self.query_one("#preparing", Static).display = False
            self._begin()

    @work(thread=True, exclusive=True)
    def _prepare(self) -> None:
        """Long work (solving the basic-strategy chart the first time) off the UI thread, with
        the notice on screen; play begins when it is done."""
        assert self.prepare is not None
        self.prepare()
        self.call_from_thread(self._prepared)

    def _prepared(self) -> None:
        self.query_one("#preparing", Static).display = False
        for w in self.query("#loading"):
            w.remove()
        command = self.query_one("#command", Input)
        command.disabled = False
        self._begin()

    def _begin(self) -> None:
        self.session.start()
        self.redraw()
        self.query_one("#command", Input).focus()

    # --- drawing -----------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw the session's view of the table, the new log lines, notes and the prompt."""
        s = self.session
        v = s.manners.screen_view()
        r = self.render_view
        self.query_one("#title", Static).update(Text(r.header(v), style="bold"))
        dealer = r.dealer(v, s.manners.dealer_name())
        if v.settled:
            dealer.append("   (last round)", style="dim italic")
        self.query_one("#dealer", Static).update(dealer)
        self.query_one("#shoe", Static).update(r.shoe(v))
        self._draw_seats(v)
        log = self.query_one("#log", RichLog)
        wrote = len(s.log) > self._logged
        for line in s.log[self._logged:]:
            log.write(Text(line, style=_log_style(line)))
        self._logged = len(s.log)
        notes = self.query_one("#notes", Static)
        notes.update(Text("\n".join(s.notes), style="bold"))
        notes.display = bool(s.notes)
        prompt = Text("")
        if s.ask is not None:
            prompt = Text.from_markup(f"{s.ask.about} › {s.ask.choices}")
        self.query_one("#prompt", Static).update(prompt)
        self._fit(follow=wrote)
        if s.done:
            self.farewell = s.goodbye()
            self.exit()

    def _draw_seats(self, v: views.TableView) -> None:
        numbers = tuple(seat.number for seat in v.seats)
        box = self.query_one("#seats", Horizontal)
        if numbers != self._seats:
            # Seats come and go (a bot gets up, a player buys in again): new panels each time,
            # named by seat number (no ids, as the old panels leave the DOM a moment later).
            box.remove_children()
            self._panels = {n: Static(classes="seat", name=f"seat-{n}") for n in numbers}
            box.mount_all(list(self._panels.values()))
            self._seats = numbers
        turn = v.to_act[0] if v.to_act else None
        self._seat_texts = {}
        for seat in v.seats:
            w = self._panels[seat.number]
            text = self.render_view.seat(seat, v, self.session.manners.seat_label(seat.number))
            self._seat_texts[seat.number] = text
            w.update(text)
            w.set_class(seat.number == turn, "turn")

    def _fit(self, follow: bool = False) -> None:
        """As many seats side by side as fit at about 38 columns each (one on a phone); then the
        rows shared out (``tui.fit``): the prompt and input always whole, a note (a hint) whole
        where it can be, at least three of the dealer's calls, and the felt what is left, its
        borders dropped first (five Pontoon players at 80×24 lost the last box, and a hint under
        three seats pushed the prompt off the screen).

        The calls keep their newest lines in view when their rows change (a hint's rows taken
        from them left older calls showing and the last ones hidden), unless the player has
        scrolled back to read; ``follow``: new calls were just written, so the end is wanted."""
        width, height = self.size
        if not width or not height:
            return
        log = self.query_one("#log", RichLog)
        if follow or log.is_vertical_scroll_end:
            log.scroll_end(animate=False, x_axis=False)  # once the new rows are laid out
        seats = len(self._seats) or 1
        columns = max(1, min(seats, width // SEAT_WIDTH))
        self.query_one("#seats", Horizontal).styles.grid_size_columns = columns
        narrow = width < NARROW
        inner = width - (2 if narrow else 4)  # the felt's border and padding
        seat_width = (inner - (columns - 1)) // columns - 4  # the box's border and padding
        texts = [self._seat_texts.get(n, Text("")) for n in self._seats]
        seat_rows = [max(self._rows(t, seat_width) for t in texts[i:i + columns])
                     for i in range(0, len(texts), columns)]
        felt_lines = sum(self._rows(self.query_one(f"#{part}", Static), inner)
                         for part in ("dealer", "shoe") if self.query_one(f"#{part}").display)
        fixed = 3 + sum(self._rows(self.query_one(f"#{part}", Static), width - 2)
                        for part in ("prompt", "preparing") if self.query_one(f"#{part}").display)
        if self.query("#loading"):
            fixed += 1
        notes = self.query_one("#notes", Static)
        layout = fit(height, fixed=fixed, felt_lines=felt_lines, seat_rows=seat_rows,
                     notes=self._rows(notes, width - 2) if notes.display else 0,
                     log=height >= 16, flat=narrow)
        self.screen.set_class(layout.crowded, "crowded")
        self.screen.set_class(layout.flat, "flat")
        self.screen.set_class(layout.bare_log, "bare")
        self.query_one("#felt").styles.max_height = layout.felt_rows
        notes.styles.max_height = layout.notes_rows

    def _rows(self, what: Static | Text, width: int) -> int:
        """The rows ``what`` takes wrapped at ``width`` columns."""
        text = what if isinstance(what, Text) else what.content
        if not isinstance(text, Text):
            text = Text(str(text))
        if not text.plain:
            return 1
        return len(text.wrap(self.console, max(1, width)))

    def on_resize(self, event: Resize) -> None:
        width, height = event.size.width, event.size.height
        self._fit()
        self.screen.set_class(width < NARROW, "narrow")
        self.screen.set_class(height < SHORT, "short")
        self.screen.set_class(height < 16, "tiny")

    # --- input -------------------------------------------------------------------------------

    @on(Input.Submitted, "#command")
    def _submitted(self, event: Input.Submitted) -> None:
        event.input.value = ""
        self.session.submit(event.value)
        self.redraw()

    def action_help(self) -> None:
        self.push_screen(TextScreen("How to play", self.help_text))

    def action_rules(self) -> None:
        self.push_screen(TextScreen("The rules in force", self.rules_text))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """F3 is offered only at a table with a coach (``play --coach``)."""
        if action == "coach":
            return self.session.manners.coach is not None
        return True

    def action_coach(self) -> None:
        """The coach's warnings off or on (the session's statistics count either way)."""
        self.session.manners.toggle_coach()
        self.redraw()

    def action_log_up(self) -> None:
        self.query_one("#log", RichLog).scroll_page_up()

    def action_log_down(self) -> None:
        self.query_one("#log", RichLog).scroll_page_down()

    def action_leave(self) -> None:
        """Leave the table: a round in play is called off, every bet goes back, and each person
        colours up and takes their chips."""
        self.leave()
        self.exit()

    def leave(self) -> None:
        if not self.session.done:
            self.session.interrupt()
        self.farewell = self.session.goodbye()


def _log_style(line: str) -> str:
    if line.startswith("Coach"):
        return "italic #9fe0ff"
    if line.startswith("──"):
        return "bold #c8a24a"
    if " wins" in line or " paid" in line or "pays 2:1" in line or "Dealer busts" in line:
        return "green"
    if " loses" in line or "busts" in line:
        return "#ff8080"
    if line.startswith("Dealer"):
        return "#f0e6c8"
    return ""
