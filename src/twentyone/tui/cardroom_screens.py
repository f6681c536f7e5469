"""The card room's screens besides the table: the numbered move buttons, F1's help, the summary
between hands and the "leave in the middle of a hand?" question (y/n)."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Button, Markdown, Static

from twentyone.games.core.ops import CardOp
from twentyone.games.core.picture import GameDrawing
from twentyone.tui.cardroom_help import help_markdown


class MoveButton(Button, can_focus=False):
    """A numbered move; not focusable, so the keys always reach the app's bindings."""

    def __init__(self, number: int, op: CardOp, label: str) -> None:
        super().__init__(f"{number} {label}", compact=True)
        self.op = op
        self.styles.line_pad = 0

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """Just the label, so the buttons pack as tightly as the bar's rows allow."""
        return cell_len(str(self.label))


class HelpScreen(ModalScreen[None]):
    """F1: the game's essentials and the keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q,enter", "close", "Close")]

    def __init__(self, drawing: GameDrawing, game: str) -> None:
        super().__init__()
        self.drawing = drawing
        self.game = game

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Markdown(help_markdown(self.game, self.drawing))

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


class ConfirmLeave(ModalScreen[bool]):
    """``q`` in the middle of a hand: leaving abandons it, so it is asked first (y/n)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes, leave"), Binding("n,escape", "answer(False)", "No")]

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(Text("Leave the table in the middle of this hand?\n", "bold #ffd54f")
                         + Text("The hand is not finished; the standings so far are shown.\n\n"
                                "y: leave · n: stay and play on", "#e0e0e0"))

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)
