"""PNG figures of a density comparison (matplotlib optional: None without it)."""
import numpy as np
from shapely.geometry import box

from mobility_dp.dpcore.density import figures


def test_figures_are_png_or_none_without_matplotlib():
    rng = np.random.default_rng(0)
    true = rng.poisson(50, size=(4, 24)).astype(float)
    private = true + rng.normal(0, 5, size=true.shape)
    pngs = [figures.series(true[:2], private[:2], ["a", "b"]),
            figures.error_by_slot(np.abs(private - true).mean(axis=0)),
            figures.boxplots(rng.random(4), rng.random(4)),
            figures.cell_map([box(0, 0, 1, 1), box(1, 0, 2, 1), box(0, 1, 1, 2),
                              box(1, 1, 2, 2)], [0.1, np.nan, 0.3, 0.2], "MRE")]
    if figures.available():
        assert all(p[:8] == b"\x89PNG\r\n\x1a\n" and len(p) > 2000 for p in pngs)
    else:
        assert all(p is None for p in pngs)
