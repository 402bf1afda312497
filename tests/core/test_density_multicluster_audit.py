"""Issue 14: the EFPA composition over several clusters, audited on its worst-case neighbour.

A user of the density release (Acs & Castelluccia, §5) may visit several
clusters. EFPA perturbs each cluster's series with its own mechanisms, so
the per-cluster losses add up: their sum is ε'·Σ_E ‖d_E‖₂ / Δ, and Δ must
bound Σ_E ‖d_E‖₂ ≤ min(ℓ, √(mℓ)) (``cluster_l2_sum_bound``), not the
paper's √ℓ, which holds for one cluster only.

Worst case (here ℓ = m = n = 2): the user has one visit in each of the m
clusters, in different slots. Each cluster's change is one unit spike, whose
orthonormal DCT spreads evenly over the n = 2 coefficients (1/√2 each), so
the L1 bound ‖dF_E‖₁ ≤ √k·‖d_E‖₂ behind the Laplace scale √k·Δ/ε' is met
with equality in every cluster: the noise's loss is exactly
ε'·m/Δ = ε' with the correct Δ = 2 and √2·ε' with the paper's Δ = √ℓ.

The clusters' series have a large high-frequency coefficient, so EFPA's
private choice of k keeps all n coefficients on D and D' except with a
probability computed below (< 1e-100, used as δ). The released output is
then the Laplace stage's alone, and it is audited against the ε of the cost
part the release states for that stage. Statistic: the Laplace
log-likelihood ratio of D against D' summed over the coefficients of all
clusters, Σ_i (|z_i − F'_i| − |z_i − F_i|), whose maximum is reached when
every coefficient falls on D's side of both means (probability about 2^−4):
there the likelihood ratio is e^(total loss). That event, {statistic at its
maximum}, is fixed before sampling (D's coefficients sit on boundaries of
the snapping grid, so outputs below them are on D's side of both means).
Measured: the correct composition's estimated ratio there is e^ε (tight),
the √ℓ composition's e^(√2·ε). Replicates are rows of one
EFPA call (EFPA treats rows independently; the sensitivities are passed as
the pipeline computes them for m = 2 clusters), so the audit runs in seconds.
"""
import math

import numpy as np

from mobility_dp.dpcore.density.efpa import dct, efpa, idct, noise_rsse, tail_rsse
from mobility_dp.dpcore.density.sensitivity import cluster_l2_sum_bound, l2_sensitivity
from mobility_dp.dpcore.mechanisms.exponential_mechanism import exponential_log_probabilities
from mobility_dp.dpcore.mechanisms.snapping import snapping_parameters
from mobility_dp.dpcore.random.rng import make_rng

from ..support.dp_audit import likelihood_ratio_audit

ELL, N_SLOTS = 2, 2                      # ℓ visits per user, n slots per series
EPSILON = 4.2                            # of the EFPA call: ε/2 chooses k, ε/2 is the noise
USER = np.eye(N_SLOTS)                   # the neighbour's visits: cluster e in slot e
REPLICATES = 20000


def cluster_series(l2_sum_sensitivity):
    """D: two clusters' sums over the slots, with a large high-frequency DCT coefficient (so
    k = n is kept) and every coefficient on a boundary between two cells of the snapping
    grid, so that an output below it lies entirely on D's side of both D's and D''s means."""
    grid = snapping_parameters(math.sqrt(N_SLOTS) * l2_sum_sensitivity, EPSILON / 2)["granularity"]
    coefficients = (np.array([[3000, 1000], [3500, -1500]]) // grid + 0.5) * grid
    series = idct(coefficients)
    assert np.allclose(dct(series), coefficients, rtol=0, atol=1e-9) and (series > 0).all()
    return series


def _release(series, l2_sum_sensitivity, seed):
    """REPLICATES independent EFPA (Laplace) releases of the m cluster series."""
    rows = np.tile(series, (REPLICATES, 1))
    rel = efpa(rows, epsilon=EPSILON, rng=make_rng(seed), noise="laplace",
               l2_sensitivity=l2_sensitivity(ELL), l2_sum_sensitivity=l2_sum_sensitivity)
    return rel


def _k_below_n_probability(series, l2_sum_sensitivity):
    """P(EFPA keeps fewer than n coefficients in some cluster): the audit's δ."""
    penalty = noise_rsse(N_SLOTS, "laplace", sensitivity=l2_sum_sensitivity,
                         epsilon=EPSILON / 2)
    total = 0.0
    for tails in tail_rsse(dct(series)):
        logp = exponential_log_probabilities(-(tails + penalty), sensitivity=l2_sum_sensitivity,
                                             epsilon=EPSILON / 2)
        total += -math.expm1(logp[-1])
    return total


def _statistic(values, series_d, series_d_prime):
    """Σ over clusters and coefficients of |z − F'| − |z − F|, one value per replicate."""
    z = dct(values).reshape(REPLICATES, -1)
    f, f_prime = dct(series_d).ravel(), dct(series_d_prime).ravel()
    return np.round((np.abs(z - f_prime) - np.abs(z - f)).sum(axis=1), 9)


def _audit(l2_sum_sensitivity, seed):
    d = cluster_series(l2_sum_sensitivity)
    d_prime = d + USER
    rel = _release(d, l2_sum_sensitivity, seed)
    rel_prime = _release(d_prime, l2_sum_sensitivity, seed + 1)
    assert (rel.public["k"] == N_SLOTS).all() and (rel_prime.public["k"] == N_SLOTS).all()
    (part,) = [p for p in rel.cost.parts if p.mechanism.startswith("Laplace")]
    delta = _k_below_n_probability(d, l2_sum_sensitivity) + \
        _k_below_n_probability(d_prime, l2_sum_sensitivity)
    assert delta < 1e-100
    top = np.abs(dct(d_prime) - dct(d)).sum()  # the statistic's largest value
    result = likelihood_ratio_audit(_statistic(rel.values, d, d_prime),
                                    _statistic(rel_prime.values, d, d_prime),
                                    np.array([top - 1e-6]), part.epsilon, delta)
    return result, part


def test_the_neighbour_is_a_worst_case_user():
    """One visit per slot, ℓ visits, m clusters: Σ_E ‖d_E‖₂ = ℓ = min(ℓ, √(mℓ)) > √ℓ, and the
    DCT of each cluster's change meets ‖dF_E‖₁ = √n·‖d_E‖₂ (the Laplace scale's bound)."""
    m = USER.shape[0]
    assert USER.sum() == ELL and (USER.sum(axis=0) <= 1).all()  # ≤ 1 visit per slot
    norms = np.linalg.norm(USER, axis=1)
    assert norms.sum() == cluster_l2_sum_bound(ELL, m) > l2_sensitivity(ELL)
    assert np.allclose(np.abs(dct(USER)).sum(axis=1), math.sqrt(N_SLOTS) * norms)


def test_efpa_over_clusters_passes_its_worst_case_audit():
    result, part = _audit(cluster_l2_sum_bound(ELL, USER.shape[0]), seed=140)
    assert part.sensitivity == 2.0 and part.epsilon == EPSILON / 2
    assert result.passed, result
    assert result.epsilon_lower_bound > 0.6 * part.epsilon, result  # the test has power
    # the neighbour reaches the worst case: the estimated ratio is e^ε (the bound is tight)
    assert math.log(result.p_hat / result.q_hat) > 0.85 * part.epsilon, result


def test_paper_composition_sqrt_ell_fails_the_same_audit():
    """Negative control: Δ = √ℓ (the paper's §5.3, as if clusters were disjoint)."""
    result, part = _audit(l2_sensitivity(ELL), seed=142)
    assert part.sensitivity == math.sqrt(ELL)
    assert not result.passed, result
    assert result.epsilon_lower_bound > part.epsilon, result
