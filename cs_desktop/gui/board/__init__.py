"""The board (BRIEF §1): a Qt Graphics View of the square-grid sea, drawn from one side's view dict.

What it shows: the grid with row and column coordinates on every edge (the squares the log names, (col, row),
counted from 0), rulers on the view's edges for the columns and rows in sight, the compass square with the
heading numbers 1-8 and the wind marker, the start squares A-D, the ships as octagonal tokens in their
nation's colour with a bow pointer and the eight wind-position letters (the ship's own wind position
highlighted), smoke and fire markers (glyphs with a small value badge), grapple markers, ships sharing a square
side by side, struck ships greyed and crossed; a legend for the arcs and zones.

Decision support drawn on top (from `cs_desktop.rules.advice`): maneuver ghosts (`show_maneuver_previews`;
one that would take the ship off the map, ending the game, in red), firing arcs, MP range rings, the enemy
sections a shot strikes and rakes (`show_firing`), and the 9.3 map-edge shift (`show_shift`). Labels are placed
so they never cover a token (`labels`). The player's ships are kept in view (follow mode), and moves
glide (`motion`, off in tests).

The code, by what it does:
- `paint`: scene units, colours, layers, small geometry helpers;
- `items`: labels, sea, compass, wind, start squares, ship tokens;
- `markers`: smoke, fire, grapple markers;
- `overlays`: advice items (ghosts, arcs, lines of fire, struck sections, shift ghosts), the legend;
- `labels`: the label placer;
- `view`: the `BoardView` widget (public API, input, rulers), which owns its parts, each holding the view
  weakly: `scene_builder` (`scene`: the scene built from a view dict, its items by role, the labels
  placed), `advice_layer` (`advice`: the advice overlays), `camera` (`camera`: zoom, fit and
  follow), `picker` (`pick`: picking ships) and `motion` (`motion`: the move animation).

Scene units: one square is `SQUARE` units; square (x, y) spans [x*S, (x+1)*S] x [y*S, (y+1)*S]. Ship tokens
are drawn bow-up and rotated by (heading - 1) * 45 degrees. Labels ignore the view's zoom
(`ItemIgnoresTransformations`) so they stay readable; items cache their drawing (STYLE, "chip" demo).
"""

from __future__ import annotations

from cs_desktop.gui.board.items import LabelItem, ShipItem
from cs_desktop.gui.board.overlays import GhostItem
from cs_desktop.gui.board.paint import SQUARE, heading_angle, square_center
from cs_desktop.gui.board.view import BoardView

__all__ = ["BoardView", "SQUARE", "square_center", "heading_angle", "ShipItem", "GhostItem", "LabelItem"]
