"""A state frame of a blackjack or Pontoon room read as the page reads it
(``static/tableview.js``, ``tableView``): the game's body for the viewer (cards as codes, chips
as counts in the order of ``chip_colours``) with the room's part (names, the pause, the clock)
and who is looking (``you``). The tests read the casino frames through this, as the page
does; ``test_web_table_view`` holds the two readings to each other."""

from __future__ import annotations

from typing import Any

Frame = dict[str, Any]


def _card(code: str | None) -> dict[str, str] | None:
    return None if code is None else {"rank": code[:-1], "suit": code[-1], "code": code}


def table_view(frame: Frame) -> Frame:
    """The table the felt and the controls draw from ``frame`` (the page's ``tableView``)."""
    b, r, you = frame["body"], frame["room"], frame["you"]
    colours = b["chip_colours"]

    def chips(counts: list[int]) -> dict[str, int]:
        return {c: n for c, n in zip(colours, counts, strict=False) if n}

    seats = []
    for s in b["seats"]:
        who = r["seats"].get(str(s["number"]),
                             {"name": "", "connected": False, "sitting_out": False})
        seats.append({
            "number": s["number"], "name": who["name"], "connected": who["connected"],
            "sitting_out": who["sitting_out"], "bankroll": s["bankroll"],
            "chips": chips(s["chips"]), "insurance": s["insurance"],
            "hands": [{**h, "cards": [_card(c) for c in h["cards"]], "paid": chips(h["paid"])}
                      for h in s["hands"]]})
    out = {
        "room": r["code"], "game": r["game"], "phase": b["phase"], "round": b["round"],
        "viewer": frame["ctx"]["viewer"], "role": you["role"],
        "dealer": [_card(c) for c in b["dealer"]],
        "dealer_total": b["dealer_total"], "seats": seats,
        "to_act": b["to_act"] if b["to_act"] and not b["settled"] else None,
        "legal": [op["op"] for op in frame["legal"]],
        "shoe": {"remaining": b["shoe_remaining"], "total": b["cards_total"],
                 "discards": b["discards"], "cut_card_out": b["cut_card_out"],
                 "from": b["dealt_from"]},
        "chipset": [{"colour": c, "value": v}
                    for c, v in zip(colours, b["chip_values"], strict=True)],
        "settled": b["settled"], "paused": r["paused"],
        "clock": None if r["clock"] is None else {"seat": r["clock"][0],
                                                  "deadline_ms": r["clock"][1]},
        "banker": b["banker"], "hints": r["hints"], "commitment": r["commitment"],
        "bank_offer": b["bank_offer"]}
    if you["host_legal"] is not None:
        out["host_legal"] = you["host_legal"]
    return out
