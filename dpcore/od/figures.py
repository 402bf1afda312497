"""The HTML sections of the private mobility report: tables and plots with margins of error.

Plots are drawn on bare matplotlib ``Figure`` objects (no pyplot state, safe
inside QGIS) through :mod:`dpcore.density.figures`, which also returns None
when matplotlib is missing; tables always appear.
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from ..density import figures as base_figures
from ..density.figures import cell_map
from ..reporting import report as dpreport
from ..reporting.plots import new_figure
from .statistics import OD, TITLES, TRIPS_OVER_TIME, VISITS, WEEKDAYS


def bars(counts, labels, moe: float, title: str, ylabel: str = "count") -> Optional[bytes]:
    """A bar chart with the 95 % margin of error of every bar as an error bar."""
    counts = np.asarray(counts, dtype=float)
    fig = new_figure(figsize=(8, 2.8))
    if fig is None:
        return None
    ax = fig.add_subplot(1, 1, 1)
    x = np.arange(counts.size)
    ax.bar(x, counts, color="tab:blue", alpha=0.8)
    if moe > 0:
        low = np.minimum(counts, moe)  # the interval is clipped at 0, as the counts are
        ax.errorbar(x, counts, yerr=[low, np.full_like(counts, moe)], fmt="none", ecolor="0.25",
                    capsize=2, linewidth=0.8)
    ax.set_xticks(x)
    ax.set_xticklabels(labels, rotation=60 if counts.size > 12 else 0, fontsize=7)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=9)
    return base_figures._png(fig)


def heatmap(counts, title: str) -> Optional[bytes]:
    """Weekday × hour counts."""
    fig = new_figure(figsize=(8, 2.6))
    if fig is None:
        return None
    ax = fig.add_subplot(1, 1, 1)
    im = ax.imshow(np.asarray(counts, dtype=float), aspect="auto", cmap="viridis")
    ax.set_yticks(range(7))
    ax.set_yticklabels(WEEKDAYS, fontsize=7)
    ax.set_xticks(range(0, 24, 2))
    ax.set_xlabel("hour of the day (UTC)")
    ax.set_title(title, fontsize=9)
    fig.colorbar(im, ax=ax, shrink=0.8)
    return base_figures._png(fig)


def _img(png, alt):
    return dpreport.png_img(png, alt) if png else ""


def _fmt(v) -> str:
    return f"{v:.4g}" if isinstance(v, (float, np.floating)) else str(v)


def _quartiles(entry) -> str:
    q = entry.get("quartiles")
    if q is None:
        return ""
    return "<p>Quartiles (from the noisy histogram, post-processing): " + ", ".join(
        f"{name} = {_fmt(v)}" for name, v in zip(("Q1", "median", "Q3"), q)) + "</p>"


def released(html: str) -> str:
    """Mark a part of a report drawn from the noisy values (tables, plots, quartiles)."""
    return f'<div class="released">{html}</div>'


def sections(entries: dict, *, zone_ids, zone_polygons=None, top: int = 15) -> list:
    """(heading, html) pairs, one per statistic, for the publishable report."""
    out = []
    for name, e in entries.items():
        moe = float(e["margin_of_error_95"])
        head = (f"<p>ε = {_fmt(e.get('epsilon', 0))}, sensitivity {e['sensitivity']} "
                f"(one user), 95 % margin of error of every value ± {_fmt(moe)}.</p>")
        if "counted" in e:  # scaled by the noisy trip scale: the margin is a released value
            head = released(head + f"<p>Counted: {e['counted']}. {e.get('margin_note', '')}</p>")
        counts = np.asarray(e["counts"], dtype=float)
        if name == VISITS:
            per_zone = np.asarray(e["per_zone"])
            zmoe = float(e["per_zone_margin_of_error_95"])
            order = np.argsort(per_zone)[::-1][:top]
            body = f"<p>Visits per zone over all windows: ± {_fmt(zmoe)} each.</p>"
            if zone_polygons is not None:
                body += _img(cell_map(zone_polygons, per_zone, "visits per zone"), "map")
            body += _img(bars(counts.sum(axis=0), e["labels"][0], 0.0,
                              "visits per time window (sum over zones)"), "windows")
            body += dpreport.table([(zone_ids[i], _fmt(per_zone[i]), f"± {_fmt(zmoe)}")
                                    for i in order], ("zone", "visits", "95 % margin"))
        elif name == OD:
            flat = np.argsort(counts, axis=None)[::-1][:top]
            n = counts.shape[1]
            body = dpreport.table(
                [(zone_ids[i // n], zone_ids[i % n], _fmt(counts.flat[i]), f"± {_fmt(moe)}")
                 for i in flat if counts.flat[i] > 0],
                ("origin", "destination", "trips", "95 % margin"))
        elif name == TRIPS_OVER_TIME:
            body = _img(heatmap(counts, "trips by weekday and hour"), "heatmap")
            body += _img(bars(e["per_weekday"], list(WEEKDAYS),
                              float(e["per_weekday_margin_of_error_95"]), "trips per weekday"),
                         "weekday")
            body += _img(bars(e["per_hour"], [str(h) for h in range(24)],
                              float(e["per_hour_margin_of_error_95"]), "trips per hour"), "hour")
        else:
            labels = e["labels"][0]
            body = _img(bars(counts, labels, moe, TITLES[name]), name)
            body += _quartiles(e)
            body += dpreport.table(zip(labels, map(_fmt, counts)), ("bin", "count"))
        out.append((TITLES[name], head + released(body)))
    return out
