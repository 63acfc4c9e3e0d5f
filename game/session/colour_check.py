"""How the players' colours look to colour-blind eyes: a simulation and the figures
(pure Python; tests/ui/test_access.py and docs/accessibility.md use it).

A colour is simulated for the three dichromacies (protanopia, deuteranopia, tritanopia)
with the full-severity matrices of Machado, Oliveira and Fernandes (2009), applied to
linear RGB (sRGB decoded, the matrix applied, the result clipped and encoded again).
Two colours are then compared by their CIE L* lightness (0 black to 100 white) and by
the WCAG contrast ratio of their relative luminances (1 to 21): a pair that stays apart
in lightness reads as two players whatever the hue does.
"""

from __future__ import annotations

MATRICES = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
VISIONS = ("normal", *MATRICES)


def _to_linear(c: float) -> float:
    c = c / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(c: float) -> float:
    c = min(1.0, max(0.0, c))
    v = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return v * 255.0


def simulate(rgb, vision: str) -> tuple[int, int, int]:
    """``rgb`` (0..255) as seen with ``vision`` ("normal" or one of ``MATRICES``)."""
    if vision == "normal":
        r, g, b = (int(v) for v in rgb[:3])
        return r, g, b
    m = MATRICES[vision]
    lin = [_to_linear(v) for v in rgb[:3]]
    out = [sum(m[i][j] * lin[j] for j in range(3)) for i in range(3)]
    r, g, b = (int(round(_to_srgb(v))) for v in out)
    return r, g, b


def luminance(rgb) -> float:
    """The WCAG relative luminance (0 black .. 1 white)."""
    r, g, b = (_to_linear(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def lightness(rgb) -> float:
    """CIE L* (0 .. 100) of the colour."""
    y = luminance(rgb)
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


def contrast(a, b) -> float:
    """The WCAG contrast ratio of two colours (1 .. 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def pair_figures(a, b) -> dict:
    """vision -> (L* difference, contrast ratio) of the two colours as seen with it."""
    out = {}
    for vision in VISIONS:
        sa, sb = simulate(a, vision), simulate(b, vision)
        out[vision] = (abs(lightness(sa) - lightness(sb)), contrast(sa, sb))
    return out
