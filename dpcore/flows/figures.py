"""PNG figures comparing original and private flow measures (Pratesi 2012 Figs. 5.4, 5.13–5.17).

matplotlib is optional: :func:`comparison_png` returns ``None`` when it is
not installed. Figures are drawn on a bare ``Figure`` with the Agg canvas
(no pyplot state), which is safe inside QGIS.
"""
from __future__ import annotations

import io
from typing import Optional

import numpy as np

from ..reporting.plots import agg_canvas, new_figure
from .compare import cdf


def comparison_png(original: dict, private: dict) -> Optional[bytes]:
    """Per measure: private against original with the fitted line (top), both CDFs (bottom).

    ``original`` and ``private`` map a measure name to its values (same
    keys, same lengths).
    """
    names = list(original)
    fig = new_figure(figsize=(3.2 * len(names), 6.2))
    if fig is None:
        return None
    agg_canvas(fig)
    axes = fig.subplots(2, len(names), squeeze=False)
    for k, name in enumerate(names):
        x = np.asarray(original[name], dtype=float)
        y = np.asarray(private[name], dtype=float)
        ax = axes[0, k]
        ax.scatter(x, y, s=3, alpha=0.4)
        if np.ptp(x) > 0:
            slope, intercept = np.polyfit(x, y, 1)
            xs = np.array([x.min(), x.max()])
            ax.plot(xs, slope * xs + intercept, "r-", lw=1, label=f"slope {slope:.2f}")
            ax.legend(fontsize=7)
        ax.set_title(name.replace("_", " "), fontsize=9)
        ax.set_xlabel("original", fontsize=8)
        ax.set_ylabel("private", fontsize=8)
        ax = axes[1, k]
        for values, label in ((x, "original"), (y, "private")):
            v, frac = cdf(values, points=500)
            ax.plot(v, frac, label=label)
        ax.set_ylabel("cumulative fraction", fontsize=8)
        ax.legend(fontsize=7)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80)
    return buf.getvalue()
