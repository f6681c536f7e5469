"""What a room is created with: the game, its rules, who deals, and the room's settings.

A room's spec is stored as JSON in the ledger and is all that is needed, with the operations and
shuffles, to build its game again (its registry entry's ``game``). Everything a host sends is
checked here, before a room exists: an unknown preset, rules TOML that does not parse or is not
a rule set, a setting out of range, each is a typed error with a sentence for the host.
"""

from __future__ import annotations

import tomllib
from dataclasses import asdict, dataclass
from typing import Any

from twentyone.errors import RoomError, RulesError, did_you_mean, shown
from twentyone.games.registry import BEST, ROOM_GAMES, TABLES, GameEntry, TableEntry
from twentyone.money import dollars
from twentyone.rules import MONEY_FIELDS, PRESET_DESCRIPTIONS, PRESETS, Rules
from twentyone.web.protocol import MAX_CENTS

#: The chip games by name (the registry's ``TABLES``), as the lobby lists them.
CHIP_GAMES = tuple(TABLES)
#: The game a room is for when its request names none: the registry's first.
DEFAULT_GAME = next(iter(ROOM_GAMES))
HOST_MODES = ("house", "dealer")
#: The largest rules TOML a host may paste (a full rule set is about a kilobyte).
MAX_RULES_TOML = 8192
#: The most a Pontoon room's chip may be worth (cents) and its betting limit (chips).
MAX_PONTOON_CHIP = 100_000
MAX_PONTOON_LIMIT = 100


@dataclass(frozen=True)
class Settings:
    """A room's settings (docs/web.md#the-room-settings)."""

    #: Seconds a dropped connection keeps its seat's turn before the timeout acts for it.
    grace_s: int = 60
    #: Seconds a player has for each decision; 0: no turn clock.
    turn_s: int = 30
    #: What happens at a timeout: the hand stands, or the seat also sits out later rounds.
    on_timeout: str = "stand"
    #: A round under way when the server stopped: resumed where it stopped, or called off.
    interrupted: str = "resume"
    hints: bool = True
    commit_shoes: bool = True
    #: The most a seat may buy in for, in cents, and the most it may hold after buying more
    #: chips between rounds (at most ``protocol.MAX_CENTS``).
    max_buy_in: int = 1_000_000

    @classmethod
    def from_json(cls, data: object) -> Settings:
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RoomError("settings are an object, e.g. {\"turn_s\": 30}")
        known = set(cls.__dataclass_fields__)
        extra = sorted(set(data) - known)
        if extra:
            raise RoomError(f"no room setting {extra[0]!r}; settings: {', '.join(sorted(known))}")
        s = cls(**{k: v for k, v in data.items()})
        for name, most in (("grace_s", 3600), ("turn_s", 3600)):
            value = getattr(s, name)
            if type(value) is not int or not 0 <= value <= most:
                raise RoomError(f"{name} is a whole number of seconds from 0 to {most}")
        if type(s.max_buy_in) is not int or not 1 <= s.max_buy_in <= MAX_CENTS:
            raise RoomError(f"max_buy_in is a whole number of cents from 1 to {MAX_CENTS} "
                            f"({dollars(MAX_CENTS)})")
        if s.on_timeout not in ("stand", "sit_out"):
            raise RoomError("on_timeout is \"stand\" or \"sit_out\"")
        if s.interrupted not in ("resume", "void"):
            raise RoomError("interrupted is \"resume\" or \"void\"")
        if type(s.hints) is not bool or type(s.commit_shoes) is not bool:
            raise RoomError("hints and commit_shoes are true or false")
        return s

    @classmethod
    def for_game(cls, data: object, entry: GameEntry | TableEntry) -> Settings:
        """A new room's settings, as its host asks for them: only those the game honours (its
        registry entry's ``settings``); any other is refused, so a room never promises what
        its game cannot do (a card room has no bets to return, no hints, no buy-in)."""
        if isinstance(data, dict):
            names = [s.name for s in entry.settings]
            extra = sorted(k for k in data if k not in names)
            if extra and extra[0] in cls.__dataclass_fields__:
                raise RoomError(f"{entry.title} has no room setting {extra[0]!r}: its "
                                f"settings are {', '.join(names)}")
        return cls.from_json(data)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class RoomSpec:
    game: str
    #: The preset's name, "custom" for pasted rules, "pontoon" for Pontoon.
    rules_name: str
    #: The casino table's full rules (``Rules.to_mapping``); for Pontoon its chip and limit
    #: where the host chose them.
    rules: dict[str, Any]
    host_mode: str
    settings: Settings
    #: A card room's bot level for the seats no person holds ("" at a blackjack table).
    level: str = ""

    @classmethod
    def from_request(cls, body: object) -> RoomSpec:
        """A room as ``POST /api/rooms`` asks for it."""
        if not isinstance(body, dict):
            raise RoomError(f"a new room is a JSON object, e.g. {{\"game\": \"{DEFAULT_GAME}\"}}")
        game = body.get("game", DEFAULT_GAME)
        if not isinstance(game, str) or game not in ROOM_GAMES:
            raise RoomError(f"no game {shown(game)}{did_you_mean(game, ROOM_GAMES)} (games: "
                            f"{', '.join(ROOM_GAMES)})")
        chips = ROOM_GAMES[game].chips
        if chips is None:
            return cls.card_room(game, body)
        host_mode = body.get("host_mode", "house")
        if host_mode not in HOST_MODES:
            raise RoomError(f"host_mode is one of {', '.join(HOST_MODES)}")
        settings = Settings.for_game(body.get("settings"), chips)
        if chips.bank:
            if host_mode != "house":
                raise RoomError(f"at {chips.title} the banker is a player: the host "
                                "cannot deal")
            return cls(game, game, pontoon_choices(body.get(game)), "house", settings)
        preset = body.get("rules", "classic")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise RulesError(f"no rules preset {shown(preset)}{did_you_mean(preset, PRESETS)} "
                             f"(presets: {', '.join(PRESETS)})")
        toml = body.get("rules_toml")
        rules = PRESETS[preset]
        name = preset
        if toml not in (None, ""):
            rules = rules_from_toml(toml, rules)
            name = "custom"
        if host_mode == "dealer":
            # The host decides the dealer's draw, and the room checks it against the rules.
            rules = rules.replace(dealer_decides=True)
        _check_stakes(rules)
        return cls(game, name, rules.to_mapping(), host_mode, settings)

    @classmethod
    def card_room(cls, game: str, body: dict[str, Any]) -> RoomSpec:
        """A card room as the lobby asks for it: the game, the number of players (within
        what the game allows) and the level of the bots in the seats nobody holds."""
        entry = ROOM_GAMES[game].cards
        assert entry is not None, "a game played for scores"
        fewest, most = entry.players
        players = body.get("players", fewest)
        if type(players) is not int or not fewest <= players <= most:
            raise RoomError(f"{entry.title} is for {fewest} players" if fewest == most else
                            f"{entry.title} is for {fewest} to {most} players")
        level = body.get("level", BEST)
        if not isinstance(level, str) or level not in entry.levels:
            raise RoomError(f"the bots' level is one of {', '.join(entry.levels)}")
        extra = sorted(set(body) - {"game", "players", "level", "settings"})
        if extra:
            raise RoomError(f"a {entry.title} room has no {extra[0]!r}; it takes players, "
                            "level and settings")
        return cls(game, game, {"players": players}, "house",
                   Settings.for_game(body.get("settings"), entry), level)

    def settings_json(self) -> dict[str, Any]:
        """The settings the room's game honours, as a room's info shows them."""
        mine = {s.name for s in ROOM_GAMES[self.game].settings}
        return {k: v for k, v in self.settings.to_json().items() if k in mine}

    def to_json(self) -> dict[str, Any]:
        out = {"game": self.game, "rules_name": self.rules_name, "rules": self.rules,
               "host_mode": self.host_mode, "settings": self.settings.to_json()}
        if self.level:
            out["level"] = self.level
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoomSpec:
        return cls(data["game"], data["rules_name"], data["rules"], data["host_mode"],
                   Settings.from_json(data["settings"]), str(data.get("level", "")))


def pontoon_choices(data: object) -> dict[str, int]:
    """A Pontoon room's own choices (docs/pontoon.md#betting): what a chip is worth, in cents,
    and the betting limit, in chips; the game fixes everything else."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise RoomError('Pontoon\'s choices are an object, e.g. {"chip": 100, "limit": 5}')
    extra = sorted(set(data) - {"chip", "limit"})
    if extra:
        raise RoomError(f"no Pontoon choice {extra[0]!r}; choices: chip, limit")
    for name, most in (("chip", MAX_PONTOON_CHIP), ("limit", MAX_PONTOON_LIMIT)):
        value = data.get(name)
        if value is not None and (type(value) is not int or not 1 <= value <= most):
            raise RoomError(f"{name} is a whole number from 1 to {most}"
                            + (" (cents)" if name == "chip" else " (chips)"))
    return {k: v for k, v in data.items() if v is not None}


def _check_stakes(rules: Rules) -> None:
    """A room's stakes are bounded where they enter, like every amount the room takes: each
    money rule and each chip is at most ``protocol.MAX_CENTS`` (a rules file alone allows far
    more than a party table should count or store)."""
    amounts = [(name, getattr(rules, name)) for name in MONEY_FIELDS]
    amounts += [(f"the {colour} chip", value) for colour, value in rules.chips]
    for name, value in amounts:
        if value > MAX_CENTS:
            raise RulesError(f"{name} is {dollars(value)}: a room's stakes are at most "
                             f"{dollars(MAX_CENTS)}")


def rules_from_toml(text: object, base: Rules) -> Rules:
    """Rules pasted as TOML, on top of ``base`` (or the preset the text names)."""
    if not isinstance(text, str):
        raise RulesError("rules_toml is the text of a rules file")
    if len(text.encode()) > MAX_RULES_TOML:
        raise RulesError(f"a rules file is at most {MAX_RULES_TOML // 1024} KiB")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"the rules are not valid TOML ({exc})") from None
    named = data.pop("preset", None)
    if named is not None:
        if not isinstance(named, str) or named not in PRESETS:
            raise RulesError(f"unknown preset {shown(named)}{did_you_mean(named, PRESETS)} "
                             f"(presets: {', '.join(PRESETS)})")
        base = PRESETS[named]
    return Rules.from_mapping(data, base)


def presets(first: str = "classic") -> list[dict[str, str]]:
    """The presets a host chooses from, ``first`` (the server's ``--rules``) first."""
    names = sorted(PRESETS, key=lambda n: n != first)
    return [{"name": n, "title": PRESET_DESCRIPTIONS.get(n, n)} for n in names]


def room_games() -> list[dict[str, Any]]:
    """Every game a room can be created for, as the lobby offers them, in the registry's order
    (the first is the one a room is for when none is named): its kind (``registry.KINDS``: the
    lobby asks a table for the house's rules, a table with a player's bank for its chip and
    limit, a card game for its players and bots), the settings it honours in its own words,
    and for a card game its numbers of players, bot levels and page component."""
    out: list[dict[str, Any]] = []
    for name, e in ROOM_GAMES.items():
        game: dict[str, Any] = {
            "name": name, "title": e.title, "kind": e.kind, "chips": e.chips is not None,
            "settings": [{"name": s.name, "label": s.label,
                          "choices": [list(c) for c in s.choices]} for s in e.settings]}
        cards = e.cards
        if cards is not None:
            game.update(players=list(cards.players), levels=list(cards.levels), page=cards.page)
        out.append(game)
    return out
