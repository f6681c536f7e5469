"""Hand signals: read the signal (a dealer's drill), and give the signal (a player's).

A dealer takes each decision from the player's hands (docs/dealing.md#hand-signals), and must
tell them apart at a glance: the shoe game's tap and wave, the pitch game's scratch and slide,
chips placed beside the bet with one finger or two. ``SignalsDrill`` shows a drawn signal (an
SVG, moving where the signal is a movement, with the same signal in words for a screen that
cannot draw) and asks for the decision; ``GiveSignalDrill`` names a decision and asks which of
four drawings is its signal. The signals are the engine's own table (``engine.signals``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from twentyone.engine.signals import Decision, SignalStyle, signal, style_of
from twentyone.rules import Rules, Surrender
from twentyone.train.core import JSON, Drill, Grade, Item, small_int
from twentyone.train.options import Option

#: What a dealer sees of each signal, in words that never name the decision (the terminal shows
#: these where it cannot draw).
SEEN: dict[tuple[SignalStyle, Decision], str] = {
    (SignalStyle.SHOE, Decision.HIT): "A finger taps the felt just behind the cards, twice.",
    (SignalStyle.SHOE, Decision.STAND):
        "A flat hand, palm down, sweeps side to side above the cards.",
    (SignalStyle.SHOE, Decision.DOUBLE):
        "A stack of chips is set down beside the bet, and one finger is held up.",
    (SignalStyle.SHOE, Decision.SPLIT):
        "A stack of chips is set down beside the bet, and two fingers are held up in a V.",
    (SignalStyle.SHOE, Decision.SURRENDER):
        "A finger draws a line across the felt behind the bet.",
    (SignalStyle.PITCH, Decision.HIT):
        "The held cards scratch the felt, moving towards the player.",
    (SignalStyle.PITCH, Decision.STAND):
        "The cards, face down, slide under the chips of the bet.",
    (SignalStyle.PITCH, Decision.DOUBLE):
        "The two cards are laid face up together, and a stack of chips is set beside the bet.",
    (SignalStyle.PITCH, Decision.SPLIT):
        "The two cards are laid face up apart, side by side, and a stack of chips is set beside "
        "the bet.",
    (SignalStyle.PITCH, Decision.SURRENDER):
        "A finger draws a line across the felt behind the bet.",
}
# The classic rules' signals are the shoe game's but for the hit: a scratch towards the player.
SEEN.update({(SignalStyle.CLASSIC, d): SEEN[SignalStyle.SHOE, d] for d in Decision})
SEEN[SignalStyle.CLASSIC, Decision.HIT] = ("Two fingers scratch the felt just behind the cards, "
                                    "moving towards the player.")
#: The classic rules' other way to ask for a card, drawn as often as the scratch.
BECKON = "A hand, palm up, beckons towards the player, as if to say “Come here!”"

GAME_WORDS = {SignalStyle.SHOE: "a shoe game: the cards lie face up, the player never touches them",
              SignalStyle.CLASSIC: "the classic game: the cards lie face up, the player never "
                            "touches them",
              SignalStyle.PITCH: "a pitch game: the player holds the cards face down"}

GAME = Option("game", "Which game's signals are shown", "both",
              choices=("both", "shoe", "pitch"),
              labels=("both games", "the shoe game (cards face up; as these rules signal)",
                      "the pitch game (cards held face down)"))

_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUITS = ("♠", "♥", "♦", "♣")
_RED = ("♥", "♦")


def _card(x: float, y: float, label: str | None) -> str:
    """A card at (x, y): face up with its rank and suit, or its back (``label`` None)."""
    if label is None:
        return (f'<g><rect x="{x}" y="{y}" width="44" height="62" rx="5" fill="#8e1b2b" '
                f'stroke="#fff" stroke-width="2"/><rect x="{x + 5}" y="{y + 5}" width="34" '
                f'height="52" rx="3" fill="none" stroke="#e8b7bf" stroke-width="1.5"/></g>')
    colour = "#c0182a" if label[-1] in _RED else "#111"
    return (f'<g><rect x="{x}" y="{y}" width="44" height="62" rx="5" fill="#fff" '
            f'stroke="#333"/><text x="{x + 22}" y="{y + 38}" font-size="18" font-weight="700" '
            f'text-anchor="middle" fill="{colour}">{label}</text></g>')


def _chips(x: float, y: float, n: int, colour: str) -> str:
    return "".join(f'<ellipse cx="{x}" cy="{y - 5 * i}" rx="16" ry="6" fill="{colour}" '
                   f'stroke="#fff" stroke-width="1.5"/>' for i in range(n))


def _hand(x: float, y: float, fingers: int, flat: bool = False, motion: str = "") -> str:
    """A hand seen from above: a palm with ``fingers`` raised (0: one finger pointing at the
    felt), or flat; ``motion`` moves it."""
    skin = 'fill="#e0ac83" stroke="#7a4b2a" stroke-width="1.5"'
    if flat:
        return (f'<g><rect x="{x - 34}" y="{y - 14}" width="68" height="28" rx="13" {skin}/>'
                f'<rect x="{x + 26}" y="{y - 12}" width="30" height="9" rx="4" {skin}/>'
                f'<rect x="{x + 26}" y="{y - 2}" width="34" height="9" rx="4" {skin}/>'
                f'{motion}</g>')
    raised = "".join(f'<rect x="{x - 14 + 13 * i}" y="{y - 52}" width="11" height="36" rx="5" '
                     f'{skin}/>' for i in range(fingers))
    pointing = "" if fingers else (f'<rect x="{x - 5}" y="{y - 50}" width="11" height="34" '
                                   f'rx="5" {skin}/>')
    return (f'<g>{raised}{pointing}<rect x="{x - 24}" y="{y - 22}" width="48" height="44" '
            f'rx="14" {skin}/>{motion}</g>')


def _moves(values: str, seconds: float = 0.9) -> str:
    """A repeating movement, for a signal that is one."""
    return (f'<animateTransform attributeName="transform" type="translate" values="{values}" '
            f'dur="{seconds}s" repeatCount="indefinite"/>')


def drawing(game: SignalStyle, decision: Decision, cards: tuple[str, str],
            beckon: bool = False) -> str:
    """The signal drawn on a patch of felt: the bet in its circle at the top, the player's two
    cards below it, the player's side at the bottom. Nothing in it names the decision.
    ``beckon``: the classic rules' hit given as a beckon rather than a scratch."""
    parts = ['<rect width="240" height="200" rx="14" fill="#1d6b3a"/>',
             '<circle cx="120" cy="42" r="28" fill="none" stroke="#e9d98b" stroke-width="2"/>',
             _chips(120, 48, 3, "#c62828")]
    held = game is SignalStyle.PITCH and decision not in (Decision.DOUBLE, Decision.SPLIT)
    faces: list[str | None] = [None, None] if held else list(cards)
    beside = decision in (Decision.DOUBLE, Decision.SPLIT)
    if beside:
        parts.append(_chips(166, 48, 3, "#c62828"))
    if decision is Decision.SPLIT and game is SignalStyle.PITCH:
        parts += [_card(54, 90, faces[0]), _card(142, 90, faces[1])]
    elif game is SignalStyle.PITCH and decision is Decision.HIT:
        parts.append(f'<g>{_card(88, 92, None)}{_card(100, 96, None)}'
                     f'{_moves("0 0; 0 22; 0 0; 0 22; 0 0", 1.2)}</g>')
    elif game is SignalStyle.PITCH and decision is Decision.STAND:
        parts.append(f'<g>{_card(88, 92, None)}{_card(100, 96, None)}'
                     f'{_moves("0 0; 0 -50; 0 -50; 0 0", 1.6)}</g>')
        parts.append(_chips(120, 48, 3, "#c62828"))  # the chips lie over the cards slid under
    else:
        parts += [_card(86, 92, faces[0]), _card(104, 98, faces[1])]
    if game is SignalStyle.CLASSIC and decision is Decision.HIT and beckon:
        # A hand, palm up, curling its fingers towards the player: "Come here!"
        parts.append(_hand(190, 150, 4, motion=_moves("0 0; 0 18; 0 0; 0 18; 0 0", 1.2)))
    elif game is SignalStyle.CLASSIC and decision is Decision.HIT:
        # Two fingers scratching the felt towards the player, and the marks they leave.
        parts.append('<line x1="184" y1="96" x2="184" y2="126" stroke="#fff" stroke-width="2" '
                     'stroke-dasharray="30" stroke-dashoffset="30"><animate attributeName='
                     '"stroke-dashoffset" values="30;0;30" dur="0.9s" repeatCount="indefinite"/>'
                     '</line>')
        parts.append(_hand(190, 150, 2, motion=_moves("0 -24; 0 8; 0 -24", 0.9)))
    elif game is SignalStyle.SHOE and decision is Decision.HIT:
        # The finger's tap on the felt, and the ring each tap leaves.
        parts.append('<circle cx="190" cy="100" r="4" fill="none" stroke="#fff" '
                     'stroke-width="2"><animate attributeName="r" values="4;16;4" dur="0.5s" '
                     'repeatCount="indefinite"/></circle>')
        parts.append(_hand(190, 150, 0, motion=_moves("0 0; 0 -14; 0 0; 0 -14; 0 0", 1.0)))
    elif game is not SignalStyle.PITCH and decision is Decision.STAND:
        parts.append(_hand(120, 172, 0, flat=True, motion=_moves("-50 0; 50 0; -50 0", 1.2)))
    elif game is not SignalStyle.PITCH and decision in (Decision.DOUBLE, Decision.SPLIT):
        parts.append(_hand(200, 160, 1 if decision is Decision.DOUBLE else 2))
    elif decision is Decision.SURRENDER:
        parts.append('<line x1="60" y1="82" x2="180" y2="82" stroke="#fff" '
                     'stroke-width="4" stroke-dasharray="120" stroke-dashoffset="120">'
                     '<animate attributeName="stroke-dashoffset" values="120;0;0" dur="1.6s" '
                     'repeatCount="indefinite"/></line>')
        parts.append(_hand(60, 132, 0, motion=_moves("0 0; 120 0; 120 0", 1.6)))
    words = BECKON if beckon and game is SignalStyle.CLASSIC and decision is Decision.HIT \
        else SEEN[game, decision]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 200" width="240" '
            f'height="200" role="img" aria-label="{words}">{"".join(parts)}</svg>')


def _beckons(rng: random.Random, game: SignalStyle, decision: Decision) -> bool:
    """Whether the classic rules' hit is drawn as a beckon this time (else as a scratch): both
    are its signal, so both are drilled, half the time each."""
    return game is SignalStyle.CLASSIC and decision is Decision.HIT and rng.random() < 0.5


def _deal(rng: random.Random, decision: Decision) -> tuple[str, str]:
    """Two cards for the drawing: a pair for a split (the only hand that can be split)."""
    first = rng.choice(_RANKS)
    second = first if decision is Decision.SPLIT else rng.choice(_RANKS)
    return first + rng.choice(_SUITS), second + rng.choice(_SUITS)


class _Signals(Drill):
    """What both directions share: which decisions and games are drawn."""

    option_specs = (GAME,)
    answer_kind = "choice"

    def __init__(self, rules: Rules, rules_name: str,
                 options: Mapping[str, object] | None = None) -> None:
        super().__init__(rules, rules_name, options)
        #: Surrender has a signal only where the rules offer it.
        self.decisions = [d for d in Decision
                          if d is not Decision.SURRENDER or rules.surrender is not Surrender.NONE]
        chosen = str(self.options["game"])
        # The game on the felt as these rules signal it (the classic rules' scratch or beckon),
        # and the pitch game.
        felt = style_of(rules) if style_of(rules) is not SignalStyle.PITCH else SignalStyle.SHOE
        self.games = {"both": [felt, SignalStyle.PITCH], "shoe": [felt],
                      "pitch": [SignalStyle.PITCH]}[chosen]

    def _choose(self, rng: random.Random) -> tuple[SignalStyle, Decision]:
        """A game and a decision; with the profile's miss rates (``focus``), more often the
        signals the trainee misses: as the strategy drill deals, a signal always read right
        comes half as often, one never seen three times in four, one always missed every time."""
        while True:
            game, decision = rng.choice(self.games), rng.choice(self.decisions)
            if not (self.focus and
                    rng.random() < 0.5 * (1 - self.focus.get(f"{game} {decision}", 0.5))):
                return game, decision

    @staticmethod
    def _given(answer: JSON, choices: list[str]) -> str | None:
        """An answer as one of the choices: its words, or its number (1 for the first)."""
        if isinstance(answer, bool):
            return None
        if isinstance(answer, int) and 1 <= answer <= len(choices):
            return choices[answer - 1]
        if isinstance(answer, str):
            text = answer.strip().lower()
            number = small_int(text) if text.isdigit() else None
            if number is not None and 1 <= number <= len(choices):
                return choices[number - 1]
            return text
        return None


class SignalsDrill(_Signals):
    """Read the signal: a drawn hand signal, the decision it gives."""

    name = "signals"
    title = "Read the signal: which decision is that hand giving?"
    group = "dealer"
    answer_hint = "the decision (hit, stand, double, split), or its number, 1 first"
    audition = (20, 0.95, 3.0)

    def items(self, rng: random.Random) -> Iterator[Item]:
        n = 0
        while True:
            n += 1
            game, decision = self._choose(rng)
            choices = [d.value for d in self.decisions]
            beckon = _beckons(rng, game, decision)
            yield Item(f"signal-{n}", self.name, f"{game} {decision}",
                       {"game": game.value, "table": GAME_WORDS[game],
                        "seen": BECKON if beckon else SEEN[game, decision],
                        "svg": drawing(game, decision, _deal(rng, decision), beckon),
                        "motion": signal(game, decision).motion,
                        "ask": "Which decision is the player giving?",
                        "choices": choices, "rules": self.rules_name},
                       {"decision": decision.value})

    def grade(self, item: Item, answer: JSON) -> Grade:
        expected = str(item.secret["decision"])
        given = self._given(answer, list(item.shown["choices"]))
        aliases = {"stick": "stand", "twist": "hit", "double down": "double"}
        ok = given is not None and aliases.get(given, given) == expected
        s = signal(SignalStyle(item.shown["game"]), Decision(expected))
        return Grade(ok, expected, "Right." if ok else
                     f"That is the signal to {expected}: the player {s.gives}.")


class GiveSignalDrill(_Signals):
    """Give the signal: a decision, and four drawn signals of the same game; pick its own."""

    name = "signals-give"
    title = "Give the signal: which of these says your decision?"
    group = "player"
    answer_hint = "the number of the drawing that gives the decision, 1 first"
    audition = (20, 0.95, 5.0)

    def items(self, rng: random.Random) -> Iterator[Item]:
        n = 0
        while True:
            n += 1
            game, decision = self._choose(rng)
            shown = [d for d in self.decisions if d is not decision]
            rng.shuffle(shown)
            options = [decision, *shown[:3]]
            rng.shuffle(options)
            cards = _deal(rng, Decision.SPLIT if Decision.SPLIT in options else decision)
            beckon = _beckons(rng, game, Decision.HIT)
            yield Item(f"give-{n}", self.name, f"{game} {decision}",
                       {"game": game.value, "table": GAME_WORDS[game],
                        "decision": decision.value,
                        "ask": f"You want to {decision.value}. Which signal do you give?",
                        "choices": [BECKON if beckon and d is Decision.HIT else SEEN[game, d]
                                    for d in options],
                        "drawings": [drawing(game, d, cards, beckon and d is Decision.HIT)
                                     for d in options],
                        "rules": self.rules_name},
                       {"answer": options.index(decision) + 1})

    def grade(self, item: Item, answer: JSON) -> Grade:
        right = int(item.secret["answer"])
        choices = list(item.shown["choices"])
        given = self._given(answer, choices)
        ok = given is not None and given.lower() == choices[right - 1].lower()
        decision = Decision(item.shown["decision"])
        told = signal(SignalStyle(item.shown["game"]), decision).told
        return Grade(ok, choices[right - 1], "Right." if ok else
                     f"Number {right}: to {decision.value}, {told[0].lower()}{told[1:]}.")
