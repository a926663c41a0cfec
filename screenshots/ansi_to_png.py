#!/usr/bin/env python3
"""Draws a `tmux capture-pane -e` dump (text with SGR escape codes) as a PNG, cell by cell,
so the screenshots show exactly what the terminal showed: colours, bold, dim, underline,
reverse. Usage: ansi_to_png.py INPUT.ansi OUTPUT.png COLUMNS ROWS"""
import re
import sys
import unicodedata

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
SIZE = 16
PALETTE = [  # a dark terminal theme: black, red, green, yellow, blue, magenta, cyan, white
    (30, 30, 30), (204, 85, 85), (120, 190, 110), (222, 190, 100),
    (90, 140, 220), (190, 120, 200), (90, 190, 200), (210, 210, 210),
]
BRIGHT = [(110, 110, 110), (240, 110, 110), (150, 230, 140), (250, 220, 130),
          (130, 170, 250), (220, 150, 230), (130, 220, 230), (250, 250, 250)]
DEFAULT_FG, DEFAULT_BG = (215, 215, 215), (24, 26, 30)
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def xterm256(n):
    if n < 8:
        return PALETTE[n]
    if n < 16:
        return BRIGHT[n - 8]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return (steps[n // 36], steps[(n // 6) % 6], steps[n % 6])
    grey = 8 + (n - 232) * 10
    return (grey, grey, grey)


def apply_sgr(state, params):
    codes = [int(p) if p else 0 for p in params.split(";")] if params else [0]
    i = 0
    while i < len(codes):
        code = codes[i]
        if code == 0:
            state.update(fg=None, bg=None, bold=False, dim=False, underline=False, reverse=False)
        elif code == 1:
            state["bold"] = True
        elif code == 2:
            state["dim"] = True
        elif code == 4:
            state["underline"] = True
        elif code == 7:
            state["reverse"] = True
        elif code == 22:
            state["bold"] = state["dim"] = False
        elif code == 24:
            state["underline"] = False
        elif code == 27:
            state["reverse"] = False
        elif 30 <= code <= 37:
            state["fg"] = PALETTE[code - 30]
        elif code == 39:
            state["fg"] = None
        elif 40 <= code <= 47:
            state["bg"] = PALETTE[code - 40]
        elif code == 49:
            state["bg"] = None
        elif 90 <= code <= 97:
            state["fg"] = BRIGHT[code - 90]
        elif 100 <= code <= 107:
            state["bg"] = BRIGHT[code - 100]
        elif code in (38, 48) and i + 2 < len(codes) and codes[i + 1] == 5:
            state["fg" if code == 38 else "bg"] = xterm256(codes[i + 2])
            i += 2
        i += 1


def main():
    source, target, columns, rows = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    regular = ImageFont.truetype(FONT_DIR + "DejaVuSansMono.ttf", SIZE)
    bold = ImageFont.truetype(FONT_DIR + "DejaVuSansMono-Bold.ttf", SIZE)
    cell_w = round(regular.getlength("M"))
    cell_h = SIZE + 6
    pad = 12
    image = Image.new("RGB", (columns * cell_w + 2 * pad, rows * cell_h + 2 * pad), DEFAULT_BG)
    draw = ImageDraw.Draw(image)
    state = dict(fg=None, bg=None, bold=False, dim=False, underline=False, reverse=False)
    with open(source, encoding="utf-8") as handle:
        lines = handle.read().split("\n")[:rows]
    for y, line in enumerate(lines):
        x = 0
        position = 0
        while position < len(line):
            match = SGR.match(line, position)
            if match:
                apply_sgr(state, match.group(1))
                position = match.end()
                continue
            char = line[position]
            position += 1
            if char == "\x1b" or unicodedata.category(char) in ("Mn", "Me", "Cf"):
                continue
            width = 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
            fg, bg = state["fg"] or DEFAULT_FG, state["bg"] or DEFAULT_BG
            if state["reverse"]:
                fg, bg = bg, fg
            if state["dim"]:
                fg = tuple((c + b) // 2 for c, b in zip(fg, bg))
            left, top = pad + x * cell_w, pad + y * cell_h
            draw.rectangle([left, top, left + width * cell_w - 1, top + cell_h - 1], fill=bg)
            if char != " ":
                draw.text((left, top + 2), char, font=bold if state["bold"] else regular, fill=fg)
            if state["underline"]:
                draw.line([left, top + cell_h - 3, left + width * cell_w - 1, top + cell_h - 3], fill=fg)
            x += width
        # The rest of the row keeps the background of the last attribute, as a terminal does.
    image.save(target)


if __name__ == "__main__":
    main()
