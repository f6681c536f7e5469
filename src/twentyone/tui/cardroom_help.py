"""The F1 help of the card room: the game's essentials and its keys, from the drawing its
registry entry names (``GameDrawing.essentials`` and ``keys``: each game's essentials are kept
beside it in ``games/<game>/picture.py``, condensed from docs/games/), then the keys every game
shares.
"""

from __future__ import annotations

import re

from twentyone.games.core.picture import GameDrawing
from twentyone.games.registry import GAMES

#: The keys every game shares, as (key, what it does); a game's own rows
#: (``GameDrawing.keys``) come first and replace a shared row for the same key.
KEYS: tuple[tuple[str, str], ...] = (
    ("← → (Home, End)", "move along the cards you can play now (greyed cards are skipped)"),
    ("Enter", "play the card under the cursor"),
    ("1 … 9", "the numbered moves in the bar"),
    ("PgUp / PgDn", "scroll the log"),
    ("F1", "this help"),
    ("q", "leave the table: in the middle of a hand it asks first (y / n); between hands "
          "it leaves at once"),
)

#: What the footer and the keys promise, after the table.
KEYS_NOTE = """\
The footer lists only the keys whose move is legal for you now. A greyed card cannot be played
just now, and the line under the prompt says why, in the rules' own words; a key pressed for a
move you cannot make says why too, and changes nothing.
"""


def keys_markdown(drawing: GameDrawing) -> str:
    """The keys as they are in the drawing's game: its own rows first, then the shared ones."""
    own = drawing.keys
    mine = {k for k, _ in own}
    rows = [*own, *(row for row in KEYS if row[0] not in mine)]
    table = "\n".join(f"| {k} | {what} |" for k, what in rows)
    return f"## Keys\n\n| Key | What it does |\n|---|---|\n{table}\n\n{KEYS_NOTE}"


#: A citation in the essentials, left out of the page a player reads.
_CITATION = re.compile(r"\s*\(docs/games/[a-z-]+\.md#[a-z-]+\)")


def help_markdown(game: str, drawing: GameDrawing | None = None) -> str:
    """The help page for ``game`` (its drawing found in the registry unless given): its
    essentials, where the full rules are when it has them, then the keys."""
    if drawing is None:
        drawing = GAMES[game].drawing
    page = _CITATION.sub("", drawing.essentials or f"# {game}\n")
    rules = f"\nThe full rules: docs/games/{game}.md.\n" if drawing.essentials else ""
    return f"{page}{rules}\n{keys_markdown(drawing)}"
