"""twentyone: a rules-exact casino blackjack system."""
