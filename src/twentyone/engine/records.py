"""What a game writes down, and how anyone checks it.

Two records, kept apart (docs/casino.md#fair-play-and-records):

- **The house's record**: every round in full (the table before it, the shoe's order, every
  operation and event), one JSON line a round, each line carrying the hash of the line before it.
  Replaying the chain deals every round again through the engine and checks that each round starts
  exactly where the one before it ended, so an altered, missing, reordered or truncated round is a
  ``ReplayError``. Each line carries the salt of every shoe it deals from, so a line's hash hides
  it: while its shoe is still in play a line is given as its hash alone (``committed_line``),
  and opened in full once the shoe is finished.
- **A player's history**: only what that seat saw (``views.visible_events``), and for each shoe a
  commitment (a salted SHA-256 of its order, given when the shoe is shuffled) that is opened (the
  order and salt revealed) once the shoe is finished. The player can then check that every card
  they saw came off the shoe in the committed order — and never learns a card to come while it
  matters. Its lines are chained and numbered too, and each states the seat's chips before and
  after it, so a changed bet, a dropped or a reordered line is refused.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from twentyone.cards import parse_card
from twentyone.engine.events import Kind
from twentyone.engine.history import Recorder, replay, snapshot
from twentyone.engine.shoe import ShuffleRecord
from twentyone.engine.table import Table
from twentyone.engine.views import visible_events
from twentyone.errors import ReplayError

HOUSE_FORMAT = "twentyone-house-record/1"
PLAYER_FORMAT = "twentyone-player-history/2"


def line_hash(record: Mapping[str, Any]) -> str:
    """The hash that the next record of a chain names: SHA-256 of the record's canonical JSON."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def shoe_commitment(salt: str, order: Sequence[int], behind: int | None) -> str:
    """A shoe's commitment: hiding (the salt is secret until the opening) and binding (another
    order or cut card gives another hash)."""
    text = f"{salt}|{','.join(map(str, order))}|{behind}"
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class _Shoe:
    """One shuffle (or refill) as the recording numbers it, with its secret salt."""

    number: int
    record: ShuffleRecord
    salt: str = field(default_factory=lambda: secrets.token_hex(16))

    @property
    def order(self) -> list[int]:
        return [c.id for c in self.record.order]

    def commitment(self) -> dict[str, Any]:
        return {"shoe": self.number,
                "hash": shoe_commitment(self.salt, self.order, self.record.behind)}

    def opening(self) -> dict[str, Any]:
        return {"shoe": self.number, "salt": self.salt, "order": self.order,
                "behind": self.record.behind}


class PlayerChain:
    """Numbers a seat's lines and chains each to the one before it (``prev``: the hash of the
    line before, None for the first), so a line changed, dropped or moved breaks the chain, and
    the last line's hash (``seal``) pins them all."""

    def __init__(self) -> None:
        self.seq = 0
        self.seal: str | None = None

    def link(self, line: Mapping[str, Any]) -> dict[str, Any]:
        self.seq += 1
        out = {**line, "seq": self.seq, "prev": self.seal}
        self.seal = line_hash(out)
        return out


class Recording:
    """Records a table round by round: the house's chained record and each watched seat's own
    history. Call ``round_started`` between rounds (before the bets) and ``round_ended`` after
    settlement; each returns nothing but the lines to write, so the caller owns the files."""

    def __init__(self, table: Table, seats: Iterable[int],
                 salt_of: Callable[[int], str] | None = None) -> None:
        """``salt_of`` gives the salt of the shuffle at that place in ``table.shoe.history``:
        a server that publishes each shoe's commitment while it deals keeps its salts itself,
        so the histories it writes later commit to the same hashes. Default: fresh salts."""
        self.table = table
        self._salt_of = salt_of
        self.seats = sorted(seats)
        self._prev: str | None = None
        current = table.shoe.history[-1] if table.shoe.history else None
        if current is None:
            raise ReplayError("the table has not shuffled yet")
        #: Shoes by number; the shoe in use when recording began is number 1.
        self._shoes: list[_Shoe] = [self._shoe(1, len(table.shoe.history) - 1)]
        self._opened = 0
        self._recorder: Recorder | None = None
        self._start = (1, table.shoe.pos)
        self._log = len(table.log)
        self._chains: dict[int, PlayerChain] = {}
        #: Each watched seat's chips when recording began, and after its last line.
        self._before: dict[int, int | None] = {}
        self._after: dict[int, int | None] = {}
        self._chips_now()

    def _chips_now(self) -> None:
        """Each watched seat's chips as recording begins (None: an empty seat)."""
        t = self.table
        self._before = {n: t.bankroll(n) if n in t.seats else None for n in self.seats}

    def _shoe(self, number: int, place: int) -> _Shoe:
        record = self.table.shoe.history[place]
        if self._salt_of is None:
            return _Shoe(number, record)
        return _Shoe(number, record, self._salt_of(place))

    @property
    def seal(self) -> str | None:
        """The hash of the house's last line: shown to the players at the end of the game, it
        pins the whole chain (a forger would have to change it too)."""
        return self._prev

    def round_started(self) -> None:
        """Begin recording a round (between rounds); a recording still running since a round
        in which nothing was dealt goes on, so nothing done between rounds is lost."""
        if self._recorder is not None:
            return
        self._recorder = Recorder(self.table)
        self._log = len(self.table.log)
        self._start = (self._shoes[-1].number, self.table.shoe.pos)

    def round_ended(self) -> tuple[dict[str, Any], dict[int, dict[str, Any]]] | None:
        """The house's line for the round just played and each watched seat's line; None (and
        the recording goes on) if no round was dealt or called off since it began, or none was
        begun."""
        if self._recorder is None:
            return None
        t = self.table
        if not any(e.kind in (Kind.ROUND_STARTED, Kind.VOIDED) for e in t.log[self._log:]):
            return None
        history = self._recorder.history()
        new = history["shuffles"]
        committed = []
        for place in range(len(t.shoe.history) - len(new), len(t.shoe.history)):
            shoe = self._shoe(self._shoes[-1].number + 1, place)
            self._shoes.append(shoe)
            committed.append(shoe)
        fresh = [self._shoes[0]] if self._prev is None else []
        finished = self._shoes[self._opened:-1]
        self._opened = len(self._shoes) - 1
        # The salt of the shoe the round began in as well as of each new one: a line then holds
        # a secret as long as any shoe it deals from is in play, so its hash hides it.
        dealt_from = {s.number: s for s in [self._shoes[self._start[0] - 1], *committed]}
        house = {"format": HOUSE_FORMAT, "prev": self._prev, "history": history,
                 "salts": {str(n): s.salt for n, s in dealt_from.items()}}
        self._prev = line_hash(house)
        players = {
            seat: self._player_line(seat, {
                "starts": {"shoe": self._start[0], "pos": self._start[1]},
                "events": [e.to_json() for e in visible_events(t, seat, self._log)],
                "committed": [s.commitment() for s in [*fresh, *committed]],
                "opened": [s.opening() for s in finished]})
            for seat in self.seats
        }
        self._recorder = None
        return house, players

    def _player_line(self, seat: int, body: dict[str, Any]) -> dict[str, Any]:
        """A seat's line, with the seat's chips before and after it (None while nobody sits
        there), numbered and chained to the seat's line before it."""
        t = self.table
        after = t.bankroll(seat) if seat in t.seats else None
        before = self._after.get(seat, self._before.get(seat))
        self._after[seat] = after
        line = {"format": PLAYER_FORMAT, "seat": seat, "round": t.round,
                "chips": {"from": before, "to": after},
                "banker": t.dealer_seat or None, **body}
        return self._chains.setdefault(seat, PlayerChain()).link(line)

    def player_seal(self, seat: int) -> str | None:
        """The hash of ``seat``'s last line: shown to the player at the end, it pins their whole
        history as ``seal`` pins the house's."""
        chain = self._chains.get(seat)
        return None if chain is None else chain.seal

    def close(self) -> dict[int, dict[str, Any]]:
        """Each watched seat's last line when the game ends: every shoe not yet opened is
        opened, so the player can check the cards of the last shoe too."""
        finished = self._shoes[self._opened:]
        self._opened = len(self._shoes)
        return {seat: self._player_line(seat, {
                    "starts": {"shoe": self._shoes[-1].number, "pos": self.table.shoe.pos},
                    "events": [], "committed": [], "opened": [s.opening() for s in finished],
                    "closed": True})
                for seat in self.seats}


def committed_line(line: Mapping[str, Any]) -> dict[str, Any]:
    """A house line given by its hash alone, while a shoe it deals from is still in play: it
    still chains (the next line names this hash), and the line itself, opened once the shoe is
    finished, must hash to it. The salt inside the line keeps the hash from telling its cards."""
    return {"format": HOUSE_FORMAT, "prev": line.get("prev"), "committed": line_hash(line)}


# --- reading records back ----------------------------------------------------------------------

#: Deeper than any record this package writes (a house line is six levels deep): deeper nesting
#: is refused before anything walks it.
MAX_DEPTH = 32

#: What a damaged record can raise from deep inside a check; each is a ``ReplayError`` here.
_DAMAGE = (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError,
           RecursionError)


#: The longest line a record may hold, in characters (64 MiB): far beyond any record this
#: package writes (a game's history is one line; ten thousand rounds of a party table make about
#: 15 MB), and what a line is read up to before it is refused, so a file with no newline (a
#: gigabyte of one line) is never read whole.
MAX_LINE = 64 * 1024 * 1024


def iter_lines(path: Path, max_line: int = MAX_LINE) -> Iterator[dict[str, Any]]:
    """A JSON-lines record, read one line at a time (a long game is never held whole in
    memory, nor a line longer than ``max_line``); anything that is not one (binary, truncated,
    nested beyond reason, a number too long for any record, not objects) is a ``ReplayError``
    naming the line. A record of one JSON object laid out on several lines (pretty-printed: its
    first line alone is no JSON) is read as that one object: the seal does not depend on the
    layout (docs/games/protocol.md#checking-a-games-history)."""
    any_line = False
    try:
        with path.open(encoding="utf-8") as f:
            n = 0
            while line := f.readline(max_line + 1):
                n += 1
                if len(line) > max_line:
                    raise ReplayError(f"{path}, line {n}: longer than any record (more than "
                                      f"{max_line // (1024 * 1024)} MiB)")
                if not line.strip():
                    continue
                if not any_line and _incomplete(line):
                    whole = _whole_document(path, line, f, max_line)
                    if whole is not None:
                        yield whole
                        return
                yield _record(path, n, line)
                any_line = True
    except UnicodeDecodeError:
        raise ReplayError(f"{path} is not a text record") from None
    except OSError as exc:
        raise ReplayError(f"{path} cannot be read ({exc.strerror or exc})") from None
    if not any_line:
        raise ReplayError(f"{path} holds no record")


def _incomplete(line: str) -> bool:
    """A first line that opens a JSON object and does not close it: the start of one laid out
    on several lines."""
    if not line.lstrip().startswith("{"):
        return False
    try:
        json.loads(line)
    except json.JSONDecodeError:
        return True
    except (ValueError, RecursionError):
        return False
    return False


def _whole_document(path: Path, first: str, rest: TextIO, max_line: int) -> dict[str, Any] | None:
    """The rest of the file after ``first`` read as one JSON object with it (at most
    ``max_line`` in all), or None where it is not one: then the first line is refused as a line
    of its own."""
    text = first + rest.read(max_line + 1 - len(first))
    if len(text) > max_line:
        raise ReplayError(f"{path}: a record laid out on several lines longer than any record "
                          f"(more than {max_line // (1024 * 1024)} MiB)")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    if _depth(data) > MAX_DEPTH:
        raise ReplayError(f"{path}: nested deeper than any record")
    return data


def read_lines(path: Path) -> list[dict[str, Any]]:
    """A whole JSON-lines record (``iter_lines``) as a list."""
    return list(iter_lines(path))


def _record(path: Path, n: int, line: str) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{path}, line {n}: not a complete record ({exc.msg})") from None
    except ValueError:  # Python reads no integer of more than 4,300 digits
        raise ReplayError(f"{path}, line {n}: holds a number longer than any record's") \
            from None
    except RecursionError:
        raise ReplayError(f"{path}, line {n}: nested deeper than any record") from None
    if not isinstance(data, dict):
        raise ReplayError(f"{path}, line {n}: not a record")
    if _depth(data) > MAX_DEPTH:
        raise ReplayError(f"{path}, line {n}: nested deeper than any record")
    return data


def _depth(data: object) -> int:
    """How deeply lists and objects nest in ``data`` (walked without recursion)."""
    deepest = 0
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict | list):
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:
                stack.extend((x, depth + 1) for x in (
                    node.values() if isinstance(node, dict) else node))
    return deepest


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


@dataclass
class HouseCheck:
    """What verifying a house record found: ``table`` as the last round opened left it (None
    if none is), and how many rounds were dealt again and how many are still committed."""

    table: Table | None
    rounds: int
    committed: int
    seal: str


def check_house(lines: Iterable[Mapping[str, Any]]) -> HouseCheck:
    """Replay a house record's rounds in order: each line must name the hash of the one before
    it (the first none), deal exactly its recorded events, and start where the round before it
    ended. Rounds still committed (``committed_line``: their shoe was in play when the record
    was written) come last and are checked only as links of the chain."""
    prev: str | None = None
    table: Table | None = None
    rounds = committed = 0
    for n, line in enumerate(lines, 1):
        if not isinstance(line, Mapping) or line.get("format") != HOUSE_FORMAT:
            raise ReplayError(f"round {n}: not a {HOUSE_FORMAT} line")
        if line.get("prev") != prev:
            raise ReplayError(f"round {n}: the chain is broken (a round before it was changed, "
                              "removed or reordered)")
        if "committed" in line:
            sealed = line["committed"]
            if set(line) != {"format", "prev", "committed"} or not (
                    isinstance(sealed, str) and len(sealed) == 64):
                raise ReplayError(f"round {n}: not a committed round")
            committed += 1
            prev = sealed
            continue
        if committed:
            raise ReplayError(f"round {n} is opened after a round still committed (the shoe "
                              "in play comes last)")
        history = line.get("history")
        if not isinstance(history, dict):
            raise ReplayError(f"round {n}: no history")
        try:
            if table is not None and history.get("before") != snapshot(table):
                raise ReplayError(f"round {n} does not start where round {n - 1} ended")
            table = replay(history)
            prev = line_hash(line)
        except _DAMAGE as exc:
            raise ReplayError(f"round {n}: not a complete round ({type(exc).__name__})") from None
        rounds += 1
    if prev is None:
        raise ReplayError("no rounds to verify")
    return HouseCheck(table, rounds, committed, prev)


def verify_house(lines: Iterable[Mapping[str, Any]]) -> Table:
    """``check_house`` for a record whose every round is opened; the table as its last round
    left it."""
    check = check_house(lines)
    if check.table is None or check.committed:
        raise ReplayError(f"{check.committed} rounds are still committed (their shoe is in "
                          "play): download the record again once it is finished")
    return check.table


@dataclass
class PlayerCheck:
    """What verifying a player's history found."""

    rounds: int = 0
    shoes_opened: int = 0
    cards_checked: int = 0
    #: The hash of the last line (compare with the one the game showed), and whether the
    #: history ends with the game's closing line.
    seal: str | None = None
    closed: bool = False


def verify_player(lines: Iterable[Mapping[str, Any]]) -> PlayerCheck:
    """Check a player's history: its lines are numbered and chained in order with nothing
    missing, each starts with the chips the one before it left, every opening matches the
    commitment given before the shoe was dealt, and every card the player saw came off that
    shoe at its place in the committed order."""
    check = PlayerCheck()
    commitments: dict[int, str] = {}
    orders: dict[int, list[int]] = {}
    # Every card seen, by shoe and position, to check once the shoe is opened.
    seen: dict[int, dict[int, int]] = {}
    # The cards turned up for a seat, each with where that seat's cards lay in its round: a
    # turned card must be the card at one of those places (after a split, which one is not
    # said).
    turned: list[tuple[int, int, list[tuple[int, int]]]] = []
    seat: object = None
    chips_after: object = None
    try:
        for n, line in enumerate(lines, 1):
            if not isinstance(line, Mapping) or line.get("format") != PLAYER_FORMAT:
                raise ReplayError(f"line {n}: not a {PLAYER_FORMAT} line")
            _check_link(n, line, check.seal, seat, chips_after)
            if check.closed:
                raise ReplayError(f"line {n} follows the line that closed the game")
            seat, chips_after = line["seat"], line["chips"]["to"]
            check.seal, check.closed = line_hash(line), line.get("closed") is True
            for c in line["committed"]:
                commitments[int(c["shoe"])] = str(c["hash"])
            for o in line["opened"]:
                number = int(o["shoe"])
                order = [int(i) for i in o["order"]]
                behind = o["behind"]
                if commitments.get(number) != shoe_commitment(str(o["salt"]), order, behind):
                    raise ReplayError(f"line {n}: shoe {number} is not the shoe committed to")
                orders[number] = order
                check.shoes_opened += 1
            shoe, pos = int(line["starts"]["shoe"]), int(line["starts"]["pos"])
            dealt_to: dict[int, list[tuple[int, int]]] = {}
            for e in line["events"]:
                kind = e.get("kind")
                if kind in (Kind.SHUFFLED, Kind.REFILLED):
                    shoe, pos = shoe + 1, 0
                elif kind in (Kind.BURNED, Kind.DEALT):
                    if "card" in e:
                        seen.setdefault(shoe, {})[pos] = _card_id(e)
                    if kind == Kind.DEALT:
                        dealt_to.setdefault(int(e.get("seat", 0)), []).append((shoe, pos))
                    pos += 1
                elif kind == Kind.TURNED and "card" in e:
                    who = int(e.get("seat", 0))
                    turned.append((who, _card_id(e), dealt_to.setdefault(who, [])))
            _check_money(n, line)
            check.rounds += bool(line["events"])  # the closing line only opens shoes
        _check_cards(check, orders, seen, turned)
    except _DAMAGE as exc:
        raise ReplayError(f"not a complete {PLAYER_FORMAT} record: {exc!r}"[:300]) from None
    if check.seal is None:
        raise ReplayError("no lines to verify")
    return check


def _check_link(n: int, line: Mapping[str, Any], prev: str | None, seat: object,
                chips_after: object) -> None:
    """Line ``n`` is the seat's ``n``-th, written right after the line before it (whose hash
    it names), for the same seat, starting with the chips that line left."""
    if line.get("seq") != n:
        raise ReplayError(f"line {n} is numbered {line.get('seq')!r}: a line was dropped, added "
                          "or moved")
    if line.get("prev") != prev:
        raise ReplayError(f"line {n} was not written after the line before it: a line was "
                          "changed, dropped or moved")
    chips = line.get("chips")
    if not (isinstance(chips, dict) and all(
            chips.get(k) is None or _whole(chips.get(k)) for k in ("from", "to"))):
        raise ReplayError(f"line {n}: the seat's chips are not amounts")
    if n > 1 and line.get("seat") != seat:
        raise ReplayError(f"line {n} is another seat's")
    if n > 1 and chips.get("from") != chips_after:
        raise ReplayError(f"line {n} starts with {chips.get('from')!r} cents of chips where "
                          f"the line before it left {chips_after!r}")


#: What each of the engine's events does to the chips in front of the seat it names.
_STAKED = {Kind.BET, Kind.DOUBLED, Kind.SPLIT}
_KINDS = frozenset(k.value for k in Kind)


def _check_money(n: int, line: Mapping[str, Any]) -> None:
    """docs/casino.md#fair-play-and-records: each hand's result fits its stake and outcome, and
    the chips a line says the seat ended with are the chips it began with, less every bet,
    double, split and insurance it made, plus what each was paid back (the stake and its net
    result), plus chips bought and less chips taken away. Checked where the house banks and
    every event is the casino table's own (a changing bank, as in Pontoon, moves chips between
    seats by rules of its own), and while the seat is held from the line's start to its end."""
    seat, events = line["seat"], line["events"]
    if line.get("banker") is not None or not all(e.get("kind") in _KINDS for e in events):
        return
    stakes: list[int] = []  # by hand; a split puts its new hand at the place it names
    insured = moved = 0
    for e in events:
        if e.get("seat", 0) != seat:
            continue
        kind, amount, hand = Kind(e["kind"]), int(e.get("amount", 0)), int(e.get("hand", 0))
        if kind is Kind.SPLIT:
            stakes.insert(hand, amount)
        elif kind in _STAKED:
            if hand == len(stakes):
                stakes.append(0)
            if not 0 <= hand < len(stakes):
                raise ReplayError(f"line {n}: seat {seat} bets on a hand it does not hold")
            stakes[hand] += amount
        if kind in _STAKED:
            moved -= amount
        elif kind is Kind.INSURED:
            insured += amount
            moved -= amount
        elif kind is Kind.SETTLED:
            stake = stakes[hand] if 0 <= hand < len(stakes) else 0
            if stake:
                stakes[hand] = 0
            if not _fair(str(e.get("note", "")), stake, amount):
                raise ReplayError(f"line {n}: seat {seat}'s hand settled {e.get('note')!r} for "
                                  f"{amount:+d} cents on a bet of {stake}")
            moved += stake + amount
        elif kind is Kind.INSURANCE_SETTLED:
            if amount not in (2 * insured, -insured) and not (
                    amount == 0 and e.get("note") == "void"):
                raise ReplayError(f"line {n}: seat {seat}'s insurance of {insured} cents "
                                  f"settled for {amount:+d}")
            moved += insured + amount
            insured = 0
        elif kind in (Kind.SAT, Kind.LEFT):
            moved += amount if kind is Kind.SAT else -amount
    chips = line["chips"]
    if chips["from"] is None or chips["to"] is None:
        return  # the seat was taken or given up: the chips came or went with the person
    if chips["to"] - chips["from"] != moved:
        raise ReplayError(f"line {n}: the seat's bets and what they were paid come to "
                          f"{moved:+d} cents, but its chips went from {chips['from']} to "
                          f"{chips['to']}")


def _fair(outcome: str, stake: int, net: int) -> bool:
    """Does a hand's net result fit its outcome and its stake (docs/casino.md#settlement)? A win
    pays the stake, a loss takes it, a push and a void return it; a blackjack or a bonus pays
    more than nothing (by the rules' odds), a surrender returns part, a dealer's blackjack may
    take more than the stake where the rules say so."""
    match outcome:
        case "win" | "even-money":
            return net == stake
        case "lose" | "bust" | "tie":
            return net == -stake
        case "push" | "void":
            return net == 0
        case "blackjack" | "bonus":
            return net > 0
        case "surrender":
            return -stake <= net <= 0
        case "dealer blackjack":
            return net <= -stake
    return False


def _check_cards(check: PlayerCheck, orders: dict[int, list[int]],
                 seen: dict[int, dict[int, int]],
                 turned: list[tuple[int, int, list[tuple[int, int]]]]) -> None:
    """Every card seen (and every card turned up for a seat) against the shoes opened."""
    for number, cards in seen.items():
        opened = orders.get(number)
        if opened is None:
            continue  # the shoe in play when the history ends is not opened yet
        for pos, card_id in cards.items():
            if not 0 <= pos < len(opened) or opened[pos] != card_id:
                raise ReplayError(f"shoe {number}: the card at place {pos + 1} is not the one "
                                  "dealt")
            check.cards_checked += 1
    for seat, card_id, places in turned:
        match = next((p for p in places if p[0] in orders and 0 <= p[1] < len(orders[p[0]])
                      and orders[p[0]][p[1]] == card_id), None)
        if match is None:
            if any(p[0] not in orders for p in places):
                continue  # it may be a card from a shoe not opened yet
            raise ReplayError(f"a card turned up for seat {seat} was not dealt to it")
        places.remove(match)
        check.cards_checked += 1


def _card_id(event: Mapping[str, Any]) -> int:
    """The physical card an event names (its code and which deck of the shoe)."""
    return int(event.get("deck", 0)) * 52 + parse_card(str(event["card"])).id
