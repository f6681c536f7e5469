"""Trainers: learn to deal and learn to play, graded, with progress that lasts.

A library with no terminal code (the command line's ``twentyone train`` and any other front end
drive it): ``core`` (items, grades, the drill interface), the drills (``chips``, ``totals``,
``procedure``, ``player``), ``registry`` (drills by name), ``session`` (a run of items, graded and
recorded), ``store`` (the SQLite profile), ``schedule`` (FSRS) and ``stats``.
"""

from __future__ import annotations

from twentyone.train.core import AnswerError, Drill, Grade, Item
from twentyone.train.registry import DRILLS, describe_all, make_drill
from twentyone.train.session import Session

__all__ = ["DRILLS", "AnswerError", "Drill", "Grade", "Item", "Session", "describe_all",
           "make_drill"]
