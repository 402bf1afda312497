"""Local (per-vehicle) noise on move frequency vectors (Pratesi 2012 §4.2.3, Alg. 3–5).

Every vehicle perturbs its own vector with one of the thesis's modes
(:class:`LocalNoise`: ``universal``, ``bounded``, ``balanced``; sensitivity
``move`` or ``trajectory``, see :mod:`.noise`); the coordinator sums the
vectors. Vehicles hold disjoint data, so by parallel composition (McSherry
2009, Thm. 4) the cost is recorded once, not K times.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
import scipy.sparse as sp

from .. import mechanisms
from ..accounting.checks import check_delta, check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import CostPart, PrivacyCost
from ..reporting.progress import report_progress
from .noise import (
    BLOCK,
    LEAK_BOUNDED,
    LEAK_TRAJECTORY,
    METHODS,
    NOISES,
    SENSITIVITIES,
    UNIT_MOVE,
    UNIT_NAMES,
    UNIT_TRAJECTORY,
    balanced_bound,
    continuous_grid,
    truncated_discrete_laplace_noise,
    truncated_laplace_noise,
)
from .vectors import FlowVectors


@dataclass(frozen=True)
class LocalNoise:
    """One of the thesis's per-vehicle noise modes, validated."""

    method: str = "universal"
    sensitivity: str = "move"
    noise: str = "discrete"
    epsilon: float = 1.0
    delta: float = 0.0

    def __post_init__(self):
        if self.method not in METHODS:
            raise ValueError(f"unknown noise method {self.method!r}; choose one of {METHODS}")
        if self.sensitivity not in SENSITIVITIES:
            raise ValueError(f"unknown sensitivity {self.sensitivity!r}; choose one of {SENSITIVITIES}")
        if self.noise not in NOISES:
            raise ValueError(f"unknown noise {self.noise!r}; choose one of {NOISES}")
        object.__setattr__(self, "epsilon", check_epsilon(self.epsilon))
        object.__setattr__(self, "delta", check_delta(self.delta))
        if self.method == "balanced" and self.delta <= 0:
            raise ValueError("BalancedNoise needs delta > 0")
        if self.noise == "discrete" and self.sensitivity == "move":   # Δ = 1, at plan time
            mechanisms.check_representable(self.epsilon, 1.0, f"{self.method} discrete noise")

    @property
    def is_dp(self) -> bool:
        return self.sensitivity == "move" and self.method != "bounded"

    def leaks(self) -> str:
        notes = []
        if self.method == "bounded":
            notes.append(LEAK_BOUNDED)
        if self.sensitivity == "trajectory":
            notes.append(LEAK_TRAJECTORY)
        return " ".join(notes)

    def _mechanism_name(self) -> str:
        base = "Laplace" if self.noise == "continuous" else "discrete Laplace"
        label = {"universal": "UniversalNoise", "bounded": "BoundedNoise",
                 "balanced": "BalancedNoise"}[self.method]
        trunc = "" if self.method == "universal" else "truncated "
        return f"{trunc}{base} per vehicle ({label}, {self.sensitivity}-based sensitivity)"

    def cost(self, part: CostPart = None) -> PrivacyCost:
        """The cost of all vehicles' noise (parallel composition: one part)."""
        parallel = ("every vehicle adds this noise to its own vector; "
                    "vehicles hold disjoint data, so by parallel composition the set of all "
                    "vectors costs this once per unit of privacy, not once per vehicle")
        if not self.is_dp:
            unit = UNIT_TRAJECTORY if self.sensitivity == "trajectory" else UNIT_MOVE
            return PrivacyCost((CostPart(self._mechanism_name(), math.inf, 0.0, None, unit,
                                         f"nominal ε={self.epsilon:g} per count. {self.leaks()}",
                                         unit_of_privacy=UNIT_NAMES[unit]),))
        return PrivacyCost((replace(part, mechanism=self._mechanism_name(), protects=UNIT_MOVE,
                                    unit_of_privacy=UNIT_NAMES[UNIT_MOVE],
                                    note=f"{part.note}; {parallel}"),))

    # -- perturbation of a block of vehicles --------------------------------
    def _noisy_values(self, counts: np.ndarray, sens, rng) -> tuple:
        """Noisy copies of ``counts``; ``sens`` is Δ (scalar, or one per entry).

        Returns the values and, for the DP modes, the cost part of the call.
        """
        eps = self.epsilon
        if self.method == "universal":
            noisy = np.empty(counts.shape, dtype=np.int64 if self.noise == "discrete" else float)
            part = None
            groups = ([(1.0, slice(None))] if np.isscalar(sens) else
                [(d, sens == d) for d in np.unique(sens)])
            for d, where in groups:  # one mechanism call per distinct Δ
                if self.noise == "discrete":
                    rel = mechanisms.discrete_laplace(counts[where], sensitivity=int(d),
                                                      epsilon=eps, rng=rng)
                else:
                    rel = mechanisms.laplace(counts[where], sensitivity=d, epsilon=eps, rng=rng)
                noisy[where] = rel.values
                part = rel.cost.parts[0]
            return noisy, part if self.is_dp else None
        # the noise is on the grid Λ: 1 for discrete noise, continuous_grid for "continuous"
        # BalancedNoise (float-safe); BoundedNoise (not DP, data-dependent bound) stays raw
        on_grid = self.noise == "discrete" or self.method == "balanced"
        grid = np.ones(np.shape(sens))
        if self.method == "bounded":
            bound = counts
        else:
            uniq, inverse = np.unique(np.atleast_1d(sens), return_inverse=True)
            bounds = np.array([balanced_bound(d, eps, self.delta, self.noise)[0] for d in uniq])
            bound = bounds[inverse].reshape(np.shape(sens))
            if self.noise == "continuous":
                grid = (np.array([continuous_grid(d, eps) for d in uniq])[inverse]
                    .reshape(np.shape(sens)))
        if on_grid:
            steps = np.asarray(sens, float) / grid
            noise = grid * truncated_discrete_laplace_noise(
                eps / steps, np.broadcast_to(bound / grid, counts.shape), rng)
        else:
            noise = truncated_laplace_noise(np.asarray(sens, float) / eps,
                                            np.broadcast_to(bound, counts.shape), rng)
        part = None
        if self.is_dp:
            b, achieved = balanced_bound(1.0, eps, self.delta, self.noise)
            granularity = continuous_grid(1.0, eps) if self.noise == "continuous" else None
            part = CostPart("truncated noise", eps, achieved, 1.0, "",
                            f"noise truncated to [−{b:.6g}, {b:.6g}], a bound independent of the "
                            f"data; δ = (e^ε+1)·P(|noise| > bound) (thesis Lemmas 4.2.1, 4.2.4)"
                            + (f"; on the grid {granularity:g}" if granularity else ""),
                            granularity=granularity)
        return counts + noise, part

    def perturb(self, counts: sp.csr_matrix, trajectory_max: sp.csr_matrix, rng) -> tuple:
        """Noisy rows for a block of vehicles: (dense array or CSR, cost part or None).

        The DP modes add noise to every entry, zeros included (dense rows);
        the others leave zeros untouched (sparse rows).
        """
        if self.is_dp:
            return self._noisy_values(counts.toarray(), 1.0, rng)
        sens = (np.ones(counts.nnz) if self.sensitivity == "move"
                else trajectory_max.data.astype(float))
        noisy, part = self._noisy_values(counts.data, sens, rng)
        return sp.csr_matrix((noisy, counts.indices, counts.indptr), shape=counts.shape), part


def release_local(vectors: FlowVectors, spec: LocalNoise, *, rng: np.random.Generator,
                  progress=None, clip_negative: bool = False, node_map=None) -> Release:
    """Every vehicle perturbs its vector with ``spec``; the coordinator sums them.

    ``clip_negative`` sets each vehicle's negative noisy values to 0 before
    the sum (what a node must do before a Count-Min sketch, §5.4.4).
    ``node_map`` (post-processing) maps a block of noisy rows to the rows
    the coordinator adds up, e.g. sketch and per-node estimate.
    Returns the global vector Σ_j f̃^{V_j} (float) with the cost of all the
    noise; ``info`` has the negative entries of the sum (thesis Table 5.2)
    and, with clipping, the mass the clipping added.
    """
    k = vectors.counts.shape[0]
    if k == 0:
        raise ValueError("there are no vehicles with moves")
    total = None
    clipped_mass, clipped_values, part = 0.0, 0, None
    for start in range(0, k, BLOCK):
        stop = min(k, start + BLOCK)
        noisy, part = spec.perturb(vectors.counts[start:stop], vectors.trajectory_max[start:stop],
                                   rng)
        if clip_negative:
            data = noisy.data if sp.issparse(noisy) else noisy
            neg = data < 0
            clipped_values += int(neg.sum())
            clipped_mass += float(-data[neg].sum())
            data[neg] = 0
        if node_map is not None:
            noisy = node_map(noisy)
        row_sum = np.asarray(noisy.sum(axis=0)).ravel()
        total = row_sum if total is None else total + row_sum
        report_progress(progress, stop / k)
    negative = total[total < 0]
    info = {"method": spec.method, "sensitivity": spec.sensitivity, "noise": spec.noise,
            "differentially_private": spec.is_dp, "leaks": spec.leaks(),
            "negative_entries": int(negative.size),
            "negative_mean": float(negative.mean()) if negative.size else 0.0}
    if spec.method == "balanced" and spec.sensitivity == "move":
        info["bound"], info["delta_achieved"] = balanced_bound(1.0, spec.epsilon, spec.delta,
                                                               spec.noise)
    if clip_negative:
        info.update(clipped_values=clipped_values, clipped_mass=clipped_mass)
    return Release(total, spec.cost(part), public=info, internal={"vehicles": int(k)})
