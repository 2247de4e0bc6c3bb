"""Issue 29, item 7: each battle told in a paragraph from its events, and the journal as Markdown or HTML."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cs_desktop.ai.captains import make_captain
from cs_desktop.ai.seat import seat_for
from cs_desktop.campaign.battle_story import tell
from cs_desktop.campaign.journal_export import FORMATS, export, to_html, to_markdown
from cs_desktop.campaign.headless import load, new, play, save
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game

ROOT = Path(__file__).resolve().parents[2]


def _finished(scenario: str, seed: int) -> Game:
    sc, ships = load_scenario_with_ships(ROOT / "scenarios" / scenario)
    game = Game(sc, ships, seed, {})
    captains = {s.id: make_captain("judgment", i) for i, s in enumerate(sc.sides)}
    while game.pending:
        r = game.pending[0]
        game.submit(r.side, captains[r.side].choose(seat_for(game, r, captains[r.side])))
    return game


@pytest.fixture(scope="module")
def java() -> Game:
    return _finished("constitution-vs-java.json", 3)


def test_the_story_follows_the_events(java: Game) -> None:
    story = tell(java.events, {k: s.card.name for k, s in java.state.ships.items()})
    first = next(e for e in java.events if e["type"] == "announce")
    shooter = java.state.ships[first["ship"]].card.name
    assert story.startswith(f"{shooter} opened fire first, on ")
    best = max((e for e in java.events if e["type"] == "hits"), key=lambda e: e["hits"])
    assert f"{best['hits']} hits on" in story and f"turn {best['turn']}:" in story
    for e in java.events:
        if e["type"] == "struck":
            assert f"{java.state.ships[e['ship']].card.name} struck her colours in turn {e['turn']}." in story
    assert f"The action ended in turn {java.state.turn}" in story


def test_the_story_uses_the_journals_names_and_is_the_same_every_time(java: Game) -> None:
    names = {k: f"HMS {s.card.name} II" for k, s in java.state.ships.items()}
    story = tell(java.events, names, {"us": "the Americans", "gb": "the British"})
    assert story == tell(list(java.events), dict(names), {"us": "the Americans", "gb": "the British"})
    assert "HMS Java II" in story and "the Americans" in story
    assert " Java " not in story.replace("HMS Java II", "")


def test_ships_that_strike_in_the_same_turn_are_told_together() -> None:
    events = [{"type": "struck", "ship": "a", "turn": 6}, {"type": "struck", "ship": "b", "turn": 6},
              {"type": "struck", "ship": "c", "turn": 7}, {"type": "escaped", "ship": "d", "turn": 7}]
    story = tell(events, {"a": "Ariel", "b": "Scorpion", "c": "Trippe", "d": "Hunter"})
    assert "Ariel and Scorpion struck their colours in turn 6." in story
    assert "Trippe struck her colours in turn 7." in story
    assert "Hunter bore away off the map in turn 7" in story
    assert tell([], {}) == "Neither ship fired a shot."


@pytest.fixture(scope="module")
def career(tmp_path_factory: pytest.TempPathFactory) -> Path:
    engine = new("constitution-1812", 4)
    play(engine, months=8)
    path = tmp_path_factory.mktemp("career") / "c.json"
    save(engine, str(path))
    return path


def test_every_battle_in_the_journal_is_followed_by_its_story(career: Path) -> None:
    journal = load(str(career)).state.journal
    battles = [i for i, e in enumerate(journal) if e["kind"] == "battle" and "turns" in e["text"]]
    assert battles, "eight months of this career fight at least one battle"
    for i in battles:
        assert journal[i + 1]["kind"] == "story"
        assert "opened fire first" in journal[i + 1]["text"] or journal[i + 1]["text"] == "Neither ship fired a shot."


def test_markdown_and_html_hold_every_entry_escaped() -> None:
    journal = [{"date": "1812-08", "kind": "battle", "text": "Won <b>*easily*</b> & [fast]"},
               {"date": "1812-08", "kind": "story", "text": "She fired first."},
               {"date": "1812-09", "kind": "orders", "text": "Sail for #Boston"}]
    md = to_markdown("Old Ironsides", "Hull", journal)
    assert "## 1812-08" in md and "## 1812-09" in md
    assert "**Won \\<b\\>\\*easily\\*\\</b\\> & \\[fast\\]**" in md and "Sail for \\#Boston" in md
    page = to_html("Old <Ironsides>", "Hull", journal)
    assert "<title>Old &lt;Ironsides&gt;</title>" in page and "&lt;b&gt;*easily*&lt;/b&gt; &amp; [fast]" in page
    assert '<p class="battle">' in page and '<p class="story">She fired first.</p>' in page
    with pytest.raises(ValueError, match="choose one of md, html"):
        export("pdf", "t", "c", journal)
    assert FORMATS == ("md", "html")


def test_the_journal_command_writes_the_file(career: Path, tmp_path: Path) -> None:
    out = tmp_path / "journal.html"
    run = subprocess.run([sys.executable, "-c", "import sys; from cs_desktop.cli.main import main; sys.exit(main())",
                          "campaign", "journal", str(career), "--format", "html", "--out", str(out)],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stderr
    engine = load(str(career))
    assert out.read_text(encoding="utf-8") == to_html(engine.c.campaign.title, engine.state.captain,
                                                      engine.state.journal)
