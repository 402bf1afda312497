"""Release of spatio-temporal density: Acs & Castelluccia (KDD 2014) Alg. 1 and its baselines.

Unit of privacy: one user, i.e. all of a user's visits in the period
(add/remove neighbours). The input counts (:class:`.inputs.DensityInputs`) must
come from the §5.1 pre-sampling (``dpcore.ingest``): at most one visit per
user and slot, at most ℓ per user. Every method spends exactly the ε (and δ)
it is given; :func:`density_cost` states that cost before any noise is drawn
and :func:`release_density` runs the method's release:

* ``efpa_g`` (default) and ``efpa``: Alg. 1 with EFPA_G / EFPA (:mod:`.fourier`);
* ``lpa`` and ``lpa_direct``: the Laplace baselines of §6 and §5.2 (:mod:`.lpa`).

EFPA and both LPAs are ε-DP (their cost has δ = 0 whatever δ is allowed);
EFPA_G is (ε, δ)-DP.
"""
from __future__ import annotations

from ..accounting.checks import check_delta, check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from ..accounting.units import PrivacyUnit
from .fourier import release_efpa, release_efpa_g
from .inputs import DensityInputs
from .lpa import release_lpa, release_lpa_direct
from .scaling import PROTECTS

METHODS = ("efpa_g", "efpa", "lpa", "lpa_direct")
#: The unit of privacy of every density release (ledger and reports).
UNIT_OF_PRIVACY = PrivacyUnit.USER


def density_cost(method: str, *, epsilon: float, delta: float = 0.0,
                 improvements: bool = True) -> PrivacyCost:
    """The cost :func:`release_density` will spend, known before any noise is drawn.

    One part per mechanism call, with its ε and δ (sensitivities that depend
    on the clusters the noisy totals produce are not known in advance). The
    ledger reserves this; the release contract checks the spent cost against it. Only EFPA_G spends δ.
    """
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    if method not in METHODS:
        raise ValueError(f"unknown density method {method!r}; choose one of {', '.join(METHODS)}")
    if method in ("lpa", "lpa_direct"):
        return PrivacyCost.of("Laplace on every count", epsilon, protects=PROTECTS,
                              unit_of_privacy=UNIT_OF_PRIVACY)
    if method == "efpa_g" and delta <= 0:
        raise ValueError("efpa_g adds Gaussian noise and needs δ > 0")
    q = epsilon / 4.0
    totals = ([PrivacyCost.of("noisy one-visit histogram (§5.4.1)", q, protects=PROTECTS),
               PrivacyCost.of("noisy number of visits K (§5.4.1)", q, protects=PROTECTS)]
              if improvements else
              [PrivacyCost.of("Laplace on the cover-cell totals (Alg. 2)", 2 * q,
                              protects=PROTECTS)])
    noise = ("Gaussian", delta) if method == "efpa_g" else ("Laplace", 0.0)
    return PrivacyCost.sequential(totals + [
        PrivacyCost.of("exponential choice of k (Alg. 4)", q, protects=PROTECTS),
        PrivacyCost.of(f"{noise[0]} on the DCT coefficients (Alg. 4)", q, noise[1],
                       protects=PROTECTS)]).with_unit_of_privacy(UNIT_OF_PRIVACY)


def release_density(data: DensityInputs, *, method: str = "efpa_g", **kwargs) -> Release:
    """Dispatch to the release function of ``method`` (one of :data:`METHODS`).

    The spent cost's unit of privacy is one user; the release contract checks it
    against :func:`density_cost` (:func:`dpcore.accounting.contract.check_spent`).
    """
    functions = {"efpa_g": release_efpa_g, "efpa": release_efpa, "lpa": release_lpa,
                 "lpa_direct": release_lpa_direct}
    if method not in functions:
        raise ValueError(f"unknown density method {method!r}; choose one of {', '.join(METHODS)}")
    release = functions[method](data, **kwargs)
    release.cost = release.cost.with_unit_of_privacy(UNIT_OF_PRIVACY)
    return release
