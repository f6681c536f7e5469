"""Pontoon, blackjack with a changing bank: the casino ``Table`` carrying a variant through the
engine's public hooks, with its own rules, bots, headless play and histories."""
