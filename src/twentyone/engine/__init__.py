"""The casino blackjack engine: the table (one state machine of explicit operations), its hands,
shoe, chips and cashier, the event log, per-seat views, hand histories, and bots.

Everything above it (Pontoon, the solver's checks, the terminal, the trainers, the server) drives
the ``Table`` through its public operations and reads what it says through views and records.
"""
