"""The basic DP mechanisms, vectorised with numpy.

Each function takes the true values, the sensitivity, the privacy parameters
and a ``numpy.random.Generator`` (from :func:`dpcore.random.rng.make_rng`) and
returns a :class:`~dpcore.accounting.contract.Release` whose cost is one part per call.

References: Dwork & Roth, *The Algorithmic Foundations of Differential
Privacy* (2014) §3.3 (Laplace), §3.4 (exponential), §3.6 (sparse vector),
App. A (Gaussian); Ghosh, Roughgarden & Sundararajan (2009) (geometric);
Balle & Wang, ICML 2018 (analytic Gaussian); Lyu, Su & Li, VLDB 2017
(sparse vector with cutoff); Kairouz et al. 2016 (k-ary randomized response).

Floating point (Mironov, CCS 2012): a raw double ``x + Lap(λ)`` leaks the
true value through its low bits (the sets of doubles reachable from two
neighbouring inputs differ). Every continuous release here is therefore
float-safe:

* :func:`laplace` is Mironov's *snapping mechanism* (§5.2): the true value
  is clamped to a public bound B, the noise is S·λ·(−ln U*) with U* the
  exact uniform double (:mod:`dpcore.random.secure_random`), the sum is rounded
  to the power-of-two granularity Λ ≥ λ and clamped again. Its exact cost,
  (1 + 12·B·η)/λ + 2η per unit of sensitivity (Mironov Thm. 1, η the unit
  roundoff), is charged: the noise is calibrated to the *remaining* ε so
  the release costs exactly the ε asked for, and the cost part and
  ``info`` state Λ, B and the extra ε.
* :func:`gaussian` is the discrete Gaussian (Canonne, Kamath & Steinke
  2020, :mod:`dpcore.mechanisms.discrete_gaussian`): integer noise on integers or on
  a public power-of-two grid, with the rounding and the sampler's proven
  floating-point error charged in the sensitivity and in δ.
* Integer releases (:func:`discrete_laplace`, :func:`krr`,
  :func:`exponential`, :func:`sparse_vector`) output integers or indices
  and have no low bits to leak. :func:`krr` and :func:`exponential` sample
  their exact distributions (:mod:`dpcore.mechanisms.exact_sampling`); discrete
  Laplace is exact far into the tails (U*); ε beyond what their
  probabilities can represent is refused (:func:`check_representable`).

One module per family; this package gives their public names.
"""
from .exponential_mechanism import exponential, exponential_log_probabilities
from .gaussian_calibration import (
                                   analytic_gaussian_delta,
                                   gaussian,
                                   gaussian_plan,
                                   gaussian_sigma,
                                   gaussian_sigma_analytic,
                                   gaussian_sigma_classic,
)
from .geometric import discrete_laplace, discrete_laplace_alpha, discrete_laplace_noise
from .limits import MAX_EPSILON_PER_SENSITIVITY, MIN_PROBABILITY, check_representable
from .randomized_response import krr, krr_channel, krr_keep_probability, krr_other_probability
from .snapping import (
                                   DEFAULT_BOUND_SENSITIVITIES,
                                   SNAPPING_ETA,
                                   laplace,
                                   laplace_scale,
                                   power_of_two_at_least,
                                   round_to_granularity,
                                   snap,
                                   snapping_parameters,
)
from .svt import sparse_vector

__all__ = ["DEFAULT_BOUND_SENSITIVITIES", "MAX_EPSILON_PER_SENSITIVITY", "MIN_PROBABILITY",
           "SNAPPING_ETA", "analytic_gaussian_delta", "check_representable", "discrete_laplace",
           "discrete_laplace_alpha", "discrete_laplace_noise",
           "exponential", "exponential_log_probabilities", "gaussian", "gaussian_plan",
           "gaussian_sigma", "gaussian_sigma_analytic", "gaussian_sigma_classic", "krr",
           "krr_channel", "krr_keep_probability", "krr_other_probability", "laplace",
           "laplace_scale", "power_of_two_at_least", "round_to_granularity", "snap",
           "snapping_parameters", "sparse_vector"]
