"""The command line as a newcomer meets it on a first evening (issue 36): the names people type
are accepted or the nearest suggested, ``twentyone rules`` reads whole at 80 columns and in a
pipe, ``shuffle --procedure > file`` writes every step plainly, Pontoon's first banker can be
agreed on, and ``serve`` stops on Ctrl-C with a closing line and status 0."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from proc_kit import finish, started
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.rules import PRESET_DESCRIPTIONS

runner = CliRunner()
ANSI = re.compile(r"\x1b\[")


def words(output: str) -> str:
    """A message as one line of words, without the error box's borders."""
    return " ".join(output.replace("│", " ").split())


def test_blackjack_is_the_casino_game() -> None:
    args = ["--auto", "basic", "--rounds", "3", "--seed", "5", "--json"]
    by_word = runner.invoke(app, ["play", "--game", "blackjack", *args])
    by_name = runner.invoke(app, ["play", "--game", "casino", *args])
    assert by_word.exit_code == 0, by_word.output
    assert json.loads(by_word.output) == json.loads(by_name.output)


def test_a_near_name_gets_the_nearest_suggested() -> None:
    drill = runner.invoke(app, ["train", "chips"])
    assert drill.exit_code == 2
    assert "no drill 'chips'; did you mean 'chip-count'?" in words(drill.output)
    game = runner.invoke(app, ["play", "--game", "presdent", "--auto", "best"])
    assert game.exit_code == 2 and "did you mean 'president'?" in words(game.output)
    unknown = runner.invoke(app, ["play", "--game", "chess", "--auto", "best"])
    assert unknown.exit_code == 2 and "did you mean" not in unknown.output
    assert "casino, pontoon, solo-whist, durak, president" in words(unknown.output)


def test_a_near_rules_preset_gets_the_nearest_suggested() -> None:
    """The rule presets are names people mistype too: every command that takes ``--rules``
    reads them through ``load_rules``, and ``serve`` checks its own."""
    for command in (["play", "--rules", "singledeck", "--auto", "basic", "--rounds", "1"],
                    ["chart", "--rules", "six-deck"], ["edge", "--rules", "modern"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, (command, result.output)
        assert "did you mean '" in words(result.output), (command, result.output)
    assert "did you mean 'single-deck'?" in words(runner.invoke(app, [
        "play", "--rules", "singledeck", "--auto", "basic", "--rounds", "1"]).output)
    served = runner.invoke(app, ["serve", "--rules", "europe", "--port", "1"])
    assert served.exit_code == 2 and "did you mean 'european'?" in words(served.output)
    far = runner.invoke(app, ["chart", "--rules", "zzz"])
    assert far.exit_code == 2 and "did you mean" not in far.output


def test_rules_reads_whole_at_80_columns_and_in_a_pipe() -> None:
    for env in ({"COLUMNS": "80"}, {}):
        result = runner.invoke(app, ["rules"], env=env)
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        assert max(len(line) for line in lines) <= 80
        flat = " ".join(result.output.split())
        for name, about in PRESET_DESCRIPTIONS.items():
            assert name in flat and " ".join(about.split()) in flat, name
        # The example is a command on one line, to be copied whole.
        assert "  twentyone play --rules classic --set surrender=late" in lines


def test_the_shuffle_procedure_to_a_file_writes_every_step_plainly() -> None:
    result = runner.invoke(app, ["shuffle", "--procedure", "--decks", "2", "--seed", "1",
                                 "--delay", "5"])
    assert result.exit_code == 0, result.output
    steps = re.findall(r"^step (\d+)/(\d+):", result.output, re.M)
    total = int(steps[0][1])
    assert [int(n) for n, _ in steps] == list(range(1, total + 1)) and total > 10
    assert not ANSI.search(result.output)
    # Each card is written as the quarter it started in: 104 cards, each 1 to 4.
    first = result.output.split("step 1/")[1].split("step 2/")[0]
    stacks = re.findall(r"^stack \d \( *\d+\) ([1-4]+)$", first, re.M)
    assert sum(len(s) for s in stacks) == 104


def test_pontoon_banker_option_is_checked() -> None:
    bad = runner.invoke(app, ["play", "--game", "pontoon", "--players", "3", "--banker", "4"])
    assert bad.exit_code == 2 and "--banker" in bad.output
    auto = runner.invoke(app, ["play", "--game", "pontoon", "--auto", "reading", "--banker", "1"])
    assert auto.exit_code == 2 and "--banker" in auto.output
    casino = runner.invoke(app, ["play", "--banker", "1", "--auto", "basic"])
    assert casino.exit_code == 2 and "--banker" in casino.output


def test_serve_stops_on_ctrl_c_with_a_closing_line(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.sqlite3"
    argv = [sys.executable, "-m", "twentyone", "serve", "--host", "127.0.0.1", "--port", "0",
            "--db", str(ledger)]
    with started(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as proc:
        assert proc.stdout is not None
        opened = proc.stdout.readline()
        assert "The party table is open at http://127.0.0.1:" in opened
        port = int(opened.split("http://127.0.0.1:")[1].split("/")[0])
        deadline = time.monotonic() + 60
        while not _answers(port):  # serving, as when a person presses Ctrl-C
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.2)
        proc.send_signal(signal.SIGINT)
        out, _ = finish(proc, timeout=60)
        assert proc.returncode == 0, out
    assert f"The party table is closed; the ledger keeps every room ({ledger})." in out
    assert "Traceback" not in out


def _answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1) as reply:
            return bool(reply.status == 200)
    except OSError:
        return False


def test_counting_to_the_limit_is_solved() -> None:
    """docs/strategy.md#counting-to-the-limit: K-Q against a ten with three aces and two tens
    left, the dealer having peeked: stand pushes, a hit wins three times in four. K-Q is no
    pair at the classic table (docs/casino.md#split_by); a real pair of tens on that shoe is
    solved without the split it cannot play out, and says so."""
    args = ["ev", "--rules", "classic", "--up", "10", "--shoe", "3,0,0,0,0,0,0,0,0,5", "--json"]
    kq = runner.invoke(app, [*args, "--hand", "K,Q"])
    assert kq.exit_code == 0, kq.output
    data = json.loads(kq.output)
    assert data["best"] == "hit" and set(data["ev"]) == {"hit", "stand"}
    assert abs(data["ev"]["hit"] - 0.5) < 1e-9 and abs(data["ev"]["stand"]) < 1e-9
    assert "note" not in data
    tens = runner.invoke(app, [*args, "--hand", "10,10"])
    assert tens.exit_code == 0, tens.output
    pair = json.loads(tens.output)
    assert pair["ev"] == data["ev"] and "split is left out" in pair["note"]
