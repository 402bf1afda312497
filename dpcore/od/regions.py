"""People per pair of zones and of coarser public regions, consistent by least squares
(multi-resolution outputs).

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

Margins: the noise of T_B is w·Z_B + (1 − w)·ΣZ_ij, a law known from public facts alone
(ε, s, k_B); its 95 % margin is computed exactly from that law (:func:`combined_margin`: the
discrete Laplace pmf of Z_B, the k-fold convolution of the zone noise through its
characteristic function, the smallest h whose probability reaches 95 % by bisection; exact
up to the 10⁻¹² of mass left off the grids, which only widens h). The interval
[max(0, T_B − h), T_B + h] covers the true count with probability ≥ 95 % whatever it is
(tested per stratum); when a noisy trip scale multiplies it, the count's level is 96 % and the
scale's interval is multiplied in (:mod:`.intervals`).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from ..accounting.units import PrivacyUnit
from ..mechanisms.geometric import discrete_laplace, discrete_laplace_alpha
from ..mechanisms.limits import check_representable
from ..random.sampling import sampling_stream
from ..reporting.progress import report_progress
from .intervals import scaled_interval, shrunk_interval
from .noise import LEVEL, MAX_GRID_HALF
from .people import UNIT, main_pairs
from .shrink import noise_variance
from .trip_arrays import ZonedTrips


def _check(epsilon, region_share):
    epsilon = check_epsilon(epsilon)
    share = float(region_share)
    if not 0.0 < share < 1.0:
        raise ValueError(f"the share of ε for the regions must be in (0, 1), got {share}")
    return epsilon, share


def people_regions_cost(*, epsilon: float, region_share: float = 0.2) -> PrivacyCost:
    """The cost of :func:`release_people_regions`: zone pairs, then region pairs."""
    epsilon, share = _check(epsilon, region_share)
    for eps, what in ((epsilon * (1 - share), "zone"), (epsilon * share, "region")):
        check_representable(eps, 1.0, f"people per {what} pair (sensitivity 1)")
    return (PrivacyCost.of("discrete Laplace", epsilon * (1 - share), sensitivity=1,
                          protects=UNIT, unit_of_privacy=PrivacyUnit.USER,
                          note="people per unordered zone pair, each user once") +
        PrivacyCost.of("discrete Laplace", epsilon * share, sensitivity=1, protects=UNIT,
                       unit_of_privacy=PrivacyUnit.USER,
                       note="people per unordered region pair, each user once"))


def check_regions(regions, n_zones: int) -> np.ndarray:
    r = np.asarray(regions)
    if (r.shape != (int(n_zones),) or not np.issubdtype(r.dtype, np.integer) or
            (r.size and r.min() < 0)):
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


TAIL = 1e-13   # mass a noise's grid may leave off


def _dlap_pmf(alpha: float):
    """(offset, pmf) of the discrete Laplace law of ratio ``alpha`` on its integer grid."""
    if alpha <= 0.0:
        return 0, np.ones(1)
    half = int(np.ceil(np.log(TAIL * (1 - alpha)) / np.log(alpha)))
    z = np.arange(-half, half + 1)
    return half, (1 - alpha) / (1 + alpha) * np.power(alpha, np.abs(z))


def _summed_half(alpha: float, k: int) -> int:
    """L with P(|sum of k discrete Laplace noises| > L) < :data:`TAIL`, by the Chernoff bound
    2·exp(−λL)·M(λ)^k, M(λ) = (1 − α)² / ((1 − αe^λ)(1 − αe^−λ)), minimised over λ."""
    lam = np.linspace(0.0, -np.log(alpha), 402)[1:-1]
    log_m = (2 * np.log1p(-alpha) - np.log1p(-alpha * np.exp(lam)) -
        np.log1p(-alpha * np.exp(-lam)))
    return int(np.ceil(np.min((np.log(2.0 / TAIL) + k * log_m) / lam)))


def _summed_cdf(alpha: float, k: int):
    """(offset, cdf) of the sum of ``k`` discrete Laplace noises on the integer grid
    [−L, L) (:func:`_summed_half`), by the inverse DFT of the k-th power of the
    characteristic function (1 − α)² / (1 − 2α cos t + α²)."""
    if alpha <= 0.0 or k == 0:
        return 0, np.ones(1)
    half = _summed_half(alpha, k)
    if half > MAX_GRID_HALF:
        raise ValueError("the noise of the zone pairs summed over a region pair is too wide "
                         "for an exact margin of error: raise ε or use larger zones")
    size = 1 << int(np.ceil(np.log2(2 * half + 2)))
    t = 2 * np.pi * np.fft.fftfreq(size)
    pmf = np.fft.ifft(((1 - alpha) ** 2 / (1 - 2 * alpha * np.cos(t) + alpha ** 2)) ** k).real
    return size // 2, np.cumsum(np.clip(np.fft.fftshift(pmf), 0.0, None))


def combined_margin(k: int, alpha_zone: float, alpha_region: float, weight: float,
                    level: float = LEVEL) -> float:
    """Smallest h with P(|w·Z_B + (1 − w)·(sum of k zone noises)| ≤ h) ≥ ``level``, from the
    exact laws (module doc); h is found by bisection to 10⁻⁹ and rounded up."""
    w = float(weight)
    z_off, z_pmf = _dlap_pmf(alpha_region)
    a = w * (np.arange(z_pmf.size) - z_off)
    s_off, s_cdf = _summed_cdf(alpha_zone, int(k))
    s_cdf = np.r_[0.0, s_cdf]                   # s_cdf[i + 1] = P(S ≤ i − s_off)

    def inside(h):
        if w >= 1.0 or s_cdf.size == 2:         # the region's noise alone (or S ≡ 0)
            return float(z_pmf[np.abs(a) <= h].sum())
        lo = np.ceil((-h - a) / (1 - w) - 1e-12) + s_off
        hi = np.floor((h - a) / (1 - w) + 1e-12) + s_off
        top = s_cdf.size - 2
        p = (s_cdf[np.clip(hi, -1, top).astype(np.int64) + 1] -
            s_cdf[np.clip(lo - 1, -1, top).astype(np.int64) + 1])
        return float(z_pmf @ p)

    target = level - 1e-12
    low, high = 0.0, 1.0
    while inside(high) < target:
        high *= 2.0
    if inside(low) >= target:
        return 0.0
    while high - low > 1e-9 * max(high, 1.0):
        mid = (low + high) / 2.0
        low, high = (low, mid) if inside(mid) >= target else (mid, high)
    return float(high)


def measure_regions(zoned: ZonedTrips, *, rng: np.random.Generator, epsilon: float,
                    regions, region_share: float = 0.2, progress=None, ties=None):
    """The two measurements alone: (cost spent, noisy zone values, noisy region values,
    true zone counts, true region counts, R), values in :func:`_upper` order; main-pair ties
    drawn from ``ties`` (default: the sampling stream of ``rng`` as it is now)."""
    cost = people_regions_cost(epsilon=epsilon, region_share=region_share)
    n = zoned.n_zones
    regions = check_regions(regions, n)
    n_r = int(regions.max()) + 1 if regions.size else 0
    _, keys, _ = main_pairs(zoned, directed=False,
                            rng=sampling_stream(rng) if ties is None else ties)
    zone_truth = np.bincount(keys, minlength=n * n)[_upper(n)]
    a, b = regions[keys // n], regions[keys % n]
    region_truth = np.bincount(np.minimum(a, b) * n_r + np.maximum(a, b),
                               minlength=n_r * n_r)[_upper(n_r)]
    spent, noisy = PrivacyCost(), []
    for part, truth in zip(cost.parts, (zone_truth, region_truth)):
        rel = discrete_laplace(truth, sensitivity=1, epsilon=part.epsilon, rng=rng,
                               protects=UNIT)
        spent = spent + PrivacyCost(tuple(replace(p, note=part.note, unit_of_privacy=PrivacyUnit.USER)
                                          for p in rel.cost.parts))
        noisy.append(np.asarray(rel.values, dtype=float))
        report_progress(progress, 0.4 * len(noisy))
    return spent, noisy[0], noisy[1], zone_truth, region_truth, n_r


def combine(y_zone, y_region, regions, n_regions: int, epsilon_zones: float,
            epsilon_regions: float, level: float = LEVEL) -> dict:
    """The least-squares reconstruction of the module doc from the two noisy vectors
    (:func:`_upper` order): per region pair (upper order) ``combined`` (unclipped), ``margin``
    (at ``level``), ``weight`` (w), ``pairs`` (k_B); ``zones_consistent`` (zone pairs, upper
    order)."""
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
        int(kk), alpha_z, alpha_r, float(ww), level)) for kk, ww in zip(k, w)])
    per_block = np.zeros(n_regions ** 2)
    per_block[region_index] = np.where(k > 0, (combined - summed) / np.maximum(k, 1), 0.0)
    return {"combined": combined, "margin": h, "weight": w, "pairs": k,
            "zones_consistent": np.asarray(y_zone, dtype=float) + per_block[block]}


def region_flows(c: dict, n_regions: int, scale: float = 1.0, scale_range=None) -> dict:
    """R × R ``values``, ``lower``, ``upper`` (upper triangle and diagonal) of a
    :func:`combine` result times ``scale`` (its interval ``scale_range``, default the scale
    itself: :func:`.intervals.scaled_interval`): values clipped at 0, intervals holding them
    (:func:`.intervals.shrunk_interval`: an upper end below 0 is raised to the value 0)."""
    combined, margin = c["combined"], c["margin"]
    value = np.clip(combined, 0.0, None)
    lower, upper = scaled_interval(*(square(v, n_regions) for v in shrunk_interval(
        value, combined, margin)), scale_range or (scale, scale))
    return {"values": square(value, n_regions) * scale, "lower": lower, "upper": upper}


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
    cost = people_regions_cost(epsilon=epsilon, region_share=region_share)
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


MARGIN_NOTE = ("95 % margins computed exactly from the public noise law: they cover the true "
               "people per region pair at 95 % whatever it is")


def grid_regions(centroids, size: float) -> np.ndarray:
    """Public regions from geometry alone: the ``size`` × ``size`` squares (metres, from the
    lower-left of the centroids' extent) holding each zone's centroid, numbered densely."""
    c = np.asarray(centroids, dtype=float)
    cell = np.floor((c - c.min(axis=0)) / float(size)).astype(np.int64)
    return np.unique(cell[:, 0] * (cell[:, 1].max() + 1) + cell[:, 1], return_inverse=True)[1]
