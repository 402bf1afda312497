"""Linear sketches of (noisy) frequency vectors (Pratesi 2012 §2.2, §4.2.4).

* Count-Min (Cormode & Muthukrishnan 2005): d rows of w counters, one
  pairwise-independent hash h_j per row; estimate = min_j C[j, h_j(i)].
  Never underestimates non-negative input, so nodes clip their negative
  noisy values to 0 first — which biases the estimates upwards (§5.4.4).
* Count Sketch (Charikar, Chen & Farach-Colton 2004): as Count-Min plus a
  pairwise-independent sign g_j; estimate = median_j g_j(i)·C[j, h_j(i)],
  unbiased for every input.
* AGMS (Alon, Matias & Szegedy 1999): r counters C[j] = Σ_i g_j(i)·f[i]
  with four-wise independent signs; estimate = mean_j g_j(i)·C[j]
  (Aggarwal & Yu's single-item estimator used in the thesis).

Hashes are Carter–Wegman polynomials modulo the Mersenne prime 2^31 − 1
(degree 1: pairwise independent; degree 3: four-wise), with coefficients
drawn from a seeded generator: nodes and coordinator share the seed (it is
public — the sketch is post-processing of the already private vector and
costs no privacy, §4.2.4).

Every sketch is the linear map f ↦ f·S with a fixed s × (d·w) matrix S,
so the coordinator's sum of the nodes' sketches equals the sketch of the
sum of their vectors.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

KINDS = ("countmin", "count", "agms")
_PRIME = (1 << 31) - 1


@dataclass(frozen=True)
class SketchSpec:
    """A sketch shape: ``width`` counters per row, ``depth`` rows (AGMS: one row of ``width``)."""

    kind: str
    width: int
    depth: int = 1
    seed: int = 0

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown sketch {self.kind!r}; choose one of {KINDS}")
        if int(self.width) < 1 or int(self.depth) < 1:
            raise ValueError("sketch width and depth must be at least 1")
        if self.kind == "agms" and int(self.depth) != 1:
            raise ValueError("an AGMS sketch has one row of counters (depth 1)")
        if int(self.seed) < 0:
            raise ValueError("the sketch seed must be a non-negative integer")

    @property
    def size(self) -> int:
        return int(self.width) * int(self.depth)


def _polynomial_hash(coefficients: np.ndarray, items: np.ndarray) -> np.ndarray:
    """Σ_k a_k·x^k mod p for each row of coefficients (Horner; all values < 2^62)."""
    x = items.astype(np.int64) % _PRIME
    out = np.zeros((coefficients.shape[0], items.size), dtype=np.int64)
    for k in range(coefficients.shape[1]):
        out = (out * x[None, :] + coefficients[:, k:k + 1]) % _PRIME
    return out


#: AGMS signs are generated this many counters at a time (bounded memory).
_AGMS_BLOCK = 256


@functools.lru_cache(maxsize=2)
def _agms_signs(spec: SketchSpec, n_items: int) -> np.ndarray:
    """±1 signs (int8, counters × items), hashed in blocks to bound the int64 temporaries."""
    coef = np.random.default_rng(int(spec.seed)).integers(1, _PRIME, size=(int(spec.width), 4))
    items = np.arange(int(n_items), dtype=np.int64)
    signs = np.empty((coef.shape[0], items.size), dtype=np.int8)
    for start in range(0, coef.shape[0], _AGMS_BLOCK):
        block = _polynomial_hash(coef[start:start + _AGMS_BLOCK], items)
        signs[start:start + block.shape[0]] = 1 - 2 * (block & 1)
    signs.setflags(write=False)
    return signs


def _agms_sign_blocks(spec: SketchSpec, n_items: int):
    """Yield (first counter, float ±1 signs of a block of counters × items)."""
    signs = _agms_signs(spec, int(n_items))
    for start in range(0, signs.shape[0], _AGMS_BLOCK):
        yield start, signs[start:start + _AGMS_BLOCK].astype(float)


def hash_functions(spec: SketchSpec, n_items: int) -> tuple:
    """(buckets, signs) of Count-Min / Count Sketch: d × n buckets in [0, w) and ±1 signs."""
    if spec.kind == "agms":
        raise ValueError("AGMS has no buckets; its signs come from _agms_sign_blocks")
    rng = np.random.default_rng(int(spec.seed))
    items = np.arange(int(n_items), dtype=np.int64)
    d, w = int(spec.depth), int(spec.width)
    buckets = _polynomial_hash(rng.integers(1, _PRIME, size=(d, 2)), items) % w
    signs = 1 - 2 * (_polynomial_hash(rng.integers(1, _PRIME, size=(d, 2)), items) & 1)
    if spec.kind == "countmin":
        signs = np.ones_like(signs)
    return buckets, signs.astype(np.int8)


def sketch(vectors, spec: SketchSpec) -> np.ndarray:
    """Sketch of one vector (1-D) or of each row of a matrix (dense or sparse)."""
    n_items = vectors.shape[-1]
    f = (sp.csr_matrix(vectors, dtype=float) if sp.issparse(vectors)
        else np.atleast_2d(np.asarray(vectors, dtype=float)))
    if spec.kind == "agms":
        out = np.zeros((f.shape[0], spec.size))
        for start, signs in _agms_sign_blocks(spec, n_items):
            out[:, start:start + signs.shape[0]] = f @ signs.T
    else:
        buckets, signs = hash_functions(spec, n_items)
        d, w = int(spec.depth), int(spec.width)
        cols = (np.arange(d)[:, None] * w + buckets).ravel()
        rows = np.tile(np.arange(n_items), d)
        matrix = sp.csr_matrix((signs.ravel().astype(float), (rows, cols)),
                               shape=(n_items, d * w))
        out = f @ matrix
        out = out.toarray() if sp.issparse(out) else np.asarray(out)
    return out.ravel() if getattr(vectors, "ndim", np.ndim(vectors)) == 1 else out


def estimate(counters, spec: SketchSpec, n_items: int) -> np.ndarray:
    """The estimate of every item from one sketch (1-D) or from each row of sketches (2-D)."""
    counters = np.asarray(counters, dtype=float)
    rows = np.atleast_2d(counters)
    if rows.shape[1] != spec.size:
        raise ValueError(f"expected {spec.size} counters, got {rows.shape[1]}")
    if spec.kind == "agms":
        total = np.zeros((rows.shape[0], int(n_items)))
        for start, signs in _agms_sign_blocks(spec, n_items):
            total += rows[:, start:start + signs.shape[0]] @ signs
        out = total / spec.width
    else:
        buckets, signs = hash_functions(spec, n_items)
        d, w = int(spec.depth), int(spec.width)
        flat = (np.arange(d)[:, None] * w + buckets).ravel()
        values = np.take(rows, flat, axis=1).reshape(rows.shape[0], d, -1)  # rows × d × items
        if spec.kind == "countmin":
            out = values.min(axis=1)
        else:
            values *= signs
            out = (np.partition(values, d // 2, axis=1)[:, d // 2] if d % 2 else
                np.median(values, axis=1))
    return out.ravel() if counters.ndim == 1 else out
