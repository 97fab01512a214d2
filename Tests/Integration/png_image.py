"""Reads the PNG images WebDriver returns (8-bit RGB or RGBA, not interlaced), with the
standard library only: zlib for the data, struct for the chunks."""

import struct
import zlib
from collections import Counter

SIGNATURE = b"\x89PNG\r\n\x1a\n"


class Image:
    """Decoded pixels: `width`, `height` and rows of (r, g, b) tuples."""

    def __init__(self, width, height, rows):
        self.width = width
        self.height = height
        self.rows = rows

    def pixel(self, x, y):
        return self.rows[y][x]

    def colours(self):
        """How many pixels have each colour."""
        counts = Counter()
        for row in self.rows:
            counts.update(row)
        return counts

    def crop(self, left, top, width, height):
        return Image(width, height, [row[left:left + width] for row in self.rows[top:top + height]])


def decode(data):
    """The image in a PNG file's bytes; raises ValueError for anything else."""
    if not data.startswith(SIGNATURE):
        raise ValueError("not a PNG file")
    offset = len(SIGNATURE)
    header = None
    compressed = bytearray()
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        offset += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed += body
        elif kind == b"IEND":
            break
    if header is None:
        raise ValueError("PNG without IHDR")
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace != 0:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour_type}, interlace {interlace}")
    channels = 3 if colour_type == 2 else 4
    stride = width * channels
    raw = zlib.decompress(bytes(compressed))
    if len(raw) != height * (stride + 1):
        raise ValueError("PNG data has the wrong length")
    rows = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        line = bytearray(raw[start + 1:start + 1 + stride])
        unfilter(raw[start], line, previous, channels)
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        previous = line
    return Image(width, height, rows)


def unfilter(kind, line, previous, channels):
    """Undoes one row's PNG filter in place."""
    if kind == 0:
        return
    if kind == 2:
        for i in range(len(line)):
            line[i] = (line[i] + previous[i]) & 0xFF
        return
    for i in range(len(line)):
        left = line[i - channels] if i >= channels else 0
        up = previous[i]
        if kind == 1:
            predicted = left
        elif kind == 3:
            predicted = (left + up) >> 1
        elif kind == 4:
            upper_left = previous[i - channels] if i >= channels else 0
            estimate = left + up - upper_left
            distances = (abs(estimate - left), abs(estimate - up), abs(estimate - upper_left))
            predicted = (left, up, upper_left)[distances.index(min(distances))]
        else:
            raise ValueError(f"unknown PNG filter {kind}")
        line[i] = (line[i] + predicted) & 0xFF
