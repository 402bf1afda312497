"""Noise on move frequency vectors: the thesis's per-vehicle modes and a central mode.

Local modes (Pratesi 2012 §4.2.3), each vehicle perturbs its own vector:

* ``universal`` (Alg. 3): Laplace noise of scale Δ/ε on every entry.
* ``bounded`` (Alg. 4): the noise is redrawn until it lies in [−x, x], x the
  true count. NOT differentially private: a zero count stays exactly zero
  and a count x is released within [0, 2x], so the release shows which
  moves the vehicle made (papers README, "Known corrections").
* ``balanced`` (Alg. 5): the noise is truncated to [−b, b] with the bound
  b = (Δ/ε)·ln((e^ε+1)/δ) that does not depend on the data; by Lemmas
  4.2.1 and 4.2.4 this is (ε, δ)-DP with δ = (e^ε+1)·P(|noise| > b).

Sensitivity (§4.2.3.1): ``move`` (Δ = 1 on every entry; the unit of
privacy is one move) or ``trajectory`` (Eq. 4.1, Δ = the vehicle's largest
count of that move in one trajectory). The trajectory-based sensitivity is
computed from the vehicle's own data and is 0 where the vehicle never
moved, so those entries get no noise: the support of the vector is
released exactly and the mode is NOT differentially private. Both
data-dependent choices are kept for comparison with the thesis; their cost
is recorded as ε = ∞ with a note saying what leaks.

Noise is the discrete Laplace (two-sided geometric) by default, integer
counts staying integers; ``continuous`` is the thesis's Laplace, made
float-safe: UniversalNoise uses the snapping mechanism
(:func:`dpcore.mechanisms.snapping.laplace`), BalancedNoise the two-sided geometric
on a power-of-two grid about 1/1000 of the Laplace scale
(:func:`continuous_grid`), whose bound and δ are computed for that grid.
The truncated versions are sampled by inverting their CDF (the thesis's
rejection loop would need ~1/P(|Lap| ≤ x) draws for x = 1).

Accounting of the local modes: every vehicle spends ε on its own vector.
Vehicles hold disjoint data, so by parallel composition (McSherry 2009,
Thm. 4) the set of all vectors is ε-DP for the unit of privacy: the cost
is recorded once, not K times.

Central mode (beyond the thesis): a trusted curator bounds what each
vehicle adds, sums, and adds noise once to the global vector: ε-DP for one
whole vehicle (add/remove neighbours). Two bounding rules:

* ``trips`` (default): every vehicle keeps ≤ ``m`` of its move
  *occurrences*, a uniformly random subset (:func:`dpcore.random.sampling.
  sample_per_user`); a move made every day is kept as often as it was
  made, so repeated commutes are not lost. Adding or removing a vehicle
  changes the global vector by ≤ m in L1: Δ₁ = m, exactly.
* ``distinct`` (the earlier rule): every vehicle keeps ≤ ``m`` *distinct*
  moves (uniformly among them), each counted ≤ ``k`` times: Δ₁ = m·k. With
  k = 1 it releases, per link, the number of vehicles that used it (a reach
  statistic, not a traffic volume): that is its use; for traffic volumes it
  drops the repetitions of a vehicle's moves.

Public and internal: ``Release.public`` holds parameters and facts computed
from the noisy values only; what depends on the raw data (the number of
vehicles, the share of moves the bounding kept) is in ``Release.internal``.
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
from ..random.sampling import sample_per_user, sampling_stream
from ..reporting.progress import report_progress
from .vectors import FlowVectors

METHODS = ("universal", "bounded", "balanced")
SENSITIVITIES = ("move", "trajectory")
NOISES = ("discrete", "continuous")
BOUNDINGS = ("trips", "distinct")

#: Vehicles perturbed together (dense blocks of BLOCK × s values).
BLOCK = 128

UNIT_MOVE = "one move of one vehicle (adding or removing one move changes one count by 1)"
UNIT_TRAJECTORY = "intended by the thesis: one trajectory of one vehicle (Eq. 4.1)"
UNIT_VEHICLE = "one vehicle: all its trajectories in the time interval"
#: Short names of the units of privacy, as the ledger records them.
UNIT_NAMES = {UNIT_MOVE: "move", UNIT_TRAJECTORY: "trajectory", UNIT_VEHICLE: "vehicle"}

LEAK_TRAJECTORY = (
    "NOT differentially private (thesis Eq. 4.1, trajectory-based sensitivity): Δ is computed "
    "from the vehicle's own trajectories and is 0 where it never moved, so those counts are "
    "released without noise: the release shows exactly which moves each vehicle made, and the "
    "noise scale Δ/ε reveals its largest per-trajectory count of each move. Each count is also "
    "calibrated alone although one trajectory changes several counts at once.")
LEAK_BOUNDED = (
    "NOT differentially private (thesis BoundedNoise): the noise is truncated to [−x, x] where "
    "x is the vehicle's true count, so a zero stays exactly zero and a count x is released "
    "within [0, 2x]: the release shows exactly which moves each vehicle made and bounds how "
    "often.")


# --------------------------------------------------------------------------
# Truncated noise (exact inverse-CDF samplers) and the BalancedNoise bound
# --------------------------------------------------------------------------

def truncated_laplace_noise(scale, bound, rng: np.random.Generator) -> np.ndarray:
    """Lap(scale) conditioned on |Z| ≤ bound (arrays broadcast; bound 0 gives 0)."""
    scale, bound = np.broadcast_arrays(np.asarray(scale, float), np.asarray(bound, float))
    u = rng.random(scale.shape)
    magnitude = -scale * np.log1p(u * np.expm1(-bound / scale))
    return np.where(rng.random(scale.shape) < 0.5, -magnitude, magnitude)


def truncated_discrete_laplace_noise(eps_per_step, bound, rng: np.random.Generator) -> np.ndarray:
    """Two-sided geometric noise (ratio α = e^{−ε/Δ}, ``eps_per_step`` = ε/Δ) conditioned on
    |Z| ≤ bound, sampled exactly: the exact sampler of
    :func:`dpcore.mechanisms.geometric.discrete_laplace_noise` (which refuses ε/Δ beyond what it can
    represent, 32·ln 2), redrawing the values outside [−bound, bound] (rejection sampling
    draws exactly the conditioned law; no floating-point CDF is inverted).
    """
    eps, bound = np.broadcast_arrays(np.asarray(eps_per_step, float), np.asarray(bound, float))
    out = np.zeros(eps.shape, dtype=np.int64)
    for e in np.unique(eps):
        where = np.flatnonzero((eps == e).ravel() & (bound.ravel() > 0))
        while where.size:
            z = mechanisms.discrete_laplace_noise(where.size, sensitivity=1.0, epsilon=float(e),
                                                  rng=rng)
            ok = np.abs(z) <= bound.ravel()[where]
            out.ravel()[where[ok]] = z[ok]
            where = where[~ok]
    return out


def continuous_grid(sensitivity: float, epsilon: float) -> float:
    """Λ of the float-safe "continuous" BalancedNoise: 2^(⌊log₂(Δ/ε)⌋ − 10), at most 1.

    A power of two between 1/2048 and 1/1024 of the Laplace scale Δ/ε, so that
    Δ/Λ is an integer for an integer Δ.
    """
    return min(1.0, math.ldexp(1.0, math.floor(math.log2(sensitivity / epsilon)) - 10))


def balanced_bound(sensitivity: float, epsilon: float, delta: float, noise: str) -> tuple:
    """(bound, achieved δ) of BalancedNoise, independent of the data (Alg. 5).

    Discrete: the smallest integer B with (e^ε+1)·P(|Z| > B) ≤ δ, where
    P(|Z| > B) = 2α^{B+1}/(1+α) for the two-sided geometric with α = e^{−ε/Δ}.
    Continuous: the thesis's b = (Δ/ε)·ln((e^ε+1)/δ) is for raw doubles,
    whose low bits leak (Mironov 2012); here the noise is the same
    two-sided geometric on the grid Λ = :func:`continuous_grid` (sensitivity
    Δ/Λ steps), so the bound is B·Λ, within Λ of the thesis's b.
    """
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    if delta <= 0:
        raise ValueError("BalancedNoise needs delta > 0")
    if noise == "continuous":
        grid = continuous_grid(sensitivity, epsilon)
        steps, achieved = balanced_bound(sensitivity / grid, epsilon, delta, "discrete")
        return steps * grid, achieved
    alpha = math.exp(-epsilon / sensitivity)
    target = delta * (1 + alpha) / (2 * (math.exp(epsilon) + 1))
    bound = max(0, math.ceil(math.log(target) / math.log(alpha) - 1e-12) - 1)
    achieved = (math.exp(epsilon) + 1) * 2 * alpha ** (bound + 1) / (1 + alpha)
    return bound, achieved


# --------------------------------------------------------------------------
# Local (per-vehicle) noise
# --------------------------------------------------------------------------

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


# --------------------------------------------------------------------------
# Central mode
# --------------------------------------------------------------------------

def bound_contributions(vectors: FlowVectors, max_moves: int, max_count: int,
                        rng: np.random.Generator, bounding: str = "trips") -> sp.csr_matrix:
    """Each vehicle's bounded vector: ≤ m move occurrences (``trips``) or ≤ m distinct moves ≤ k times.

    ``trips``: a uniformly random subset of ≤ ``max_moves`` of the vehicle's
    move occurrences (repetitions count); ``max_count`` is not used.
    ``distinct``: ≤ ``max_moves`` distinct moves chosen uniformly among the
    vehicle's, each count clipped to ``max_count``.
    """
    m, c = int(max_moves), int(max_count)
    if m < 1 or c < 1 or m != max_moves or c != max_count:
        raise ValueError("the maximum moves per vehicle and count per move must be integers ≥ 1")
    if bounding not in BOUNDINGS:
        raise ValueError(f"unknown bounding {bounding!r}; choose one of {BOUNDINGS}")
    counts = vectors.counts.tocsr(copy=True)
    counts.eliminate_zeros()  # a stored zero is not a move: it must not take a sampling slot
    rows = np.repeat(np.arange(counts.shape[0]), np.diff(counts.indptr))
    if bounding == "trips":
        occ_rows = np.repeat(rows, counts.data)
        occ_cols = np.repeat(counts.indices, counts.data)
        keep = sample_per_user(occ_rows, m, rng)
        bounded = sp.csr_matrix((np.ones(int(keep.sum()), dtype=np.int64),
                                 (occ_rows[keep], occ_cols[keep])), shape=counts.shape)
        bounded.sum_duplicates()
        return bounded
    keep = sample_per_user(rows, m, rng)
    counts.data = np.where(keep, np.minimum(counts.data, c), 0)
    counts.eliminate_zeros()
    return counts


def central_sensitivity(max_moves: int, max_count: int, bounding: str) -> int:
    """Δ₁ of the bounded global vector under adding or removing one vehicle."""
    return int(max_moves) * (1 if bounding == "trips" else int(max_count))


def bounding_note(max_moves: int, max_count: int, bounding: str) -> str:
    if bounding == "trips":
        return (f"each vehicle keeps a uniformly random sample of ≤ {int(max_moves)} of its "
                f"move occurrences (repetitions counted), so adding or removing a vehicle "
                f"changes the global vector by ≤ {int(max_moves)} in L1")
    return (f"each vehicle keeps ≤ {int(max_moves)} distinct moves counted ≤ "
            f"{int(max_count)} times, so adding or removing a vehicle changes the global "
            f"vector by ≤ {central_sensitivity(max_moves, max_count, bounding)} in L1")


def release_central(vectors: FlowVectors, *, epsilon: float, rng: np.random.Generator,
                    max_moves: int, max_count: int = 1, noise: str = "discrete",
                    bounding: str = "trips", progress=None) -> Release:
    """Curator mode: bounded contributions, noise once on the global vector (ε-DP per vehicle)."""
    epsilon = check_epsilon(epsilon)
    if noise not in NOISES:
        raise ValueError(f"unknown noise {noise!r}; choose one of {NOISES}")
    # sampling on its own stream: same seed, same noise for neighbouring datasets
    bounded = bound_contributions(vectors, max_moves, max_count, sampling_stream(rng), bounding)
    report_progress(progress, 0.3)
    total = np.asarray(bounded.sum(axis=0)).ravel().astype(np.int64)
    sens = central_sensitivity(max_moves, max_count, bounding)
    if noise == "discrete":
        rel = mechanisms.discrete_laplace(total, sensitivity=sens, epsilon=epsilon, rng=rng,
                                          protects=UNIT_VEHICLE)
    else:
        rel = mechanisms.laplace(total, sensitivity=sens, epsilon=epsilon, rng=rng,
                                 protects=UNIT_VEHICLE)
    part = rel.cost.parts[0]
    cost = PrivacyCost((replace(
        part, mechanism=f"{part.mechanism} (central, once on the global vector)",
        unit_of_privacy=UNIT_NAMES[UNIT_VEHICLE],
        note=f"{part.note}; {bounding_note(max_moves, max_count, bounding)}"),))
    values = np.asarray(rel.values, dtype=float)
    negative = values[values < 0]
    report_progress(progress, 1.0)
    info = {"method": "central", "noise": noise, "bounding": bounding,
            "max_moves": int(max_moves), "l1_sensitivity": sens,
            "differentially_private": True, "leaks": "",
            "negative_entries": int(negative.size),
            "negative_mean": float(negative.mean()) if negative.size else 0.0}
    if bounding == "distinct":
        info["max_count"] = int(max_count)
    return Release(values, cost, public=info, internal={
        "vehicles": int(vectors.n_vehicles),
        "moves": int(vectors.counts.sum()),
        "kept_fraction": float(bounded.sum() / max(vectors.counts.sum(), 1))})
