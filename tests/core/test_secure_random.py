"""Tests of dpcore.random.secure_random (with u_star and urandom_words) and make_rng: unseeded
releases draw only from os.urandom."""
from __future__ import annotations

import math
import os
import pickle

import numpy as np
import pytest
from scipy import stats

from mobility_dp.dpcore import mechanisms as mech
from mobility_dp.dpcore.random import u_star
from mobility_dp.dpcore.random.rng import make_rng
from mobility_dp.dpcore.random.secure_random import SecureGenerator
from mobility_dp.dpcore.random.u_star import uniform_star

from ..support.dp_audit import chi_square_fit, ks_fit
from ..support.reference import discrete_laplace_pmf
from ..support.urandom import FakeUrandom, seed_urandom


def _every_method(rng):
    """One call of every sampler dpcore uses, vectorised and fallback ones alike."""
    return [
        rng.random(50), rng.uniform(-2, 3, 50), rng.integers(1, 7, 50), rng.integers(5),
        rng.integers(-3, 3, 40, endpoint=True, dtype=np.int8),
        rng.standard_exponential(50), rng.exponential(2.0, 50), rng.laplace(1.0, 2.0, 50),
        rng.gumbel(size=50), rng.geometric(0.3, 50), rng.gamma(2.0, 3.0, 50),
        rng.gamma(0.7, 1.0, 10), rng.standard_normal(51), rng.normal(1, 2, (5, 4)),
        rng.lognormal(0, 1, 10), rng.permutation(30), rng.choice(10, 20),
        rng.choice(4, 30, p=[0.1, 0.2, 0.3, 0.4]), rng.choice(10, 5, replace=False),
        rng.poisson(3.0, 20), rng.binomial(10, 0.4, 20), rng.laplace(), rng.normal(),
        mech.laplace(np.zeros(20), sensitivity=1, epsilon=1, rng=rng).values,
        mech.discrete_laplace(np.zeros(20, int), sensitivity=1, epsilon=1, rng=rng).values,
        mech.krr(np.zeros(20, int), k=4, epsilon=1, rng=rng).values,
    ]


def test_unseeded_generator_draws_every_bit_from_os_urandom(monkeypatch):
    """Two secure generators fed the same fake urandom stream agree on every sample.

    Any other entropy source (a numpy PRNG seeded once, the clock) would
    make the two runs differ; a different stream must change the output.
    """
    outputs = []
    for seed in (1, 1, 2):
        fake = FakeUrandom(seed)
        monkeypatch.setattr(os, "urandom", fake)
        rng = make_rng()
        assert isinstance(rng, SecureGenerator) and isinstance(rng, np.random.Generator)
        outputs.append(_every_method(rng))
        assert fake.calls > 0
    for a, b in zip(outputs[0], outputs[1]):
        assert np.array_equal(a, b)
    assert sum(not np.array_equal(a, c) for a, c in zip(outputs[0], outputs[2])) >= 20


def test_vectorised_samplers_read_urandom_in_bulk(monkeypatch):
    fake = FakeUrandom(3)
    monkeypatch.setattr(os, "urandom", fake)
    rng = make_rng()
    rng.laplace(0.0, 1.0, 100_000)
    # one word per sample in one call (plus rare refills for long exponents)
    assert fake.calls <= 3 and 800_000 <= fake.bytes < 800_000 + 8 * 200


def test_seeded_path_is_numpy_pcg64_unchanged():
    for seed in (0, 7, 2**40):
        rng = make_rng(seed)
        assert type(rng) is np.random.Generator
        assert isinstance(rng.bit_generator, np.random.PCG64)
        ref = np.random.default_rng(seed)
        assert np.array_equal(rng.random(10), ref.random(10))
        assert np.array_equal(rng.laplace(0, 1, 10), ref.laplace(0, 1, 10))
        assert np.array_equal(rng.geometric(0.2, 10), ref.geometric(0.2, 10))


def test_unseeded_generators_differ_and_copies_are_fresh():
    a, b = make_rng(), make_rng()
    assert not np.array_equal(a.random(8), b.random(8))
    clone = pickle.loads(pickle.dumps(a))
    assert isinstance(clone, SecureGenerator)
    assert not np.array_equal(clone.random(8), a.random(8))


def test_bit_generator_buffer_is_not_shared_after_fork(monkeypatch):
    bitgen = make_rng().bit_generator
    first = bitgen._next()
    monkeypatch.setattr(os, "getpid", lambda: -1)      # as in a forked child
    fake = FakeUrandom(4)
    monkeypatch.setattr(os, "urandom", fake)
    bitgen._next()
    assert fake.calls == 1 and isinstance(first, int)


N = 200_000


@pytest.mark.parametrize("name,draw,cdf", [
    ("random", lambda r: r.random(N), stats.uniform().cdf),
    ("uniform", lambda r: r.uniform(-1, 3, N), stats.uniform(-1, 4).cdf),
    ("exponential", lambda r: r.exponential(2.5, N), stats.expon(scale=2.5).cdf),
    ("laplace", lambda r: r.laplace(1.0, 0.5, N), stats.laplace(1.0, 0.5).cdf),
    ("gumbel", lambda r: r.gumbel(0.0, 2.0, N), stats.gumbel_r(0, 2).cdf),
    ("normal", lambda r: r.normal(-1.0, 3.0, N), stats.norm(-1, 3).cdf),
    ("gamma2", lambda r: r.gamma(2.0, 0.1, N), stats.gamma(2.0, scale=0.1).cdf),
    ("lognormal", lambda r: r.lognormal(0.0, 0.5, N), stats.lognorm(0.5).cdf),
    ("uniform_star", lambda r: uniform_star(N), stats.uniform().cdf),
])
def test_continuous_samplers_fit(name, draw, cdf, seeded_urandom):
    fit = ks_fit(draw(make_rng()), cdf)
    assert fit.passed, f"{name}: {fit}"


def test_discrete_samplers_fit(seeded_urandom):
    rng = make_rng()
    k = np.arange(1, 200)
    fit = chi_square_fit(rng.geometric(0.15, N), k, stats.geom(0.15).pmf(k))
    assert fit.passed, str(fit)
    fit = chi_square_fit(rng.integers(-2, 5, N), np.arange(-2, 5), np.full(7, 1 / 7))
    assert fit.passed, str(fit)
    fit = chi_square_fit(rng.integers(0, 3, N, endpoint=True), np.arange(4), np.full(4, 0.25))
    assert fit.passed, str(fit)
    p = np.array([0.0, 0.1, 0.6, 0.3, 0.0])
    fit = chi_square_fit(rng.choice(5, N, p=p), np.arange(1, 4), p[1:4])
    assert fit.passed, str(fit)
    # a uniform permutation: the position of element 0 is uniform
    first = np.array([np.flatnonzero(rng.permutation(6) == 0)[0] for _ in range(6000)])
    fit = chi_square_fit(first, np.arange(6), np.full(6, 1 / 6))
    assert fit.passed, str(fit)


def test_broken_sampler_fails_the_same_fit(seeded_urandom):
    """Negative control: the laplace fit above has power (a 10 % scale error fails)."""
    assert not ks_fit(make_rng().laplace(1.0, 0.55, N), stats.laplace(1.0, 0.5).cdf).passed


def test_u_star_exponent_is_geometric_and_exact_beyond_64_bits(monkeypatch):
    """U* = (1 + m·2^−52)·2^−e with P(e = k) = 2^−k; all-zero spare bits continue the draw."""
    words = np.array([0, (1 << 53) | 5, (2 << 53) | 1, (1 << 63)], dtype=np.uint64)
    served = iter([np.zeros(1, np.uint64).tobytes(), np.array([8], np.uint64).tobytes()])
    monkeypatch.setattr(os, "urandom", lambda n: next(served))
    u = u_star.u_star(words)
    # word 0: 11 zero spare bits, then a zero word (64 more), then trailing zeros of 8 (3)
    assert u[0] == 2.0 ** -(1 + 11 + 64 + 3)
    assert u[1] == (1 + 5 * 2.0 ** -52) * 2.0 ** -1
    assert u[2] == (1 + 2.0 ** -52) * 2.0 ** -2
    assert u[3] == 2.0 ** -11
    seed_urandom(monkeypatch, 2026)          # the fit below on a reproducible stream
    e = -np.frexp(uniform_star(N))[1]
    fit = chi_square_fit(e, np.arange(0, 20), 2.0 ** -(np.arange(0, 20) + 1))
    assert fit.passed, str(fit)


def test_exponential_tail_reaches_beyond_double_uniform_resolution(seeded_urandom):
    """−ln U* exceeds 36.7 = −ln 2^−53 (impossible with 53-bit uniforms) at the right rate."""
    e = u_star.standard_exponential_star(2_000_000)
    assert e.min() > 0 and np.isfinite(e).all()
    tail = np.count_nonzero(e > 10.0)
    assert stats.binomtest(tail, e.size, math.exp(-10.0)).pvalue > 1e-3


def test_gumbel_upper_tail_reaches_beyond_53_bit_uniforms(monkeypatch):
    """Gumbel-max (exponential mechanism) can pick options > 37 nats behind: G = −ln(−ln(1 − U*))."""
    calls = iter([b"\0" * 8, b"\0" * 8])
    monkeypatch.setattr(os, "urandom",
                        lambda n: next(calls, None) or np.ones(n // 8, np.uint64).tobytes())
    g = make_rng().gumbel(size=1)
    # U* = 2^−76 (11 + 64 zero bits, then a 1): G = −ln(−ln(1 − 2^−76)) ≈ 52.7
    assert g[0] == pytest.approx(-math.log(-math.log1p(-2.0 ** -76)))
    assert g[0] > -math.log(-math.log(1 - 2.0 ** -53)) + 10   # 53-bit uniforms stop at 36.7


def test_integers_edge_cases():
    rng = make_rng()
    assert rng.integers(3, 4, 10).tolist() == [3] * 10
    assert rng.integers(0, 1, endpoint=True, size=1000).sum() > 0
    big = rng.integers(0, 2**64, 1000, dtype=np.uint64)      # span beyond 2^63: fallback
    assert big.dtype == np.uint64 and big.max() > 2**62
    assert rng.integers(-128, 127, 500, dtype=np.int8, endpoint=True).dtype == np.int8
    with pytest.raises(ValueError):
        rng.integers(5, 5)
    with pytest.raises(ValueError):
        rng.geometric(1.5)


@pytest.mark.parametrize("epsilon,sensitivity", [(1.0, 1), (0.1, 1), (2.0, 3)])
def test_secure_discrete_laplace_exact_pmf_and_audit(epsilon, sensitivity, seeded_urandom):
    from ..support.dp_audit import likelihood_ratio_audit
    rng = make_rng()
    def draw(x):
        return mech.discrete_laplace(np.full(N, x), sensitivity=sensitivity,
                                               epsilon=epsilon, rng=rng).values
    d, dp = draw(0), draw(sensitivity)
    support = np.arange(-600, 601)
    fit = chi_square_fit(d, support, discrete_laplace_pmf(
        support, sensitivity=sensitivity, epsilon=epsilon))
    assert fit.passed, str(fit)
    res = likelihood_ratio_audit(d, dp, "discrete", epsilon)
    assert res.passed, str(res)


def test_two_sided_geometric_negative_control(seeded_urandom):
    """A sign-times-geometric shortcut puts 1 − α at 0 instead of (1 − α)/(1 + α): caught."""
    rng = make_rng()
    p = -math.expm1(-1.0)
    g = rng.geometric(p, N) - 1
    broken = np.where(rng.random(N) < 0.5, -g, g)
    support = np.arange(-60, 61)
    assert not chi_square_fit(broken, support, discrete_laplace_pmf(
        support, sensitivity=1, epsilon=1.0)).passed


def test_make_rngs_and_child_rng_keep_secure_runs_secure_and_seeded_runs_reproducible():
    from mobility_dp.dpcore.random.rng import child_rng, make_rngs
    secure = make_rngs(None, 2)
    assert all(isinstance(r, SecureGenerator) for r in secure)
    a, b = make_rngs(5, 2), make_rngs(5, 2)
    ref = [np.random.default_rng(s) for s in np.random.SeedSequence(5).spawn(2)]
    for x, y, z in zip(a, b, ref):
        assert type(x) is np.random.Generator
        u = x.random(4)
        assert np.array_equal(u, y.random(4)) and np.array_equal(u, z.random(4))
    assert isinstance(child_rng(make_rng(), 123), SecureGenerator)
    seeded = child_rng(make_rng(1), 123)
    assert np.array_equal(seeded.random(3), np.random.default_rng(123).random(3))
    with pytest.raises(ValueError):
        make_rngs(-1, 2)


ALLOWED_GENERATORS = {
    # (file, reason): generators that are not the release's noise source
    "dpcore/random/rng.py": "make_rng / make_rngs / child_rng themselves (seeded path)",
    "dpcore/random/secure_random.py": "the secure generator",
    "dpcore/flows/sketches.py": "hash functions from the sketch's public seed",
    "dpcore/flows/measures.py": "seeded community detection on released (noisy) flows",
    "dpcore/od/synthesis/place.py": "distance bands of zone pairs from points drawn in public "
                                     "zones with a fixed public seed (no data)",
}


def test_no_release_code_builds_its_own_generator():
    """Every generator in dpcore/ and algorithms/ comes from make_rng/make_rngs/child_rng.

    A ``np.random.default_rng()`` or ``SeedSequence`` elsewhere would give an unseeded
    release numpy's PCG64 instead of the OS CSPRNG (issue 14 item 1).
    """
    import pathlib
    import re
    root = pathlib.Path(__file__).resolve().parents[2]
    pattern = re.compile(r"default_rng\(|SeedSequence\(|\bRandom\(|RandomState\(|PCG64\(")
    offenders, scanned = [], 0
    for folder in ("dpcore", "algorithms"):
        for path in sorted((root / folder).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            scanned += 1
            if rel in ALLOWED_GENERATORS:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#", 1)[0]
                if pattern.search(code) and not code.lstrip().startswith(('"', "'")):
                    offenders.append(f"{rel}:{number}: {line.strip()}")
    assert scanned > 40 and all((root / f).exists() for f in ALLOWED_GENERATORS)
    assert pattern.search("rng = np.random.default_rng(7)")          # the pattern has teeth
    assert not offenders, "use dpcore.random.rng.make_rng/make_rngs/child_rng:\n" + "\n".join(offenders)
