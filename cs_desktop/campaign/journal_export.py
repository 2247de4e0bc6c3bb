"""The captain's journal as a document to read or keep: Markdown or HTML (issue 29, item 7).

A heading for the career, a section a month, an entry a paragraph; a battle's line in bold with its story
(`battle_story`) after it. Pure functions of the campaign state: what the window shows (`JournalDialog`), what
`captains-sea campaign journal` prints and what either writes to a file are the same text.
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Mapping, Sequence
from itertools import groupby
from typing import Any

FORMATS = ("md", "html")

Entry = Mapping[str, Any]


def _months(journal: Sequence[Entry]) -> Iterator[tuple[str, list[Entry]]]:
    for month, entries in groupby(journal, key=lambda e: str(e.get("date", ""))[:7]):
        yield month, list(entries)


def _md_escape(text: str) -> str:
    """Text that Markdown shows as written: the characters that would start emphasis, code or a link escaped."""
    out = text
    for ch in "\\`*_[]<>#":
        out = out.replace(ch, "\\" + ch)
    return out


def to_markdown(title: str, captain: str, journal: Sequence[Entry]) -> str:
    lines = [f"# {_md_escape(title)}", "", f"*The journal of Captain {_md_escape(captain)}*", ""]
    for month, entries in _months(journal):
        lines += [f"## {month or 'undated'}", ""]
        for e in entries:
            text = _md_escape(str(e.get("text", "")))
            lines += [f"**{text}**" if e.get("kind") == "battle" else text, ""]
    return "\n".join(lines).rstrip() + "\n"


_STYLE = ("body{font-family:Georgia,serif;max-width:46em;margin:2em auto;line-height:1.45;color:#222}"
          "h1{font-size:1.6em}h2{font-size:1.15em;border-bottom:1px solid #bbb;margin-top:1.6em}"
          "p.battle{font-weight:bold}p.story{margin-left:1.2em;font-style:italic}p.history{color:#555}")


def to_html(title: str, captain: str, journal: Sequence[Entry]) -> str:
    esc = html.escape
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             f"<title>{esc(title)}</title><style>{_STYLE}</style></head><body>",
             f"<h1>{esc(title)}</h1>", f"<p><em>The journal of Captain {esc(captain)}</em></p>"]
    for month, entries in _months(journal):
        parts.append(f"<h2>{esc(month or 'undated')}</h2>")
        for e in entries:
            kind = str(e.get("kind", ""))
            cls = f' class="{esc(kind)}"' if kind in ("battle", "story", "history") else ""
            parts.append(f"<p{cls}>{esc(str(e.get('text', '')))}</p>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def export(fmt: str, title: str, captain: str, journal: Sequence[Entry]) -> str:
    """The journal in `fmt` (one of FORMATS); ValueError naming the formats for any other."""
    if fmt == "md":
        return to_markdown(title, captain, journal)
    if fmt == "html":
        return to_html(title, captain, journal)
    raise ValueError(f"journal format {fmt!r}: choose one of {', '.join(FORMATS)}")
