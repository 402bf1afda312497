"""Xu et al.'s trajectory recovery attack on tiny cases solved by hand."""
import numpy as np
import pytest

from mobility_dp.dpcore.histograms import attacks
from mobility_dp.dpcore.histograms.attacks import (
    recover_trajectories,
    recovery_accuracy,
    slot_cells,
    trajectory_recovery_audit,
    uniqueness,
)
from mobility_dp.dpcore.random.rng import make_rng

LINE = np.column_stack([np.arange(5) * 500.0, np.zeros(5)])   # five cells on a line


def counts_of(traj, n_cells):
    return np.stack([np.bincount(traj[:, t], minlength=n_cells) for t in range(traj.shape[1])])


def test_two_users_crossing_are_separated_by_their_velocity():
    """A walks 0→4, B walks 4→0; they meet in cell 2 at t = 2. Continuing with
    the velocity, the day model links both correctly (hand-solved: 100 %)."""
    truth = np.array([[0, 1, 2, 3, 4], [4, 3, 2, 1, 0]])
    res = trajectory_recovery_audit(counts_of(truth, 5), LINE, truth, day_model="velocity")
    assert sorted(map(tuple, res.recovered)) == sorted(map(tuple, truth))
    assert res.recovery_accuracy == 1.0


def test_night_steps_stay_and_the_crossing_is_ambiguous_without_velocity():
    """Predicting "stay" after the meeting, both continuations cost the same:
    each user keeps at least its first three points (3/5)."""
    truth = np.array([[0, 1, 2, 3, 4], [4, 3, 2, 1, 0]])
    acc, _ = recovery_accuracy(truth, recover_trajectories(counts_of(truth, 5), LINE,
                                                           day_model="stay"), n_cells=5)
    assert set(acc) <= {0.6, 1.0}
    # at night nobody moves far: a user near its start is linked to it
    truth = np.array([[0, 0, 1], [4, 4, 4]])
    night = np.array([True, True, True])
    res = trajectory_recovery_audit(counts_of(truth, 5), LINE, truth, night=night)
    assert res.recovery_accuracy == 1.0


def test_accuracy_is_the_best_match_share_of_observed_points():
    truth = np.array([[0, 1, 2, -1], [3, 3, 3, 3]])
    rec = np.array([[0, 1, 4, 4], [3, 3, 0, 0], [3, 2, 3, 3]])
    acc, best = recovery_accuracy(truth, rec, n_cells=5)
    assert acc.tolist() == [2 / 3, 3 / 4] and best.tolist() == [0, 2]
    acc, best = recovery_accuracy(np.array([[-1, -1, -1, -1]]), rec, n_cells=5)
    assert np.isnan(acc[0]) and best[0] == -1


def test_uniqueness_by_top_k_cells():
    truth = np.array([[0, 0, 1], [0, 0, 2], [3, 3, 3], [4, 4, 2]])
    assert uniqueness(truth, top_k=1) == pytest.approx(2 / 4)   # {0} twice, {3}, {4}
    assert uniqueness(truth, top_k=2) == 1.0


def test_unequal_totals_and_empty_counts():
    counts = np.array([[1, 0, 0, 0, 1], [0, 0, 3, 0, 0], [0, 0, 0, 0, 0], [1, 0, 0, 0, 0]])
    rec = recover_trajectories(counts, LINE, day_model="stay")
    assert rec.shape == (2, 4)
    assert sorted(rec[:, 1]) == [2, 2]            # 2 of the 3 people are linked
    assert np.array_equal(rec[:, 2], rec[:, 1])   # nobody there: stay
    assert sorted(rec[:, 3]) == [0, 2]            # one location for two trajectories
    empty = recover_trajectories(np.zeros((3, 5), int), LINE)
    assert empty.shape == (0, 3)
    res = trajectory_recovery_audit(np.zeros((3, 5), int), LINE, np.array([[0, 1, 2]]))
    assert res.recovery_accuracy == 0.0
    late = recover_trajectories(np.array([[0] * 5, [0, 1, 0, 0, 0]]), LINE)
    assert late.tolist() == [[-1, 1]]


def test_large_problems_use_an_equally_optimal_transport(monkeypatch):
    rng = make_rng(4)
    xy = rng.random((30, 2)) * 1000
    for trial in range(10):
        guess_cells = rng.integers(0, 30, int(rng.integers(5, 60)))
        guess = xy[guess_cells] + (rng.random((guess_cells.size, 2)) * 100 if trial % 2 else 0)
        cand = rng.integers(0, 30, int(rng.integers(5, 60)))
        costs = []
        for limit in (10 ** 9, 0):
            monkeypatch.setattr(attacks, "DENSE_LIMIT", limit)
            r, c = attacks._assign(np.full(guess_cells.size, -1), guess, cand, xy)
            assert len(set(r)) == len(r) == len(set(c)) == min(guess.shape[0], cand.size)
            costs.append(np.linalg.norm(guess[r] - xy[cand[c]], axis=1).sum())
        assert costs[0] == pytest.approx(costs[1])


def test_attack_refuses_noisy_non_integer_counts():
    with pytest.raises(ValueError, match="post-processing"):
        recover_trajectories(np.array([[1.5, -1.0]]), LINE[:2])
    with pytest.raises(ValueError, match="day_model"):
        recover_trajectories(np.ones((2, 5), int), LINE, day_model="teleport")


def test_slot_cells_picks_one_observation_per_user_and_slot_uniformly():
    user = np.array(["a", "a", "b", "b"])
    cell = np.array([1, 2, 3, 7])
    time = np.array([0.0, 10.0, 3700.0, 20.0])
    ids, traj = slot_cells(user, cell, time, n_cells=5, rng=make_rng(0), n_slots=2)
    assert ids.tolist() == ["a", "b"] and traj[1].tolist() == [-1, 3]
    picks = [slot_cells(user, cell, time, n_cells=5, rng=make_rng(s), n_slots=2)[1][0, 0]
             for s in range(300)]
    assert 110 < picks.count(1) < 190 and set(picks) == {1, 2}
