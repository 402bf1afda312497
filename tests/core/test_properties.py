"""Issue 30: property tests of dpcore invariants (hypothesis), whatever the input and its order.

* contribution bounding never keeps more than m (items per user) or ℓ (visits per user) and
  keeps exactly min(n, m) — so the sensitivity the noise is calibrated for holds — in any
  input order;
* post-processing keeps non-negativity and the totals it claims (Chen et al. Alg. 3 keeps
  every timestamp's rounded noisy total; the IBU simplex clip sums to 1).

(The frame round trip within a millimetre is a QGIS-tier property: tests/qgis/test_properties.py.)
"""
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mobility_dp.dpcore.flows.central_noise import bound_contributions as bound_flows
from mobility_dp.dpcore.flows.vectors import FlowVectors
from mobility_dp.dpcore.geoind.ibu import clip_to_simplex
from mobility_dp.dpcore.histograms import consistency_postprocess
from mobility_dp.dpcore.ingest.bounding import bound_contributions
from mobility_dp.dpcore.random.sampling import sample_per_user

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True)
users = st.lists(st.integers(0, 12), min_size=0, max_size=120)


def _per_user(u, mask):
    u = np.asarray(u)
    return {k: int(mask[u == k].sum()) for k in np.unique(u)}


@SETTINGS
@given(users, st.integers(1, 6), st.integers(0, 2 ** 32), st.randoms(use_true_random=False))
def test_sample_per_user_keeps_min_n_m_in_any_order(u, m, seed, shuffle):
    shuffled = list(u)
    shuffle.shuffle(shuffled)
    for items in (sorted(u), shuffled):
        mask = sample_per_user(items, m, np.random.default_rng(seed))
        kept = _per_user(items, mask)
        for k, n in zip(*np.unique(np.asarray(items, dtype=int), return_counts=True)):
            assert kept[k] == min(n, m)      # never more than m, all of a user with ≤ m


@SETTINGS
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 3), st.integers(0, 11)),
                max_size=150),
       st.integers(1, 5), st.integers(0, 2 ** 32), st.randoms(use_true_random=False))
def test_cdr_presampling_keeps_at_most_ell_visits_per_user_in_any_order(events, ell, seed,
                                                                         shuffle):
    def run(evs):
        user = np.array([e[0] for e in evs], dtype=np.int64)
        tower = np.array([e[1] for e in evs], dtype=np.int64)
        time = np.array([3600.0 * e[2] + 17 for e in evs])
        return bound_contributions(user, tower, time, n_towers=4, ell=ell, n_slots=12,
                                   rng=np.random.default_rng(seed))
    first = run(events)
    shuffled = list(events)
    shuffle.shuffle(shuffled)
    second = run(shuffled)
    for b in (first, second):
        assert (b.counts >= 0).all()
        # every user keeps min(its one-per-slot visits, ℓ): never more than ℓ
        assert b.counts.sum() == np.minimum(b.visits_per_user, ell).sum()
        assert (b.counts.sum(axis=0) <= np.bincount([e[2] for e in events], minlength=12)).all()
    for k in {e[0] for e in events}:   # each user alone: ≤ ℓ visits, ≤ 1 per slot
        alone = run([e for e in events if e[0] == k])
        assert alone.counts.sum() <= ell and (alone.counts.sum(axis=0) <= 1).all()
    # the claim "whatever the order of the events": same seed, same counts
    np.testing.assert_array_equal(first.counts, second.counts)
    np.testing.assert_array_equal(first.true_counts, second.true_counts)


@SETTINGS
@given(st.lists(st.lists(st.integers(0, 4), max_size=6), min_size=1, max_size=8),
       st.integers(1, 4), st.integers(1, 3), st.sampled_from(("trips", "distinct")),
       st.integers(0, 2 ** 32))
def test_flow_bounding_keeps_at_most_m_moves_per_vehicle(rows, m, c, bounding, seed):
    import scipy.sparse as sp
    dense = np.zeros((len(rows), 5), dtype=np.int64)
    for i, row in enumerate(rows):
        for j in row:
            dense[i, j] += 1
    vectors = FlowVectors(index=None, counts=sp.csr_matrix(dense), trajectory_max=None,
                          vehicle_ids=np.arange(len(rows)))
    out = bound_flows(vectors, m, c, np.random.default_rng(seed), bounding).toarray()
    assert (out >= 0).all() and (out <= dense).all()
    if bounding == "trips":
        np.testing.assert_array_equal(out.sum(axis=1), np.minimum(dense.sum(axis=1), m))
    else:
        assert ((out > 0).sum(axis=1) == np.minimum((dense > 0).sum(axis=1), m)).all()
        assert (out <= c).all()


finite = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)


@SETTINGS
@given(st.lists(st.lists(finite, min_size=4, max_size=4), min_size=1, max_size=6),
       st.integers(0, 2 ** 32))
def test_consistency_keeps_non_negative_integers_and_positive_totals(noisy, seed):
    noisy = np.array(noisy)
    out = consistency_postprocess(noisy, rng=np.random.default_rng(seed))
    assert out.dtype.kind == "i" and (out >= 0).all()
    rounded = np.rint(noisy).sum(axis=1)
    np.testing.assert_array_equal(out.sum(axis=1), np.where(rounded > 0, rounded, 0))


@SETTINGS
@given(st.lists(finite, min_size=1, max_size=30))
def test_simplex_clip_is_a_distribution(v):
    p = clip_to_simplex(v)
    assert (p >= 0).all() and abs(p.sum() - 1.0) < 1e-9


@SETTINGS
@given(st.sampled_from((1e-308, 1e-9, 0.0, -1.0, float("nan"), float("inf"), 1e308)))
def test_grid_refuses_unrepresentable_cells_with_a_value_error(cell):
    """No OverflowError (issue 30: CELL_SIZE = 1e308 reached numpy before)."""
    import pytest

    from mobility_dp.dpcore.geoind.grid import Grid
    try:
        grid = Grid.covering(0.0, 0.0, 4000.0, 2500.0, cell)
    except ValueError as exc:
        assert "cell" in str(exc)
    else:
        assert grid.size >= 2 and cell == 1e308
    with pytest.raises(ValueError):
        Grid.covering(0.0, 0.0, 4000.0, 2500.0, 1e-308)
