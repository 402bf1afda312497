"""Exact sampling (issue 25, item 6): decision logic on scripted bits, bounds, fits, regressions."""
import decimal
import math

import numpy as np
import pytest

from mobility_dp.dpcore import mechanisms as mech
from mobility_dp.dpcore.geoind.grid import Grid
from mobility_dp.dpcore.geoind.grid_channels import make_channel
from mobility_dp.dpcore.mechanisms.exact_sampling import (
    EXP_MARGIN,
    ExactCategorical,
    ExpWeights,
    Term,
    bernoulli_decide,
    bernoulli_thresholds,
    random_words,
    refine_bernoulli,
)
from mobility_dp.dpcore.random.rng import make_rng
from mobility_dp.dpcore.random.urandom_words import UrandomBitGenerator

from ..support.dp_audit import chi_square_fit

ONES = 2 ** 64 - 1


def bernoulli_exp(weights: ExpWeights, rng) -> np.ndarray:
    """One exact Bernoulli(w_i) per weight (w_i = e^{−γ_i} ≤ 1, counts 1), from the primitives
    the exact samplers use."""
    a, c = bernoulli_thresholds(weights)
    return bernoulli_decide(random_words(rng, weights.n), a, c,
                            lambda i, word: refine_bernoulli(weights, i, word, rng))


class ScriptedBits(UrandomBitGenerator):
    """A numpy bit generator serving the given 64-bit words, then ``then`` forever."""

    def __init__(self, words, then=0):
        super().__init__()
        self.words, self.then, self.used = [int(w) for w in words], int(then), 0

    def _next(self) -> int:
        self.used += 1
        return self.words.pop(0) if self.words else self.then

    def random_raw(self, size=None, output=True):
        n = 1 if size is None else int(size)
        return np.array([self._next() for _ in range(n)], dtype=np.uint64)


def scripted(words, then=0):
    return np.random.Generator(ScriptedBits(words, then))


def exact(x, precision=200):
    """The value of the callable ``x`` evaluated with 200-digit Decimals (reference values)."""
    with decimal.localcontext(decimal.Context(prec=precision)):
        return x()


def prefix(value, nbits):
    """floor(value·2^nbits) for a Decimal in [0, 1), exactly."""
    return int(exact(lambda: value * 2 ** nbits))


# --------------------------------------------------------------------------
# Decision logic on scripted bits
# --------------------------------------------------------------------------

def test_bernoulli_decides_fast_and_refines_inside_the_gap():
    gamma = 0.75
    p = exact(lambda: (-decimal.Decimal(gamma)).exp())
    edge = prefix(p, 64)                          # the 64-bit prefix holding p
    def weights():
        return ExpWeights([Term((gamma,), np.ones(1))])
    for first, expected, words_used in [(edge - 2 ** 20, True, 1), (edge + 2 ** 20, False, 1)]:
        bits = ScriptedBits([first])
        assert bernoulli_exp(weights(), np.random.Generator(bits))[0] == expected
        assert bits.used == words_used
    # The prefix holding p itself is undecidable on 64 bits: the next word decides, exactly.
    for low, expected in [(0, True), (ONES, False)]:
        word = prefix(p, 128) - edge * 2 ** 64
        low = word - 2 ** 30 if low == 0 else word + 2 ** 30
        bits = ScriptedBits([edge, low])
        assert bernoulli_exp(weights(), np.random.Generator(bits))[0] == expected
        assert bits.used == 2


def test_probability_one_and_dyadic_boundaries_are_decided_exactly():
    # e^0 = 1: even the largest prefix succeeds.
    assert bernoulli_exp(ExpWeights([Term((1.0,), np.zeros(1))]), scripted([ONES], ONES))[0]
    # Two equal weights: F = 1/2 exactly; a uniform starting at 1/2 is outcome 1, below it 0.
    halves = ExactCategorical(ExpWeights([Term((1.0,), np.zeros(2))]))
    assert halves.sample(1, scripted([2 ** 63]))[0] == 1
    assert halves.sample(1, scripted([2 ** 63 - 1], ONES))[0] == 0


def test_categorical_draw_in_the_gap_is_refined_to_the_exact_answer():
    gammas = np.array([0.0, 1.0, 2.5])
    cat = ExactCategorical(ExpWeights([Term((1.0,), gammas)], counts=[1, 2, 1]))
    w = [exact(lambda c=c, g=g: c * (-decimal.Decimal(g)).exp()) for c, g in zip((1, 2, 1), gammas)]
    f0 = exact(lambda: w[0] / sum(w))
    word = prefix(f0, 128)
    for tail, expected in [(-2 ** 30, 0), (2 ** 30, 1)]:
        bits = ScriptedBits([(word + tail) >> 64, (word + tail) & ONES])
        assert cat.sample(1, np.random.Generator(bits))[0] == expected
        assert bits.used == 2
    assert cat.refinements == 2
    assert cat.sample(1, scripted([0]))[0] == 0 and cat.sample(1, scripted([ONES], ONES))[0] == 2


# --------------------------------------------------------------------------
# Bounds
# --------------------------------------------------------------------------

def test_tiny_probabilities_keep_their_exact_value_in_the_bounds():
    """e^−69.08 ≈ 1e-30 relative: never 0, never a multiple of 2^−53, bounds tight."""
    weights = ExpWeights([Term((69.0776,), np.array([0.0, 1.0]))])
    lo, hi = weights.float_bounds()
    true = exact(lambda: (-decimal.Decimal(69.0776)).exp())
    assert 0 < lo[1] <= true <= hi[1] and hi[1] / lo[1] - 1 < 4 * EXP_MARGIN
    assert lo[1] < 2.0 ** -53 and hi[1] < 2.0 ** -53
    # Beyond doubles (e^−10^6) the fast bound is [0, 2^−980]; the exact one is positive.
    far = ExpWeights([Term((1e6,), np.ones(1))])
    assert far.float_bounds()[0][0] == 0 and 0 < far.float_bounds()[1][0] <= 2.0 ** -980
    ctx = [decimal.Context(prec=30, rounding=r, Emin=decimal.MIN_EMIN, Emax=decimal.MAX_EMAX)
           for r in (decimal.ROUND_FLOOR, decimal.ROUND_CEILING)]
    d_lo, d_hi = far.decimal_bounds(0, *ctx)
    assert 0 < d_lo < d_hi and d_hi / d_lo - 1 < decimal.Decimal("1e-25")


@pytest.mark.parametrize("f,reference", [
    (lambda x: np.exp(-x), lambda d: (-d).exp()),
    (lambda x: -np.expm1(-x), lambda d: 1 - (-d).exp())])
def test_numpy_exp_is_far_inside_the_assumed_margin(f, reference):
    """The fast paths' one assumption: numpy's exp, expm1 (and log, below) within 2^−40 relative."""
    rng = make_rng(3)
    x = np.concatenate((rng.uniform(0, 700, 3000), rng.uniform(0, 1, 1000), 10.0 ** -rng.uniform(
        0, 12, 1000), [0.5, 1.0, 40.0]))
    with decimal.localcontext(decimal.Context(prec=60)):
        worst = max(abs(float(decimal.Decimal(float(e)) / reference(decimal.Decimal(float(g)))) - 1)
                    for g, e in zip(x, f(x)))
    assert worst < 2.0 ** -50 and worst < EXP_MARGIN / 1000


def test_numpy_log_is_far_inside_the_assumed_margin():
    """Uniforms as the discretised Laplace sampler meets them: near 0, anywhere, just below 1."""
    rng = make_rng(4)
    u = np.concatenate((rng.uniform(0, 1, 2000), 2.0 ** -rng.uniform(1, 64, 1000),
                        1.0 - rng.integers(1, 2 ** 20, 1000) * 2.0 ** -53))
    with decimal.localcontext(decimal.Context(prec=60)):
        worst = max(abs(float(decimal.Decimal(float(lg)) / decimal.Decimal(float(x)).ln()) - 1)
                    for x, lg in zip(u, np.log(u)))
    assert worst < 2.0 ** -50 and worst < EXP_MARGIN / 1000


# --------------------------------------------------------------------------
# Fits, with a negative control
# --------------------------------------------------------------------------

GAMMAS = np.array([0.0, 0.3, 0.9, 1.7, 2.2, 4.0])
COUNTS = [1, 3, 1, 2, 5, 1]


def _probabilities(gammas, counts):
    w = np.array(counts) * np.exp(-gammas)
    return w / w.sum()


def test_categorical_fits_its_exact_law_and_a_shifted_weight_fails():
    cat = ExactCategorical(ExpWeights([Term((1.0,), GAMMAS)], counts=COUNTS))
    sample = cat.sample(400_000, make_rng(5))
    assert chi_square_fit(sample, np.arange(6), _probabilities(GAMMAS, COUNTS)).passed
    shifted = GAMMAS + np.where(np.arange(6) == 3, 0.03, 0.0)     # one weight 3 % too small
    broken = ExactCategorical(ExpWeights([Term((1.0,), shifted)], counts=COUNTS))
    sample = broken.sample(400_000, make_rng(5))
    assert not chi_square_fit(sample, np.arange(6), _probabilities(GAMMAS, COUNTS)).passed


def test_bernoulli_fits_and_secure_generator_works(seeded_urandom):
    for rng in (make_rng(6), make_rng(None)):
        hits = bernoulli_exp(ExpWeights([Term((0.7,), np.ones(200_000))]), rng)
        assert chi_square_fit(hits.astype(int), [1], [math.exp(-0.7)]).passed


def test_lattice_offsets_fit_the_geometric_kernel():
    from mobility_dp.dpcore.geoind.lattice import LatticeGeometric
    lattice = LatticeGeometric(0.004, 150.0)                      # a = 0.6 per cell
    t, u = lattice.offsets(200_000, make_rng(7))
    r = np.arange(-12, 13)
    w = np.exp(-0.6 * np.hypot(r[:, None], r[None, :]))
    total = sum(math.exp(-0.6 * math.hypot(i, j)) for i in range(-80, 81) for j in range(-80, 81))
    inside = (np.abs(t) <= 12) & (np.abs(u) <= 12)
    codes = np.where(inside, (t + 12) * 25 + (u + 12), -1)
    assert chi_square_fit(codes, np.arange(25 * 25), (w / total).ravel()).passed
    wrong = (w ** 1.05 / (w ** 1.05).sum() * (w.sum() / total)).ravel()   # ε 5 % too large
    assert not chi_square_fit(codes, np.arange(25 * 25), wrong).passed


# --------------------------------------------------------------------------
# Item 6 regressions: each fails on the float samplers
# --------------------------------------------------------------------------

def test_krr_keeps_when_the_uniform_is_below_the_exact_keep_probability():
    """U = the double keep (rounded down) lies below the true keep: k-RR must keep.

    The float sampler compared ``random() >= keep`` and flipped.
    """
    k, eps = 3, 1.3
    true_keep = exact(lambda: 1 / (1 + (k - 1) * (-decimal.Decimal(eps)).exp()))
    double_keep = mech.krr_keep_probability(k, eps)
    assert decimal.Decimal(double_keep) < true_keep               # this ε rounds keep down
    word = int(double_keep * 2.0 ** 64)                           # U = double_keep exactly
    out = mech.krr(np.zeros(1, dtype=np.int64), k=k, epsilon=eps, rng=scripted([word], 7))
    assert out.values[0] == 0


def test_exponential_can_pick_a_candidate_forty_nats_down():
    """P(pick the low candidate) = e^−40/(1 + e^−40) > 0; Gumbel-max on doubles made it 0."""
    out = mech.exponential([0.0, -80.0], sensitivity=1.0, epsilon=1.0, rng=scripted([ONES], ONES))
    assert out.values == 1


def test_geometric_grid_reaches_offsets_beyond_the_former_window():
    """The float sampler inverted a CDF over a window |t| ≤ m (14 cells here): P = 0 beyond."""
    grid = Grid(0.0, 0.0, 150.0, 7, 5)
    channel = make_channel("geometric", grid, 0.05)               # a = 7.5 per cell, block L = 2
    assert channel.my == 14
    # G₁: offset 0 in its block, then 8 uniforms at 0 skip 8 blocks (16 cells) and one at the
    # top stops; G₂ and u's two geometrics: 0 and no skip; the acceptance uniform 0 accepts.
    t, u = channel._offsets(1, scripted([0] * 9 + [ONES] + [0, ONES] * 3, 0))
    assert (t[0], u[0]) == (16, 0)


def test_geometric_samples_at_large_epsilon():
    """ε·cell = 24 (a move has probability ≈ 4e-11) was refused at sampling time; now exact."""
    grid = Grid(0.0, 0.0, 150.0, 7, 5)
    cells = make_channel("geometric", grid, 24.0 / 150.0).sample(np.arange(35), make_rng(0))
    np.testing.assert_array_equal(cells, np.arange(35))


# --------------------------------------------------------------------------
# Discretised planar Laplace grid channel
# --------------------------------------------------------------------------

def test_laplace_cell_of_scripted_uniforms_is_the_exact_cell():
    """U_x below 2^−64 (refined by a second word), U_y at the top, V at 0: the cell is the
    exact ⌊E_x/b + ½⌋ of E_x = −ln U_x, computed here at 200 digits."""
    from mobility_dp.dpcore.geoind.lattice_laplace import LatticeLaplace
    lattice = LatticeLaplace(0.05, 150.0)
    words = [0, ONES, 0, 0] + [2 ** 55, ONES, 0]
    t, u = lattice.offsets(1, scripted(words, 0))
    b = decimal.Decimal(lattice.b)
    ends = [exact(lambda m=m: ((-(decimal.Decimal(m) / decimal.Decimal(2 ** 128)).ln()) / b
                                + decimal.Decimal("0.5")).to_integral_value(decimal.ROUND_FLOOR))
            for m in (2 ** 55, 2 ** 55 + 1)]
    assert ends[0] == ends[1] and int(ends[0]) > 5
    assert (t[0], u[0]) == (0, int(ends[0]))


def test_laplace_cells_fit_the_integrated_kernel_and_a_wrong_epsilon_fails():
    from mobility_dp.dpcore.geoind.grid_kernels import laplace_cell_kernel
    grid = Grid(0.0, 0.0, 150.0, 7, 5)
    rng = make_rng(8)
    for eps, passes in ((0.004, True), (0.0042, False)):             # a 5 % larger ε: fails
        t, u = make_channel("laplace", grid, eps)._offsets(300_000, rng)
        k = laplace_cell_kernel(0.004 * 150.0, 6, 6)
        codes = np.where((np.abs(t) <= 6) & (np.abs(u) <= 6), (t + 6) * 13 + (u + 6), -1)
        assert chi_square_fit(codes, np.arange(169), k.ravel()).passed == passes


# --------------------------------------------------------------------------
# Exact geometric and discrete Laplace (dpcore.mechanisms.exact_geometric)
# --------------------------------------------------------------------------

@pytest.mark.parametrize("epsilon,sensitivity", [(0.1, 10), (1.0, 3), (3.0, 1)])
def test_exact_geometric_fits_and_a_wrong_rate_fails(epsilon, sensitivity):
    from mobility_dp.dpcore.mechanisms.exact_geometric import ExactGeometric
    r = epsilon / sensitivity
    g = ExactGeometric((epsilon,), (sensitivity,)).sample(400_000, make_rng(8))
    k = np.arange(0, int(40 / r) + 1)
    def pmf(rate):
        return -math.expm1(-rate) * np.exp(-rate * k)
    assert chi_square_fit(g, k, pmf(r)).passed
    assert not chi_square_fit(g, k, pmf(1.05 * r)).passed      # negative control: ε 5 % off


def test_exact_geometric_at_tiny_rates_uses_nested_blocks():
    """r = 1e-9 takes three levels of blocks (L ≤ 4096 each); r·G is then Exp(1)."""
    from scipy import stats

    from mobility_dp.dpcore.mechanisms.exact_geometric import ExactGeometric
    g = ExactGeometric((1e-9,))
    assert g._blocks is not None and g._blocks._blocks is not None
    x = g.sample(60_000, make_rng(9)) * 1e-9
    assert stats.kstest(x, "expon").pvalue > 1e-3
    assert stats.kstest(x, "expon", args=(0, 1.05)).pvalue < 1e-3   # negative control


def test_exact_geometric_decides_at_a_boundary_exactly():
    """r = 1/3 (not a double: taken as 1/3 exactly), block L = 24: the first within-block
    boundary is P(J = 0) = (1 − e^{−r})/(1 − e^{−rL}). A uniform just below / above it on 128
    bits gives 0 / ≥ 1, as the 200-digit reference says."""
    from mobility_dp.dpcore.mechanisms.exact_geometric import ExactGeometric
    geometric = ExactGeometric((1.0,), (3.0,))
    assert geometric.block == 24
    f = exact(lambda: (1 - (-decimal.Decimal(1) / 3).exp()) / (1 - (-decimal.Decimal(8)).exp()))
    edge = prefix(f, 64)
    low = prefix(f, 128) - edge * 2 ** 64
    for second, expected_zero in [(low - 2 ** 20, True), (low + 2 ** 20, False)]:
        # the within-block word, then the "K ≥ 1" word (never: ONES is above e^{−rL})
        g = geometric.sample(1, scripted([edge, second], ONES))[0]
        assert (g == 0) == expected_zero, (second, g)


def test_secure_discrete_laplace_is_the_exact_sampler(monkeypatch, seeded_urandom):
    """Releases (unseeded) draw discrete Laplace noise with dpcore.mechanisms.exact_geometric: the
    float ⌊(E + c)/r⌋ shortcut is gone; seeded runs keep numpy's draws."""
    from mobility_dp.dpcore.mechanisms import exact_geometric, geometric
    calls = []
    real = exact_geometric.discrete_laplace_draws
    monkeypatch.setattr(geometric, "discrete_laplace_draws",
                        lambda *a, **k: calls.append(k) or real(*a, **k))
    z = mech.discrete_laplace(np.zeros(1000, int), sensitivity=3, epsilon=1.0, rng=make_rng())
    assert calls and calls[0]["epsilon"] == 1.0 and calls[0]["sensitivity"] == 3
    assert z.values.dtype.kind == "i" and np.count_nonzero(z.values) > 500
    seeded = mech.discrete_laplace(np.zeros(5, int), sensitivity=3, epsilon=1.0, rng=make_rng(1))
    ref = np.random.default_rng(1)
    p = -math.expm1(-1.0 / 3)
    assert np.array_equal(seeded.values, ref.geometric(p, 5) - ref.geometric(p, 5))
    assert len(calls) == 1
