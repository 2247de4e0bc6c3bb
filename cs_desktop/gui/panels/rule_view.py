"""The rule panel: what a rule section decides (this program's summary, always) and, when the player has chosen
a copy of the living rules in Game → Settings, the full section from that copy. Also the rule tooltips of the
log and the orders panel."""

from __future__ import annotations

import html

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QTextBrowser, QWidget

from cs_desktop.gui.dialogs.settings import rules_copy_path
from cs_desktop.formats.rules_text import lookup


def _paragraphs(text: str) -> str:
    return "".join(f"<p>{html.escape(p).replace(chr(10), '<br>')}</p>" for p in text.split("\n\n") if p.strip())


def rule_tooltip(rule: str) -> str:
    """Rich text for a tooltip: the section's heading and our summary (Qt wraps rich-text tooltips)."""
    found = lookup(rule)
    if not found.found:
        return f"<p>Rule {html.escape(rule)}: {html.escape(found.note)}</p>"
    summary = html.escape(found.summary).replace("\n\n", "<br>")
    return f"<p><b>{html.escape(found.heading())}</b>: {summary}</p><p><i>Click to read it.</i></p>"


class RuleView(QTextBrowser):
    """Shows one rule: our summary, and the full text from the player's copy of the rules when one is set."""

    def __init__(self, parent: QWidget | None = None, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rule-text")
        self.settings = settings
        self.rule = ""
        self.setPlaceholderText("Click a log entry or a [rule] link to read the rule here.")

    def show_rule(self, rule: str) -> None:
        found = lookup(rule, rules_copy_path(self.settings))
        self.rule = rule
        parts = [f"<h3>{html.escape(found.heading())}</h3>"]
        if found.summary:
            label = "This program's ruling:" if found.number.startswith("R") else "What it decides (our summary):"
            parts.append(f"<p style='color:#5f5a50'><i>{label}</i></p>")
            parts.append(_paragraphs(found.summary))
        if found.text:
            head, _, body = found.text.partition("\n\n")
            parts.append("<hr><p style='color:#5f5a50'><i>From your copy of the rules:</i></p>")
            parts.append(f"<p><b>{html.escape(head)}</b></p>{_paragraphs(body)}")
        if found.note and not found.text:
            parts.append(f"<p style='color:#5f5a50'>{html.escape(found.note)}</p>")
        self.setHtml("".join(parts))

    def refresh(self) -> None:
        """Show the current rule again (after the player changed the rules text in Settings)."""
        if self.rule:
            self.show_rule(self.rule)
