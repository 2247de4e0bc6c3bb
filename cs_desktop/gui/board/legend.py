"""The board's legend: what the colours, lines and markers mean (arcs, range rings, lines of fire, struck
sections, maneuver ghosts, smoke, fire, grapples, prizes, ships aground, start squares, islands and shoals, the wind
position). A small panel over the
board's bottom-left corner, opened and closed by its own tab or from the View menu."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QToolButton, QVBoxLayout, QWidget

from cs_desktop.gui.board.markers import draw_aground
from cs_desktop.gui.board.paint import HIGHLIGHT, PORT, STARBOARD, _font

ROW = 19  # pixels a line

#: (swatch kind, colour, words)
ENTRIES: tuple[tuple[str, str, str], ...] = (
    ("fill", PORT.name(), "port broadside arc (11.1)"),
    ("fill", STARBOARD.name(), "starboard broadside arc (11.1)"),
    ("fill", "#5a5a6e", "bow and stern chaser arcs (11.9)"),
    ("solid", "#0b3954", "24 MP: long-gun range (11.2)"),
    ("dash", "#2b4162", "12 MP: target defends +1 beyond (11.4.7)"),
    ("dash", "#7a4b00", "6 MP carronades; 3 MP carronades x2"),
    ("line", "#555555", "line of fire (dashed: cannot fire now)"),
    ("sections", "#f7c11e", "sections a shot strikes; red line: rake"),
    ("ghost", "#102a43", "maneuver preview: click to choose (9.1)"),
    ("ghost", "#d35400", "needs a Strain (9.1)"),
    ("ghost", "#c0392b", "leaves the map: the game ends (9.3, 18.0)"),
    ("shift", "#6a1b9a", "map-edge shift (9.3)"),
    ("letter", HIGHLIGHT.name(), "the ship's wind position (1.2)"),
    ("smoke", "#5f5f5f", "smoke; badge: + defense dice (11.6)"),
    ("fire", "#ff6a00", "On Fire (11.5)"),
    ("grapple", "#3b2a14", "grappled (12.0)"),
    ("prize", "#1f3a93", "prize: her captor's flag, prize crew (R18.0k)"),
    ("aground", "#9c6b1f", "aground on a shoal: cannot move (R9.1f)"),
    ("start", "#46788a", "start square A-D (2.0)"),
    ("island", "#cdbb86", "island: no ship enters, blocks fire (R9.1e)"),
    ("shoal", "#7fa7b5", "shoal: a ship may run aground (R9.1f)"),
)


class LegendPanel(QWidget):
    """The legend's entries, painted."""

    def sizeHint(self) -> QSize:
        return QSize(292, ROW * len(ENTRIES) + 8)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#56798a"), 1))
        p.setBrush(QColor(255, 255, 255, 236))
        p.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6)
        p.setFont(_font(11))
        for k, (kind, color, words) in enumerate(ENTRIES):
            y = 4 + k * ROW
            _swatch(p, kind, QColor(color), QRectF(8, y + 3, 26, ROW - 6))
            p.setPen(QColor("#102a43"))
            p.drawText(QRectF(42, y, self.width() - 46, ROW), Qt.AlignmentFlag.AlignVCenter, words)
        p.end()


class BoardLegend(QWidget):
    """A "Legend" tab that opens the panel above it. `set_open(bool)`; `toggled(bool)` via the tab."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board-legend")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        self.panel = LegendPanel(self)
        self.tab = QToolButton(self)
        self.tab.setText("Legend")
        self.tab.setCheckable(True)
        self.tab.setToolTip("What the colours, lines and markers on the board mean (View ▸ Legend)")
        self.tab.toggled.connect(self.set_open)
        lay.addWidget(self.panel)
        lay.addWidget(self.tab, 0, Qt.AlignmentFlag.AlignLeft)
        self.panel.hide()
        self.adjustSize()

    def is_open(self) -> bool:
        return not self.panel.isHidden()

    def set_open(self, on: bool) -> None:
        if self.tab.isChecked() != on:
            self.tab.setChecked(on)  # comes back here through `toggled`
            return
        self.panel.setVisible(on)
        self.adjustSize()
        self.reposition()

    def reposition(self) -> None:
        """Bottom-left of the board's viewport, right of the row ruler. The legend is a child of the board,
        not of its viewport: the viewport's children move when the view scrolls."""
        board = self.parentWidget()
        viewport = getattr(board, "viewport", None)
        area = viewport().geometry() if viewport is not None else (board.rect() if board else None)
        if area is not None:
            self.move(area.left() + 28, area.bottom() - self.height() - 6)
            self.raise_()


def _draw_fill(p: QPainter, color: QColor, r: QRectF, c: QPointF) -> None:
    color.setAlpha(90)
    p.setPen(QPen(QColor(0, 0, 0, 60), 1))
    p.setBrush(color)
    p.drawRect(r)


def _draw_lines(p: QPainter, color: QColor, r: QRectF, c: QPointF, kind: str) -> None:
    style = Qt.PenStyle.DashLine if kind == "dash" else Qt.PenStyle.SolidLine
    p.setPen(QPen(color, 2, style))
    p.drawLine(QPointF(r.left(), c.y()), QPointF(r.right(), c.y()))
    if kind == "line":
        p.setPen(QPen(color, 2, Qt.PenStyle.DashLine))
        p.drawLine(QPointF(r.left(), c.y() + 4), QPointF(r.right(), c.y() + 4))


def _draw_sections(p: QPainter, color: QColor, r: QRectF, c: QPointF) -> None:
    p.setPen(QPen(color, 3))
    p.drawArc(QRectF(c.x() - 8, c.y() - 7, 16, 14), 20 * 16, 140 * 16)
    p.setPen(QPen(QColor(200, 20, 20), 1.5, Qt.PenStyle.DashLine))
    p.drawLine(QPointF(c.x(), r.top()), QPointF(c.x(), r.bottom()))


def _draw_ghost(p: QPainter, color: QColor, r: QRectF, c: QPointF) -> None:
    fill = QColor(color)
    fill.setAlpha(60)
    p.setPen(QPen(color, 1.6, Qt.PenStyle.DashLine))
    p.setBrush(fill)
    p.drawEllipse(c, 7, 7)


def _draw_shift(p: QPainter, color: QColor, r: QRectF, c: QPointF) -> None:
    p.setPen(QPen(color, 2))
    p.drawLine(QPointF(r.left(), c.y()), QPointF(r.right() - 3, c.y()))
    p.setBrush(color)
    p.drawPolygon([QPointF(r.right(), c.y()), QPointF(r.right() - 6, c.y() - 4), QPointF(r.right() - 6, c.y() + 4)])


def _draw_letter(p: QPainter, color: QColor, r: QRectF, c: QPointF) -> None:
    p.setPen(QPen(QColor("#6b4f00"), 0.8))
    p.setBrush(color)
    p.drawEllipse(c, 7, 7)
    p.setPen(QColor("#1b1b1b"))
    p.setFont(_font(10, True))
    p.drawText(QRectF(c.x() - 7, c.y() - 7, 14, 14), Qt.AlignmentFlag.AlignCenter, "C")


def _draw_smoke(p: QPainter, color: QColor, r: QRectF, c: QPointF) -> None:
    p.setPen(QPen(QColor(70, 70, 70, 120), 0.8))
    p.setBrush(QColor(110, 110, 110, 150))
    for dx, dy, s in ((-6, 2, 5), (-1, -1, 4), (4, -4, 3)):
        p.drawEllipse(QPointF(c.x() + dx, c.y() + dy), s, s * 0.85)
    p.setBrush(QColor(55, 55, 55))
    p.setPen(QPen(QColor("#f2f2f2"), 1))
    p.drawEllipse(QPointF(r.right() - 4, c.y() + 2), 5, 5)


def _draw_fire(p: QPainter, color: QColor, r: QRectF, c: QPointF) -> None:
    flame = QPainterPath(QPointF(c.x(), c.y() - 7))
    flame.cubicTo(QPointF(c.x() + 6, c.y() - 1), QPointF(c.x() + 5, c.y() + 6), QPointF(c.x(), c.y() + 6))
    flame.cubicTo(QPointF(c.x() - 5, c.y() + 6), QPointF(c.x() - 6, c.y() - 1), QPointF(c.x(), c.y() - 7))
    p.setPen(QPen(QColor("#7a1d00"), 1))
    p.setBrush(color)
    p.drawPath(flame)


def _draw_grapple(p: QPainter, color: QColor, r: QRectF, c: QPointF) -> None:
    p.setPen(QPen(color, 1.2))
    p.setBrush(QColor("#e8d9b5"))
    p.drawEllipse(c, 7, 7)
    p.setFont(_font(9, True))
    p.drawText(QRectF(c.x() - 7, c.y() - 7, 14, 14), Qt.AlignmentFlag.AlignCenter, "G")


def _draw_prize(p: QPainter, color: QColor, r: QRectF, c: QPointF) -> None:
    p.setPen(QPen(QColor("#3b2a14"), 1.6))
    p.drawLine(QPointF(c.x() - 7, c.y() - 7), QPointF(c.x() - 7, c.y() + 8))
    flag = QRectF(c.x() - 7, c.y() - 7, 16, 11)
    p.setPen(QPen(QColor("#102a43"), 1))
    p.setBrush(color)
    p.drawRect(flag)
    p.setPen(QColor("#ffffff"))
    p.setFont(_font(8, True))
    p.drawText(flag, Qt.AlignmentFlag.AlignCenter, "3")


def _draw_aground(p: QPainter, color: QColor, r: QRectF, c: QPointF) -> None:
    draw_aground(p, c, 8.5)


def _draw_island(p: QPainter, color: QColor, r: QRectF, c: QPointF) -> None:
    p.setPen(QPen(QColor("#5b4626"), 1.6))
    p.setBrush(color)
    p.drawRect(QRectF(c.x() - 9, c.y() - 7, 18, 14))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#8fa05a"))
    p.drawEllipse(QRectF(c.x() - 5, c.y() - 4, 10, 7))


def _draw_shoal(p: QPainter, color: QColor, r: QRectF, c: QPointF) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(236, 226, 190))
    p.drawRect(QRectF(c.x() - 9, c.y() - 7, 18, 14))
    p.setBrush(QBrush(color, Qt.BrushStyle.BDiagPattern))
    p.drawRect(QRectF(c.x() - 9, c.y() - 7, 18, 14))
    p.setPen(QPen(QColor("#9c8a55"), 1, Qt.PenStyle.DotLine))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QRectF(c.x() - 9, c.y() - 7, 18, 14))


def _draw_start(p: QPainter, color: QColor, r: QRectF, c: QPointF) -> None:
    p.setPen(QPen(color, 1.2, Qt.PenStyle.DashLine))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QRectF(c.x() - 7, c.y() - 7, 14, 14))


#: how each kind of swatch is drawn, in a row's swatch rectangle `r` about its centre `c`
_DRAW: dict[str, Callable[[QPainter, QColor, QRectF, QPointF], None]] = {
    "fill": _draw_fill,
    "solid": lambda p, color, r, c: _draw_lines(p, color, r, c, "solid"),
    "dash": lambda p, color, r, c: _draw_lines(p, color, r, c, "dash"),
    "line": lambda p, color, r, c: _draw_lines(p, color, r, c, "line"),
    "sections": _draw_sections,
    "ghost": _draw_ghost,
    "shift": _draw_shift,
    "letter": _draw_letter,
    "smoke": _draw_smoke,
    "fire": _draw_fire,
    "grapple": _draw_grapple,
    "prize": _draw_prize,
    "aground": _draw_aground,
    "island": _draw_island,
    "shoal": _draw_shoal,
    "start": _draw_start,
}


def _swatch(p: QPainter, kind: str, color: QColor, r: QRectF) -> None:
    """The legend row's swatch of `kind` (ENTRIES) in `color`; an unknown kind draws nothing."""
    draw = _DRAW.get(kind)
    if draw is not None:
        p.save()
        draw(p, color, r, r.center())
        p.restore()
