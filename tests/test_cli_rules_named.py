"""Every odds and simulation command plays one default game (classic) and names the rules its
figures are for; ``sim`` says why a cut-card game's edge is not ``edge``'s; ``ev`` offers only
what the table allows (docs/casino.md#split_by)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.rules import load_rules, parse_set_options

runner = CliRunner()


def invoke(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("command", ["sim", "ramp", "indices", "edge", "chart", "ev", "dealer",
                                     "play", "train"])
def test_every_command_defaults_to_the_classic_game(command: str) -> None:
    from typer.main import get_command

    group = get_command(app)
    params = {p.name: p.default for p in group.commands[command].params}  # type: ignore[attr-defined]
    assert params["rules"] == "classic"


def test_sim_names_its_rules_and_the_cut_card_in_text_and_json() -> None:
    text = invoke("sim", "--rounds", "2000", "--workers", "1", "--set", "decks=2")
    assert "classic with decks=2" in text
    assert "cut card" in text and "docs/strategy.md#the-cut-card-effect" in text
    data = json.loads(invoke("sim", "--rounds", "2000", "--workers", "1", "--json"))
    assert data["rules"] == {"name": "classic", "set": []}
    assert "cut-card effect" in data["shoe_note"]


def test_a_shoe_shuffled_every_round_is_what_edge_computes() -> None:
    from twentyone.cli.sim import shoe_note

    every = load_rules("classic", parse_set_options(["reshuffle=below", "reshuffle_below=309"]))
    assert "before every round" in shoe_note(every)
    assert "cut-card effect" in shoe_note(load_rules("classic"))


def test_edge_says_what_it_computes_and_for_which_rules() -> None:
    text = invoke("edge", "--set", "double_after_split=true")
    assert "Rules: classic with double_after_split=true" in text
    assert "full shoe every round" in text and "cut card" in text
    data = json.loads(invoke("edge", "--json"))
    assert data["rules"] == {"name": "classic", "set": []}
    assert data["computed_from"].startswith("from a full shoe every round")


def test_chart_dealer_and_ev_name_their_rules() -> None:
    assert "Rules: classic with hit_soft_17=true" in invoke("chart", "--set", "hit_soft_17=true")
    assert "Rules: single-deck" in invoke("dealer", "--rules", "single-deck")
    assert json.loads(invoke("dealer", "--json"))["rules"]["name"] == "classic"
    assert "classic with double_after_split=true rules" in invoke(
        "ev", "--hand", "10,6", "--up", "10", "--set", "double_after_split=true")


@pytest.mark.parametrize(("hand", "splits"), [("K,Q", False), ("10,J", False), ("K,K", True),
                                              ("T,10", True), ("8,8", True)])
def test_ev_offers_a_split_only_where_the_table_allows_one(hand: str, splits: bool) -> None:
    # classic splits by rank (docs/casino.md#split_by): a king and a queen are not a pair.
    evs = json.loads(invoke("ev", "--hand", hand, "--up", "6", "--json"))["ev"]
    assert ("split" in evs) is splits
    by_value = json.loads(invoke("ev", "--hand", hand, "--up", "6", "--json",
                                 "--set", "split_by=value"))["ev"]
    assert "split" in by_value


def test_ev_json_names_its_rules_cards_and_source() -> None:
    """`ev --json` says what its EVs were computed for, as `edge` and `dealer` do: the rules by
    name and settings, the hand and up card, the source of the cards, and whether the dealer has
    peeked (docs/strategy.md)."""
    out = json.loads(invoke("ev", "--hand", "10,6", "--up", "10", "--json",
                            "--set", "double_after_split=true"))
    assert out["rules"] == {"name": "classic", "set": ["double_after_split=true"]}
    assert out["hand"] == ["10", "6"] and out["up"] == "10"
    assert out["computed_from"] == "a full shoe of 6 decks"
    assert out["given_no_dealer_blackjack"] is True  # classic peeks under a ten
    assert out["best"] == max(out["ev"], key=out["ev"].__getitem__)
    assert all(isinstance(v, float) for v in out["ev"].values())
