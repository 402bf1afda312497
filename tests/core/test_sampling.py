"""Per-user bounding by uniform sampling: exact sizes, and uniformity by chi-square."""
import itertools

import numpy as np
import pytest

from mobility_dp.dpcore.random.rng import make_rng
from mobility_dp.dpcore.random.sampling import sample_per_user, sampling_stream

from ..support.dp_audit import chi_square_fit

N_ITEMS, M, DRAWS = 6, 2, 6000
SUBSETS = list(itertools.combinations(range(N_ITEMS), M))  # 15 equally likely subsets


def subset_codes(sampler, seed):
    """DRAWS users with N_ITEMS items each, interleaved; the code of each user's kept subset."""
    users = np.tile(np.arange(DRAWS), N_ITEMS)      # items of one user are not contiguous
    item = np.repeat(np.arange(N_ITEMS), DRAWS)
    keep = sampler(users, M, make_rng(seed))
    kept = item[keep].reshape(-1)
    owner = users[keep]
    order = np.lexsort((kept, owner))
    pairs = kept[order].reshape(DRAWS, M)
    lookup = {s: i for i, s in enumerate(SUBSETS)}
    return np.array([lookup[tuple(p)] for p in pairs])


def biased_sampler(users, m, rng):
    """Broken variant: random keys favour the later items (weight 1 + position/10)."""
    users = np.asarray(users)
    position = np.zeros(users.size)
    for u in np.unique(users):
        where = np.flatnonzero(users == u)
        position[where] = np.arange(where.size)
    keys = rng.random(users.size) ** (1 / (1 + position / 10))  # larger for later items
    order = np.lexsort((-keys, users))
    grouped = users[order]
    starts = np.flatnonzero(np.r_[True, grouped[1:] != grouped[:-1]])
    rank = np.arange(users.size) - np.repeat(starts, np.diff(np.r_[starts, users.size]))
    keep = np.zeros(users.size, bool)
    keep[order[rank < m]] = True
    return keep


def test_every_subset_is_equally_likely():
    codes = subset_codes(sample_per_user, 1)
    uniform = np.full(len(SUBSETS), 1 / len(SUBSETS))
    assert chi_square_fit(codes, np.arange(len(SUBSETS)), uniform).passed
    # negative control: a slightly biased sampler fails the same test
    biased = subset_codes(biased_sampler, 1)
    assert not chi_square_fit(biased, np.arange(len(SUBSETS)), uniform).passed


def test_sizes_and_small_users():
    users = np.array(["b", "a", "b", "c", "b", "a", "b"])
    keep = sample_per_user(users, 2, make_rng(3))
    kept = dict(zip(*np.unique(users[keep], return_counts=True)))
    assert kept == {"a": 2, "b": 2, "c": 1}
    assert sample_per_user(np.array([], dtype=int), 3, make_rng(0)).size == 0
    with pytest.raises(ValueError, match="integer ≥ 1"):
        sample_per_user(users, 0, make_rng(0))


def test_sampling_stream_leaves_the_noise_stream_alone():
    a, b = make_rng(5), make_rng(5)
    sample_per_user(np.arange(100) % 7, 3, sampling_stream(a))
    sample_per_user(np.arange(900) % 11, 3, sampling_stream(b))   # other data, other draws
    assert a.random() == b.random()
    secure = make_rng(None)
    assert sampling_stream(secure) is secure
