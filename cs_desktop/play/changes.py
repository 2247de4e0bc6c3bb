"""What changed between two screen models (play/screen.py): the change set the session's `changed` signal carries
(gui/session.py), so that each panel redraws only when what it draws changed — the log and the dice tray on new
events, the ship cards when the view, the request or the orders changed, the orders panel's prompt when who
thinks changed, and nothing of the rest.

`changes(old, new)` compares the previous screen model with the new one, Qt-free; a `ChangeTracker` keeps the
previous one. When the presenter published
without its screen model changing (`old is new`), what changed lies beside the model (the standing orders, the
fleet orders, a crew draft): `other` is set, and the panels that read the session beyond the model redraw.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from cs_desktop.play.screen import ScreenModel
from cs_desktop.rules.view_types import SideView


@dataclass(frozen=True, slots=True)
class Changes:
    """Which parts of the screen changed; every part by default (a first draw, or a sender that cannot say)."""

    #: another game, viewer, or the hand-over curtain: everything is drawn again
    game: bool = True
    #: the viewer's view apart from its events (the board, the ship cards)
    view: bool = True
    #: the events (the log, the dice tray)
    events: bool = True
    #: the request the human at the screen must answer
    request: bool = True
    #: the side whose computer captain thinks
    thinking: bool = True
    #: any other field of the screen model, or what lies beside it (orders, fleet orders, crew drafts)
    other: bool = True

    @property
    def cards(self) -> bool:
        """The ship cards must be drawn again."""
        return self.game or self.view or self.request or self.other

    @property
    def log(self) -> bool:
        """The log and the dice tray must be drawn again."""
        return self.game or self.events

    @property
    def anew(self) -> bool:
        """Another game, viewer or hand-over: whatever is drawn from the game is drawn again (the campaign page)."""
        return self.game

    @property
    def model(self) -> bool:
        """Anything of the screen model itself, not only what lies beside it (the tutor's page)."""
        return self.game or self.view or self.events or self.request or self.thinking

    @property
    def thinker(self) -> bool:
        """Who thinks may have changed (the thinking indicator)."""
        return self.game or self.thinking

    @property
    def answered(self) -> bool:
        """The orders, or what was answered for the player by them: these come beside the screen model (`other`)
        or with a new request or new events (the flow panel under the orders)."""
        return self.game or self.events or self.request or self.other


EVERYTHING = Changes()
NOTHING = Changes(False, False, False, False, False, False)
#: the fields `changes` compares one by one; the rest of the screen model counts as `other`
_OWN = frozenset({"key", "has_game", "viewer", "curtain", "handover_to", "view", "request", "thinking"})


def changes(old: ScreenModel | None, new: ScreenModel) -> Changes:
    """The change set from the screen model `old` (None: nothing drawn yet) to `new`."""
    if old is None:
        return EVERYTHING
    if old is new:
        return Changes(False, False, False, False, False, other=True)
    if (old.key[0], old.has_game, old.viewer, old.curtain, old.handover_to) != \
            (new.key[0], new.has_game, new.viewer, new.curtain, new.handover_to):
        return EVERYTHING
    return Changes(
        game=False,
        view=_state_changed(old.view, new.view),
        events=_events_changed(old, new),
        request=old.request != new.request,
        thinking=old.thinking != new.thinking,
        other=any(getattr(old, f.name) != getattr(new, f.name) for f in fields(ScreenModel) if f.name not in _OWN),
    )


class ChangeTracker:
    """The change sets of a sequence of screen models, each against the one before (the session publishes them)."""

    def __init__(self) -> None:
        self.last: ScreenModel | None = None

    def after(self, screen: ScreenModel) -> Changes:
        """What changed from the screen model last seen to `screen`, which is seen now."""
        change = changes(self.last, screen)
        self.last = screen
        return change


def _state_changed(old: SideView | None, new: SideView | None) -> bool:
    """The views differ in anything but their events (compared key by key: nothing is copied)."""
    if old is new:
        return False
    if old is None or new is None:
        return True
    before: Mapping[str, Any] = old
    after: Mapping[str, Any] = new
    if before.keys() != after.keys():
        return True
    return any(before[k] != after[k] for k in before if k != "events")


def _events_changed(old: ScreenModel, new: ScreenModel) -> bool:
    """New events, or others (an undo): a game's events only grow, so the count and the newest tell."""
    a, b = old.events(), new.events()
    return len(a) != len(b) or a[-1:] != b[-1:]
