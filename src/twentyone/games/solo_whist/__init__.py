"""Solo Whist: four players bid for contracts and play thirteen tricks, paying in counters."""

from __future__ import annotations

from .contracts import CONTRACTS, LADDER, Contract, TrumpRule
from .game import Phase, SoloWhist
from .rules import SoloWhistRules

__all__ = ["CONTRACTS", "LADDER", "Contract", "Phase", "SoloWhist", "SoloWhistRules",
           "TrumpRule"]
