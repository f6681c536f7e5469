"""Reading TOML and JSON that a person (or anyone) hands in, with nesting bounded.

``tomllib`` and ``json`` parse nested arrays and tables recursively, so a file of a hundred
thousand ``[`` is a ``RecursionError``, which no caller expects from a parser, and a document
nested a few hundred deep that does parse can still overflow the stack of whatever walks it
next. These wrappers refuse anything nested deeper than ``MAX_DEPTH`` with the parser's own
error type (``tomllib.TOMLDecodeError``, ``json.JSONDecodeError``), so every caller that
already refuses a malformed file refuses this one the same way, in words. Nothing the package
reads (a rules file, a hand history, a request) is nested more than a few levels.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

#: The deepest nesting of arrays and tables taken: far above any file the package writes.
MAX_DEPTH = 32


def _depth(data: Any) -> int:
    """How deeply ``data`` nests lists and dicts (a scalar is 0), without recursing."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level + 1)
            if level + 1 > MAX_DEPTH:
                break
            stack.extend((x, level + 1) for x in item)
    return deepest


def _too_deep() -> str:
    return f"nested too deeply (more than {MAX_DEPTH} levels of arrays or tables)"


def loads_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads``, refusing nesting deeper than ``MAX_DEPTH`` with a
    ``TOMLDecodeError``."""
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise tomllib.TOMLDecodeError(_too_deep()) from None
    if _depth(data) > MAX_DEPTH:
        raise tomllib.TOMLDecodeError(_too_deep())
    return data


def loads_json(text: str | bytes) -> Any:
    """``json.loads``, refusing nesting deeper than ``MAX_DEPTH`` with a ``JSONDecodeError``."""
    try:
        data = json.loads(text)
    except RecursionError:
        data = None
    else:
        if _depth(data) <= MAX_DEPTH:
            return data
    doc = text if isinstance(text, str) else text.decode("utf-8", "replace")
    raise json.JSONDecodeError(_too_deep(), doc, 0)
