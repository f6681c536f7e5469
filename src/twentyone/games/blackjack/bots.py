"""The chip games' bots on the one protocol: each chooses from its own seat's ``seat_view`` body
and the legal operations (``games.chipgame.TableBot``), as a card game's bot does, so a front end
seats them through the registry's levels and they can see no more than a player in that seat.

``ChartPlayer`` plays a strategy chart at the casino table (what ``engine.bots.ChartBot`` does
on the engine's table); ``PontoonPlayer`` plays Pontoon's plain player and, holding the bank, a
banker strategy (what ``pontoon.auto.PontoonBot`` does), reading the banker's picture of the
standing hands from the body the way ``pontoon.auto.banker_sees`` reads the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from twentyone.cards import parse_card
from twentyone.engine.bots import Decider
from twentyone.pontoon.bots import BankerStrategy, Standing, player_choice, unseen_values
from twentyone.protocol import Op


def _values(codes: Sequence[str | None]) -> list[int]:
    return [parse_card(c).value for c in codes if c is not None]


def _hand_to_act(body: Mapping[str, Any]) -> Mapping[str, Any]:
    """The hand the body says is to act (its seat's first hand while an offer is open)."""
    to_act = body["to_act"]
    if to_act is None:
        raise RuntimeError("the bot was asked to act with nothing to decide")
    seat = next(s for s in body["seats"] if s["number"] == to_act[0])
    hand: Mapping[str, Any] = seat["hands"][to_act[1]]
    return hand


def _pick(legal: Sequence[Op], *names: str) -> Op:
    """The first of ``names`` among the legal operations."""
    by_name = {op.name: op for op in legal}
    for name in names:
        if name in by_name:
            return by_name[name]
    raise RuntimeError(f"none of {', '.join(names)} is legal now")


class ChartPlayer:
    """Plays a strategy chart: never insures (basic strategy never does), takes the chart's
    double, split and surrender entries where the table offers them."""

    def __init__(self, chart: Decider) -> None:
        self.chart = chart

    def choose(self, view: Mapping[str, Any], legal: Sequence[Op]) -> Op:
        names = {op.name for op in legal}
        hand = _hand_to_act(view)
        up = next(parse_card(c).value for c in view["dealer"] if c is not None)
        values = _values(hand["cards"])
        if view["phase"] == "insurance":
            wants = "surrender" in names and self.chart.decide(
                values, up, can_double=False, can_split=False,
                can_surrender=True) == "surrender"
            return _pick(legal, "surrender" if wants else "decline")
        choice = self.chart.decide(values, up, can_double="double" in names,
                                   can_split="split" in names,
                                   can_surrender="surrender" in names)
        return _pick(legal, choice)


def banker_sees(body: Mapping[str, Any]) -> tuple[list[int], list[Standing], dict[int, int]]:
    """From the banker's own view: the banker's cards, the hands still standing as the banker
    sees them, and the card values the banker has not seen (``pontoon.auto.banker_sees``)."""
    own = _values(body["dealer"])
    seen = list(own)
    standing: list[Standing] = []
    for s in body["seats"]:
        if s["number"] == body["banker"]:
            continue
        for h in s["hands"]:
            shown = tuple(_values(h["cards"]))
            seen.extend(shown)
            if not h["outcome"]:
                aces = h["from_split"] and h["cards"][0] is not None and \
                    parse_card(h["cards"][0]).value == 1
                standing.append(Standing(shown, len(h["cards"]) - len(shown), h["bet"],
                                         bool(h["doubled"] or aces)))
    return own, standing, unseen_values(seen)


class PontoonPlayer:
    """Every seat of a Pontoon table: the plain player's choices, and ``banker`` for the seat
    that banks when the banker decides."""

    def __init__(self, banker: BankerStrategy) -> None:
        self.banker = banker

    def choose(self, view: Mapping[str, Any], legal: Sequence[Op]) -> Op:
        names = {op.name for op in legal}
        if view["phase"] == "dealer":
            own, standing, unseen = banker_sees(view)
            return _pick(legal, "dealer_hit" if self.banker(own, standing, unseen)
                         else "dealer_stand")
        choice = player_choice(_values(_hand_to_act(view)["cards"]),
                               can_split="split" in names, can_double="double" in names)
        if choice == "hit" and "hit" not in names:
            choice = "stand"
        return _pick(legal, choice)
