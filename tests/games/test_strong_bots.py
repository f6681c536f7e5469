"""The strong bots (issue 37, "bots worth sitting down with"; docs/games/bots.md): they search
worlds dealt from what their seat has seen, so the same picture and the same seed give the same
move whatever the hidden cards really are; their worlds respect what the seat inferred; the
legal moves the playouts use are the game's own; and they play whole hands of legal moves at
every table, with any levels beside them. How much stronger they are is measured by
``benchmarks/bench_games.py``, not asserted here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from games_kit import c, cs

from twentyone.cards import Suit
from twentyone.games.auto import make_bots, make_game, play_hand
from twentyone.games.core.bots import Bot, Watcher, show_news
from twentyone.games.core.cards import Card
from twentyone.games.core.game import CardGame
from twentyone.games.core.ops import Bid, CardOp, NameTrump, Pass
from twentyone.games.core.search import SearchBot, deal_unseen
from twentyone.games.core.shuffle import StackedShuffler
from twentyone.games.durak.strong import DurakStrongBot
from twentyone.games.durak.strong import legal_moves as durak_moves
from twentyone.games.levels import make_bot
from twentyone.games.president.game import OPENING_CARD
from twentyone.games.president.strong import PresidentStrongBot
from twentyone.games.president.strong import legal_moves as president_moves
from twentyone.games.registry import GAMES
from twentyone.games.solo_whist import strong
from twentyone.games.solo_whist.bots import SoloWhistBot
from twentyone.games.solo_whist.strong import SoloWhistStrongBot, _within_reach
from twentyone.games.solo_whist.strong import legal_moves as whist_moves

STRONG: dict[str, type[SearchBot[Any]]] = {
    "durak": DurakStrongBot, "president": PresidentStrongBot, "solo-whist": SoloWhistStrongBot}
MOVES: dict[str, Callable[[CardGame[Any], int], list[CardOp]]] = {
    "durak": durak_moves, "president": president_moves, "solo-whist": whist_moves}


def _dealt(g: CardGame[Any], seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` was dealt this hand (its own view of the deal)."""
    deals = [e for e in g.log if e.kind == "dealt" and e.seat == seat]
    return deals[-1].cards


def _deciding(game: str, seed: int, seat: int, after: int, phase: str = "play") -> CardGame[Any]:
    """A table of four where best bots have made at least ``after`` moves of the first hand and
    ``seat`` now has a real choice (at Solo Whist, in ``phase``: a card to play, or a call)."""
    g = make_game(game, 4, seed)
    bots = make_bots(game, 4, seed, ["best"] * 4)
    g.apply(g.legal_ops(g.to_act or 1)[0])
    while True:
        s = g.to_act
        assert s is not None and not g.between_hands
        legal = g.legal_ops(s)
        ready = len(g.ops) > after and len(legal) > 1
        if s == seat and ready and (game != "solo-whist" or g.view(s)["phase"] == phase):
            return g
        g.apply(bots[s].choose(g.view(s), legal))


def _redealt(g: CardGame[Any], seat: int) -> CardGame[Any]:
    """The same moves dealt from a pack where two other seats hold each other's card: two cards
    of one suit (never a trump, never the three of spades), dealt to them and never since seen
    on the table, are swapped, so nothing ``seat`` was shown changes but the hidden hands do."""
    trump = getattr(g, "trump_card", None)
    shown = {x for e in g.log if e.kind != "dealt" for x in e.cards}
    others = [s for s in g.seats if s != seat]
    swap: tuple[Card, Card] | None = None
    for a in others:
        for b in others:
            for x in _dealt(g, a):
                for y in _dealt(g, b):
                    if (a < b and x.suit == y.suit and not {x, y} & shown
                            and (trump is None or x.suit != trump.suit)
                            and OPENING_CARD not in (x, y)):
                        swap = (x, y)
    assert swap is not None
    x, y = swap
    order = [y if k == x else x if k == y else k for k in g.shuffles[-1]]
    h = type(g)(g.rules, StackedShuffler(order))
    for op in g.ops:
        h.apply(op)
    return h


@pytest.mark.parametrize(("game", "seed", "after", "phase"), [
    ("durak", 4, 12, "play"), ("president", 5, 9, "play"), ("solo-whist", 6, 16, "play"),
    ("solo-whist", 7, 3, "bidding"), ("solo-whist", 2, 3, "bidding")])
def test_the_strong_bot_reads_only_what_its_seat_sees(game: str, seed: int, after: int,
                                                      phase: str) -> None:
    """Two tables that differ only in cards seat 1 cannot see (two other hands swap a card):
    seat 1 was shown the very same events and view at both, and its strong bot, seeded alike,
    makes the same move at both (at Solo Whist in the play and in the auction, which it
    searches too)."""
    seat = 1
    g = _deciding(game, seed, seat, after, phase)
    h = _redealt(g, seat)
    assert g.events(seat, 0) == h.events(seat, 0)
    assert g.view(seat) == h.view(seat)
    hidden = [s for s in g.seats if s != seat]
    assert any(sorted(g.hand_of(s)) != sorted(h.hand_of(s)) for s in hidden)
    moves = []
    for table in (g, h):
        bot = STRONG[game](random.Random(11))
        show_news(bot, table, seat)
        moves.append(bot.choose(table.view(seat), table.legal_ops(seat)))
    assert moves[0] == moves[1]
    assert moves[0] in g.legal_ops(seat)


@pytest.mark.parametrize("game", sorted(STRONG))
def test_the_playouts_legal_moves_are_the_games_own(game: str) -> None:
    """At every move of two hands among random and best bots, the moves a world's playout
    chooses from are exactly ``legal_ops`` (Solo Whist's: in the play, where it searches)."""
    g = make_game(game, 4, 21)
    bots = make_bots(game, 4, 21, ["random", "best", "random", "beginner"])
    checked = 0
    for _ in range(2):
        g.apply(g.legal_ops(g.to_act or 1)[0])
        while not g.between_hands:
            s = g.to_act
            assert s is not None
            legal = g.legal_ops(s)
            if game != "solo-whist" or g.view(s)["phase"] == "play":
                assert sorted(map(repr, MOVES[game](g, s))) == sorted(map(repr, legal))
                checked += 1
            g.apply(bots[s].choose(g.view(s), legal))
    assert checked > 40


def test_a_world_deals_no_card_of_a_suit_a_seat_showed_out_of() -> None:
    """Seat 2 is void in hearts and seat 3 may hold only clubs: every world gives seat 2 no
    heart and seat 3 only clubs, each place its number of cards, every card once."""
    pool = [x for x in cs("2h 3h 4h 5h 2c 3c 4c 2s 3s")]
    allowed = {2: lambda x: x.suit != Suit.HEARTS, 3: lambda x: x.suit == Suit.CLUBS}
    rng = random.Random(3)
    for _ in range(200):
        world = deal_unseen(pool, {2: 3, 3: 2, 4: 4}, allowed, rng)
        assert sorted(x for cards in world.values() for x in cards) == sorted(pool)
        assert [len(world[s]) for s in (2, 3, 4)] == [3, 2, 4]
        assert all(x.suit != Suit.HEARTS for x in world[2])
        assert all(x.suit == Suit.CLUBS for x in world[3])


def test_inferences_that_cannot_all_hold_are_dropped_not_fatal() -> None:
    """Two hearts and only one place that may hold a heart, with room for one: the deal still
    places every card (a person may break a rule of thumb the bot took for a fact)."""
    pool = list(cs("2h 3h"))
    world = deal_unseen(pool, {2: 1, 3: 1}, {2: lambda x: False}, random.Random(1))
    assert sorted(world[2] + world[3]) == sorted(pool)


def test_the_solo_whist_bot_remembers_who_showed_out() -> None:
    """Shown a trick where seat 3 discarded a club on a heart lead, the bot's worlds never give
    seat 3 a heart."""
    bot = SoloWhistStrongBot(random.Random(1))
    bot.watch([{"kind": "shuffled", "seat": 4}, {"kind": "turned-up", "seat": 4, "cards": ["2s"]},
               {"kind": "play", "seat": 2, "cards": ["Ah"]},
               {"kind": "play", "seat": 3, "cards": ["5c"]}])
    assert bot.void == {3: {c("2h").suit}}
    assert bot.turn_up == c("2s") and bot.dealer == 4


def test_the_solo_whist_auction_worlds_fit_what_the_seat_was_shown() -> None:
    """Seat 4 is to call after a pass and a Solo, seat 1 dealing: every world it deals gives
    the others thirteen cards each out of the ones it does not hold, the turned-up card stays
    with the dealer, and the best bot holding the world's hands would have made the very calls
    the others made (seat 3 holds a Solo hand, seat 2 one it passes with)."""
    g = _deciding("solo-whist", 2, 4, 2, "bidding")
    view = g.view(4)
    assert view["calls"] == ((2, "pass"), (3, "solo")) and view["dealer"] == 1
    bot = SoloWhistStrongBot(random.Random(5))
    show_news(bot, g, 4)
    rest = sorted(x for x in g.pack() if x not in view["hand"])
    asks = bot._asks(view)
    assert [op for _, op in asks[3]] == [Bid(3, "solo")]
    for _ in range(30):
        world = bot._sample(view, bot.rng)
        assert sorted(world) == [1, 2, 3]
        assert sorted(x for s in (1, 2, 3) for x in world[s]) == rest
        assert all(len(world[s]) == 13 for s in (1, 2, 3))
        assert view["turn_up"] in world[1]
        assert all(bot._fits(world[s], view["turn_up"], asks[s]) for s in (1, 2, 3))


def test_the_solo_whist_play_worlds_fit_the_declarers_calls(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 3 bid a Solo and seat 1 is to play: with deals enough to find them, every world of
    the play gives seat 3 a hand that, with the cards it has played, the best bot bids a Solo
    on, and keeps every card seen out of the hidden hands."""
    monkeypatch.setattr(strong, "PLAY_TRIES", 400)
    g = _deciding("solo-whist", 2, 1, 8, "play")
    view = g.view(1)
    assert view["contract"] == "solo" and view["declarers"] == (3,)
    bot = SoloWhistStrongBot(random.Random(5))
    show_news(bot, g, 1)
    asks = bot._asks(view)
    shown = set(view["played"]) | {x for _, x in view["trick"]} | set(view["hand"])
    for _ in range(20):
        world = bot._sample(view, bot.rng)
        assert bot._fits([*world[3], *bot.spent.get(3, ())], view["turn_up"], asks[3])
        assert not shown & {x for s in (2, 3, 4) for x in world[s]}


def test_the_solo_whist_auction_tries_only_calls_within_reach() -> None:
    """A hand of two aces and little else: the search plays out passing and a Prop, never a
    Solo, an Abundance, a misère or a Slam it could not come near; naming trumps is always
    tried."""
    view = {"hand": cs("Ah As 2c 5c 9c 3d 7d 8d 10d 4h 6h 8h Jh"), "turn_up": c("2s")}
    tried = {b: _within_reach(view, Bid(1, b)) for b in (
        "prop", "solo", "misere", "abundance", "abundance-in-trump", "misere-ouverte", "slam")}
    assert tried == {"prop": True, "solo": False, "misere": False, "abundance": False,
                     "abundance-in-trump": False, "misere-ouverte": False, "slam": False}
    assert _within_reach(view, Pass(1)) and _within_reach(view, NameTrump(1, Suit.HEARTS))


def test_the_durak_bot_knows_what_a_defender_picked_up() -> None:
    """Seat 2 picked up the eight and nine of hearts, then attacked with the eight: the bot
    knows seat 2 still holds the nine; the discards it saw are out of every world."""
    bot = DurakStrongBot(random.Random(1))
    bot.watch([{"kind": "shuffled", "seat": 1}, {"kind": "bout", "seat": 1},
               {"kind": "picked-up", "seat": 2, "cards": ["8h", "9h"]},
               {"kind": "discarded", "seat": 3, "cards": ["6c", "7c"]},
               {"kind": "bout", "seat": 2},
               {"kind": "attack", "seat": 2, "cards": ["8h"], "other": 3}])
    assert bot.holds == {2: {c("9h")}}
    assert bot.gone == set(cs("6c 7c"))


@pytest.mark.parametrize(("game", "players"), [("durak", 3), ("president", 5), ("solo-whist", 4)])
def test_strong_bots_play_whole_hands_of_legal_moves(game: str, players: int) -> None:
    """Strong bots in two seats beside a best bot and random play: a hand played through
    ``play_hand`` checks every move and every card after each move."""
    names = ["strong", "best", "strong", "random", "beginner"][:players]
    g = make_game(game, players, 8)
    table = make_bots(game, players, 8, names)
    assert isinstance(table[1], STRONG[game]) and isinstance(table[1], Watcher)
    play_hand(g, table, check_every_op=True)
    assert len(g.hand_results()) == 1


def test_a_strong_bot_taking_over_mid_hand_still_plays_legally() -> None:
    """A strong bot that was shown nothing of the hand so far (it took a seat over at the party
    after the deal) still chooses a legal move at every turn."""
    g = make_game("durak", 3, 2)
    bots: dict[int, Bot] = make_bots("durak", 3, 2, ["best"] * 3)
    g.apply(g.legal_ops(g.to_act or 1)[0])
    for _ in range(15):
        s = g.to_act
        assert s is not None
        g.apply(bots[s].choose(g.view(s), g.legal_ops(s)))
    late = make_bot("durak", "strong", random.Random(2))
    assert isinstance(late, Watcher)
    late.read = g.mark()
    bots[1] = late
    while not g.between_hands:
        s = g.to_act
        assert s is not None
        legal = g.legal_ops(s)
        show_news(bots[s], g, s)
        op = bots[s].choose(g.view(s), legal)
        assert op in legal
        g.apply(op)


def test_the_strong_level_is_in_the_registry_of_every_card_game() -> None:
    for name, entry in GAMES.items():
        assert list(entry.levels) == ["beginner", "best", "strong"]
        assert isinstance(make_bot(name, "strong", random.Random(1)), STRONG[name])


def test_the_solo_whist_playouts_show_the_best_bot_what_its_full_view_would() -> None:
    """The playouts hand the best bot a trimmed view of the play (quicker to build): at every
    card of four hands, the best bot seeded alike chooses the same card from the trimmed view
    as from the seat's whole view."""
    g = make_game("solo-whist", 4, 31)
    bots = make_bots("solo-whist", 4, 31, ["best"] * 4)
    strong = SoloWhistStrongBot(random.Random(1))
    compared = 0
    for _ in range(4):
        g.apply(g.legal_ops(g.to_act or 1)[0])
        while not g.between_hands:
            s = g.to_act
            assert s is not None
            legal = g.legal_ops(s)
            if g.view(s)["phase"] == "play" and len(legal) > 1:
                full = SoloWhistBot(random.Random(s)).choose(g.view(s), legal)
                trimmed = SoloWhistBot(random.Random(s)).choose(strong._rollout_view(g, s),
                                                                legal)
                assert trimmed == full
                compared += 1
            g.apply(bots[s].choose(g.view(s), legal))
    assert compared >= 40
