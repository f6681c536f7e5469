"""Which seats of a chip game see a card of their own that a spectator does not: only their
frames need building from their own view; every other viewer shares the spectator's (moved here
from the browser room; the adapter offers it as ``CasinoGame.private_seats``)."""

from __future__ import annotations

from twentyone.engine.events import Kind
from twentyone.engine.table import Table
from twentyone.protocol import HOUSE


class FaceDown:
    """Which seats may see a card of their own that a spectator does not, kept up to date by
    reading each new event of the log once.

    A seat sees more than a spectator only where a card was dealt to it face down (a pitch
    game's hand, a Pontoon hand) or it holds the bank while the dealer's hole card lies face
    down. Such a card is on the layout now, or was dealt since the round before this one began
    (all a settled round, shown after it ends, can show), or is among the events since the
    broadcast's mark. A face-down double is counted too, though its owner does not see it
    either: counting a seat that sees nothing more only costs that seat its own frame.
    """

    def __init__(self) -> None:
        self.read = 0
        #: Where the last two rounds ended in the log (-1: not yet).
        self.ends = (-1, -1)
        #: Each seat's last card dealt face down (DEALER: the dealer's), by place in the log.
        self.last: dict[int, int] = {}

    def seats(self, table: Table, since: int | None) -> frozenset[int]:
        log = table.log
        for i in range(self.read, len(log)):
            e = log[i]
            if e.kind is Kind.ROUND_ENDED:
                self.ends = (self.ends[1], i)
            elif e.kind is Kind.DEALT and e.card is not None and not e.face_up:
                self.last[e.seat] = i
        self.read = len(log)
        begin = self.ends[0] + 1 if since is None else min(self.ends[0] + 1, since)
        banker = table.dealer_seat
        out = {banker if n == HOUSE else n for n, at in self.last.items() if at >= begin}
        out.update(n for n, s in table.seats.items()
                   if not all(up for h in s.hands for up in h.face_up))
        if not all(table.dealer.face_up):
            out.add(banker)
        out.discard(HOUSE)
        return frozenset(out)
