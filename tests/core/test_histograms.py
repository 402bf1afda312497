"""Chen et al.'s schemes: exact costs, the sensitivity fix, audits on neighbours, Alg. 3."""
import math

import numpy as np
import pytest
from scipy import stats

from mobility_dp.dpcore import mechanisms
from mobility_dp.dpcore.accounting.costs import PrivacyCost
from mobility_dp.dpcore.histograms import (
    METHODS,
    basic,
    consistency_postprocess,
    division_utilities,
    hybrid,
    plan_histograms,
    planned_epsilon,
    release_histograms,
    threshold,
    user_histograms,
)
from mobility_dp.dpcore.histograms.basic import release_direct
from mobility_dp.dpcore.histograms.hybrid import release_dynamic_hybrid, release_static_hybrid, utility_sensitivity
from mobility_dp.dpcore.histograms.threshold import release_threshold, threshold_scales
from mobility_dp.dpcore.random.rng import make_rng

from ..support.dp_audit import chi_square_fit, likelihood_ratio_audit

S, M = 19, 40


def counts_of(traj, n_cells):
    """Histograms (S, M) of trajectories (users, S) of cell indices."""
    traj = np.asarray(traj)
    return np.stack([np.bincount(traj[:, t], minlength=n_cells) for t in range(traj.shape[1])])


@pytest.fixture
def day():
    rng = make_rng(5)
    home = rng.integers(0, M, 60)
    work = rng.integers(0, M, 60)
    hours = np.arange(S)
    at_work = (hours >= 4) & (hours < 14)
    return counts_of(np.where(at_work[None, :], work[:, None], home[:, None]), M)


# ---------------------------------------------------------------- exact costs

def test_direct_costs_epsilon_with_sensitivity_s(day):
    rel = release_direct(day, epsilon=0.7, rng=make_rng(1))
    assert rel.cost.epsilon == pytest.approx(0.7)
    (part,) = rel.cost.parts
    assert part.sensitivity == S and part.mechanism == "discrete Laplace"
    assert rel.cost.unit_of_privacy == "user"
    assert np.issubdtype(rel.values.dtype, np.integer)


def test_threshold_spends_exactly_epsilon_by_default(day):
    rel = release_threshold(day, epsilon=1.0, rng=make_rng(2), cutoff=5, comparison_share=0.4)
    assert rel.cost.epsilon == pytest.approx(1.0)
    by = {p.mechanism: p.epsilon for p in rel.cost.parts}
    assert by["SVT threshold noise"] == pytest.approx(0.2)
    assert by["SVT query noise"] == pytest.approx(0.2)
    assert by["discrete Laplace"] == pytest.approx(0.6)
    assert len(rel.public["fresh_slots"]) <= 5 and rel.public["fresh_slots"][0] == 0


def test_paper_threshold_noise_costs_2eps1_plus_eps2():
    """Alg. 2's scales Lap(cΔ/ε₁), Lap(2cΔ/ε₁): each segment costs 2ε₁/c, so c
    segments cost 2ε₁ (the paper claims ε₁); we charge the K = c − 1 segments
    that can end in a hit."""
    eps, share, c = 1.0, 0.5, 5
    scales = threshold_scales(S, epsilon=eps, cutoff=c, comparison_share=share, paper_noise=True)
    eps1, eps2 = share * eps, (1 - share) * eps
    assert scales.threshold_scale == pytest.approx(c / eps1)
    assert scales.query_scale == pytest.approx(2 * c / eps1)
    per_segment = 1 / scales.threshold_scale + 2 / scales.query_scale
    assert c * per_segment == pytest.approx(2 * eps1)           # the 2ε₁ + ε₂ fact
    assert scales.segments == c - 1
    assert scales.epsilon == pytest.approx(2 * eps1 * (c - 1) / c + eps2)
    assert scales.epsilon > eps
    rel = release_threshold(np.zeros((S, 3), int), epsilon=eps, rng=make_rng(0), cutoff=c,
                            comparison_share=share, paper_noise=True)
    assert rel.cost.epsilon == pytest.approx(scales.epsilon)


@pytest.mark.parametrize("n_slots,cutoff", [(1, 5), (2, 5), (19, 1)])
def test_threshold_without_possible_comparison_spends_all_on_publication(n_slots, cutoff):
    rel = release_threshold(np.ones((n_slots, 4), int), epsilon=0.8, rng=make_rng(0),
                            cutoff=cutoff)
    assert [p.mechanism for p in rel.cost.parts] == ["discrete Laplace"]
    assert rel.cost.epsilon == pytest.approx(0.8)
    assert rel.public["comparisons"] == 0


def test_static_hybrid_costs_epsilon_and_uses_the_corrected_sensitivity(day):
    rel = release_static_hybrid(day, epsilon=1.0, rng=make_rng(3), division_share=0.2)
    assert rel.cost.epsilon == pytest.approx(1.0)
    expo = [p for p in rel.cost.parts if p.mechanism == "exponential"]
    assert len(expo) == 1 and expo[0].epsilon == pytest.approx(0.2)
    assert expo[0].sensitivity == pytest.approx(S * math.log(S) / math.log(12))
    t1, t2 = rel.public["division"]
    assert 0 <= t1 <= t2 < S


def test_dynamic_hybrid_charges_every_past_division_and_refuses_parallel(day):
    """Issue 25 item 1: 'parallel' charged ε while the past divisions spent ε each on the same
    people; it is refused at plan time (and by the release), naming 'sequential'."""
    past = np.stack([day, day, day])
    seq = release_dynamic_hybrid(past, day, epsilon=1.0, rng=make_rng(4), division_share=0.3)
    expo = [p for p in seq.cost.parts if p.mechanism == "exponential"]
    assert len(expo) == 3 and all(p.epsilon == pytest.approx(0.1) for p in expo)
    assert seq.cost.epsilon == pytest.approx(1.0)
    with pytest.raises(ValueError, match="'parallel' was removed.*Use 'sequential'"):
        plan_histograms("dynamic_hybrid", S, epsilon=1.0, composition="parallel")
    with pytest.raises(ValueError, match="'parallel' was removed"):
        release_dynamic_hybrid(past, day, epsilon=1.0, rng=make_rng(4),
                               composition="parallel")


def test_dynamic_division_follows_the_regression_line():
    assert hybrid.predict_division([[2, 10], [3, 11], [4, 12]]) == pytest.approx((5, 13))
    assert hybrid.predict_division([[6, 9]]) == (6.0, 9.0)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("paper_noise", [False, True])
def test_plan_bounds_the_actual_cost(day, method, paper_noise):
    kw = {} if method == "direct" else {"paper_noise": paper_noise}
    planned = planned_epsilon(method, S, epsilon=0.5, **kw)
    for seed in range(4):
        history = np.stack([day, day]) if method == "dynamic_hybrid" else None
        rel = release_histograms(day, method=method, epsilon=0.5, rng=make_rng(seed),
                                 history=history, **kw)
        assert rel.cost.epsilon == pytest.approx(planned, rel=1e-12)   # never data-dependent
        if not paper_noise:
            assert rel.cost.epsilon == pytest.approx(0.5)


def test_bad_parameters_are_refused(day):
    with pytest.raises(ValueError, match="method"):
        release_histograms(day, method="fourier", epsilon=1, rng=make_rng(0))
    with pytest.raises(ValueError, match="past day"):
        release_histograms(day, method="dynamic_hybrid", epsilon=1, rng=make_rng(0))
    with pytest.raises(ValueError, match="cutoff"):
        release_threshold(day, epsilon=1, rng=make_rng(0), cutoff=0)
    with pytest.raises(ValueError, match="non-negative"):
        release_direct(-day, epsilon=1, rng=make_rng(0))
    with pytest.raises(ValueError, match="epsilon"):
        release_direct(day, epsilon=0, rng=make_rng(0))
    with pytest.raises(ValueError, match="α"):
        division_utilities(day, alpha=1.0)


# ------------------------------------------------------ the sensitivity claim

def _paper_counterexample():
    """Two users alternating between two cells each (every d_t = 4), and a
    neighbour with a third user who moves at six of the 18 steps."""
    k, m = 2, 6
    base = np.array([[2 * u + t % 2 for t in range(S)] for u in range(k)])
    moves = [1, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1]
    extra = np.concatenate([[0], np.cumsum(moves) % 2]) + m - 2
    return counts_of(base, m), counts_of(np.vstack([base, extra]), m)


def test_paper_sensitivity_2_log_s_does_not_hold():
    d, d_prime = _paper_counterexample()
    _, u = division_utilities(d)
    _, u_prime = division_utilities(d_prime)
    paper = 2 * math.log(S) / math.log(12)
    assert np.abs(u - u_prime).max() > 6 * paper
    assert np.abs(u - u_prime).max() <= utility_sensitivity(S)


@pytest.mark.parametrize("utility", hybrid.UTILITIES)
def test_corrected_sensitivities_hold_on_random_neighbours(utility):
    rng = make_rng(11)
    worst = 0.0
    for _ in range(60):
        n, m = int(rng.integers(1, 12)), int(rng.integers(2, 6))
        traj = rng.integers(0, m, (n + 1, 8))
        _, u = division_utilities(counts_of(traj, m), utility=utility)
        _, u_prime = division_utilities(counts_of(traj[:-1], m), utility=utility)
        worst = max(worst, np.abs(u - u_prime).max())
    assert 0 < worst <= utility_sensitivity(8, utility=utility)


def test_eq7_utility_is_in_its_range(day):
    pairs, u = division_utilities(day)
    length = pairs[:, 1] - pairs[:, 0] + 1
    assert np.all(u >= 0) and np.all(u <= length * np.log(length) / np.log(12) + 1e-9)


# ----------------------------------------------- audits on neighbouring data

def _division_samples(counts, sensitivity, eps, n, rng):
    _, u = division_utilities(counts)
    logp = mechanisms.exponential_log_probabilities(u, sensitivity=sensitivity, epsilon=eps)
    return rng.choice(u.size, size=n, p=np.exp(logp))


def test_division_passes_audit_with_corrected_sensitivity_and_fails_with_the_papers():
    d, d_prime = _paper_counterexample()
    rng, eps, n = make_rng(7), 1.0, 100_000
    good = utility_sensitivity(S)
    a, b = (_division_samples(x, good, eps, n, rng) for x in (d, d_prime))
    assert likelihood_ratio_audit(a, b, "discrete", eps).passed
    paper = 2 * math.log(S) / math.log(12)
    a, b = (_division_samples(x, paper, eps, n, rng) for x in (d, d_prime))
    assert not likelihood_ratio_audit(a, b, "discrete", eps).passed  # negative control


def _neighbours():
    """D: two users; D′: one more user sitting in cell 0 at every timestamp."""
    traj = np.array([[1, 1, 2, 2], [2, 2, 2, 1]])
    return counts_of(traj, 3), counts_of(np.vstack([traj, [0, 0, 0, 0]]), 3)


def _cell0_total(release, counts, n, seed, **kw):
    rng = make_rng(seed)
    return np.array([release(counts, rng=rng, **kw).values[:, 0].sum() for _ in range(n)])


def test_direct_passes_audit_and_per_timestamp_budget_fails():
    d, d_prime = _neighbours()
    eps, n = 1.0, 6000
    a = _cell0_total(release_direct, d, n, 1, epsilon=eps)
    b = _cell0_total(release_direct, d_prime, n, 2, epsilon=eps)
    assert likelihood_ratio_audit(a, b, np.arange(-30, 31) + 0.5, eps).passed

    def broken(counts, *, rng, epsilon):  # ε per timestamp instead of ε/S
        return basic.perturb(counts, sensitivity=1, epsilon=epsilon, noise="discrete_laplace",
                             rng=rng)
    a = _cell0_total(broken, d, n, 1, epsilon=eps)
    b = _cell0_total(broken, d_prime, n, 2, epsilon=eps)
    assert not likelihood_ratio_audit(a, b, np.arange(-30, 31) + 0.5, eps).passed


def _threshold_outputs(counts, n, seed, **kw):
    rng = make_rng(seed)
    rows = []
    for _ in range(n):
        rel = release_threshold(counts, rng=rng, **kw)
        fresh = sum(1 << s for s in rel.public["fresh_slots"])
        rows.append((fresh, int(np.clip(rel.values[:, 0].sum(), -12, 12))))
    return np.array(rows)


def test_threshold_passes_audit_and_underscaled_publication_fails(monkeypatch):
    d, d_prime = _neighbours()
    kw = dict(epsilon=2.0, cutoff=3, threshold=-2.0, comparison_share=0.5)
    a = _threshold_outputs(d, 3000, 1, **kw)
    b = _threshold_outputs(d_prime, 3000, 2, **kw)
    assert likelihood_ratio_audit(a, b, "discrete", 2.0).passed
    # negative control: fresh histograms noised at 10× their budget, claimed at the same ε
    real = basic.perturb

    def uncut(values, *, epsilon, **other):
        rel = real(values, epsilon=epsilon * 10, **other)
        rel.cost = PrivacyCost.of("discrete Laplace", epsilon, sensitivity=1)
        return rel
    monkeypatch.setattr(threshold, "perturb", uncut)
    a = _threshold_outputs(d, 3000, 1, **kw)
    b = _threshold_outputs(d_prime, 3000, 2, **kw)
    assert not likelihood_ratio_audit(a, b, "discrete", 2.0).passed


def _hybrid_cell0(counts, n, seed, **kw):
    """Cell 0's total over the released day interval (a function of the output)."""
    rng = make_rng(seed)
    out = []
    for _ in range(n):
        rel = release_static_hybrid(counts, rng=rng, **kw)
        t1, t2 = rel.public["division"]
        out.append(int(np.clip(rel.values[t1:t2 + 1, 0].sum(), -15, 15)))
    return np.array(out)


def test_static_hybrid_passes_audit_and_overspending_day_fails(monkeypatch):
    d, d_prime = _neighbours()
    kw = dict(epsilon=2.0, cutoff=2, threshold=-2.0)
    a, b = _hybrid_cell0(d, 1200, 1, **kw), _hybrid_cell0(d_prime, 1200, 2, **kw)
    assert likelihood_ratio_audit(a, b, np.arange(-15, 16) - 0.5, 2.0).passed
    # negative control: the day part noised at 10× its budget, claimed at the same ε
    real = hybrid.release_direct

    def overspent(counts, *, epsilon, **other):
        rel = real(counts, epsilon=epsilon * 10, **other)
        rel.cost = PrivacyCost.of("discrete Laplace", epsilon, sensitivity=len(counts))
        return rel
    monkeypatch.setattr(hybrid, "release_direct", overspent)
    a, b = _hybrid_cell0(d, 1200, 1, **kw), _hybrid_cell0(d_prime, 1200, 2, **kw)
    assert not likelihood_ratio_audit(a, b, np.arange(-15, 16) - 0.5, 2.0).passed


# ------------------------------------------------------------ post-processing

def test_postprocessing_keeps_totals_non_negative_integers():
    rng = make_rng(3)
    noisy = rng.normal(2, 5, (S, 200))
    out = consistency_postprocess(noisy, rng=rng)
    assert np.issubdtype(out.dtype, np.integer) and out.min() >= 0
    totals = np.rint(noisy).sum(axis=1)
    assert np.array_equal(out.sum(axis=1), np.where(totals > 0, totals, 0))
    assert np.array_equal(consistency_postprocess([-3.0, -1.2, 2.0], rng=rng), [0, 0, 0])


def _alg3_literal(row, rng):
    """Alg. 3 as printed, one unit at a time."""
    row = np.rint(row).astype(int)
    cnt = -row[row < 0].sum()
    row[row < 0] = 0
    while cnt > 0 and row.sum() > 0:
        j = rng.integers(row.size)
        if row[j] > 0:
            row[j] -= 1
            cnt -= 1
    return row


def test_postprocessing_has_the_distribution_of_alg3():
    noisy = np.array([3.2, -2.0, 1.0, 0.4, 2.0, -1.0])
    rng = make_rng(9)
    def code(r):
        return int(r[0] * 16 + r[2] * 4 + r[4])   # the three positive cells
    literal = np.array([code(_alg3_literal(noisy, rng)) for _ in range(8000)])
    ours = np.array([code(consistency_postprocess(noisy, rng=rng)) for _ in range(8000)])
    values, counts = np.unique(literal, return_counts=True)
    assert chi_square_fit(ours, values, counts / counts.sum()).passed


def test_postprocessing_lowers_the_error(day):
    rng = make_rng(8)
    raw = release_direct(day, epsilon=0.5, rng=rng, noise="laplace").values
    post = consistency_postprocess(raw, rng=rng)
    assert np.abs(post - day).mean() < np.abs(raw - day).mean()


# ------------------------------------------------------------------------ data

def test_user_histograms_count_each_user_once_per_slot():
    user = np.array([1, 1, 1, 2, 2, 3])
    cell = np.array([0, 1, 1, 1, 1, 9])          # user 3's cell is outside the 3 cells
    time = np.array([10, 20, 4000, 30, 40, 50.0])
    h, facts = user_histograms(user, cell, time, n_cells=3, rng=make_rng(0), n_slots=2)
    assert h.shape == (2, 3)
    assert h[0].sum() == 2 and h[1].tolist() == [0, 1, 0]
    assert facts["dropped"]["unknown_tower"] == 1
    picks = [user_histograms(user[:2], cell[:2], time[:2], n_cells=3, rng=make_rng(s),
                             n_slots=1)[0][0, 0] for s in range(400)]
    assert stats.binomtest(int(np.sum(picks)), 400, 0.5).pvalue > 1e-3


def test_the_plan_keeps_only_the_parameters_its_scheme_reads():
    """The glue passes every scheme parameter; the plan keeps the ones its scheme reads
    (direct: the noise only), so a removed option of another scheme is not refused."""
    every = dict(noise="laplace", cutoff=3, threshold=1.0, comparison_share=0.5,
                 paper_noise=False, division_share=0.2, alpha=12.0, utility="eq7",
                 composition="parallel")
    direct = plan_histograms("direct", S, epsilon=1.0, **every)
    assert direct.params == {"noise": "laplace"}
    assert direct.cost.epsilon == pytest.approx(1.0)
    threshold = plan_histograms("threshold", S, epsilon=1.0, **every)
    assert set(threshold.params) == {"noise", "cutoff", "threshold", "comparison_share",
                                     "paper_noise"}
    with pytest.raises(ValueError, match="'parallel' was removed"):
        plan_histograms("dynamic_hybrid", S, epsilon=1.0, **every)
