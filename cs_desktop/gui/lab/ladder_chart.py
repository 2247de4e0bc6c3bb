"""The captains' ladder as a picture: each level's Bradley-Terry rating with its 95% interval on an Elo axis, and
beside it a faint dot for its rating in each scenario (cs_desktop/balance/ladder.py makes the numbers). Drawn
with QImage and QPainter like the balance lab's heat map, headless when there is no display."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen

from cs_desktop.gui.lab.heatmap import ensure_app, save_png

WIDTH, ROW, PAD, LABEL = 760, 46, 16, 90


def _axis(report: Mapping[str, Any]) -> tuple[float, float]:
    values = [x for r in report["ratings"].values() for x in r[1:]]
    values += [r[0] for per in report["by_scenario"].values() for r in per.values()]
    lo, hi = (min(values), max(values)) if values else (1300.0, 1700.0)
    lo, hi = min(lo, 1400.0), max(hi, 1600.0)
    return 100 * (lo // 100), 100 * (hi // 100 + 1)


def draw_ladder(report: Mapping[str, Any], caption: str = "") -> QImage:
    ensure_app()
    levels = list(report["ratings"])
    height = PAD * 3 + ROW * max(1, len(levels)) + 60
    image = QImage(WIDTH, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setFont(QFont())
    lo, hi = _axis(report)
    left, right = PAD + LABEL, WIDTH - PAD

    def x_of(r: float) -> float:
        return left + (r - lo) / (hi - lo) * (right - left)

    axis_y = PAD + ROW * len(levels) + 8
    p.setPen(QPen(QColor(120, 120, 120), 1))
    p.drawLine(QPointF(left, axis_y), QPointF(right, axis_y))
    tick = lo
    while tick <= hi:
        x = x_of(tick)
        p.setPen(QPen(QColor(225, 225, 225), 1))
        p.drawLine(QPointF(x, PAD), QPointF(x, axis_y))
        p.setPen(QColor(80, 80, 80))
        p.drawText(QRectF(x - 30, axis_y + 4, 60, 18), Qt.AlignmentFlag.AlignHCenter, f"{tick:.0f}")
        tick += 100
    for i, name in enumerate(levels):
        y = PAD + ROW * i + ROW / 2
        p.setPen(QColor(20, 20, 20))
        p.drawText(QRectF(PAD, y - 10, LABEL - 8, 20), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                   name)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(120, 150, 200, 110))
        for per in report["by_scenario"].values():
            if name in per:
                p.drawEllipse(QPointF(x_of(per[name][0]), y + 10), 3, 3)
        r, r_lo, r_hi = report["ratings"][name]
        p.setPen(QPen(QColor(160, 30, 30), 2))
        p.drawLine(QPointF(x_of(r_lo), y - 4), QPointF(x_of(r_hi), y - 4))
        p.setBrush(QColor(160, 30, 30))
        p.drawEllipse(QPointF(x_of(r), y - 4), 5, 5)
        p.setPen(QColor(60, 60, 60))
        p.drawText(QRectF(x_of(r) + 8, y - 24, 120, 16), Qt.AlignmentFlag.AlignLeft, f"{r:.0f}")
    p.setPen(QColor(60, 60, 60))
    p.drawText(QRectF(PAD, axis_y + 26, WIDTH - 2 * PAD, 18), Qt.AlignmentFlag.AlignLeft,
               f"rating ({report.get('anchor', 'easy')} = 1500) with its 95% interval; dots: the level's rating in each scenario")
    if caption:
        p.drawText(QRectF(PAD, axis_y + 44, WIDTH - 2 * PAD, 18), Qt.AlignmentFlag.AlignLeft, caption)
    p.end()
    return image


def save_ladder(report: Mapping[str, Any], path: Path, caption: str = "") -> Path:
    return save_png(draw_ladder(report, caption), path)
