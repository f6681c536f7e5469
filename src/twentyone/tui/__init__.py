"""The terminal table: Rich rendering of a seat's view, a line prompt offering only the legal
actions, and the loop that seats people and bots at one ``Table``.

Everything on screen is drawn from ``views.view`` and ``views.visible_events``, the engine's
projections of what a seat may see, so the terminal cannot show a hole card by accident.
"""
