"""What ``twentyone play`` hands a game's front end: the options as typed, and the front end
itself (which options its kind of game takes, and the function that seats people or runs the
bots headless). ``cli.play`` looks the game's kind up in the registry and dispatches here, so
no module of the command line tests a game's name."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Seating:
    """``twentyone play``'s options, parsed by Typer but not yet checked for the game."""

    game: str
    rules: str
    set_: list[str]
    seats: int
    bankroll: str
    seed: int | None
    bots: list[int]
    auto: str | None
    rounds: int
    as_json: bool
    history: Path | None
    stack: str | None
    players: int
    people: int | None
    #: The coach (the casino game's): warnings, the count kept, the profile, a fresh bankroll.
    coach: bool = False
    count: str | None = None
    profile: str | None = None
    fresh_bankroll: bool = False
    banker: int | None = None
    #: The card games' bots at the terminal: their level (``games.levels``; None: the best).
    level: str | None = None


@dataclass(frozen=True, slots=True)
class Front:
    """How one kind of game is played from the command line."""

    #: The options of ``GAME_OPTIONS`` this kind takes; the others are refused if typed.
    takes: frozenset[str]
    #: The end of the refusal of the others ("does not apply ..."); ``{game}`` is the game.
    not_here: str
    #: Options refused with ``--auto`` (beyond the history and the stacked shoe), and why.
    not_with_auto: tuple[str, ...]
    why_not_with_auto: str
    #: Seats people at the game, or with ``--auto`` lets bots play it headless.
    play: Callable[[Seating], None]


#: The options that belong to some kinds of game only (Typer's parameter names), in the order a
#: refusal names them.
GAME_OPTIONS = ("rules", "set_", "seats", "stack", "players", "people", "bankroll", "bot",
                "history", "coach", "count", "profile", "fresh_bankroll", "banker", "level")
