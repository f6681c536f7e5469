"""Names people type for a game or a drill: the word they use for it (``blackjack`` for the
casino game) is accepted, and a name that is nearly one (``chips`` for ``chip-count``) gets the
nearest suggested instead of a bare refusal."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import typer

from twentyone.errors import nearest

#: What people call a game, for the name the card room gives it.
GAME_WORDS: dict[str, str] = {
    "blackjack": "casino", "twenty-one": "casino", "twentyone": "casino", "21": "casino",
    "vingt-et-un": "pontoon", "whist": "solo-whist", "solo": "solo-whist",
    "solowhist": "solo-whist", "solo_whist": "solo-whist",
}


def resolve(name: str, names: Iterable[str], *, what: str, option: str,
            words: Mapping[str, str] | None = None) -> str:
    """``name`` as one of ``names``: itself, the name a common word stands for, or a refusal
    (``BadParameter`` on ``option``) that suggests the nearest and lists them all."""
    known = list(names)
    typed = name.strip().lower().replace("_", "-")
    if typed in known:
        return typed
    if words and typed in words:
        return words[typed]
    guess = nearest(typed, known)
    hint = f"; did you mean {guess!r}?" if guess else ""
    raise typer.BadParameter(f"no {what} {name!r}{hint} ({what}s: {', '.join(known)})",
                             param_hint=option)
