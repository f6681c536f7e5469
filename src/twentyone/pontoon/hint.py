"""What each of a Pontoon player's choices is worth, for the ``?`` hint (docs/pontoon.md#hints).

A Pontoon banker is a person who may stand or draw on any total
(docs/pontoon.md#the-bankers-play), so no figure is exact against every banker. The hint prices
each choice exactly against a stated one: a banker who draws below 17 and stands on 17 or more,
as a casino dealer does (the ``stand-17`` bot), dealing from the cards this player has not seen.

- **The cards.** One 52-card pack less every card the player has seen since the shuffle: the
  hand, the banker's face-up card, the other hands' face-up cards, a burned card shown. The
  banker's face-down card and the other players' are among the unseen, drawn like any other.
- **What is known of the banker.** Play reaches a player only when the banker has no natural,
  and a banker showing an ace or a ten-card has looked (docs/pontoon.md#the-bankers-natural), so
  the face-down card is then known not to complete one.
- **The face-down card is one of the unseen cards.** Knowing it does not complete a natural
  changes what the player may draw as well as the banker's hand: given the cards still unseen,
  it is equally likely to be any of them but the barred ones, so a barred value (a ten-card
  under an ace) is a little likelier to come to the player. Each draw is priced so
  (``_draws``), and the banker's totals with the face-down card taken from what is left.
- **Depletion.** Each card the player draws leaves the pack before the banker draws, so the
  banker's totals are worked out afresh for every set of cards the player may end with.
- **Bonus hands** (docs/pontoon.md#bonus-hands) are paid at once and cannot lose; a bust loses
  at once; a standing hand wins only on a higher total than the banker's (ties pay the banker)
  or when the banker busts.
- **A split** is priced as two hands each played from the pair's card with the same unseen
  cards (no resplit, no double after a split; split aces take one card each). This part is the
  usual approximation, said so in the hint.

EVs are per unit of the hand's bet; a double and a split count their whole stake.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from twentyone.cards import hand_total
from twentyone.pontoon.rules import bonus_multiple

#: The totals a stand-17 banker ends on, with the last slot for a bust.
_BANKER_TOTALS = (17, 18, 19, 20, 21)
#: What the banker is assumed to do, in words for the hint.
BANKER_MODEL = "a banker who draws to 16 and stands on 17"

Pool = tuple[int, ...]


def _take(pool: Pool, value: int) -> Pool:
    return (*pool[:value], pool[value] - 1, *pool[value + 1:])


@lru_cache(maxsize=4096)
def _banker_from(pool: Pool, hard: int, ace: bool) -> tuple[float, ...]:
    """Chances of the banker's final totals 17..21 and bust, drawing from ``pool`` while below 17
    (a soft 17 stands)."""
    total = hard + 10 if ace and hard <= 11 else hard
    if hard > 21:
        return (0.0,) * 5 + (1.0,)
    if total >= 17:
        out = [0.0] * 6
        out[total - 17] = 1.0
        return tuple(out)
    left = sum(pool)
    if left == 0:
        # Nothing left to draw: the banker stands where it is (below 17, beaten by any stand).
        return (0.0,) * 6
    out = [0.0] * 6
    for v in range(1, 11):
        n = pool[v]
        if n:
            sub = _banker_from(_take(pool, v), hard + v, ace or v == 1)
            p = n / left
            for i in range(6):
                out[i] += p * sub[i]
    return tuple(out)


@lru_cache(maxsize=4096)
def banker_totals(pool: Pool, up: int) -> tuple[float, ...]:
    """The banker's final totals (17..21, bust) with ``up`` showing and the face-down card drawn
    from ``pool``, given that the banker has no natural. The rest (1 less the six chances) is a
    banker left below 17 by an empty pack."""
    barred = _barred(up)
    choices = [v for v in range(1, 11) if pool[v] and v != barred]
    left = sum(pool[v] for v in choices)
    out = [0.0] * 6
    for v in choices:
        sub = _banker_from(_take(pool, v), up + v, up == 1 or v == 1)
        p = pool[v] / left
        for i in range(6):
            out[i] += p * sub[i]
    return tuple(out)


def _barred(up: int) -> int:
    """The value the banker's face-down card cannot have once play reaches a player (0: none)."""
    return 10 if up == 1 else 1 if up == 10 else 0


def _draws(pool: Pool, up: int) -> list[tuple[int, float]]:
    """The chance of each value as the player's next card. ``pool`` holds every unseen card, the
    banker's face-down card among them; that card is known not to be the barred value, and given
    the unseen cards it is any other of them alike. With ``m`` unseen, ``b`` of the barred value:
    a barred card comes with chance ``n / (m - 1)``, any other ``n (m - b - 1) / ((m - b)(m -
    1))``. Empty when the face-down card is the only card left."""
    m = sum(pool)
    barred = _barred(up)
    b = pool[barred] if barred else 0
    if m <= 1 or m == b:
        return []
    return [(v, pool[v] / (m - 1) if v == barred else pool[v] * (m - b - 1) / ((m - b) * (m - 1)))
            for v in range(1, 11) if pool[v]]


def _stand(values: tuple[int, ...], pool: Pool, up: int) -> float:
    """A finished hand's worth: a bonus is paid at once; otherwise it beats only a lower total
    or a bust (ties pay the banker)."""
    total, _ = hand_total(values)
    if total > 21:
        return -1.0
    times = bonus_multiple(values)
    if times:
        return float(times)
    dist = banker_totals(pool, up)
    win = dist[5] + sum(p for t, p in zip(_BANKER_TOTALS, dist, strict=False) if t < total)
    win += 1.0 - sum(dist)  # a banker stuck below 17 loses to any hand still standing
    return 2.0 * win - 1.0


class _Player:
    """The player's best play from each hand, with the banker worked out per final pool."""

    def __init__(self, up: int) -> None:
        self.up = up
        self.memo: dict[tuple[tuple[int, ...], Pool], float] = {}

    def best(self, values: tuple[int, ...], pool: Pool) -> float:
        total, _ = hand_total(values)
        if total > 21:
            return -1.0
        if total == 21:
            return _stand(values, pool, self.up)
        key = (tuple(sorted(values)), pool)
        got = self.memo.get(key)
        if got is None:
            got = max(_stand(values, pool, self.up), self.hit(values, pool))
            self.memo[key] = got
        return got

    def hit(self, values: tuple[int, ...], pool: Pool) -> float:
        draws = _draws(pool, self.up)
        if not draws:
            return _stand(values, pool, self.up)
        return sum(p * self.best((*values, v), _take(pool, v)) for v, p in draws)

    def double(self, values: tuple[int, ...], pool: Pool) -> float:
        return 2.0 * sum(p * _stand((*values, v), _take(pool, v), self.up)
                         for v, p in _draws(pool, self.up))

    def split_hand(self, card: int, pool: Pool) -> float:
        draws = _draws(pool, self.up)
        if card == 1:
            return sum(p * _stand((1, v), _take(pool, v), self.up) for v, p in draws)
        return sum(p * self.best((card, v), _take(pool, v)) for v, p in draws)


def unseen_pool(seen: Sequence[int]) -> Pool:
    """One pack less the cards seen, by value (index 0 unused, ace 1, ten-cards 10). A value seen
    more often than a pack holds (a mistaken caller) floors at none left."""
    pool = [0, *(4 for _ in range(9)), 16]
    for v in seen:
        if pool[v] > 0:
            pool[v] -= 1
    return tuple(pool)


def pontoon_evs(hand: Sequence[int], up: int, unseen: Pool | Mapping[int, int], *,
                can_double: bool, can_split: bool) -> dict[str, float]:
    """The worth of each legal choice for ``hand`` (card values) against the banker's ``up``
    card, the unseen cards given by value: "stand", "hit", and "double" and "split" where
    allowed."""
    pool: Pool = (tuple(unseen) if isinstance(unseen, tuple)
                  else (0, *(int(unseen.get(v, 0)) for v in range(1, 11))))
    if len(pool) != 11 or min(pool) < 0 or not 1 <= up <= 10 or not hand:
        raise ValueError("a pool of ten card values, an up card 1-10 and a hand are needed")
    player = _Player(up)
    values = tuple(hand)
    out = {"stand": _stand(values, pool, up), "hit": player.hit(values, pool)}
    if can_double:
        out["double"] = player.double(values, pool)
    if can_split and len(values) == 2 and values[0] == values[1]:
        out["split"] = 2.0 * player.split_hand(values[0], pool)
    return out
