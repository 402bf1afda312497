"""dpcore.counts.noisycounts (the noisycounts release) and dpcore.reporting.report."""
import math

import numpy as np
import pytest

from mobility_dp.dpcore.accounting.costs import PrivacyCost
from mobility_dp.dpcore.counts.noisycounts import plan_noisy_counts, release_noisy_counts, sensitivities
from mobility_dp.dpcore.random.rng import make_rng
from mobility_dp.dpcore.reporting.report import SEEDED_BANNER, internal_report, publishable_report

from ..support.dp_audit import snapped_laplace_law


def test_sensitivities():
    assert sensitivities(1, 1) == (1, 1.0)
    assert sensitivities(4, 3) == (12, 6.0)
    with pytest.raises(ValueError):
        sensitivities(0, 1)


@pytest.mark.parametrize("mechanism, delta, eps_cost, delta_cost", [
    ("discrete_laplace", 0.0, 0.7, 0.0),
    ("laplace", 0.0, 0.7, 0.0),
    ("gaussian_analytic", 1e-5, 0.7, 1e-5),
    ("gaussian_classic", 1e-5, 0.7, 1e-5),
])
def test_cost_matches_mechanism(mechanism, delta, eps_cost, delta_cost):
    r = release_noisy_counts(np.arange(100), epsilon=0.7, delta=delta, rng=make_rng(1),
                             mechanism=mechanism, cells_per_person=3, max_change=2)
    assert len(r.cost.parts) == 1
    assert r.cost.epsilon == pytest.approx(eps_cost)
    assert r.cost.delta == pytest.approx(delta_cost)
    expected_sensitivity = 6 if "laplace" in mechanism else math.sqrt(3) * 2
    assert r.cost.parts[0].sensitivity == pytest.approx(expected_sensitivity)
    assert r.cost.unit == "ε" and r.cost.unit_of_privacy == "individual"
    plan = plan_noisy_counts(epsilon=0.7, delta=1e-5, mechanism=mechanism,
                             cells_per_person=3, max_change=2)     # δ given, Laplace spends 0
    assert (plan.cost.epsilon, plan.cost.delta, plan.cost.parts[0].mechanism) == \
        (r.cost.epsilon, r.cost.delta, r.cost.parts[0].mechanism)
    assert set(r.public) >= {"noise_std", "zones"} and r.internal == {}


def test_the_plan_releases_with_its_bound_parameters():
    """The plan's release is the release function with the plan's parameters: the same noise
    from the same seed, post-processing included; another parameter gives other values."""
    counts = np.arange(50)
    plan = plan_noisy_counts(epsilon=0.5, mechanism="laplace", cells_per_person=2,
                             round_output=False, non_negative=True, zones=50)
    assert plan.unit_of_privacy == "individual" and plan.streams == 1
    r = plan.release(counts, rng=make_rng(4))
    direct = release_noisy_counts(counts, epsilon=0.5, mechanism="laplace", rng=make_rng(4),
                                  cells_per_person=2, round_output=False, non_negative=True)
    assert np.array_equal(r.values, direct.values) and r.cost.epsilon == plan.cost.epsilon
    assert r.values.min() >= 0 and r.values.dtype.kind == "f"
    other = plan_noisy_counts(epsilon=0.5, mechanism="laplace", cells_per_person=2)
    assert not np.array_equal(other.release(counts, rng=make_rng(4)).values, r.values)


def test_plan_refuses_before_noise():
    with pytest.raises(ValueError, match="delta > 0"):
        plan_noisy_counts(epsilon=0.5, mechanism="gaussian_analytic")
    with pytest.raises(ValueError):
        plan_noisy_counts(epsilon=2.0, delta=1e-6, mechanism="gaussian_classic")
    with pytest.raises(ValueError, match="unknown mechanism"):
        plan_noisy_counts(epsilon=0.5, mechanism="gaussian")


def test_noise_scale_follows_sensitivity():
    """Laplace noise with L1 = m·c: empirical std ≈ √2·m·c/ε; a wrong scale would fail."""
    x = np.zeros(200_000, dtype=int)
    r = release_noisy_counts(x, epsilon=0.5, rng=make_rng(2), mechanism="laplace",
                             cells_per_person=2, max_change=3, round_output=False)
    values, probs = snapped_laplace_law(sensitivity=6, epsilon=0.5)  # Laplace snapped to its grid
    assert np.std(r.values) == pytest.approx(math.sqrt(np.sum(values ** 2 * probs)), rel=0.02)
    assert np.std(r.values) != pytest.approx(math.sqrt(2) * 3 / 0.5, rel=0.1)


def test_post_processing():
    r = release_noisy_counts(np.zeros(1000, int), epsilon=0.2, rng=make_rng(3),
                             mechanism="laplace", non_negative=True)
    assert r.values.dtype.kind == "i" and r.values.min() >= 0 and r.values.max() > 0
    r = release_noisy_counts(np.zeros(10, int), epsilon=0.2, rng=make_rng(3),
                             mechanism="gaussian_analytic", delta=1e-6, round_output=False)
    assert r.values.dtype.kind == "f"


@pytest.mark.parametrize("counts, message", [
    ([], "empty"), ([1.5], "fractional"), ([np.nan], "missing"), ([-1], "non-negative")])
def test_bad_counts(counts, message):
    with pytest.raises(ValueError, match=message):
        release_noisy_counts(counts, epsilon=1, rng=make_rng(0))


def test_bad_parameters():
    with pytest.raises(ValueError, match="epsilon"):
        release_noisy_counts([1], epsilon=0, rng=make_rng(0))
    with pytest.raises(ValueError, match="delta > 0"):
        release_noisy_counts([1], epsilon=1, rng=make_rng(0), mechanism="gaussian_analytic")
    with pytest.raises(ValueError, match="unknown mechanism"):
        release_noisy_counts([1], epsilon=1, rng=make_rng(0), mechanism="median")


def test_report_contents():
    cost = PrivacyCost.of("Laplace", 0.25, protects="one <user>") + PrivacyCost.of(
        "Gaussian (analytic)", 0.25, 1e-6)
    common = dict(title="T", algorithm_id="mobilitydp:x", unit_of_privacy="one user", cost=cost,
                  parameters=[("epsilon", 0.5)], seeded=True)
    text = publishable_report(warnings=["careful"], **common)
    assert SEEDED_BANNER in text
    assert "ε = 0.5" in text and "δ = 1e-06" in text
    assert "one &lt;user&gt;" in text  # escaped
    assert "careful" in text and "MRE" not in text
    internal = internal_report(sections=[("Utility", "<p>MRE</p>")], **common)
    assert "do not publish" in internal and "MRE" in internal
    unseeded = publishable_report(title="T", algorithm_id="a", unit_of_privacy="u", cost=cost,
                                  parameters=[], seeded=False)
    assert SEEDED_BANNER not in unseeded


def test_analysis_report_makes_no_dp_claim():
    from mobility_dp.dpcore.reporting.report import analysis_report
    text = analysis_report(title="Cells", algorithm_id="mobilitydp:v", privacy_note="Seeds leak.",
                           parameters=[("towers", 3)], sections=[("Figures", "<p>|A| = 3</p>")])
    assert "no differential-privacy guarantee" in text and "Seeds leak." in text
    assert "satisfies" not in text and "|A| = 3" in text and "towers" in text
