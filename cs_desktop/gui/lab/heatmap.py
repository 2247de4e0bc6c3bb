"""The balance lab's heat map: one matrix per kind of pairing (rows the first ship, columns the second; each cell
the first ship's score share, blue where the row ship loses, white at 50%, red where it wins), drawn with Qt's
QImage and QPainter, so no plotting library is needed. The command line draws it headless
(`save_heatmap` starts a QGuiApplication on the offscreen platform when none runs and no display is set); the
Balance lab window shows the same picture.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QGuiApplication, QImage, QPainter

CELL = 26
KEY = "row ship's score: 0% (blue) · 50% (white) · 100% (red)"
PAD = 12


def ensure_app() -> None:
    """A Qt application for drawing: the running one, or a QGuiApplication (offscreen when there is no
    display)."""
    if QGuiApplication.instance() is not None:
        return
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    global _APP
    _APP = QGuiApplication(sys.argv[:1])


_APP: QGuiApplication | None = None


def colour(share: float | None) -> QColor:
    """Blue (0) - white (0.5) - red (1); grey where nothing was played."""
    if share is None:
        return QColor(220, 220, 220)
    t = max(0.0, min(1.0, share))
    if t < 0.5:
        k = t / 0.5
        return QColor(int(40 + 215 * k), int(90 + 165 * k), 255)
    k = (t - 0.5) / 0.5
    return QColor(255, int(255 - 190 * k), int(255 - 205 * k))


def _panel_size(m: dict[str, Any], fm: QFontMetrics) -> tuple[int, int, int, int]:
    label_w = max([fm.horizontalAdvance(r) for r in m["rows"]] + [40]) + 8
    label_h = max([fm.horizontalAdvance(c) for c in m["cols"]] + [40]) + 8
    width = label_w + CELL * len(m["cols"]) + PAD
    height = fm.height() + 6 + label_h + CELL * len(m["rows"]) + PAD
    return label_w, label_h, width, height


def draw_heatmap(matrices: list[dict[str, Any]], caption: str = "") -> QImage:
    """The picture of `output.matrices(report)`: the panels side by side, a colour key and a caption."""
    ensure_app()
    font = QFont()
    font.setPixelSize(12)
    fm = QFontMetrics(font)
    sizes = [_panel_size(m, fm) for m in matrices] or [(0, 0, 200, 100)]
    width = PAD + sum(s[2] for s in sizes) + PAD
    height = PAD + max(s[3] for s in sizes) + 3 * fm.height() + 2 * PAD
    key_w = PAD + 210 + fm.horizontalAdvance(KEY) + PAD
    image = QImage(max(width, key_w, 2 * PAD + fm.horizontalAdvance(caption)), height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setFont(font)
    p.setPen(QColor("black"))
    x0 = PAD
    for m, (label_w, label_h, w, _h) in zip(matrices, sizes, strict=True):
        y = PAD
        p.drawText(x0, y + fm.ascent(), m["title"])
        y += fm.height() + 6
        grid_x, grid_y = x0 + label_w, y + label_h
        for j, col in enumerate(m["cols"]):  # column labels, turned to read upward
            p.save()
            p.translate(grid_x + j * CELL + CELL / 2 + fm.ascent() / 2 - 2, grid_y - 4)
            p.rotate(-90)
            p.drawText(0, 0, col)
            p.restore()
        for i, row in enumerate(m["rows"]):
            p.drawText(QRect(x0, grid_y + i * CELL, label_w - 6, CELL),
                       int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), row)
            for j in range(len(m["cols"])):
                share = m["cells"][i][j]
                cell = QRect(grid_x + j * CELL, grid_y + i * CELL, CELL, CELL)
                p.fillRect(cell, colour(share))
                p.setPen(QColor(150, 150, 150))
                p.drawRect(cell)
                p.setPen(QColor("black"))
                if share is not None:
                    small = QFont(font)
                    small.setPixelSize(9)
                    p.setFont(small)
                    p.drawText(cell, int(Qt.AlignmentFlag.AlignCenter), f"{round(share * 100)}")
                    p.setFont(font)
        x0 += w
    # the key: 0% .. 100% of the points to the row ship
    ky = height - 2 * fm.height() - 2 * PAD
    for k in range(101):
        p.fillRect(QRect(PAD + 2 * k, ky, 2, fm.height()), colour(k / 100))
    p.drawText(PAD + 210, ky + fm.ascent(), KEY)
    if caption:
        p.drawText(PAD, ky + fm.height() + PAD + fm.ascent(), caption)
    p.end()
    return image


def save_heatmap(matrices: list[dict[str, Any]], path: Path, caption: str = "") -> Path:
    return save_png(draw_heatmap(matrices, caption), path)


def save_png(image: QImage, path: Path) -> Path:
    """Write `image` to `path` as a PNG whole or not at all (a temporary file beside it, then renamed)."""
    tmp = path.with_name(f".{path.name}.tmp.png")
    if not image.save(str(tmp)):
        raise OSError(f"{path}: could not write the PNG")
    os.replace(tmp, path)
    return path
