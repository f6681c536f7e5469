"""Save and replay any game's history by the game's name (see ``core.history``), and read any
game's history file through the one protocol (``replay_record``, what ``twentyone verify``
checks)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from twentyone.cards import parse_card
from twentyone.engine.records import shoe_commitment
from twentyone.errors import ReplayError, shown
from twentyone.protocol import Game, seal

from .blackjack import replay as replay_table
from .blackjack.records import DAMAGE, OWN_FORMATS, OwnFormat
from .core.errors import GameReplayError
from .core.game import CardGame
from .core.history import FORMAT, dumps, replay_into, to_history
from .registry import GAMES, ROOM_GAMES

__all__ = ["FORMAT", "Replayed", "check_commitments", "dumps", "is_game_record", "loads",
           "record_seal", "replay", "replay_record", "to_history"]


def replay(data: dict[str, Any]) -> CardGame[Any]:
    """The game a history records, replayed and checked; ``GameReplayError`` if it differs."""
    name = data.get("game")
    entry = GAMES.get(name) if isinstance(name, str) else None
    if entry is None:
        raise GameReplayError(f"no game called {shown(name)}")
    return replay_into(data, entry.game, entry.rules)


def loads(text: str) -> CardGame[Any]:
    """A history from its JSON text, replayed; anything that is not one (no JSON, a number
    longer than Python reads, nesting deeper than it parses) is a ``GameReplayError``."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise GameReplayError(f"not a JSON history: {exc}") from None
    except ValueError:  # an integer of more than 4,300 digits
        raise GameReplayError("not a history: it holds a number longer than any history's") \
            from None
    except RecursionError:
        raise GameReplayError("not a history: nested deeper than any history") from None
    if not isinstance(data, dict):
        raise GameReplayError("a history is a JSON object")
    return replay(data)


@dataclass(frozen=True, slots=True)
class Replayed:
    """A game history that replayed exactly: the game by its registry name, dealt again
    through the protocol's ``apply``; its seal; and, for a record written while a pack was in
    play, that pack's commitment (the rounds dealt from it are not in the record)."""

    name: str
    game: Game
    seal: str
    committed: str | None = None
    #: The decks' commitments a card room's record carries, each checked against the deck's
    #: order and the secret revealed beside it (``check_commitments``).
    decks: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        return ROOM_GAMES[self.name].title

    @property
    def kind(self) -> str:
        return ROOM_GAMES[self.name].kind


def is_game_record(data: Mapping[str, Any]) -> bool:
    """Whether ``data`` claims to be a game's history (a format some game's ``history()``
    writes, or one of ``OWN_FORMATS``)."""
    formats = {e.history_format for e in ROOM_GAMES.values()} | set(OWN_FORMATS)
    return data.get("format") in formats


def record_seal(data: Mapping[str, Any]) -> str:
    """The seal ``replay_record`` finds for a record the game wrote itself, to show at the
    table: ``protocol.seal`` of the game's history in the protocol's form (a record in a
    format of its own is read as that form first)."""
    own = OWN_FORMATS.get(str(data.get("format")))
    return seal(data if own is None else own.as_protocol(data)[0])


def replay_record(data: Mapping[str, Any]) -> Replayed:
    """Any game's history, found in the registry by the game it names and played again through
    ``apply``, each event checked; ``ReplayError`` in words if it differs or is damaged."""
    own = OWN_FORMATS.get(str(data.get("format")))
    if own is not None:
        return _replay_own(own, data)
    named = data.get("game")
    name = named if isinstance(named, str) else ""
    entry = ROOM_GAMES.get(name)
    if entry is None:
        raise ReplayError(f"a history of a game this version does not know ({shown(named)})")
    if data.get("format") != entry.history_format:
        raise ReplayError(f"not a history of {entry.title}: its format is another game's")
    try:
        game = entry.replay(name, data)
    except DAMAGE as exc:
        raise ReplayError(f"not a complete {entry.title} record ({type(exc).__name__})") from None
    return Replayed(name, game, seal(game.history()), decks=check_commitments(data))


def check_commitments(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The commitments a card room's record carries beside its shuffles (docs/web.md, checking
    the shoe's commitment), each checked: the deck's order with the secret revealed beside it
    must make the commitment the table showed while the deck was in play. A record without
    them has none to check; one whose reveal does not match is refused in words."""
    listed = data.get("commitments")
    if listed is None:
        return ()
    shuffles = data["shuffles"]
    if not isinstance(listed, list) or len(listed) != len(shuffles):
        raise ReplayError("the record's commitments are not one for each deck it deals")
    out = []
    for n, (c, order) in enumerate(zip(listed, shuffles, strict=True), 1):
        if not (isinstance(c, dict) and isinstance(c.get("commitment"), str)
                and isinstance(c.get("salt"), str)):
            raise ReplayError(f"deck {n}'s commitment is not a commitment and its secret")
        if shoe_commitment(c["salt"], [parse_card(code).id for code in order], None) \
                != c["commitment"]:
            raise ReplayError(f"deck {n} is not the deck committed to: its order and the secret "
                              f"revealed do not make its commitment {c['commitment'][:16]}")
        out.append(c["commitment"])
    return tuple(out)


def _replay_own(own: OwnFormat, data: Mapping[str, Any]) -> Replayed:
    """A record in a game's own format, read as the protocol's history and replayed through
    ``CasinoGame``; a record too damaged to be read is refused like one that deals
    differently."""
    title = ROOM_GAMES[own.game].title
    try:
        history, committed = own.as_protocol(data)
        game = replay_table(history, own.make, own.game)
    except DAMAGE as exc:
        raise ReplayError(f"not a complete {title} record ({type(exc).__name__})") from None
    return Replayed(own.game, game, seal(game.history()), committed)
