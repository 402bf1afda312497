"""What every mechanism accepts: a positive finite sensitivity, and an ε whose
probabilities a sampler can represent (Mironov, CCS 2012; see :mod:`dpcore.mechanisms`)."""
from __future__ import annotations

import math

from ..accounting.checks import check_epsilon


def _check_sensitivity(sensitivity: float, name: str = "sensitivity") -> float:
    sensitivity = float(sensitivity)
    if not (sensitivity > 0 and math.isfinite(sensitivity)):
        raise ValueError(f"{name} must be a positive finite number, got {sensitivity}")
    return sensitivity


#: Smallest probability a sampler may be asked to draw: a Bernoulli(p)
#: decided by a 53-bit uniform has relative error ≤ 2^−53/p, at most 2^−21
#: (≈ 5e-7 in ε) for p ≥ 2^−32. Larger ε would make k-RR and discrete
#: Laplace deterministic in practice (their probabilities of change fall
#: below what a double can express); it is refused.
MIN_PROBABILITY = 2.0 ** -32
MAX_EPSILON_PER_SENSITIVITY = -math.log(MIN_PROBABILITY)   # 32·ln 2 ≈ 22.18


def check_representable(epsilon: float, per: float = 1.0, what: str = "this mechanism",
                        log_factor: float = 0.0) -> float:
    """Refuse ε/per beyond what a sampler's probabilities can represent.

    The probability that the sampler changes the output is about
    e^{log_factor − ε/per}; it must stay ≥ :data:`MIN_PROBABILITY` (2^−32).
    """
    epsilon = check_epsilon(epsilon)
    limit = (MAX_EPSILON_PER_SENSITIVITY + log_factor) * per
    if epsilon > limit:
        raise ValueError(
            f"epsilon={epsilon:g} is too large for {what}: above epsilon={limit:.4g} its "
            "probability of changing the output falls below 2^-32, which double-precision "
            "sampling cannot represent faithfully (the output would be the true value in "
            "practice). Use a smaller epsilon.")
    return epsilon
