"""The card games as fixed-size numbers, for learning environments (PettingZoo, OpenSpiel).

A learner needs every move it could ever make as one action number, and what it knows as one
vector of a fixed length. ``Codec`` gives both for Solo Whist, Durak and President:

- **Actions** are a catalogue of operations with the seat left out (pass, take, each bid, each
  suit named, each card played or handed back, and for President each set of one rank), so the
  same number means the same move for every seat; ``legal_actions`` lists the numbers of a
  seat's ``legal`` operations, and ``op`` turns a number back into that very operation.
- **Observations** are built from what the seat may see and nothing else: the game's
  ``view_json(seat)`` and the events the game shows that seat (``events(seat, since)``), never
  the game object's other fields. A card another seat holds can only reach the vector if the
  rules showed it to this seat (a card played face up, picked up off the table, handed over).
- **Rewards** are each finished hand's result in the game's own units: Solo Whist's counters
  won or lost, Durak's -1 for the durak (0 for everyone else), President's title points (the
  President ``players - 1`` down to the Asshole 0).

Every value of the vector lies in [0, 1]. The hand being learned is the one since ``since``
(the mark taken before its deal), so memory of played cards is of this hand only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from twentyone.cards import Rank, Suit, parse_card
from twentyone.errors import RulesError
from twentyone.games.core.cards import standard_pack
from twentyone.games.core.game import CardGame
from twentyone.games.core.ops import CardOp
from twentyone.games.core.rules import GameRules
from twentyone.games.registry import GAMES
from twentyone.games.solo_whist.contracts import COP, LADDER
from twentyone.protocol import HandResult

#: Cards are numbered 0-51 in one pack's order (``Card.id`` of the first deck).
N_CARDS = 52
#: Suits and ranks in the order the pack's numbering uses.
SUITS = tuple(Suit)
RANKS = tuple(Rank)

#: An operation without its seat: its name, its cards (as a set), a bid's name, a suit letter.
ActionKey = tuple[str, frozenset[str], str, str]

#: The card games the codecs serve (the chip games have their own environments).
CARD_GAMES = ("solo-whist", "durak", "president")


def card_index(code: str) -> int:
    """A card's number, 0-51, from its code (``As``, ``10h``)."""
    return _INDEX[code]


#: Every card's code by its number.
CODES = tuple(c.code for c in sorted(standard_pack(), key=lambda c: c.id))
_INDEX = {code: i for i, code in enumerate(CODES)}


def action_key(op: CardOp | Mapping[str, Any]) -> ActionKey:
    """The catalogue key of an operation (or its JSON): the same move by any seat."""
    j = op.to_json() if isinstance(op, CardOp) else op
    return (str(j["op"]), frozenset(j.get("cards", ())), str(j.get("bid", "")),
            str(j.get("suit", "")))


def _key(name: str, cards: Sequence[str] = (), bid: str = "", suit: str = "") -> ActionKey:
    return (name, frozenset(cards), bid, suit)


class _Vec:
    """Fills one observation vector block by block (every block's place fixed by the codec)."""

    def __init__(self, size: int) -> None:
        self.v = np.zeros(size, dtype=np.float32)
        self.at = 0
        #: Where each block of cards begins.
        self.blocks: list[int] = []

    def cards(self, codes: Any) -> None:
        self.blocks.append(self.at)
        for code in codes or ():
            self.v[self.at + card_index(code)] = 1.0
        self.at += N_CARDS

    def one_hot(self, i: int | None, n: int) -> None:
        """Slot ``i`` of ``n`` (``None``: none of them)."""
        if i is not None:
            self.v[self.at + i] = 1.0
        self.at += n

    def values(self, xs: Sequence[float]) -> None:
        self.v[self.at:self.at + len(xs)] = xs
        self.at += len(xs)


class Codec:
    """One game's actions, observations and rewards for ``players`` seats (module docstring)."""

    def __init__(self, game: str, players: int, keys: Sequence[ActionKey], n_features: int,
                 encode: Callable[[Codec, _Vec, dict[str, Any], list[dict[str, Any]], int],
                                  None],
                 reward: Callable[[HandResult, int], float]) -> None:
        self.game = game
        self.players = players
        self.keys = tuple(keys)
        self.index = {k: i for i, k in enumerate(self.keys)}
        self.n_actions = len(self.keys)
        self.n_features = n_features
        self._encode = encode
        self._reward = reward
        #: Where each block of 52 card slots begins in the vector (known after one encoding).
        self.card_blocks: tuple[int, ...] = ()

    def rel(self, seat: Any, me: int) -> int | None:
        """Where ``seat`` sits counted from ``me`` to the left (0 is ``me``); None for none."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= self.players:
            return None
        return (seat - me) % self.players

    def legal_actions(self, g: CardGame[Any], seat: int) -> list[int]:
        """The numbers of ``seat``'s legal operations, in ascending order."""
        return sorted(self.index[action_key(op)] for op in g.legal(seat))

    def mask(self, g: CardGame[Any], seat: int) -> npt.NDArray[np.int8]:
        out = np.zeros(self.n_actions, dtype=np.int8)
        out[self.legal_actions(g, seat)] = 1
        return out

    def op(self, g: CardGame[Any], seat: int, action: int) -> CardOp | None:
        """The legal operation of ``seat`` that action number ``action`` stands for (None when
        it stands for none of them now)."""
        if not 0 <= action < self.n_actions:
            return None
        want = self.keys[action]
        return next((op for op in g.legal(seat) if action_key(op) == want), None)

    def describe(self, action: int) -> str:
        """An action number in words, for logs and OpenSpiel's action strings."""
        name, cards, bid, suit = self.keys[action]
        what = " ".join(sorted(cards, key=card_index)) or bid or suit
        return f"{name} {what}".strip()

    def observe(self, g: CardGame[Any], seat: int, since: int) -> npt.NDArray[np.float32]:
        """The observation of ``seat`` from its view and the events it may see since the mark
        ``since`` (``encode``)."""
        return self.encode(g.view_json(seat), g.events(seat, since), seat)

    def encode(self, view: dict[str, Any], events: list[dict[str, Any]],
               seat: int) -> npt.NDArray[np.float32]:
        """The vector from a seat's view and its events alone (nothing else is passed in)."""
        vec = _Vec(self.n_features)
        self._encode(self, vec, view, events, seat)
        assert vec.at == self.n_features, (vec.at, self.n_features)
        self.card_blocks = tuple(vec.blocks)
        return vec.v

    def cards_in(self, vector: npt.NDArray[np.float32]) -> set[str]:
        """Every card an observation vector holds anywhere, by code (for the tests that no
        observation holds a card its seat has not been shown)."""
        return {CODES[i] for at in self.card_blocks
                for i in np.flatnonzero(vector[at:at + N_CARDS])}

    def reward(self, result: HandResult, seat: int) -> float:
        """A finished hand's result for ``seat`` in the game's own units (module docstring)."""
        return self._reward(result, seat)

    def reward_bounds(self, rules: GameRules) -> tuple[float, float]:
        """The least and the most one hand can pay a seat at a table of ``rules``."""
        return _BOUNDS[self.game](rules)


# --- Solo Whist -------------------------------------------------------------------------------

_WHIST_PHASES = ("deal", "bidding", "late-cop", "prop-option", "trump", "play")
_CALLS = ("pass", COP, *(c.name for c in LADDER))
_CONTRACTS = tuple(c.name for c in LADDER)


def _whist_keys() -> list[ActionKey]:
    return [_key("pass"), _key("bid", bid=COP),
            *(_key("bid", bid=c.name) for c in LADDER),
            *(_key("name-trump", suit=s) for s in "cdhs"),
            *(_key("play", (code,)) for code in CODES)]


def _whist_size(n: int) -> int:
    calls = len(_CALLS) + 1
    return (len(_WHIST_PHASES) + N_CARDS + n + N_CARDS + (n + 1) + n * calls
            + (len(_CONTRACTS) + 1) + (n + 1) * 2 + (len(_CONTRACTS) + 1) + n + 5
            + n * N_CARDS + n + N_CARDS + N_CARDS)


def _suit_slot(letter: Any) -> int | None:
    return "cdhs".index(letter) if isinstance(letter, str) and letter in "cdhs" else None


def _whist(c: Codec, vec: _Vec, view: dict[str, Any], events: list[dict[str, Any]],
           me: int) -> None:
    n = c.players
    vec.one_hot(_WHIST_PHASES.index(view["phase"]), len(_WHIST_PHASES))
    vec.cards(view["hand"])
    vec.one_hot(c.rel(view["dealer"], me), n)
    vec.cards([view["turn_up"]] if view["turn_up"] else [])
    turn = c.rel(view["to_act"], me)
    vec.one_hot(n if turn is None else turn, n + 1)
    last: dict[int, str] = {s: call for s, call in view["calls"]}
    for k in range(n):
        call = last.get((me - 1 + k) % n + 1)
        vec.one_hot(len(_CALLS) if call is None else _CALLS.index(call), len(_CALLS) + 1)
    high = view["high"]
    vec.one_hot(len(_CONTRACTS) if high is None else _CONTRACTS.index(high), len(_CONTRACTS) + 1)
    for who in (view["high_seat"], view["cop_seat"]):
        r = c.rel(who, me)
        vec.one_hot(n if r is None else r, n + 1)
    contract = view["contract"]
    vec.one_hot(len(_CONTRACTS) if contract is None else _CONTRACTS.index(contract),
                len(_CONTRACTS) + 1)
    declarers = [0.0] * n
    for d in view["declarers"]:
        r = c.rel(d, me)
        if r is not None:
            declarers[r] = 1.0
    vec.values(declarers)
    trump = _suit_slot(view["trump"])
    vec.one_hot(4 if trump is None else trump, 5)
    trick: dict[int, list[str]] = {k: [] for k in range(n)}
    for seat, code in view["trick"]:
        r = c.rel(seat, me)
        if r is not None:
            trick[r].append(code)
    for k in range(n):
        vec.cards(trick[k])
    tricks = [0.0] * n
    for seat, won in view["tricks"].items():
        r = c.rel(int(seat), me)
        if r is not None:
            tricks[r] = won / 13
    vec.values(tricks)
    vec.cards(code for cards in view["exposed"].values() for code in cards)
    vec.cards(view["played"])


def _whist_reward(result: HandResult, seat: int) -> float:
    return float(result.scores.get(seat, 0))


# --- Durak ------------------------------------------------------------------------------------

_DURAK_PHASES = ("deal", "attack", "defend", "pile-on", "give")
_DURAK_PACK = 36


def _durak_keys() -> list[ActionKey]:
    pack = [code for code in CODES if parse_card(code).rank == Rank.ACE
            or parse_card(code).rank >= 6]
    return [_key("pass"), _key("take"), *(_key("play", (code,)) for code in pack)]


def _durak_size(n: int) -> int:
    return (len(_DURAK_PHASES) + N_CARDS + n + N_CARDS + 4 + 3 + N_CARDS * 3 + n + n + 1 + n
            + N_CARDS + n * N_CARDS)


def _durak(c: Codec, vec: _Vec, view: dict[str, Any], events: list[dict[str, Any]],
           me: int) -> None:
    n = c.players
    vec.one_hot(_DURAK_PHASES.index(view["phase"]), len(_DURAK_PHASES))
    vec.cards(view["hand"])
    counts = [0.0] * n
    for seat, k in view["counts"].items():
        r = c.rel(int(seat), me)
        if r is not None:
            counts[r] = k / _DURAK_PACK
    vec.values(counts)
    trump = view["trump_card"]
    vec.cards([trump] if trump else [])
    vec.one_hot(_suit_slot(trump[-1]) if trump else None, 4)
    vec.values([float(view["trump_in_stock"]), view["stock"] / _DURAK_PACK,
                view["discards"] / _DURAK_PACK])
    attacks = [a for a, _ in view["table"]]
    vec.cards(attacks)
    vec.cards(d for _, d in view["table"] if d)
    vec.cards(a for a, d in view["table"] if not d)
    vec.one_hot(c.rel(view["attacker"], me), n)
    vec.one_hot(c.rel(view["defender"], me), n)
    vec.values([view["limit"] / 6 if view["limit"] <= 6 else 1.0])
    out = [0.0] * n
    for seat in view["out"]:
        r = c.rel(seat, me)
        if r is not None:
            out[r] = 1.0
    vec.values(out)
    # Memory of this hand: the cards beaten off, and the cards each seat is known to hold
    # because it picked them up off the table in front of everyone.
    gone: set[str] = set()
    known: dict[int, set[str]] = {k: set() for k in range(n)}
    for e in events:
        kind = e["kind"]
        if kind == "discarded":
            gone.update(e["cards"])
        elif kind == "picked-up":
            known[(e["seat"] - me) % n].update(e["cards"])
        elif kind in ("attack", "give", "beat"):
            known[(e["seat"] - me) % n].difference_update(e["cards"])
    vec.cards(gone)
    for k in range(n):
        vec.cards(known[k] if k else ())  # one's own hand is in the view already


def _durak_reward(result: HandResult, seat: int) -> float:
    return -float(result.scores.get(seat, 0))


# --- President --------------------------------------------------------------------------------

_PRESIDENT_PHASES = ("deal", "exchange", "play")


def _president_keys() -> list[ActionKey]:
    keys = [_key("pass"), *(_key("give", (code,)) for code in CODES)]
    for rank in RANKS:
        of_rank = [code for code in CODES if parse_card(code).rank == rank]
        for size in range(1, 5):
            keys.extend(_key("play", combo) for combo in combinations(of_rank, size))
    return keys


def _president_size(n: int) -> int:
    return len(_PRESIDENT_PHASES) + N_CARDS + n + N_CARDS + 5 + n * 5 + 1 + 1 + N_CARDS


def _president(c: Codec, vec: _Vec, view: dict[str, Any], events: list[dict[str, Any]],
               me: int) -> None:
    n = c.players
    vec.one_hot(_PRESIDENT_PHASES.index(view["phase"]), len(_PRESIDENT_PHASES))
    vec.cards(view["hand"])
    counts = [0.0] * n
    for seat, k in view["counts"].items():
        r = c.rel(int(seat), me)
        if r is not None:
            counts[r] = k / N_CARDS
    vec.values(counts)
    vec.cards(view["top"])
    vec.one_hot(len(view["top"]), 5)
    per_seat = [[0.0] * 5 for _ in range(n)]  # last player, passed, out, title, to act
    for seat, flag in [(view["last_player"], 0), *((s, 1) for s in view["passed"]),
                       *((s, 2) for s in view["finished"]), (view["to_act"], 4)]:
        r = c.rel(seat, me)
        if r is not None:
            per_seat[r][flag] = 1.0
    if view["titles"]:  # last hand's places: the chairs are in their order, the President's first
        for place, seat in enumerate(view["order"]):
            r = c.rel(seat, me)
            if r is not None:
                per_seat[r][3] = 1 - place / (n - 1)
    vec.values([x for row in per_seat for x in row])
    vec.values([float(view["opening"]), view["played"] / N_CARDS])
    vec.cards(code for e in events if e["kind"] == "play" for code in e.get("cards", ()))


def _president_reward(result: HandResult, seat: int) -> float:
    return float(result.scores.get(seat, 0))


# --- the table of codecs ----------------------------------------------------------------------

_SPECS: dict[str, tuple[Callable[[], list[ActionKey]], Callable[[int], int],
                        Callable[[Codec, _Vec, dict[str, Any], list[dict[str, Any]], int], None],
                        Callable[[HandResult, int], float]]] = {
    "solo-whist": (_whist_keys, _whist_size, _whist, _whist_reward),
    "durak": (_durak_keys, _durak_size, _durak, _durak_reward),
    "president": (_president_keys, _president_size, _president, _president_reward),
}

#: The least and the most a hand pays one seat, by game, from its rules.
_BOUNDS: dict[str, Callable[[Any], tuple[float, float]]] = {
    # Slam: 6 credits from each of three defenders, each credit so many counters.
    "solo-whist": lambda r: (-18.0 * r.counters_per_credit, 18.0 * r.counters_per_credit),
    "durak": lambda r: (-1.0, 0.0),
    "president": lambda r: (0.0, float(r.players - 1)),
}

_CACHE: dict[tuple[str, int], Codec] = {}


def codec(game: str, players: int) -> Codec:
    """The codec of ``game`` for ``players`` (a ``RulesError`` in words for any other game, or
    a number of players the game is not played by)."""
    spec = _SPECS.get(game)
    if spec is None:
        raise RulesError(f"no card game called {game!r}; choose one of {', '.join(CARD_GAMES)}")
    low, high = GAMES[game].players
    if type(players) is not int or not low <= players <= high:
        raise RulesError(f"{GAMES[game].title} is for {low} to {high} players, not {players!r}")
    found = _CACHE.get((game, players))
    if found is None:
        keys, size, encode, reward = spec
        found = _CACHE[(game, players)] = Codec(game, players, keys(), size(players), encode,
                                                reward)
    return found


#: Moves a hand may last before an environment cuts it short (truncated, no reward): Solo
#: Whist and President always end well within it; Durak can in principle pass cards round
#: for ever, and random play took at most 574 moves in 300 five-player games.
MAX_MOVES = 2000


def new_game(game: str, players: int, shuffler: Any, rules: Mapping[str, Any]) -> CardGame[Any]:
    """A fresh table of ``game`` for ``players`` with the other ``rules`` given (each checked by
    the game's rules; a bad one is a ``RulesError`` in words), shuffling with ``shuffler``."""
    codec(game, players)
    entry = GAMES[game]
    try:
        made = entry.rules.from_mapping({**rules, "players": players})
    except (TypeError, ValueError) as exc:  # a rule of the wrong kind (a word for a number)
        raise RulesError(f"not rules {entry.title} is played by: {exc}") from None
    return entry.game(made, shuffler)
