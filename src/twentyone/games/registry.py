"""Every game by name, from one list (as python-chess finds its variants in ``VARIANTS``): its
class, its rules type, how many players a room may choose, its bots by level, the page
component that draws it in the browser and its score sheet.

``GAMES`` is the card games (the headless runner, histories and the terminal card room play
those); ``TABLES`` the chip games, blackjack and Pontoon, whose compiled ``Table`` meets the
protocol through ``blackjack.CasinoGame``; ``ROOM_GAMES`` every game a room can be created for
(the first is the one a room is for when none is named). Each entry's ``settings`` are the
room settings that game honours, in its words (``RoomSetting``).
Each entry's ``kind`` (one of ``KINDS``) says how a front end seats people at it and how bots
play it headless, so a front end looks a game up here instead of testing its name.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from twentyone.engine.shoe import Shuffler as TableShuffler
from twentyone.engine.shoe import ShuffleRecord
from twentyone.engine.table import Table
from twentyone.errors import TwentyOneError
from twentyone.pontoon.bots import BANKER_STRATEGIES, BankerStrategy
from twentyone.pontoon.history import game_history
from twentyone.pontoon.table import PontoonRules, PontoonTable
from twentyone.protocol import HandResult
from twentyone.protocol import game as protocol_game
from twentyone.rules import Rules
from twentyone.strategy.play import CHARTS

from .blackjack import CasinoGame
from .blackjack import replay as replay_table
from .blackjack.auto import AutoReport, casino_auto, pontoon_auto
from .blackjack.bots import ChartPlayer, PontoonPlayer
from .blackjack.dealer import DealerGame
from .blackjack.game import HISTORY_FORMAT as TABLE_FORMAT
from .blackjack.redeal import Redeal
from .blackjack.words import CASINO_HELP, PONTOON_HELP
from .chipgame import ChipGame, TableBot
from .core.bots import Bot
from .core.game import HISTORY_FORMAT as CARD_FORMAT
from .core.game import CardGame
from .core.history import replay_into
from .core.picture import GameDrawing
from .core.rules import GameRules
from .core.sheet import SheetMaker
from .durak.bots import DurakBeginnerBot, DurakBot
from .durak.game import Durak
from .durak.picture import DurakDrawing
from .durak.rules import DurakRules
from .durak.sheet import score_sheet as durak_sheet
from .durak.sheet import seat_words as durak_words
from .durak.sheet import summary as durak_summary
from .durak.strong import DurakStrongBot
from .president.bots import PresidentBeginnerBot, PresidentBot
from .president.game import President
from .president.picture import PresidentDrawing
from .president.rules import PresidentRules
from .president.sheet import score_sheet as president_sheet
from .president.sheet import seat_words as president_words
from .president.sheet import summary as president_summary
from .president.strong import PresidentStrongBot
from .solo_whist.bots import SoloWhistBeginnerBot, SoloWhistBot
from .solo_whist.game import SoloWhist
from .solo_whist.picture import WhistDrawing
from .solo_whist.rules import SoloWhistRules
from .solo_whist.sheet import score_sheet as solo_whist_sheet
from .solo_whist.sheet import seat_words as solo_whist_words
from .solo_whist.sheet import summary as solo_whist_summary
from .solo_whist.strong import SoloWhistStrongBot

#: The headless runner's report from a game's hand results and its seats.
Summary = Callable[[Sequence[HandResult], Sequence[int]], dict[str, Any]]

#: One seat of the runner's report in words (``twentyone play --auto``'s table).
SeatWords = Callable[[Mapping[str, Any]], str]

#: A bot for one seat, from its random source.
BotMaker = Callable[[random.Random], Bot]

#: The level a room (and the headless runner) fills empty seats with unless another is chosen.
BEST = "best"
#: The level above the best bot: search over the hidden cards (``core.search``).
STRONG = "strong"

@dataclass(frozen=True, slots=True)
class RoomSetting:
    """A room setting a game honours (``web.spec.Settings`` has them all), in the game's own
    words: what the lobby asks, and for a choice each value with what it does at this game. A
    game's entry lists only the settings that mean something for it; a room created with any
    other is refused (``web.spec``)."""

    name: str
    label: str
    #: Each value with its words, for a setting chosen from a few (empty: a number or yes/no).
    choices: tuple[tuple[str, str], ...] = ()


#: The settings of every room: the turn clock, and how long a dropped player keeps the seat.
CLOCK_SETTINGS = (RoomSetting("turn_s", "Seconds for each turn"),
                  RoomSetting("grace_s", "Seconds a dropped player keeps the seat"))

#: A chip game's settings (blackjack and Pontoon): every one the room has.
TABLE_SETTINGS = (
    *CLOCK_SETTINGS,
    RoomSetting("max_buy_in", "The most a seat buys in for ($)"),
    RoomSetting("on_timeout", "When the turn clock runs out",
                (("stand", "the hand stands"), ("sit_out", "the player sits out"))),
    RoomSetting("interrupted", "A round interrupted by a restart",
                (("resume", "resumes where it stopped"),
                 ("void", "is called off, every bet returned"))),
    RoomSetting("hints", "Players may ask for the ? hint (exact odds)"),
    RoomSetting("commit_shoes", "Publish a fingerprint of each shoe before dealing it"))

#: A card game's settings: no chips, no hints, and a hand interrupted by a restart always
#: resumes (a card room deals its hand again from the ledger; there are no bets to return).
CARD_SETTINGS = (
    *CLOCK_SETTINGS,
    RoomSetting("on_timeout", "When the turn clock runs out",
                (("stand", "a bot makes that one move"),
                 ("sit_out", "a bot plays on until the player is back"))),
    RoomSetting("commit_shoes", "Publish a fingerprint of each shuffle before dealing it"))


#: The kinds of game: a table where the house banks (the casino game), a table where a player
#: holds the bank (Pontoon), and a card game played by turns for scores (``GameEntry``).
HOUSE_BANKS, PLAYER_BANKS, CARD_GAME = "house-banks", "player-banks", "card-game"
KINDS = (HOUSE_BANKS, PLAYER_BANKS, CARD_GAME)


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One card game: what the runner, the records and the room need to know of it."""

    game: type[CardGame[Any]]
    rules: type[GameRules]
    #: The game's best bot (its heuristic).
    bot: BotMaker
    #: The title players read.
    title: str = ""
    #: The fewest and the most players a room may choose.
    players: tuple[int, int] = (2, 2)
    #: The page component that draws the game (``static/games/<page>.js``).
    page: str = ""
    #: The game's score sheet from its hand results (``core.sheet``).
    sheet: SheetMaker | None = None
    #: The weaker bots by level, weakest first (``BEST`` is ``bot``).
    more_levels: Mapping[str, BotMaker] = field(default_factory=dict)
    #: The level above the best (``STRONG``): search over the hidden cards (``core.search``);
    #: slower, so never a room's or the runner's default.
    strong: BotMaker | None = None
    #: The headless runner's report (``auto.play_many``).
    summary: Summary | None = None
    #: Every hand's scores sum to zero (Solo Whist's counters): the runner checks it.
    zero_sum: bool = False
    #: One seat of ``summary`` in words.
    seat_words: SeatWords | None = None
    #: How the game looks at the terminal (``core.picture``): the terminal's card room asks
    #: it, never the game's name; a game without its own is drawn plainly.
    drawing: GameDrawing = field(default_factory=GameDrawing)
    #: The room settings the game honours, in its words (``RoomSetting``).
    settings: tuple[RoomSetting, ...] = CARD_SETTINGS

    @property
    def kind(self) -> str:
        """Every card game is seated and run headless the same way (``KINDS``)."""
        return CARD_GAME

    @property
    def chips(self) -> TableEntry | None:
        """A card game plays for scores: no chips, so a room seats its people by name and
        fills the seats nobody holds with bots (``TableEntry.chips`` is the other half)."""
        return None

    @property
    def cards(self) -> GameEntry:
        """What a room needs of a game played for scores: its table for a number of players,
        its bots by level and its score sheet (this entry)."""
        return self

    @property
    def levels(self) -> dict[str, BotMaker]:
        """The bot levels a host chooses from for the empty seats, weakest to strongest."""
        stronger = {STRONG: self.strong} if self.strong is not None else {}
        return {**self.more_levels, BEST: self.bot, **stronger}

    def new(self, players: int, shuffler: Any = None) -> CardGame[Any]:
        """A new table for ``players`` (the game's other rules at their defaults)."""
        return self.game(self.rules(players=players), shuffler)

    #: The format of the game's ``history()``.
    history_format = CARD_FORMAT

    def replay(self, name: str, data: Mapping[str, Any]) -> CardGame[Any]:
        """The game a ``history()`` records, played again move by move through ``apply``."""
        return replay_into(dict(data), self.game, self.rules)


GAMES: dict[str, GameEntry] = {
    "solo-whist": GameEntry(SoloWhist, SoloWhistRules, SoloWhistBot, "Solo Whist", (4, 4),
                            "solo-whist", solo_whist_sheet,
                            {"beginner": SoloWhistBeginnerBot}, SoloWhistStrongBot,
                            summary=solo_whist_summary,
                            zero_sum=True, seat_words=solo_whist_words,
                            drawing=WhistDrawing()),
    "durak": GameEntry(Durak, DurakRules, DurakBot, "Durak", (2, 5), "durak", durak_sheet,
                       {"beginner": DurakBeginnerBot}, DurakStrongBot, summary=durak_summary,
                       seat_words=durak_words, drawing=DurakDrawing()),
    "president": GameEntry(President, PresidentRules, PresidentBot, "President", (3, 7),
                           "president", president_sheet, {"beginner": PresidentBeginnerBot},
                           PresidentStrongBot, summary=president_summary,
                           seat_words=president_words, drawing=PresidentDrawing()),
}


#: A chip game's bot of one level for a table under these rules (the casino game's charts are
#: solved for the rules: the first time, seconds).
TableBotMaker = Callable[[Rules], TableBot]


class AutoRunner(Protocol):
    """A chip game's headless run (``twentyone play --auto``): ``bot`` of ``level`` in every
    one of ``seats`` seats, each buying in for ``bankroll``, for ``rounds`` rounds, through the
    protocol (``games.blackjack.auto``)."""

    def __call__(self, game: CasinoGame, bot: TableBot, level: str, *, seats: int, rounds: int,
                 bankroll: int) -> AutoReport: ...


def _banker(strategy: BankerStrategy) -> TableBotMaker:
    return lambda rules: PontoonPlayer(strategy)


def _chart(name: str) -> TableBotMaker:
    return lambda rules: ChartPlayer(CHARTS[name](rules))


class ChipQuestion(Protocol):
    def answer(self) -> dict[str, Any]: ...


class RoomGame(protocol_game.Game, Protocol):
    """What a room asks of every game beyond the protocol's ``Game``: whether a hand is under
    way, and the record of its operations and shuffles that the ledger keeps."""

    @property
    def between_hands(self) -> bool: ...
    @property
    def ops(self) -> Sequence[protocol_game.Op]: ...
    @property
    def shuffles(self) -> Sequence[object]: ...


class ChipRoomGame(RoomGame, Protocol):
    """What a room asks of a chip game, beyond the protocol's ``Game``: its chips and the
    record of its operations and shuffles (the ledger's), the flow of play as a room needs it
    (``acting``; ``passive``, the move made for a seat that does not act on its clock), the
    house's steps (``host_operation``, ``host_steps``: the deal, the draw for the bank, a
    dealing host's), the bank of a table where a player holds it, buying more chips, the
    dealer's calls and the hint. ``CasinoGame`` has them, and so has the game a host deals
    (``DealerGame``): a room reads the game through these, never its engine's table."""

    @property
    def rules(self) -> Rules: ...
    @property
    def round(self) -> int: ...
    @property
    def operations(self) -> frozenset[str]: ...
    @property
    def shuffles(self) -> Sequence[ShuffleRecord]: ...
    @property
    def seated(self) -> frozenset[int]: ...
    @property
    def banker(self) -> int | None: ...
    @property
    def bank_offer(self) -> tuple[int, int, int] | None: ...
    def host_operation(self, name: str, args: Mapping[str, Any]) -> protocol_game.Op: ...
    def host_steps(self) -> list[str]: ...
    def private_seats(self, since: int | None) -> frozenset[int]: ...
    def balances(self) -> dict[int, int]: ...
    def fields(self, name: str) -> list[str]: ...
    def passive(self, seat: int) -> protocol_game.Op: ...
    def can_top_up(self, seat: int) -> bool: ...
    def top_up(self, seat: int, amount: int, most: int) -> tuple[protocol_game.Op,
                                                                 protocol_game.Op]: ...
    def calls_since(self, since: int) -> list[str]: ...
    def new_calls(self) -> list[str]: ...
    def state(self) -> dict[str, Any]: ...
    def closing_refusal(self) -> TwentyOneError | None: ...
    def hint_question(self, seat: int) -> ChipQuestion: ...


class TableRecords(Protocol):
    """A chip table dealt again from a room's ledger for its downloads (``blackjack.redeal``):
    what a download is written from, as of the end of the last round."""

    @property
    def applied(self) -> int: ...
    @property
    def player(self) -> Sequence[tuple[int, dict[str, Any]]]: ...
    def extend(self, ops: Sequence[dict[str, Any]]) -> None: ...
    def house_lines(self, closed: bool,
                    commitment: Callable[[int], str]) -> list[dict[str, Any]]: ...


@dataclass(frozen=True, slots=True)
class TableEntry:
    """A chip game: its table from the room's stored rules and a shuffler, seen through the
    protocol by ``CasinoGame``."""

    title: str
    #: The table from the rules a room stores (``Rules.to_mapping`` for the casino game; for
    #: Pontoon only the host's own choices) and the room's shuffler.
    make: Callable[[Mapping[str, Any], TableShuffler], Table]
    #: The page component that draws it.
    page: str = "table"
    #: A player holds the bank (Pontoon): the host cannot deal, and the lobby asks only the
    #: chip's worth and the limit (``web.spec.pontoon_choices``).
    bank: bool = False
    #: The room settings the game honours, in its words (``RoomSetting``).
    settings: tuple[RoomSetting, ...] = TABLE_SETTINGS
    #: Its bots by level (``games.blackjack.bots``: each chooses from its seat's view among the
    #: legal operations), and the level the terminal seats and asks for advice.
    levels: Mapping[str, TableBotMaker] = field(default_factory=dict)
    best: str = ""
    #: Other names the command line takes for a level (``--auto basic`` at Pontoon).
    aliases: Mapping[str, str] = field(default_factory=dict)
    #: How to play it, as the terminal's F1 page says it.
    help: str = ""
    #: Its headless run (``twentyone play --auto``).
    auto: AutoRunner = casino_auto
    #: The game's record in a format of its own, written by the terminal (``--history``;
    #: None: the terminal writes the house's record and the player's hand history).
    record: Callable[[ChipGame], dict[str, Any]] | None = None

    @property
    def kind(self) -> str:
        """Whether the house or a player banks (``KINDS``)."""
        return PLAYER_BANKS if self.bank else HOUSE_BANKS

    @property
    def chips(self) -> TableEntry:
        """A chip game: a room seats its people with a buy-in and settles in chips through
        the ledger (this entry; ``GameEntry.chips`` is None)."""
        return self

    @property
    def cards(self) -> None:
        """No score sheet and no bots in a room's empty seats (``GameEntry.cards``)."""
        return None

    def game(self, name: str, rules: Mapping[str, Any], shuffler: TableShuffler) -> CasinoGame:
        return CasinoGame(self.make(rules, shuffler), name, rules)

    def records(self, rules: Mapping[str, Any], shuffler: TableShuffler, seat: int | None,
                salt_of: Callable[[int], str]) -> TableRecords:
        """A new table from a room's stored rules, to deal again from its ledger for its
        downloads: the house's lines, or with ``seat`` that seat's too (``blackjack.redeal``)."""
        return Redeal(self.make(rules, shuffler), seat, salt_of)

    def dealt_by_host(self, game: ChipRoomGame, state: dict[str, Any] | None) -> DealerGame:
        """``game`` (this entry's) with the host as its dealer (dealer mode), its desk as
        ``state`` left it (None: a new table)."""
        assert isinstance(game, CasinoGame), "a host deals the entry's own game"
        return DealerGame(game, state)

    #: The format of ``CasinoGame.history()``.
    history_format = TABLE_FORMAT

    def replay(self, name: str, data: Mapping[str, Any]) -> CasinoGame:
        """The game a ``CasinoGame.history()`` records, dealt again through ``apply``."""
        return replay_table(data, self.make, name)


#: Seats at a Pontoon room: the banker and up to seven players, a table's worth of phones.
PONTOON_PLAYERS = 8


def _pontoon_record(game: ChipGame) -> dict[str, Any]:
    table = game.table if isinstance(game, CasinoGame) else None
    assert isinstance(table, PontoonTable), "Pontoon's record is of a Pontoon table"
    return game_history(table)


TABLES: dict[str, TableEntry] = {
    "casino": TableEntry("Casino blackjack", lambda rules, shuffler: Table(
        Rules.from_mapping(dict(rules)), shuffler),
        levels={name: _chart(name) for name in CHARTS}, best="basic", help=CASINO_HELP),
    # A room seats up to ``PONTOON_PLAYERS``; the terminal names how many play.
    "pontoon": TableEntry("Pontoon", lambda rules, shuffler: PontoonTable(
        PontoonRules(**{"players": PONTOON_PLAYERS, **rules}), shuffler), bank=True,
        levels={name: _banker(s) for name, s in BANKER_STRATEGIES.items()}, best="reading",
        aliases={"basic": "reading"}, help=PONTOON_HELP, auto=pontoon_auto,
        record=_pontoon_record),
}

#: Every game a room can be created for, by name.
ROOM_GAMES: dict[str, GameEntry | TableEntry] = {**TABLES, **GAMES}
