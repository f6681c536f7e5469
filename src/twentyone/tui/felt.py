"""The chip games' felt read from the one game protocol: a seat's ``seat_view`` (its body: the
engine's view of the table, or of the round just settled, as JSON) back as the
``engine.views.TableView`` that ``tui.render`` draws. What a seat may see is decided once, by
the game's ``seat_view``; the terminal draws that and nothing else."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from twentyone.cards import Card, parse_card
from twentyone.engine import views
from twentyone.engine.table import Phase
from twentyone.protocol import View


def table_view(seen: View) -> views.TableView:
    """A seat's view (``CasinoGame.seat_view(seat)``) as the view the felt is drawn from: the
    body's table, with who is looking from its context and the actions open from its legal
    operations, in their words (an action compares equal to its word: ``even-money``)."""
    body = seen.body
    to_act = body["to_act"]
    # Words, as the body's were: the felt and the hints compare them with the engine's actions.
    words: list[Any] = [op.name.replace("_", "-") for op in seen.legal]
    return views.TableView(
        viewer=seen.ctx.viewer, phase=Phase(body["phase"]), round=int(body["round"]),
        dealer=_cards(body["dealer"]), dealer_total=body["dealer_total"],
        seats=tuple(_seat(s) for s in body["seats"]),
        to_act=None if to_act is None else (int(to_act[0]), int(to_act[1])),
        legal=tuple(words),
        shoe_remaining=int(body["shoe_remaining"]),
        discards=int(body["discards"]), cut_card_out=bool(body["cut_card_out"]),
        chip_colours=tuple(body["chip_colours"]), chip_values=tuple(body["chip_values"]),
        cards_total=int(body.get("cards_total", 0)), settled=bool(body.get("settled", False)))


def _cards(codes: Sequence[str | None]) -> tuple[Card | None, ...]:
    return tuple(None if c is None else parse_card(c) for c in codes)


def _seat(s: Mapping[str, Any]) -> views.SeatView:
    return views.SeatView(
        number=int(s["number"]), chips=tuple(s["chips"]), bankroll=int(s["bankroll"]),
        hands=tuple(_hand(h) for h in s["hands"]), insurance=int(s["insurance"]),
        insurance_net=s.get("insurance_net"))


def _hand(h: Mapping[str, Any]) -> views.HandView:
    return views.HandView(
        cards=_cards(h["cards"]), total=h["total"], soft=bool(h["soft"]), bet=int(h["bet"]),
        doubled=bool(h["doubled"]), from_split=bool(h["from_split"]), outcome=str(h["outcome"]),
        to_act=bool(h["to_act"]), net=int(h.get("net", 0)), paid=tuple(h.get("paid", ())))
