"""Exponential-curve smoothing of the night hours (Acs & Castelluccia §5.4.2).

Around the daily minimum (≈ 04:00) the noisy counts are small and the
retained high-frequency DCT components distort them. Each day the paper
fits g(x) = a·exp(b·x) by least squares to the noisy counts between 00:00
and 04:00 (decreasing) and, separately, between 04:00 and 06:00
(increasing), with Levenberg–Marquardt, and replaces the counts by the
fitted values. It runs on noisy data only: post-processing.

Conventions (the paper gives hours, not slots): a slot belongs to a window
[a, b] when its start time of day h satisfies a ≤ h ≤ b, so with hourly
slots the windows hold the hours 0–4 and 4–6 (x_i "runs over the hours of
the given time intervals"). A slot in two windows (04:00) gets the mean of
the two fitted values. A window with fewer than 3 slots is left as it is
(two parameters interpolate two points exactly), and so is a window whose
fit does not converge.
"""
from __future__ import annotations

import warnings

import numpy as np
from scipy.optimize import OptimizeWarning, curve_fit

#: The two windows of §5.4.2, in hours of the day.
NIGHT_WINDOWS = ((0.0, 4.0), (4.0, 6.0))


def _exp_curve(x, a, b):
    return a * np.exp(b * x)


def fit_exponential(x, y) -> np.ndarray:
    """Least-squares a·exp(b·x) through (x, y) by Levenberg–Marquardt; the fitted values.

    Returns ``y`` unchanged if the fit fails; all-non-positive data fit 0.
    """
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if not np.any(y > 0):
        return np.zeros_like(y)
    # Start from the log-linear fit through the positive points.
    pos = y > 0
    b0 = np.polyfit(x[pos], np.log(y[pos]), 1)[0] if pos.sum() >= 2 else 0.0
    a0 = float(np.mean(y) / np.mean(np.exp(b0 * x)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", OptimizeWarning)
        warnings.simplefilter("ignore", RuntimeWarning)
        try:
            (a, b), _ = curve_fit(_exp_curve, x, y, p0=(a0, b0), method="lm", maxfev=2000)
        except (RuntimeError, ValueError):
            return y.copy()
    fitted = _exp_curve(x, a, b)
    return fitted if np.all(np.isfinite(fitted)) else y.copy()


def smooth_night(series, slot_hours, windows=NIGHT_WINDOWS) -> np.ndarray:
    """Replace each day's night windows of every row of ``series`` by exponential fits.

    ``series`` is m × n; ``slot_hours`` gives the start of every slot in
    hours since midnight of the first day (hourly slots from midnight:
    0, 1, 2, …). Fitted values below 0 are clipped at 0.
    """
    x = np.asarray(series, dtype=float)
    hours = np.asarray(slot_hours, dtype=float)
    if x.ndim != 2 or hours.shape != (x.shape[1],):
        raise ValueError(f"slot_hours must have one entry per slot ({x.shape[-1]}), "
                         f"got shape {hours.shape}")
    day = np.floor(hours / 24.0)
    hod = hours - 24.0 * day
    total = np.zeros_like(x)
    hits = np.zeros(x.shape[1])
    groups = []
    for lo, hi in windows:
        inside = (hod >= lo) & (hod <= hi)
        for d in np.unique(day[inside]):
            idx = np.flatnonzero(inside & (day == d))
            if idx.size >= 3:
                groups.append((idx, hours[idx] - (24.0 * d + lo)))
    for idx, xs in groups:
        hits[idx] += 1
        for row in range(x.shape[0]):
            total[row, idx] += fit_exponential(xs, x[row, idx])
    out = x.copy()
    done = hits > 0
    out[:, done] = np.clip(total[:, done] / hits[done], 0.0, None)
    return out
