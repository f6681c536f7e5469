"""The terminal tables: the one seat session (``tui.seat``) that seats people and bots at any
registered game and plays it through the game protocol, each kind of game's manners on it
(``tui.manners``), and its two drawings: a line prompt offering only the legal actions at the
chip tables, the cursor and keys of the card room.

Everything on screen is drawn from a seat's ``seat_view`` and the events that seat may see, the
game's own projections of what a seat may see, so the terminal cannot show a hole card by
accident.
"""
