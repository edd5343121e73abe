"""Pictures of solitaire boards: one SVG drawing used by notebooks
(``_repr_svg_`` / ``_repr_html_`` of boards and games) and by the play page.

Tiles are drawn layer by layer, each layer shifted up and left so the stack
reads as depth; a face shows its kind large (a digit and the suit's character, a
wind, a dragon, a plant or a season) and its short text ("5p", "7z", "1f") small,
so it stays readable where no CJK font is installed (honours show E S W N or D,
dragons and flowers telling apart by colour and character). Each tile is an SVG group
``<g class="tile" data-slot="i">`` so the page can send clicks by slot.

Example:
    >>> from mahjong_fast import SolitaireBoard, SolitaireLayout
    >>> b = SolitaireBoard(SolitaireLayout([(0, 0, 0), (2, 0, 0)]), ["1m", "1m"])
    >>> svg = board_svg(b)
    >>> svg.startswith("<svg") and svg.count('class="tile') == 2
    True
"""

from __future__ import annotations

from html import escape
from typing import Iterable, Optional, Sequence

__all__ = ["board_svg", "face_label"]

#: Pixels per half-tile cell across and down, and the shift per layer.
CELL_W = 22
CELL_H = 28
DEPTH = 5

_SUIT = {"m": ("萬", "#b22222"), "p": ("筒", "#1f4e9c"), "s": ("索", "#1e7b34")}
_HONOR = {1: "東", 2: "南", 3: "西", 4: "北", 5: "白", 6: "發", 7: "中"}
_HONOR_COLOUR = {5: "#555555", 6: "#1e7b34", 7: "#b22222"}
_FLOWER = {1: "梅", 2: "蘭", 3: "菊", 4: "竹", 5: "春", 6: "夏", 7: "秋", 8: "冬"}


def face_label(text: str) -> tuple:
    """(big glyph, second glyph, colour) of a face's short text.

    Example:
        >>> face_label("5p"), face_label("7z")[:2], face_label("6f")[:2]
        (('5', '筒', '#1f4e9c'), ('D', '中'), ('2', '夏'))
    """
    n, s = int(text[0]), text[1]
    if s in _SUIT:
        glyph, colour = _SUIT[s]
        return (str(n), glyph, colour)
    # Honours and flowers: a Latin letter or number large (readable without a CJK
    # font), the character below.
    if s == "z":
        return ("ESWNDDD"[n - 1], _HONOR[n], _HONOR_COLOUR.get(n, "#222222"))
    return (str((n - 1) % 4 + 1), _FLOWER[n], "#8a3f9c" if n <= 4 else "#b8860b")


def board_svg(
    board,
    *,
    selected: Optional[int] = None,
    highlighted: Iterable[int] = (),
    hint: Sequence[int] = (),
    show_free: bool = False,
    scale: float = 1.0,
) -> str:
    """The board's present tiles as an SVG document (text).

    ``selected`` is drawn with a thick outline, ``highlighted`` (tiles that would
    complete the pair) and ``hint`` tinted, and with ``show_free`` every free tile
    brighter than the blocked ones.

    Example:
        >>> from mahjong_fast import SolitaireBoard, SolitaireLayout
        >>> b = SolitaireBoard(SolitaireLayout([(0, 0, 0), (2, 0, 0)]), ["1m", "1m"])
        >>> 'data-slot="1"' in board_svg(b, selected=0, show_free=True)
        True
    """
    from mahjong_fast._core import solitaire_face_text

    lay = board.layout
    positions = lay.positions
    faces = board.faces
    present = set(board.present)
    free = set(board.free_tiles()) if show_free else set()
    high = set(highlighted)
    hints = set(hint)
    w, h, d = lay.extent()
    pad = 8
    width = int((w * CELL_W + d * DEPTH + 2 * pad) * scale)
    height = int((h * CELL_H + d * DEPTH + 2 * pad) * scale)
    vb_w = w * CELL_W + d * DEPTH + 2 * pad
    vb_h = h * CELL_H + d * DEPTH + 2 * pad
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {vb_w} {vb_h}" font-family="sans-serif" class="solitaire-board">',
        f'<rect width="{vb_w}" height="{vb_h}" fill="#2f6b3a"/>',
    ]
    order = sorted(present, key=lambda i: (positions[i][2], positions[i][1], positions[i][0]))
    tw, th = 2 * CELL_W, 2 * CELL_H
    for i in order:
        x, y, z = positions[i]
        px = pad + x * CELL_W + (d - z) * DEPTH
        py = pad + y * CELL_H + (d - z) * DEPTH
        big, small, colour = face_label(solitaire_face_text(faces[i]))
        text = solitaire_face_text(faces[i])
        if i == selected:
            fill, stroke, sw = "#fff3a0", "#d4380d", 3
        elif i in hints:
            fill, stroke, sw = "#c8f0ff", "#0a6fb5", 3
        elif i in high:
            fill, stroke, sw = "#e6ffd8", "#389e0d", 2
        elif show_free and i not in free:
            fill, stroke, sw = "#c9c2b0", "#6b6456", 1
        else:
            fill, stroke, sw = "#fbf7ea", "#6b6456", 1
        cls = "tile" + (" selected" if i == selected else "") + (" free" if i in free else "")
        out.append(f'<g class="{cls}" data-slot="{i}" data-face="{escape(text)}" style="cursor:pointer">')
        out.append(f'<rect x="{px + DEPTH}" y="{py + DEPTH}" width="{tw}" height="{th}" rx="4" fill="#8c7b5a"/>')
        out.append(
            f'<rect x="{px}" y="{py}" width="{tw}" height="{th}" rx="4" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"/>'
        )
        out.append(
            f'<text x="{px + tw / 2}" y="{py + th * 0.50}" font-size="{th * 0.36:.0f}" text-anchor="middle" '
            f'fill="{colour}" font-weight="bold">{escape(big)}</text>'
        )
        if small:
            out.append(
                f'<text x="{px + tw / 2}" y="{py + th * 0.80}" font-size="{th * 0.24:.0f}" text-anchor="middle" '
                f'fill="{colour}">{escape(small)}</text>'
            )
        out.append(
            f'<text x="{px + tw - 3}" y="{py + 10}" font-size="9" text-anchor="end" fill="#444">{escape(text)}</text>'
        )
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)
