"""perturb_points / estimate_distribution: privacy costs, per-user composition, outputs."""
import numpy as np
import pytest
from shapely.geometry import Point, box

from dpcore.geoind import Grid, estimate_distribution, perturb_points, planned_epsilon
from dpcore.privacy import Cancelled, make_rng

GRID = Grid(0.0, 0.0, 150.0, 20, 20)


def _points(n=2000, seed=0):
    rng = make_rng(seed)
    return np.vstack([rng.normal([1000, 1500], 200, (n // 2, 2)),
                      rng.normal([2200, 800], 150, (n - n // 2, 2))])


def test_planar_laplace_cost_facts_and_displacement():
    xy = _points()
    rel = perturb_points(xy, epsilon=0.01, rng=make_rng(1))
    assert rel.values.shape == xy.shape
    (part,) = rel.cost.parts
    assert part.mechanism == "planar Laplace" and part.epsilon == 0.01
    assert part.protects == "one reported point" and "per metre" in part.note
    shift = np.hypot(*(rel.values - xy).T)
    assert shift.mean() == pytest.approx(200.0, rel=0.05)
    assert rel.info["facts"]["expected_displacement_m"] == pytest.approx(200.0)
    again = perturb_points(xy, epsilon=0.01, rng=make_rng(1))
    np.testing.assert_array_equal(again.values, rel.values)


def test_user_ids_compose_or_keep_one_point_per_user():
    xy = _points(1000)
    users = np.arange(1000) % 300          # users with 3 or 4 points
    rel = perturb_points(xy, epsilon=0.01, rng=make_rng(2), user_ids=users)
    assert rel.cost.epsilon == pytest.approx(0.04)
    assert rel.info["composed_points"] == 4 and "4·ε" in rel.cost.parts[0].protects
    assert planned_epsilon(0.01, user_ids=users) == rel.cost.epsilon
    one = perturb_points(xy, epsilon=0.01, rng=make_rng(2), user_ids=users, one_per_user=True)
    assert planned_epsilon(0.01, user_ids=users, one_per_user=True) == pytest.approx(0.01)
    assert one.cost.epsilon == pytest.approx(0.01)
    kept = one.info["kept"]
    assert len(kept) == 300 and np.unique(users[kept]).size == 300
    assert one.values.shape == (300, 2)
    with pytest.raises(ValueError):
        perturb_points(xy, epsilon=0.01, rng=make_rng(2), one_per_user=True)
    with pytest.raises(ValueError):
        perturb_points(xy, epsilon=0.01, rng=make_rng(2), user_ids=users[:10])


def test_region_remap_keeps_reports_in_the_study_area():
    region = box(0, 0, 3000, 3000).difference(Point(1500, 1500).buffer(300))
    rel = perturb_points(_points(), epsilon=0.002, rng=make_rng(3), region=region)
    assert all(region.buffer(1e-6).contains(Point(p)) for p in rel.values)
    assert "remapped" in rel.cost.parts[0].note


@pytest.mark.parametrize("mechanism,epsilon,name", [
    ("laplace", 0.005, "discretised planar Laplace"), ("geometric", 0.005, "geometric"),
    ("krr", 5.0, "k-ary randomized response")])
def test_grid_mechanisms_report_cell_centres(mechanism, epsilon, name):
    rel = perturb_points(_points(), epsilon=epsilon, rng=make_rng(4), mechanism=mechanism,
                         grid=GRID)
    centres = GRID.centers()
    np.testing.assert_array_equal(rel.values, centres[rel.info["reported_cells"]])
    assert rel.cost.parts[0].mechanism == name and rel.cost.epsilon == epsilon
    paper = perturb_points(_points(), epsilon=epsilon, rng=make_rng(4), mechanism=mechanism,
                           grid=GRID, boundary="renormalise")
    assert paper.cost.epsilon == (epsilon if mechanism == "krr" else 2 * epsilon)
    assert planned_epsilon(epsilon, mechanism=mechanism, boundary="renormalise") == \
        paper.cost.epsilon


@pytest.mark.parametrize("mechanism,epsilon", [("planar_laplace", 0.01), ("geometric", 0.01),
                                               ("krr", 6.0)])
def test_estimate_distribution_recovers_the_clusters(mechanism, epsilon):
    xy = _points(20000)
    rel = perturb_points(xy, epsilon=epsilon, rng=make_rng(5), mechanism=mechanism, grid=GRID)
    est = estimate_distribution(rel.values, grid=GRID, mechanism=mechanism, epsilon=epsilon)
    assert est.cost.epsilon == 0 and est.cost.parts == ()
    assert est.values.sum() == pytest.approx(1.0)
    truth = np.bincount(GRID.cell_of(xy)[0], minlength=GRID.size) / len(xy)
    assert np.abs(est.values - truth).sum() < np.abs(est.info["raw_histogram"] - truth).sum()
    assert est.info["expected_counts"].sum() == pytest.approx(20000)
    assert ("matrix_inversion" in est.info) == (mechanism == "krr")


def test_bad_input_and_cancellation():
    xy = _points(10)
    rng = make_rng(6)
    for eps in (0.0, -1.0, float("nan")):
        with pytest.raises(ValueError):
            perturb_points(xy, epsilon=eps, rng=rng)
    with pytest.raises(ValueError):
        perturb_points(xy, epsilon=0.01, rng=rng, delta=1e-6)
    with pytest.raises(ValueError):
        perturb_points(xy, epsilon=0.01, rng=rng, mechanism="geometric")      # no grid
    with pytest.raises(ValueError):
        perturb_points(xy, epsilon=0.01, rng=rng, mechanism="gaussian")
    with pytest.raises(ValueError):
        perturb_points(np.empty((0, 2)), epsilon=0.01, rng=rng)
    with pytest.raises(ValueError):
        perturb_points(np.array([[0.0, np.nan]]), epsilon=0.01, rng=rng)
    with pytest.raises(ValueError):
        perturb_points(xy, epsilon=0.01, rng=rng, mechanism="krr", grid=GRID, region=box(0, 0, 1, 1))
    with pytest.raises(ValueError):
        estimate_distribution(np.empty((0, 2)), grid=GRID, mechanism="geometric", epsilon=0.01)

    def cancel(fraction):
        raise Cancelled()
    with pytest.raises(Cancelled):
        perturb_points(xy, epsilon=0.01, rng=rng, progress=cancel)
    with pytest.raises(Cancelled):
        estimate_distribution(xy, grid=GRID, mechanism="geometric", epsilon=0.01, progress=cancel)
