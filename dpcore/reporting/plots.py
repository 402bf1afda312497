"""matplotlib for the reports' PNG figures, imported when the first figure is drawn.

matplotlib is optional: :func:`new_figure` returns ``None`` when it is not installed, and a
figure function then returns no figure. Its import (~0.2 s of CPU) is paid by the first
figure, not by loading the plugin: QGIS loads the plugin at every start and every
``qgis_process`` run, most of which draw no figure. Figures are bare ``Figure`` objects on the
Agg canvas (no pyplot state), which is safe inside QGIS.
"""
from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def _figure_class():
    try:
        from matplotlib.figure import Figure
    except ImportError:  # pragma: no cover - depends on the environment
        return None
    return Figure


def available() -> bool:
    """Whether figures can be drawn (matplotlib imports)."""
    return _figure_class() is not None


def new_figure(**kwargs):
    """A bare matplotlib ``Figure(**kwargs)``, or ``None`` without matplotlib."""
    figure = _figure_class()
    return None if figure is None else figure(**kwargs)


def agg_canvas(fig):
    """Attach the Agg canvas (raster output, no GUI) to ``fig``."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    return FigureCanvasAgg(fig)
