"""People per pair of zones and of coarser public regions, consistent by least squares
(issue 29, item 2: multi-resolution outputs).

At census zones a pair holds about one person, so no single pair stands out of
the noise and a flow map drawn at the simultaneous margin is empty. Coarser
*public* regions (a field of the zones layer, or squares of a public grid that
hold the zones' centroids) hold tens to hundreds of people per pair: there the
flows are far above the noise. This release measures both levels from the same
per-user choice:

1. every user's main unordered zone pair (:func:`.people.main_pairs`, ties at
   random from a separate stream); people per unordered zone pair + discrete
   Laplace of sensitivity 1 at ε·(1 − s);
2. the same users counted on the unordered *region* pair of that zone pair, +
   discrete Laplace of sensitivity 1 at ε·s (a user moves one region count by
   one: their main zone pair lies in exactly one region pair).

Sequential composition: ε in all. Reconstruction (post-processing, free): the
true count of a region pair B equals the sum of the true counts of its k_B zone
pairs, so B has two unbiased noisy estimates, the direct value y_B (noise
variance v_R) and the sum S_B of its zone pairs' noisy values (variance k_B·v_Z).
Their least-squares (inverse-variance) combination T_B = w·y_B + (1 − w)·S_B,
w = k_B·v_Z / (k_B·v_Z + v_R), is the best linear unbiased estimate, and the zone
values y_ij + (T_B − S_B) / k_B are the least-squares zone values that add up to
it (the two levels agree exactly; Hay, Rastogi, Miklau & Suciu 2010).

Margins: the noise of T_B is w·Z_B + (1 − w)·ΣZ_ij, a law known from public
facts alone (ε, s, k_B); its 95 % margin is simulated from that law
(:data:`DRAWS` draws; a sum of ≥ :data:`NORMAL_FROM` zone noises by its normal
law, the rest exactly). The interval [max(0, T_B − h), T_B + h] covers the true
count with probability ≥ 95 % whatever it is (tested per stratum).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from ..mechanisms.limits import check_representable
from ..mechanisms.geometric import discrete_laplace, discrete_laplace_alpha
from ..reporting.progress import report_progress
from ..random.rng import make_rng
from ..random.sampling import sampling_stream
from .noise import LEVEL
from .people import main_pairs
from .people import UNIT
from .shrink import noise_variance
from .trips import ZonedTrips

DRAWS = 4000
NORMAL_FROM = 30
PUBLIC_SEED = 29   # the margins' simulation: public randomness (the law is public)


def _check(epsilon, region_share):
    epsilon = check_epsilon(epsilon)
    share = float(region_share)
    if not 0.0 < share < 1.0:
        raise ValueError(f"the share of ε for the regions must be in (0, 1), got {share}")
    return epsilon, share


def plan_people_regions(*, epsilon: float, region_share: float = 0.2) -> PrivacyCost:
    """The cost of :func:`release_people_regions`: zone pairs, then region pairs."""
    epsilon, share = _check(epsilon, region_share)
    for eps, what in ((epsilon * (1 - share), "zone"), (epsilon * share, "region")):
        check_representable(eps, 1.0, f"people per {what} pair (sensitivity 1)")
    return PrivacyCost.of("discrete Laplace", epsilon * (1 - share), sensitivity=1,
                          protects=UNIT, unit_of_privacy="user",
                          note="people per unordered zone pair, each user once") + \
        PrivacyCost.of("discrete Laplace", epsilon * share, sensitivity=1, protects=UNIT,
                       unit_of_privacy="user",
                       note="people per unordered region pair, each user once")


def check_regions(regions, n_zones: int) -> np.ndarray:
    r = np.asarray(regions)
    if r.shape != (int(n_zones),) or not np.issubdtype(r.dtype, np.integer) or \
            (r.size and r.min() < 0):
        raise ValueError(f"one region index ≥ 0 per zone is needed ({n_zones} zones)")
    return r.astype(np.int64)


def _upper(n):
    return np.flatnonzero(np.triu(np.ones((n, n), bool)))


def block_of_pairs(regions, n_regions: int) -> np.ndarray:
    """For every unordered zone pair (flat index of the upper triangle, :func:`_upper`
    order), the flat index of its unordered region pair in the R × R matrix."""
    n = regions.size
    flat = _upper(n)
    a, b = regions[flat // n], regions[flat % n]
    return np.minimum(a, b) * n_regions + np.maximum(a, b)


def combined_margin(k: int, alpha_zone: float, alpha_region: float, weight: float,
                    level: float = LEVEL) -> float:
    """95 % margin of w·Z_B + (1 − w)·(sum of k zone noises), simulated (module doc)."""
    rng = make_rng(PUBLIC_SEED + int(k))

    def dlap(alpha, size):
        p = 1.0 - alpha
        return (rng.geometric(p, size) - rng.geometric(p, size)).astype(float)

    direct = dlap(alpha_region, DRAWS)
    if k >= NORMAL_FROM:
        summed = rng.normal(0.0, np.sqrt(k * noise_variance(alpha_zone)), DRAWS)
    else:
        summed = dlap(alpha_zone, (DRAWS, int(k))).sum(axis=1)
    err = np.abs(weight * direct + (1.0 - weight) * summed)
    return float(np.quantile(err, level))


def measure_regions(zoned: ZonedTrips, *, rng: np.random.Generator, epsilon: float,
                    regions, region_share: float = 0.2, progress=None):
    """The two measurements alone: (cost spent, noisy zone values, noisy region values,
    true zone counts, true region counts, R), values in :func:`_upper` order."""
    cost = plan_people_regions(epsilon=epsilon, region_share=region_share)
    n = zoned.n_zones
    regions = check_regions(regions, n)
    n_r = int(regions.max()) + 1 if regions.size else 0
    _, keys, _ = main_pairs(zoned, directed=False, rng=sampling_stream(rng))
    zone_truth = np.bincount(keys, minlength=n * n)[_upper(n)]
    a, b = regions[keys // n], regions[keys % n]
    region_truth = np.bincount(np.minimum(a, b) * n_r + np.maximum(a, b),
                               minlength=n_r * n_r)[_upper(n_r)]
    spent, noisy = PrivacyCost(), []
    for part, truth in zip(cost.parts, (zone_truth, region_truth)):
        rel = discrete_laplace(truth, sensitivity=1, epsilon=part.epsilon, rng=rng,
                               protects=UNIT)
        spent = spent + PrivacyCost(tuple(replace(p, note=part.note, unit_of_privacy="user")
                                          for p in rel.cost.parts))
        noisy.append(np.asarray(rel.values, dtype=float))
        report_progress(progress, 0.4 * len(noisy))
    return spent, noisy[0], noisy[1], zone_truth, region_truth, n_r


def combine(y_zone, y_region, regions, n_regions: int, epsilon_zones: float,
            epsilon_regions: float) -> dict:
    """The least-squares reconstruction of the module doc from the two noisy vectors
    (:func:`_upper` order): per region pair (upper order) ``combined`` (unclipped), ``margin``
    (95 %), ``weight`` (w), ``pairs`` (k_B); ``zones_consistent`` (zone pairs, upper order)."""
    alpha_z = discrete_laplace_alpha(1, epsilon_zones)
    alpha_r = discrete_laplace_alpha(1, epsilon_regions)
    region_index = _upper(n_regions)
    block = block_of_pairs(regions, n_regions)
    k = np.bincount(block, minlength=n_regions ** 2)[region_index]
    summed = np.bincount(block, weights=y_zone, minlength=n_regions ** 2)[region_index]
    v_z, v_r = noise_variance(alpha_z), noise_variance(alpha_r)
    w = np.where(k > 0, k * v_z / (k * v_z + v_r), 1.0)
    combined = w * np.asarray(y_region, dtype=float) + (1.0 - w) * summed
    margins = {}
    h = np.array([margins.setdefault((int(kk), round(float(ww), 12)), combined_margin(
        int(kk), alpha_z, alpha_r, float(ww))) for kk, ww in zip(k, w)])
    per_block = np.zeros(n_regions ** 2)
    per_block[region_index] = np.where(k > 0, (combined - summed) / np.maximum(k, 1), 0.0)
    return {"combined": combined, "margin": h, "weight": w, "pairs": k,
            "zones_consistent": np.asarray(y_zone, dtype=float) + per_block[block]}


def region_flows(c: dict, n_regions: int, scale: float = 1.0) -> dict:
    """R × R ``values``, ``lower``, ``upper`` (upper triangle and diagonal) of a
    :func:`combine` result times ``scale``: values and lower ends clipped at 0."""
    combined, margin = c["combined"], c["margin"]
    return {"values": square(np.clip(combined, 0.0, None), n_regions) * scale,
            "lower": square(np.clip(combined - margin, 0.0, None), n_regions) * scale,
            "upper": square(combined + margin, n_regions) * scale}


def shown_pairs(lower) -> np.ndarray:
    """R × R booleans: the pairs of two distinct regions whose 95 % interval excludes 0
    (the region flow lines drawn)."""
    return np.triu(np.asarray(lower) > 0, 1)


def region_centres(centroids, regions) -> np.ndarray:
    """R × 2: the mean centroid of each region's zones."""
    regions = np.asarray(regions)
    n_r = int(regions.max(initial=-1)) + 1
    counts = np.maximum(np.bincount(regions, minlength=n_r), 1)
    c = np.asarray(centroids, dtype=float)
    return np.column_stack([np.bincount(regions, weights=c[:, k], minlength=n_r) / counts
                            for k in (0, 1)])


def square(values, size: int) -> np.ndarray:
    """An upper-order vector as a size × size matrix (upper triangle and diagonal)."""
    out = np.zeros(size * size)
    out[_upper(size)] = values
    return out.reshape(size, size)


def release_people_regions(zoned: ZonedTrips, *, rng: np.random.Generator, progress=None,
                           epsilon: float, regions, region_share: float = 0.2) -> Release:
    """People per unordered pair of zones and of regions (module doc). ``values``: R × R
    people per unordered region pair (upper triangle and diagonal, clipped at 0);
    ``public``: ``lower``/``upper`` (95 % intervals), ``margin_of_error_95`` (per region
    pair), ``zones_consistent`` (n × n least-squares zone values adding up to the regions'),
    ``weight_direct`` (w per region pair), ``pairs_per_region_pair`` (k_B)."""
    cost = plan_people_regions(epsilon=epsilon, region_share=region_share)
    n = zoned.n_zones
    regions = check_regions(regions, n)
    spent, y_zone, y_region, zone_truth, region_truth, n_r = measure_regions(
        zoned, rng=rng, epsilon=epsilon, regions=regions, region_share=region_share,
        progress=progress)
    c = combine(y_zone, y_region, regions, n_r, cost.parts[0].epsilon, cost.parts[1].epsilon)
    report_progress(progress, 1.0)
    flows = region_flows(c, n_r)
    public = {"statistic": "people per unordered pair of zones and of regions",
              "margin_of_error_95": square(c["margin"], n_r),
              "lower": flows["lower"], "upper": flows["upper"],
              "zones_consistent": square(c["zones_consistent"], n),
              "weight_direct": square(c["weight"], n_r),
              "pairs_per_region_pair": square(c["pairs"], n_r), "regions": n_r,
              "epsilon_zones": cost.parts[0].epsilon, "epsilon_regions": cost.parts[1].epsilon,
              "margin_note": MARGIN_NOTE}
    return Release(flows["values"], spent, public=public,
                   internal={"truth_regions": square(region_truth, n_r),
                             "truth_zones": square(zone_truth, n)})


MARGIN_NOTE = (f"95 % margins simulated from the public noise law ({DRAWS} draws): they cover "
               "the true people per region pair at 95 % whatever it is")


def grid_regions(centroids, size: float) -> np.ndarray:
    """Public regions from geometry alone: the ``size`` × ``size`` squares (metres, from the
    lower-left of the centroids' extent) holding each zone's centroid, numbered densely."""
    c = np.asarray(centroids, dtype=float)
    cell = np.floor((c - c.min(axis=0)) / float(size)).astype(np.int64)
    return np.unique(cell[:, 0] * (cell[:, 1].max() + 1) + cell[:, 1], return_inverse=True)[1]
