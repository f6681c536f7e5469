"""Issue 2 "Rules": one frozen, validated ``Rules``; every option name of the contract loads
from TOML and from ``--set key=value``; the presets carry what their seeds say; a bad option is
a typed ``RulesError`` naming the option."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest
import typer
from engine_kit import dealt, since_round_start
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.cli.options import rules_from_cli
from twentyone.engine.events import Kind
from twentyone.engine.table import Phase
from twentyone.errors import RulesError
from twentyone.rules import (
    CHOICES,
    PRESETS,
    DoubleOn,
    Insurance,
    PlayerCards,
    Reshuffle,
    Rules,
    SplitBy,
    Surrender,
    load_rules,
    parse_set_options,
)
from twentyone.sim import kernel as K
from twentyone.sim.runner import rules_vector
from twentyone.strategy import (
    ANALYSIS_FIELDS,
    LATER_FIELDS,
    SOLVER_VERSION,
    analysis_key,
    dealer_probabilities,
)
from twentyone.strategy.exact import UpSolver, full_shoe
from twentyone.strategy.infinite import InfiniteSolver

CLASSIC = PRESETS["classic"]

#: The option names issue 2 makes a contract, each with a TOML value different from the
#: classic preset's and the Python value it must load as (money in cents).
CONTRACT: dict[str, tuple[str, Any]] = {
    "decks": ("2", 2),
    "hit_soft_17": ("true", True),
    "peek": ("false", False),
    "blackjack_pays": ('"6:5"', "6:5"),
    "double_on": ('"10-11"', "10-11"),
    "double_for_less": ("true", True),
    "double_after_split": ("true", True),
    "split_by": ('"value"', "value"),
    "max_hands": ("3", 3),
    "resplit_aces": ("true", True),
    "hit_split_aces": ("true", True),
    "surrender": ('"late"', "late"),
    "insurance": ('"exactly-half"', "exactly-half"),
    "even_money": ("false", False),
    "penetration": ("0.8", 0.8),
    "burn": ("2", 2),
    "min_bet": ('"7.50"', 750),
    "max_bet": ('"750"', 75000),
    "bet_unit": ('"2.50"', 250),
    "seats": ("5", 5),
}

#: The same options as ``--set key=value`` text on top of the classic preset.
SETS: list[tuple[str, str, Any]] = [
    ("decks", "8", 8),
    ("hit_soft_17", "true", True),
    ("peek", "false", False),
    ("blackjack_pays", "6:5", "6:5"),
    ("blackjack_pays", "1:1", "1:1"),
    ("double_on", "any", "any"),
    ("double_on", "10-11", "10-11"),
    ("double_for_less", "yes", True),
    ("double_after_split", "on", True),
    ("split_by", "value", "value"),
    ("max_hands", "2", 2),
    ("resplit_aces", "true", True),
    ("hit_split_aces", "1", True),
    ("surrender", "early", "early"),
    ("insurance", "none", "none"),
    ("even_money", "false", False),
    ("penetration", "0.65", 0.65),
    ("burn", "1", 1),
    ("late_natural", "twenty-one", "twenty-one"),  # docs/casino.md#late_natural
    ("naturals_paid_at_once", "true", True),  # docs/casino.md#naturals_paid_at_once
    ("split_face_down", "yes", True),  # docs/casino.md#split_face_down
    ("min_bet", "5", 500),
    ("max_bet", "1,000", 100000),
    ("bet_unit", "0.50", 50),
    ("seats", "3", 3),
]


def test_issue2_every_contract_option_is_a_field() -> None:
    """Issue 2: the option names are a contract for the command line and TOML files."""
    names = {f.name for f in dataclasses.fields(Rules)}
    assert set(CONTRACT) <= names


def test_issue2_every_contract_option_loads_from_a_toml_file(tmp_path: Path) -> None:
    """Issue 2: rules are loadable from TOML, money as dollar strings ("2", "7.50")."""
    path = tmp_path / "house.toml"
    path.write_text("\n".join(f"{k} = {v}" for k, (v, _) in CONTRACT.items()) + "\n",
                    encoding="utf-8")
    rules = load_rules(str(path))
    for name, (_, want) in CONTRACT.items():
        assert getattr(rules, name) == want, name


def test_issue2_a_toml_file_may_start_from_a_preset(tmp_path: Path) -> None:
    """README: a rules file may start from ``preset = "..."`` and change a few options."""
    path = tmp_path / "h17.toml"
    path.write_text('preset = "six-deck-s17"\nhit_soft_17 = true\nsurrender = "late"\n'
                    'min_bet = "10"\n', encoding="utf-8")
    rules = load_rules(str(path))
    assert rules == PRESETS["six-deck-s17"].replace(hit_soft_17=True, surrender="late",
                                                    min_bet=1000)


@pytest.mark.parametrize(("key", "text", "want"), SETS)
def test_issue2_every_contract_option_takes_a_set_override(key: str, text: str,
                                                           want: Any) -> None:
    """Issue 2: ``--set key=value`` overrides one option of a preset or file."""
    rules = load_rules("classic", parse_set_options([f"{key}={text}"]))
    assert getattr(rules, key) == want
    others = {f.name for f in dataclasses.fields(Rules)} - {key}
    assert all(getattr(rules, n) == getattr(CLASSIC, n) for n in others)


def test_issue2_set_accepts_dashes_and_the_command_line_helper() -> None:
    """``--set hit-soft-17=true`` and ``--set hit_soft_17=true`` mean the same option."""
    assert rules_from_cli("classic", ["hit-soft-17=true", "decks=2"]) == CLASSIC.replace(
        hit_soft_17=True, decks=2)


@pytest.mark.parametrize(("options", "names"), [
    ({"decks": "0"}, "decks"),
    ({"decks": "9"}, "decks"),
    ({"blackjack_pays": "three to two"}, "blackjack_pays"),
    ({"blackjack_pays": "0:2"}, "blackjack_pays"),
    ({"double_on": "8-11"}, "double_on"),
    ({"split_by": "suit"}, "split_by"),
    ({"max_hands": "0"}, "max_hands"),
    ({"surrender": "sometimes"}, "surrender"),
    ({"insurance": "full"}, "insurance"),
    ({"penetration": "1.0"}, "penetration"),
    ({"burn": "6"}, "burn"),
    ({"seats": "8"}, "seats"),
    ({"seats": "0"}, "seats"),
    ({"hit_soft_17": "maybe"}, "hit_soft_17"),
    ({"min_bet": "7.505"}, "min_bet"),
    ({"min_bet": "two"}, "min_bet"),
    ({"min_bet": "600"}, "min_bet"),        # above the $500 maximum
    ({"min_bet": "2.50"}, "min_bet"),       # off the $1 unit
    ({"bet_unit": "0.25"}, "bet_unit"),     # no 25-cent chip to make it
    ({"decks": "two"}, "decks"),
    ({"colour": "red"}, "colour"),          # no such option
])
def test_issue2_a_bad_option_is_a_typed_rules_error_naming_it(options: dict[str, str],
                                                              names: str) -> None:
    """Issue 2: validation errors are typed; the message says which option is wrong."""
    with pytest.raises(RulesError, match=names):
        load_rules("classic", options)


def test_issue2_rules_errors_are_value_errors_and_rules_are_frozen() -> None:
    assert issubclass(RulesError, ValueError)
    with pytest.raises(dataclasses.FrozenInstanceError):
        CLASSIC.decks = 2  # type: ignore[misc]


def test_issue2_bad_rule_files_and_set_pairs_are_rules_errors(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="no preset or rules file"):
        load_rules(str(tmp_path / "missing.toml"))
    broken = tmp_path / "broken.toml"
    broken.write_text("decks = = 2\n", encoding="utf-8")
    with pytest.raises(RulesError, match="not valid TOML"):
        load_rules(str(broken))
    unknown = tmp_path / "unknown.toml"
    unknown.write_text('preset = "vegas"\n', encoding="utf-8")
    with pytest.raises(RulesError, match="unknown preset"):
        load_rules(str(unknown))
    with pytest.raises(RulesError, match="key=value"):
        parse_set_options(["decks"])


def test_issue2_a_bad_set_on_the_command_line_exits_with_the_reason() -> None:
    """``twentyone play --set decks=9`` is refused with the option's reason, not a trace."""
    with pytest.raises(typer.BadParameter, match="decks"):
        rules_from_cli("classic", ["decks=9"])
    result = CliRunner().invoke(app, ["play", "--set", "decks=9", "--auto", "rules-of-thumb",
                                      "--rounds", "1", "--json"])
    assert result.exit_code == 2
    assert "decks must be 1 to 8" in result.output
    assert "Traceback" not in result.output


# --- presets ----------------------------------------------------------------------------------

def test_issue2_twentyone_rules_json_lists_every_preset_and_round_trips() -> None:
    """Issue 2: presets are listed by ``twentyone rules --json``; each listing loads back into
    the very same rules."""
    result = CliRunner().invoke(app, ["rules", "--json"])
    assert result.exit_code == 0
    listed = json.loads(result.output)
    assert set(listed) == {"classic", "casino-party", "modern-casino", "six-deck-s17",
                           "six-deck-h17-ls", "single-deck", "european"}
    for name, options in listed.items():
        assert Rules.from_mapping(options) == PRESETS[name], name


def test_six_deck_h17_ls_preset() -> None:
    """docs/casino.md#six-deck-h17-ls: the analysts' game with H17 and late surrender, $10 up."""
    r = PRESETS["six-deck-h17-ls"]
    assert r == PRESETS["six-deck-s17"].replace(hit_soft_17=True, surrender="late",
                                                 min_bet=1000, max_bet=200000)


def test_classic_preset() -> None:
    """docs/casino.md#classic: six decks; the last 60 to 75 cards are not used; double on 9, 10 or
    11 with a
    bet equal to the original; one card to each split ace; insurance up to half; $2 to $500;
    the dealer stands on all 17s; blackjack pays one and a half times the bet."""
    r = PRESETS["classic"]
    assert (r.decks, r.cut_behind, r.double_on, r.double_for_less) == (6, (60, 75), "9-11",
                                                                       False)
    assert (r.hit_split_aces, r.insurance, r.min_bet, r.max_bet) == (False, "up-to-half",
                                                                     200, 50000)
    assert (r.hit_soft_17, r.blackjack_pays, r.peek, r.split_by) == (False, "3:2", True, "rank")
    assert r.double_face_down  # "placed face down ... not turned up until the bets are settled"


def test_casino_party_preset() -> None:
    """docs/casino.md#casino-party: two decks; reshuffle below about 25 cards; bets in multiples of
    $10; insurance of
    exactly half; a split hand may not be split again; one card to each split ace; 3-2; the
    dealer draws to 16 and stops at 17; a face-down first card and the dealer's first card is
    the down card; the dealer checks for blackjack only under an ace."""
    r = PRESETS["casino-party"]
    assert (r.decks, r.reshuffle, r.reshuffle_below) == (2, "below", 25)
    assert (r.bet_unit, r.min_bet % 1000, r.insurance) == (1000, 0, "exactly-half")
    assert (r.max_hands, r.hit_split_aces, r.blackjack_pays, r.hit_soft_17) == (2, False,
                                                                                "3:2", False)
    assert (r.player_cards, r.hole_card_first, r.peek, r.peek_tens) == ("down-up", True, True,
                                                                        False)


def test_modern_casino_preset() -> None:
    """docs/casino.md#modern-casino: one card burned after the shuffle; double on the first two
    cards, for less if the
    player likes; split hands may split again; after aces are split only re-splitting is
    allowed; even money for a blackjack against an ace; on six decks the cut card about one
    deck from the end."""
    r = PRESETS["modern-casino"]
    assert (r.burn, r.double_on, r.double_for_less, r.even_money) == (1, "any", True, True)
    assert r.max_hands > 2 and r.resplit_aces and not r.hit_split_aces
    assert r.decks == 6 and r.cut_behind is not None
    lo, hi = r.cut_behind
    assert lo <= 52 <= hi and hi - lo <= 10


def test_issue2_six_deck_s17_is_the_analysts_baseline() -> None:
    """Issue 2: 6 decks, S17, DAS, double any two, split to 4 hands, no resplit aces, no
    surrender, 3:2, peek, 75% penetration."""
    r = PRESETS["six-deck-s17"]
    assert (r.decks, r.hit_soft_17, r.double_after_split, r.double_on) == (6, False, True, "any")
    assert (r.max_hands, r.resplit_aces, r.surrender, r.blackjack_pays) == (4, False, "none",
                                                                            "3:2")
    assert (r.peek, r.penetration, r.cut_behind) == (True, 0.75, None)


def test_issue2_single_deck_pitch_and_european_presets() -> None:
    """Issue 2: ``single-deck`` is a pitch game with the cards dealt face down
    (docs/casino.md#single-deck: "played
    with only one deck, the players' cards are dealt face down"); ``european`` has no hole
    card."""
    single, euro = PRESETS["single-deck"], PRESETS["european"]
    assert (single.decks, single.player_cards) == (1, "down")
    assert euro.peek is False


# --- typed choices ----------------------------------------------------------------------------

#: Every option that is a choice, with every spelling it takes in TOML, ``--set`` and
#: ``rules --json``: the contract the enums must keep.
SPELLINGS: dict[str, tuple[str, ...]] = {
    "double_on": ("any", "9-11", "10-11"),
    "split_by": ("rank", "value"),
    "surrender": ("none", "late", "early"),
    "insurance": ("up-to-half", "exactly-half", "none"),
    "player_cards": ("up", "down", "down-up"),
    "reshuffle": ("cut-card", "below", "burn-card"),
    "late_natural": ("blackjack", "twenty-one"),
    "payout_style": ("fewest", "colour-for-colour"),
    "hit_signal": ("tap", "scratch"),
}
EVERY_SPELLING = [(name, text) for name, texts in SPELLINGS.items() for text in texts]
BASE = PRESETS["six-deck-s17"]  # burns a card, so reshuffle="burn-card" is valid on it too


def test_every_choice_is_a_str_enum_with_the_contract_spellings() -> None:
    assert set(CHOICES) == set(SPELLINGS)
    for name, kind in CHOICES.items():
        assert issubclass(kind, StrEnum)
        assert tuple(member.value for member in kind) == SPELLINGS[name]
        assert kind.__doc__, name
        assert isinstance(getattr(Rules(), name), kind), name


@pytest.mark.parametrize(("name", "text"), EVERY_SPELLING)
def test_every_spelling_round_trips_through_toml_set_and_to_mapping(
        tmp_path: Path, name: str, text: str) -> None:
    """A spelling loads as its member from a TOML file and from ``--set``, and comes back out
    of ``to_mapping`` (so ``rules --json``) as the same plain string."""
    member = CHOICES[name](text)
    path = tmp_path / "house.toml"
    path.write_text(f'preset = "six-deck-s17"\n{name} = "{text}"\n', encoding="utf-8")
    from_toml = load_rules(str(path))
    from_set = load_rules("six-deck-s17", parse_set_options([f"{name}={text}"]))
    from_python = BASE.replace(**{name: text})
    for rules in (from_toml, from_set, from_python):
        assert getattr(rules, name) is member
        value = rules.to_mapping()[name]
        assert type(value) is str and value == text
        assert Rules.from_mapping(rules.to_mapping()) == rules
    assert from_toml == from_set == from_python == BASE.replace(**{name: member})
    assert json.loads(json.dumps(from_toml.to_mapping()))[name] == text


@pytest.mark.parametrize("name", sorted(SPELLINGS))
def test_an_unknown_spelling_is_refused_listing_the_choices(name: str) -> None:
    def load(bad: object) -> Rules:
        return load_rules("classic", {name: bad})

    def replace(bad: object) -> Rules:
        return BASE.replace(**{name: bad})

    def construct(bad: Any) -> Rules:
        return Rules(**{name: bad})

    for bad in ("sometimes", "", 3, None):
        for attempt in (load, replace, construct):
            with pytest.raises(RulesError) as refused:
                attempt(bad)
            message = str(refused.value)
            assert message.startswith(f"{name} must be one of")
            assert all(f'"{text}"' in message for text in SPELLINGS[name]), message


def test_the_cache_key_hashes_the_plain_spellings() -> None:
    """``analysis_key`` hashes the same JSON as when the choices were plain strings, so the
    charts already cached on disk stay valid."""
    games = [*PRESETS.values(), *(BASE.replace(double_on=d, split_by=b, surrender=s)
                                  for d in DoubleOn for b in SplitBy for s in Surrender)]
    for rules in games:
        for infinite in (False, True):
            plain: dict[str, object] = {
                f: (v.value if isinstance(v := getattr(rules, f), StrEnum) else v)
                for f in ANALYSIS_FIELDS}
            # Options added later join the key only when set, so older keys do not move.
            plain = {f: v for f, v in plain.items()
                     if f not in LATER_FIELDS or v != LATER_FIELDS[f]}
            plain |= {"v": SOLVER_VERSION} | ({"decks": "infinite"} if infinite else {})
            want = hashlib.sha256(json.dumps(plain, sort_keys=True).encode()).hexdigest()[:20]
            assert analysis_key(rules, infinite) == want


def test_the_presets_hold_members() -> None:
    r = PRESETS["casino-party"]
    assert r.insurance is Insurance.EXACTLY_HALF and r.reshuffle is Reshuffle.BELOW
    assert r.player_cards is PlayerCards.DOWN_UP
    assert PRESETS["classic"].double_on is DoubleOn.NINE_TO_ELEVEN


# --- rule predicates: one answer for the engine, the solver and the simulator -----------------

PEEK_GAMES = {
    "peek": BASE,
    "ace-only peek": BASE.replace(peek_tens=False),
    "no hole card": BASE.replace(peek=False),
    "no hole card, peek_tens left on": BASE.replace(peek=False, peek_tens=True),
}


def test_dealer_checks_as_documented() -> None:
    """The dealer looks under an ace or a ten-card in a hole-card game, under an ace only where
    ``peek_tens`` is off, never without a hole card; never under a 2-9."""
    want = {"peek": {1, 10}, "ace-only peek": {1}, "no hole card": set(),
            "no hole card, peek_tens left on": set()}
    for name, rules in PEEK_GAMES.items():
        assert {up for up in range(1, 11) if rules.dealer_checks(up)} == want[name], name


def test_can_double_as_documented() -> None:
    totals = range(4, 22)
    assert all(BASE.replace(double_on=DoubleOn.ANY).can_double(t) for t in totals)
    assert [t for t in totals if BASE.replace(double_on="9-11").can_double(t)] == [9, 10, 11]
    assert [t for t in totals if BASE.replace(double_on="10-11").can_double(t)] == [10, 11]
    assert BASE.offers_insurance and not BASE.replace(insurance="none").offers_insurance


ALL_GAMES = {**{f"preset {n}": r for n, r in PRESETS.items()}, **PEEK_GAMES}
UP_CARDS = {1: "Ah", 2: "2h", 3: "3h", 4: "4h", 5: "5h", 6: "6h", 7: "7h", 8: "8h", 9: "9h",
            10: "Kh"}


@pytest.mark.parametrize("name", sorted(ALL_GAMES))
def test_the_engine_the_solver_and_the_kernel_ask_dealer_checks(name: str) -> None:
    """For every up card: the engine peeks, the solvers condition on no natural and the
    simulator's table says "checks" exactly where ``Rules.dealer_checks`` does."""
    rules = ALL_GAMES[name]
    table = rules_vector(rules, 1)
    for up, code in UP_CARDS.items():
        checks = rules.dealer_checks(up)
        hole = "8s" if rules.peek else None
        t = dealt(rules, [("9c", "7d")], up=code, hole=hole, draws=() if hole else ("8s",))
        while t.phase is Phase.INSURANCE:
            t.decline(1)
        assert (Kind.PEEKED in {e.kind for e in since_round_start(t)}) == checks, (name, up)
        assert UpSolver(rules, full_shoe(rules.decks), up).excl == checks, (name, up)
        assert InfiniteSolver(rules, up).excl == checks, (name, up)
        if up in (1, 10):  # only these can hide a natural: after the peek it is gone
            assert (dealer_probabilities(rules, up)["blackjack"] == 0) == checks, (name, up)
        assert bool(table[K.R_CHECKS + up]) == checks, (name, up)


@pytest.mark.parametrize("double_on", list(DoubleOn))
def test_the_engine_and_the_kernel_ask_can_double(double_on: DoubleOn) -> None:
    """The engine lets a first two cards double, and the simulator's table says so, exactly
    for the totals ``Rules.can_double`` allows."""
    rules = BASE.replace(double_on=double_on)
    table = rules_vector(rules, 1)
    hands = {5: ("2c", "3d"), 8: ("5c", "3d"), 9: ("5c", "4d"), 10: ("6c", "4d"),
             11: ("7c", "4d"), 12: ("10c", "2d"), 16: ("10c", "6d"), 19: ("Ac", "8d"),
             20: ("10c", "Qd")}
    for total, cards in hands.items():
        t = dealt(rules, [cards], up="6h", hole="9s")
        assert t.can_double(1) == rules.can_double(total), (double_on, total)
    for total in range(22):
        assert bool(table[K.R_DOUBLES + total]) == rules.can_double(total), (double_on, total)
