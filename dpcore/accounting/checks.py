"""Checks of the privacy parameters every release shares (ε > 0 finite, δ in [0, 1))."""
from __future__ import annotations

import math

from ..reporting.messages import Message


def check_epsilon(epsilon: float, name: str = "epsilon") -> float:
    epsilon = float(epsilon)
    if not (epsilon > 0 and math.isfinite(epsilon)):
        raise ValueError(Message("{name} must be a positive finite number, got {value}",
                                 name=name, value=epsilon))
    return epsilon


def check_delta(delta: float, name: str = "delta") -> float:
    delta = float(delta)
    if not (0.0 <= delta < 1.0):
        raise ValueError(Message("{name} must be in [0, 1), got {value}", name=name,
                                 value=delta))
    return delta

