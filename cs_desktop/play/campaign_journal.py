"""The campaign's journal as a document for the window (issue 29, item 7): the HTML the reader shows, the
Markdown or HTML it exports, and the file name it proposes. Qt-free; the text is `campaign.journal_export`'s, the
same as `captains-sea campaign journal` prints."""

from __future__ import annotations

import re

from cs_desktop.campaign.journal_export import export
from cs_desktop.play.campaign_presenter import CampaignPresenter


def document(presenter: CampaignPresenter, fmt: str) -> str:
    """The whole journal in `fmt` ("md" or "html")."""
    engine = presenter.engine
    return export(fmt, engine.c.campaign.title, engine.state.captain, engine.state.journal)


def file_name(presenter: CampaignPresenter, fmt: str) -> str:
    """A file name for the export: the captain and the campaign, in letters, digits and dashes."""
    engine = presenter.engine
    stem = re.sub(r"[^A-Za-z0-9]+", "-", f"{engine.state.captain} {engine.c.campaign.title} journal").strip("-")
    return f"{stem.lower()}.{fmt}"


def last_battle_verdict(presenter: CampaignPresenter) -> str:
    """The verdict of the latest battle in the journal, as the journal words it (consequences.verdict_text,
    ruling R19.0c); "" if none."""
    for e in reversed(presenter.engine.state.journal):
        if e["kind"] == "battle" and "verdict" in e:
            return str(e["verdict"])
    return ""
