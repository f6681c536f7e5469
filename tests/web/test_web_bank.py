"""Selling a Pontoon bank over the protocol (docs/pontoon.md#giving-or-selling-the-bank): the
banker's sale is an offer that the player offered it accepts or declines; nothing moves before
that player says yes, an offer can be withdrawn, and it lapses when the table moves on."""

from __future__ import annotations

from pathlib import Path

from web_kit import Party, Person, party, table_of

BUY_IN = 20_000


def _table(p: Party) -> tuple[Person, Person, Person]:
    """Three players and the draw for the first banker: (the banker, the next player round
    from the banker, the third), whoever the draw made banker."""
    people = [p.join() for _ in range(3)]
    for who, name in zip(people, ("Ann", "Bob", "Cy"), strict=True):
        assert p.sit(who, name, BUY_IN)["ok"]
    assert p.act(p.host, "draw_for_bank")["ok"]
    banker = p.host.view["banker"]
    people.sort(key=lambda who: ((who.seat or 0) - banker) % 3)
    return people[0], people[1], people[2]


def _stacks(p: Party) -> dict[int, int]:
    return {s["number"]: s["bankroll"] for s in p.host.view["seats"]}


def test_the_banker_cannot_take_a_players_stack_without_asking(tmp_path: Path) -> None:
    """Issue 22: as banker, {"op":"sell_bank","to":1,"price":20000} moved the other player's
    $200 to the banker. Now the sale is an offer: the buyer is asked, and may decline."""
    with party(tmp_path / "l.db", game="pontoon") as p:
        ann, bob, cy = _table(p)
        before = _stacks(p)
        assert p.act(ann, "sell_bank", to=bob.seat, price=BUY_IN)["error"] == \
            "UnknownOperationError"
        assert p.act(ann, "offer_bank", to=bob.seat, price=BUY_IN)["ok"]
        assert _stacks(p) == before and p.host.view["banker"] == ann.seat
        assert bob.view["bank_offer"] == {"from": ann.seat, "to": bob.seat, "price": BUY_IN}
        assert {"accept_bank", "decline_bank"} <= set(bob.view["legal"])
        assert "accept_bank" not in cy.view["legal"] and "withdraw_bank" in ann.view["legal"]
        for other in (ann, cy):
            assert p.act(other, "accept_bank")["error"] == "WrongPhaseError"
        assert p.act(bob, "decline_bank")["ok"]
        assert _stacks(p) == before and p.host.view["banker"] == ann.seat
        assert bob.view["bank_offer"] is None
        assert p.act(bob, "accept_bank")["error"] == "WrongPhaseError"
        assert p.act(ann, "offer_bank", to=bob.seat, price=5000)["ok"]
        assert p.act(bob, "accept_bank")["error"] == "RequestError", "it names the price"
        assert p.act(bob, "accept_bank", price=5000)["ok"]
        assert p.host.view["banker"] == bob.seat
        assert _stacks(p) == {ann.seat: BUY_IN + 5000, bob.seat: BUY_IN - 5000,
                              cy.seat: BUY_IN}


def test_an_acceptance_names_the_price_and_a_changed_offer_is_refused(tmp_path: Path) -> None:
    """Issue 34 #5 (docs/pontoon.md, giving or selling the bank): the banker offers the bank
    at $1 and re-offers it at $200 as the buyer presses Accept on the $1 offer: the acceptance
    names $1, is refused, and nothing changes hands; accepting the price now shown works."""
    with party(tmp_path / "l.db", game="pontoon") as p:
        ann, bob, _ = _table(p)
        before = _stacks(p)
        assert p.act(ann, "offer_bank", to=bob.seat, price=100)["ok"]
        seen = bob.view["bank_offer"]["price"]
        assert p.act(ann, "withdraw_bank")["ok"]
        assert p.act(ann, "offer_bank", to=bob.seat, price=BUY_IN)["ok"]
        refused = p.act(bob, "accept_bank", price=seen)
        assert refused["error"] == "WrongPhaseError" and "$200" in refused["message"]
        assert _stacks(p) == before and p.host.view["banker"] == ann.seat
        assert p.act(bob, "accept_bank", price=BUY_IN)["ok"]
        assert p.host.view["banker"] == bob.seat


def test_an_offer_is_withdrawn_or_lapses_and_a_price_is_bounded(tmp_path: Path) -> None:
    with party(tmp_path / "l.db", game="pontoon") as p:
        ann, bob, cy = _table(p)
        before = _stacks(p)
        for price in (BUY_IN + 100, 2**63, -100, 150, "100"):
            refused = p.act(ann, "offer_bank", to=bob.seat, price=price)
            assert refused["type"] == "error" and refused["message"], price
        assert p.act(ann, "offer_bank", to=bob.seat, price=1000)["ok"]
        assert p.act(ann, "withdraw_bank")["ok"]
        assert p.act(bob, "accept_bank")["error"] == "WrongPhaseError"
        assert p.act(ann, "offer_bank", to=cy.seat, price=1000)["ok"]
        assert p.act(bob, "bet", amount=100)["ok"]  # the table moves on: the offer lapses
        assert cy.view["bank_offer"] is None
        assert p.act(cy, "accept_bank")["error"] == "WrongPhaseError"
        assert p.host.view["banker"] == ann.seat
        assert bob.seat is not None
        assert _stacks(p) == {**before, bob.seat: before[bob.seat] - 100}  # Bob's bet only


def test_an_offer_to_a_seat_is_not_the_next_occupants_to_accept(tmp_path: Path) -> None:
    """The player offered the bank leaves and someone else takes the seat: the newcomer never
    saw the offer, and cannot accept it."""
    with party(tmp_path / "l.db", game="pontoon") as p:
        ann, bob, _ = _table(p)
        assert p.act(ann, "offer_bank", to=bob.seat, price=1000)["ok"]
        seat = bob.seat
        assert seat is not None
        assert p.act(bob, "leave")["ok"]
        dee = p.join()
        assert p.sit(dee, "Dee", BUY_IN, seat=seat)["ok"]
        assert p.act(dee, "accept_bank")["error"] == "WrongPhaseError"
        assert p.host.view["banker"] == ann.seat and _stacks(p)[seat] == BUY_IN


#: What only the house does at a Pontoon room: the host's draw for the first banker and the
#: room's own steps; a player, the banker too, is never offered them nor may make them.
HOUSE_ONLY = ("deal", "draw_for_bank", "pause", "resume", "remove", "close", "pay", "burn",
              "offer_insurance")


def test_the_banker_is_never_offered_the_houses_operations(tmp_path: Path) -> None:
    """The banker is a player (docs/pontoon.md): through a round, no seat's frame offers it an
    operation of the house's, and each one it asks for is refused and changes nothing."""
    with party(tmp_path / "l.db", game="pontoon") as p:
        ann, bob, cy = _table(p)
        t = table_of(p.room)
        seen: set[str] = set()
        for who in (bob, cy):
            assert p.act(who, "bet", amount=100)["ok"]
        for _ in range(60):
            for who in (ann, bob, cy):
                legal = who.view["legal"]
                seen.update(legal)
                assert not set(legal) & set(HOUSE_ONLY), (who.seat, legal)
            to_act = t.to_act
            if to_act is None:
                break
            who = next(w for w in (ann, bob, cy) if w.seat == to_act[0])
            legal = who.view["legal"]
            assert legal, "whoever is to act has a move"
            assert p.act(who, "stand" if "stand" in legal else legal[0])["ok"]
        assert seen, "the seats were offered moves"
        before = _stacks(p)
        for op in HOUSE_ONLY:
            assert p.act(ann, op)["type"] == "error", op
        assert _stacks(p) == before and p.host.view["banker"] == ann.seat


def test_the_host_cannot_remove_the_banker_mid_round(tmp_path: Path) -> None:
    """docs/web.md#hosting-a-room: the host removes a player at once between rounds, or at the
    round's end; the banker leaves neither way while the bank covers the table, refused in
    the same words mid-round as between rounds, so the round's last move is answered with ok
    (it used to be applied and answered with the banker's refusal)."""
    with party(tmp_path / "l.db", game="pontoon", settings={"turn_s": 0}) as p:
        banker, bob, cy = _table(p)
        between = p.act(p.host, "remove", seat=banker.seat)
        assert between["error"] == "TableError" and "banker" in between["message"]
        for who in (bob, cy):
            assert p.act(who, "bet", amount=table_of(p.room).rules.min_bet)["ok"]
        assert p.act(p.host, "deal")["ok"]
        mid = p.act(p.host, "remove", seat=banker.seat)
        assert (mid["error"], mid["message"]) == (between["error"], between["message"])
        assert not p.room.people[banker.seat or 0].leaving
        while (to_act := table_of(p.room).to_act) is not None:
            who = next(w for w in (banker, bob, cy) if w.seat == to_act[0])
            op = "dealer_stand" if who is banker else "stand"
            assert p.act(who, op)["ok"]
        assert p.room.between_rounds() and banker.seat in p.room.people
