"""Help → Turn sequence: one page with every segment of a turn, in the engine's order (rules/turn.py SEGMENTS),
what happens in it and what the player decides, in our words (resources/help/turn_sequence.json), each rule
section a link that opens the rule panel."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMessageBox, QTextBrowser, QVBoxLayout, QWidget

from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.play.tutorial import SegmentHelp, load_turn_sequence
from cs_desktop.rules.turn import SEGMENTS

INK = "#2a2620"
MUTED = "#5f5a50"


def rule_link(section: str) -> str:
    return f"<a href='rule:{html.escape(section)}'>{html.escape(section)}</a>"


def reference_html(entries: Sequence[SegmentHelp]) -> str:
    """The page: the skeleton is SEGMENTS itself, so a segment the engine adds shows up (and the data test fails)."""
    by_name = {e.segment: e for e in entries}
    rows = [f"<h2 style='color:{INK}'>The turn, step by step</h2>",
            f"<p style='color:{MUTED}'>Every turn runs these segments in this order (4.0). Blue numbers open our "
            "summary of the rule in the rule panel.</p>", "<ol>"]
    for name in SEGMENTS:
        e = by_name.get(name)
        if e is None:
            rows.append(f"<li><b>{html.escape(name)}</b> — no description yet</li>")
            continue
        see = ", ".join(rule_link(s) for s in e.see)
        rows.append(
            f"<li style='margin-bottom:8px'><a name='{html.escape(name)}'></a>"
            f"<b>{html.escape(e.title)}</b> ({rule_link(e.section)})<br>"
            f"{html.escape(e.happens)}<br>"
            f"<i>You decide:</i> {html.escape(e.decide)}"
            + (f"<br><span style='color:{MUTED}'>See also {see}.</span>" if see else "") + "</li>")
    rows.append("</ol><p style='color:%s'>The game ends on a strike, a capture, a ship leaving the map or the "
                "scenario's turn limit; the tally is in %s and %s.</p>" % (MUTED, rule_link("18.0"), rule_link("19.0")))
    return "".join(rows)


class TurnReference(QDialog):
    """A non-modal page beside the game; `ruleClicked(section)` goes to the session's rule panel."""

    def __init__(self, show_rule: Callable[[str], None], parent: QWidget | None = None) -> None:
        entries = load_turn_sequence()  # first: a broken file leaves no half-made dialog behind
        super().__init__(parent)
        self.setObjectName("turn-reference")
        self.setWindowTitle("Turn sequence")
        self.show_rule = show_rule
        self.entries = entries
        self.browser = QTextBrowser()
        self.browser.setObjectName("turn-reference-text")
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._clicked)
        self.browser.setHtml(reference_html(self.entries))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        lay = QVBoxLayout(self)
        lay.addWidget(self.browser)
        lay.addWidget(buttons)
        self.resize(560, 720)

    def _clicked(self, url: QUrl) -> None:
        text = url.toString()
        if text.startswith("rule:"):
            self.show_rule(text[len("rule:"):])


def open_turn_reference(parent: QWidget, show_rule: Callable[[str], None]) -> TurnReference | None:
    """Show the reference (one per parent window, raised if already open); a broken help file is reported,
    naming it."""
    ref = parent.findChild(TurnReference, "turn-reference")
    if ref is None:
        try:
            ref = TurnReference(show_rule, parent)
        except FileFormatError as e:
            QMessageBox(QMessageBox.Icon.Warning, "Turn sequence not available", str(e),
                        QMessageBox.StandardButton.Ok, parent).open()
            return None
    ref.show()
    ref.raise_()
    return ref
