"""Release functions of the geo-indistinguishability stage.

:func:`perturb_points` perturbs each point with planar Laplace (Andrés et
al. 2013) or a grid mechanism of Alvim et al. (discretised Laplace,
geometric, k-RR; see :mod:`.grid_channels`). The unit of privacy is one reported
point, with ε per metre: two true locations d metres apart give report
distributions within a factor e^{ε·d}. With user ids, each user may report
at most ``max_points_per_user`` = m points, a public parameter: their reports
compose sequentially to m·ε per metre (the cost says so). A user with more
points is refused or sampled down to m points, as the caller chooses; m is
never taken from the data.

:func:`perturbation_cost` gives the cost before any noise is drawn (for the
ledger); :func:`perturb_points` returns the same cost, built from the channel
that ran. :func:`coverage_warning` refuses or warns when too many true points
lie outside the grid or the study area.

The distribution of the reports is estimated by :mod:`.estimate` (post-processing).
"""
from __future__ import annotations

import numpy as np

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release, shuffled_order
from ..accounting.costs import EPSILON_PER_METRE, EPSILON_UNIT, PrivacyCost
from ..accounting.units import PrivacyUnit, check_units_not_all_distinct
from ..mechanisms.snapping import round_to_granularity
from ..random.sampling import sample_per_user, sampling_stream
from ..reporting.progress import report_progress
from .geodesic import check_lonlat, planar_laplace_lonlat
from .grid import Grid
from .grid_channels import make_channel
from .planar import guarantee_facts, planar_laplace_noise

PERTURB_MECHANISMS = ("planar_laplace", "laplace", "geometric", "krr")
#: What to do with users who have more points than ``max_points_per_user``.
EXCESS_RULES = ("refuse", "sample")
#: Public output granularity of planar Laplace reports: 1 cm in metres, 1e-7° in lon/lat
#: (≤ 1.1 cm): reports are rounded to it, so their low-order bits carry no trace of the true
#: point or of the sampler's float arithmetic (post-processing, no cost).
GRANULARITY_M, GRANULARITY_DEG = 0.01, 1e-7
#: The largest ε per metre planar Laplace accepts: its expected displacement 2/ε (the radius is
#: Gamma(2, 1/ε), Andrés et al. 2013 §4.1) equals the reports' granularity of 1 cm there. Above
#: it the reports, rounded to that granularity, would mostly be the true points themselves
#: (ε = 10⁶ per metre: an expected 2 µm, every report the input coordinate).
MAX_EPSILON_PER_METRE = 2.0 / GRANULARITY_M
#: Share of points outside the grid or study area above which a run warns / is refused.
WARN_OUTSIDE, REFUSE_OUTSIDE = 0.05, 0.5


def perturbation_cost(epsilon: float, *, mechanism: str = "planar_laplace",
                      boundary: str = "remap", max_points_per_user: int = None) -> PrivacyCost:
    """The cost :func:`perturb_points` will spend, from public parameters only.

    One part: ``m·ε`` (``2·m·ε`` for a metric grid mechanism renormalised over
    the grid), with m = ``max_points_per_user`` (1 without user ids). Planar Laplace refuses
    ε above :data:`MAX_EPSILON_PER_METRE`.
    """
    epsilon = check_epsilon(epsilon)
    if mechanism not in PERTURB_MECHANISMS:
        raise ValueError(f"unknown mechanism {mechanism!r}; use one of {PERTURB_MECHANISMS}")
    m = _check_m(max_points_per_user)
    if mechanism == "planar_laplace" and epsilon > MAX_EPSILON_PER_METRE:
        raise ValueError(
            f"ε = {epsilon:g} per metre displaces a point by {2.0 / epsilon:.2g} m on average, "
            f"below the {GRANULARITY_M * 100:g} cm the reports are rounded to: they would "
            f"publish the true points. Use ε ≤ {MAX_EPSILON_PER_METRE:g} per metre (typical "
            "values: 0.001 to 0.1, e.g. ln 4 / 200 m ≈ 0.007)")
    doubled = mechanism in ("laplace", "geometric") and boundary == "renormalise"
    name = {"planar_laplace": "planar Laplace", "laplace": "discretised planar Laplace",
            "geometric": "geometric", "krr": "k-ary randomized response"}[mechanism]
    return PrivacyCost.of(name, (2.0 if doubled else 1.0) * (m or 1) * epsilon,
                          protects=_unit(m), note=_unit_note(mechanism, epsilon, m or 1),
                          unit=EPSILON_UNIT if mechanism == "krr" else EPSILON_PER_METRE,
                          unit_of_privacy=_unit_name(m))


def perturb_points(xy, *, epsilon: float, rng: np.random.Generator, delta: float = 0.0,
                   progress=None, mechanism: str = "planar_laplace", geographic: bool = False,
                   grid: Grid = None, boundary: str = "remap", user_ids=None,
                   max_points_per_user: int = None, excess: str = "refuse") -> Release:
    """Geo-indistinguishable reports of the points ``xy``, shape (n, 2).

    ``xy`` is in metres in a projected frame, or longitude/latitude in
    degrees when ``geographic`` (planar Laplace only: each point is then
    displaced along the geodesic on WGS84, :mod:`.geodesic`, with no frame).
    ``epsilon`` is per metre (unitless for ``"krr"``). Grid mechanisms snap
    each true point to its cell of ``grid`` (points outside the grid to the
    nearest cell) and report a cell centre. With ``user_ids`` (one per point),
    ``max_points_per_user`` is required; users above it are refused
    (``excess="refuse"``) or keep a uniformly random m of their points
    (``"sample"``). ``values`` are the reported points; ``internal["kept"]``
    the input rows they belong to.
    """
    epsilon = check_epsilon(epsilon)
    if delta != 0.0:
        raise ValueError("geo-indistinguishability is pure: delta must be 0")
    perturbation_cost(epsilon, mechanism=mechanism, boundary=boundary,   # the refusals
                      max_points_per_user=max_points_per_user)
    xy = _checked_points(xy, mechanism, geographic, grid)
    kept, dropped = _privacy_unit(len(xy), user_ids, max_points_per_user, excess, rng)
    limit = _check_m(max_points_per_user)
    report_progress(progress, 0.1)
    info = {"mechanism": mechanism, "epsilon": epsilon, "max_points_per_user": limit or 1,
            "geodesic": bool(geographic)}
    internal = {"kept": kept, "points_dropped": dropped}
    if mechanism == "planar_laplace":
        reported, cost, public = _planar_reports(xy[kept], epsilon, geographic, limit, rng)
    else:
        reported, cost, public, private = _grid_reports(xy[kept], mechanism, grid, epsilon,
                                                        boundary, limit, rng)
        internal.update(private)
    info.update(public)
    reported = _shuffled(reported, info, internal, rng)
    report_progress(progress, 1.0)
    return Release(reported, cost, public=info, internal=internal)


def _checked_points(xy, mechanism: str, geographic: bool, grid) -> np.ndarray:
    """``xy`` as an (n, 2) array of finite coordinates the mechanism can take, else refused."""
    xy = np.asarray(xy, dtype=float)
    if xy.ndim != 2 or xy.shape[1] != 2:
        raise ValueError("points must be an array of shape (n, 2)")
    if not np.all(np.isfinite(xy)):
        raise ValueError("point coordinates must be finite")
    if geographic:
        if mechanism != "planar_laplace":
            raise ValueError(f"the {mechanism} mechanism works on a grid in metres; only planar "
                             "Laplace takes longitude/latitude")
        check_lonlat(xy)
    if mechanism != "planar_laplace" and grid is None:
        raise ValueError(f"the {mechanism} mechanism needs a grid")
    return xy


def _planar_reports(points: np.ndarray, epsilon: float, geographic: bool, limit, rng) -> tuple:
    """(reports, cost, public facts) of planar Laplace (Andrés et al. 2013 §4), rounded to the
    public granularity; along the geodesic on longitude/latitude."""
    if geographic:
        granularity = f"{GRANULARITY_DEG:g}°"
        reported = round_to_granularity(planar_laplace_lonlat(points, epsilon, rng),
                                        GRANULARITY_DEG)
    else:
        granularity = f"{GRANULARITY_M:g} m"
        reported = round_to_granularity(points + planar_laplace_noise(len(points), epsilon, rng),
                                        GRANULARITY_M)
    m = limit or 1
    cost = PrivacyCost.of("planar Laplace", m * epsilon, protects=_unit(limit),
                          note=_unit_note("planar_laplace", epsilon, m)
                          + f"; reports rounded to {granularity}"
                          + (" along geodesics (WGS84)" if geographic else ""),
                          unit=EPSILON_PER_METRE, unit_of_privacy=_unit_name(limit))
    return reported, cost, {"granularity": granularity, "facts": _facts(epsilon, m)}


def _grid_reports(points: np.ndarray, mechanism: str, grid: Grid, epsilon: float,
                  boundary: str, limit, rng) -> tuple:
    """(reports, cost, public facts, internal facts) of a grid mechanism (Alvim et al. §IV–V):
    each point snapped to its cell, a cell drawn from the channel, its centre reported."""
    channel = make_channel(mechanism, grid, epsilon, boundary)
    true_cells, outside = grid.cell_of(points)
    reported_cells = channel.sample(true_cells, rng)
    cost = channel.cost(_unit(limit), limit or 1).with_unit_of_privacy(_unit_name(limit))
    public = {"reported_cells": reported_cells}
    if mechanism != "krr":
        public["facts"] = _facts(channel.guarantee(), limit or 1)
    return (grid.centers()[reported_cells], cost, public,
            {"true_cells": true_cells, "outside_grid": int(outside.sum())})


def _shuffled(reported: np.ndarray, info: dict, internal: dict, rng) -> np.ndarray:
    """The reports in a random order, with the per-report facts in the same order.

    Record-level output: the row number carries nothing from the input's order (an input sorted
    by user or time would otherwise link every report back).
    """
    order = shuffled_order(len(reported), rng)
    internal["kept"] = internal["kept"][order]
    for where, key in ((info, "reported_cells"), (internal, "true_cells")):
        if key in where:
            where[key] = np.asarray(where[key])[order]
    return reported[order]


def coverage_warning(outside: int, total: int, *, where: str, allow_outside: bool,
                     hint: str = "") -> str:
    """A warning when more than 5 % of ``total`` points lie outside ``where``, else "".

    Above 50 % the run is refused (``ValueError``) unless ``allow_outside``:
    such a share almost always means a wrong extent, CRS or study area.
    """
    outside, total = int(outside), int(total)
    if total == 0 or outside <= WARN_OUTSIDE * total:
        return ""
    text = (f"{outside} of {total} points ({100.0 * outside / total:.1f} %) lie outside "
            f"{where}" + (f"; {hint}" if hint else ""))
    if outside > REFUSE_OUTSIDE * total and not allow_outside:
        raise ValueError(text + ". Refused: more than half the points; check the extent, the "
                         "CRS and the study area, or allow points outside explicitly.")
    return text


def _check_m(m):
    if m is None:
        return None
    if isinstance(m, bool) or int(m) != m or int(m) < 1:
        raise ValueError(f"the maximum number of points per user must be an integer ≥ 1, got {m}")
    return int(m)


def _unit(m) -> str:
    if m is None:
        return "one reported point"
    return f"one user, who reports at most {m} point(s) (m = {m})"


def _unit_name(m) -> PrivacyUnit:
    return PrivacyUnit.REPORTED_POINT if m is None else PrivacyUnit.USER


def _unit_note(mechanism: str, epsilon: float, m: int) -> str:
    if mechanism == "krr":
        return f"plain ε={epsilon:.6g} × {m} report(s) per user (no metric)"
    return (f"ε per metre (e^(ε·d) for locations d metres apart), ε={epsilon:.6g}/m × {m} "
            "point(s) per unit of privacy")


def _facts(epsilon: float, m: int) -> dict:
    """Report facts of the metric guarantee, with the per-user factor when m > 1."""
    facts = guarantee_facts(epsilon)
    if m > 1:
        facts["statements"].append(
            f"one user reports up to m = {m} points: their reports together are "
            f"{m}·ε = {m * epsilon:.6g}-private per metre, i.e. a factor e^({m}·ε·d)")
    return facts


def _privacy_unit(n: int, user_ids, max_points, excess: str, rng) -> tuple:
    """(rows kept, number of points dropped) for the per-user limit ``max_points``."""
    if n == 0:
        raise ValueError("there are no points to perturb")
    if excess not in EXCESS_RULES:
        raise ValueError(f"excess must be one of {EXCESS_RULES}, got {excess!r}")
    m = _check_m(max_points)
    if user_ids is None:
        if m is not None:
            raise ValueError("a maximum number of points per user needs user ids")
        return np.arange(n), 0
    if m is None:
        raise ValueError("with user ids, give the maximum number of points per user (m): the "
                         "cost m·ε is fixed before looking at the data")
    ids = np.asarray(user_ids, dtype=object)
    if ids.shape != (n,):
        raise ValueError("need one user id per point")
    check_units_not_all_distinct(ids.tolist(), kind="user", what="points")
    names, counts = np.unique(ids.astype(str), return_counts=True)
    over = np.flatnonzero(counts > m)
    if over.size == 0:
        return np.arange(n), 0
    if excess == "refuse":
        worst = over[np.argmax(counts[over])]
        raise ValueError(f"user '{names[worst]}' has {counts[worst]} points and "
                         f"{over.size} user(s) have more than the maximum of {m} points per "
                         "user: raise the maximum (the cost grows to m·ε) or sample users "
                         "down to it")
    # On a stream of its own: the noise drawn after it stays the same for neighbouring data.
    keep = np.flatnonzero(sample_per_user(ids.astype(str), m, sampling_stream(rng)))
    return keep, n - len(keep)
