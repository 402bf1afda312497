"""Time histograms that degrade gracefully on small data: pooled bins and a uniform prior.

A time histogram of the synthetic-trips model (start hour, travel time) has a fixed noise per
cell (sensitivity m, its share of ε), whatever the number of trips. On a small population
every hourly count lies below that noise, so keeping "the values above the 95 % margin" keeps
the one cell the noise lifted highest: every synthetic trip then starts in that hour (an hour
that may hold no real trip). Two public rules replace it:

* **pooling** (strategy, before the noise is drawn; reads a noisy total and public
  parameters only): adjacent bins are pooled into periods of ``w`` bins, the smallest ``w`` of
  :data:`WIDTHS` whose expected count per cell reaches :data:`PERIOD_RATIO` noise standard
  deviations. Every trip still adds 1 to one cell, so the cost does not depend on ``w``; a
  single period (``w`` = all bins) is the uniform law, measured but not used.
* **shrinkage towards the uniform law** (post-processing of the noisy cells of one row):
  Fay–Herriot / James–Stein shrinkage towards the row's mean with the known noise variance
  (Fay & Herriot 1979; :func:`dpcore.od.shrink.linear_shrink`), then clipped at 0. On noise
  alone the signal variance is estimated near 0 and the row is nearly uniform: it does not
  invent a peak.
* **cyclic smoothing** (post-processing of one row of a cyclic histogram: the start hour):
  the row is smoothed by the circular binomial kernel of half-width 0 (none) to a quarter of
  the row, or replaced by its mean, whichever has the least Mallows' C_L, the unbiased
  estimate of a linear smoother's squared error from the noisy row and the known noise
  variance alone (Mallows 1973, "Some comments on C_P", §7; Li 1986 for its choice among
  smoothers), then clipped at 0. A law that varies slowly from hour to hour keeps its shape
  with a fraction of the noise; a strong peak keeps width 0; noise alone picks the mean.

Inside a period the released weight is spread evenly over its bins.
"""
from __future__ import annotations

import numpy as np

from ..shrink import linear_shrink, noise_variance

#: Candidate period widths in bins (hours for the start hour: divisors of 24).
WIDTHS = (1, 2, 3, 4, 6, 8, 12, 24)
#: A period split is used when its expected count per cell is ≥ this many noise std.
PERIOD_RATIO = 2.0
#: A row whose noisy total is below this many noise std of that total falls back to uniform.
TOTAL_RATIO = 2.0


def period_width(expected_total: float, rows: int, bins: int, std: float,
                 widths=WIDTHS) -> int:
    """The public rule (see the module doc): the smallest width, in bins, whose cells
    (``rows`` × periods) expect ≥ :data:`PERIOD_RATIO` noise std; ``bins`` when none."""
    for w in widths:
        if w >= bins:
            break
        if expected_total / (rows * -(-bins // w)) >= PERIOD_RATIO * std:
            return int(w)
    return int(bins)


def pool(index, width: int) -> np.ndarray:
    """The period of each bin index."""
    return np.asarray(index, dtype=np.int64) // int(width)


def shrink_to_uniform(noisy, alpha: float) -> tuple:
    """(weights ≥ 0, shrinkage towards the uniform law in [0, 1]) of one row of noisy counts
    of discrete Laplace noise of ratio ``alpha``: Fay–Herriot shrinkage towards the row's mean
    (:func:`dpcore.od.shrink.linear_shrink`), clipped at 0; the uniform law when the row's
    total is below :data:`TOTAL_RATIO` standard deviations of its noise (a class count below
    its own noise) or nothing positive is left."""
    noisy = np.asarray(noisy, dtype=float)
    if noisy.sum() < TOTAL_RATIO * np.sqrt(noise_variance(alpha) * noisy.size):
        return np.ones_like(noisy), 1.0
    values, kept = linear_shrink(noisy, alpha)
    out = np.clip(values, 0.0, None)
    if not out.sum() > 0:
        return np.ones_like(out), 1.0
    return out, 1.0 - kept


def _binomial(half: int) -> np.ndarray:
    """The binomial kernel of half-width ``half`` (2·half + 1 weights summing to 1)."""
    kernel = np.ones(1)
    for _ in range(2 * half):
        kernel = np.convolve(kernel, (0.5, 0.5))
    return kernel


def smooth_cyclic(noisy, alpha: float) -> tuple:
    """(weights ≥ 0, shrinkage towards the uniform law in [0, 1]) of one row of a cyclic
    histogram with noise of ratio ``alpha`` (module doc: cyclic smoothing). The shrinkage is
    1 − |smoothed − mean| / |noisy − mean|, as for :func:`shrink_to_uniform` (1: uniform)."""
    y = np.asarray(noisy, dtype=float)
    var = noise_variance(alpha)
    if y.size < 3 or y.sum() < TOTAL_RATIO * np.sqrt(var * y.size):
        return shrink_to_uniform(y, alpha)
    candidates = [(np.full_like(y, y.mean()), 1.0)]          # the mean: trace 1
    for half in range(y.size // 4 + 1):
        kernel = _binomial(half)
        smoothed = sum(w * np.roll(y, j - half) for j, w in enumerate(kernel))
        candidates.append((smoothed, y.size * kernel[half]))
    # Mallows' C_L: |y − S y|² + 2 σ² tr(S) (− n σ², the same for every candidate)
    best, _ = min(candidates, key=lambda c: float(np.sum((y - c[0]) ** 2)) + 2 * var * c[1])
    out = np.clip(best, 0.0, None)
    if not out.sum() > 0:
        return np.ones_like(out), 1.0
    spread_noisy = float(np.linalg.norm(y - y.mean()))
    kept = float(np.linalg.norm(best - y.mean())) / spread_noisy if spread_noisy > 0 else 0.0
    return out, 1.0 - min(kept, 1.0)


def spread(period_weights, width: int, bins: int) -> np.ndarray:
    """Weights per bin: each period's weight spread evenly over its bins."""
    period = pool(np.arange(bins), width)
    size = np.bincount(period)
    return np.asarray(period_weights, dtype=float)[period] / size[period]
