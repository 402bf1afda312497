"""perturb_points / estimate_distribution: privacy costs, per-user composition, outputs."""
import numpy as np
import pytest

from mobility_dp.dpcore.geoind import Grid, coverage_warning, estimate_distribution, perturb_points, perturbation_cost
from mobility_dp.dpcore.random.rng import make_rng
from mobility_dp.dpcore.reporting.progress import Cancelled

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
    assert rel.cost.unit == "ε per metre" and rel.cost.unit_of_privacy == "reported point"
    np.testing.assert_array_equal(np.rint(rel.values / 0.01) * 0.01, rel.values)   # 1 cm
    shift = np.hypot(*(rel.values - xy[rel.internal["kept"]]).T)
    assert shift.mean() == pytest.approx(200.0, rel=0.05)
    assert rel.public["facts"]["expected_displacement_m"] == pytest.approx(200.0)
    again = perturb_points(xy, epsilon=0.01, rng=make_rng(1))
    np.testing.assert_array_equal(again.values, rel.values)


def test_users_compose_to_public_m_or_are_sampled_down():
    xy = _points(1000)
    users = np.arange(1000) % 300          # users with 3 or 4 points
    rel = perturb_points(xy, epsilon=0.01, rng=make_rng(2), user_ids=users,
                         max_points_per_user=5)
    assert rel.cost.epsilon == pytest.approx(0.05)           # m = 5 from the parameter, not 4
    assert rel.public["max_points_per_user"] == 5 and "m = 5" in rel.cost.parts[0].protects
    assert rel.cost.unit_of_privacy == "user" and rel.cost.unit == "ε per metre"
    assert "kept" not in rel.public and len(rel.internal["kept"]) == 1000
    assert perturbation_cost(0.01, max_points_per_user=5).epsilon == rel.cost.epsilon
    assert any("5·ε" in s for s in rel.public["facts"]["statements"])
    with pytest.raises(ValueError, match=r"user '\d+' has 4 points and 100 user\(s\) have more "
                                         r"than the maximum of 3"):
        perturb_points(xy, epsilon=0.01, rng=make_rng(2), user_ids=users, max_points_per_user=3)
    one = perturb_points(xy, epsilon=0.01, rng=make_rng(2), user_ids=users,
                         max_points_per_user=1, excess="sample")
    assert one.cost.epsilon == pytest.approx(0.01)
    kept = one.internal["kept"]
    assert len(kept) == 300 and np.unique(users[kept]).size == 300
    assert one.values.shape == (300, 2) and one.internal["points_dropped"] == 700
    three = perturb_points(xy, epsilon=0.01, rng=make_rng(2), user_ids=users,
                           max_points_per_user=3, excess="sample")
    assert np.bincount(users[three.internal["kept"]]).max() == 3
    assert len(three.internal["kept"]) == 900
    # Sampling draws on its own stream: the noise is the one the kept points get without
    # any sampling (same seed), so neighbouring datasets get the same noise.
    plain = perturb_points(xy[np.sort(three.internal["kept"])], epsilon=0.01, rng=make_rng(2))
    np.testing.assert_array_equal(plain.values, three.values)


@pytest.mark.parametrize("kwargs, message", [
    ({"user_ids": np.arange(1000) % 300}, "give the maximum number of points per user"),
    ({"max_points_per_user": 2}, "needs user ids"),
    ({"user_ids": np.arange(1000), "max_points_per_user": 1}, "has its own user"),
    ({"user_ids": np.arange(10), "max_points_per_user": 1}, "one user id per point"),
    ({"user_ids": np.arange(1000) % 3, "max_points_per_user": 0}, "integer ≥ 1"),
    ({"user_ids": np.arange(1000) % 3, "max_points_per_user": 400, "excess": "drop"},
     "excess must be"),
])
def test_user_level_refusals(kwargs, message):
    with pytest.raises(ValueError, match=message):
        perturb_points(_points(1000), epsilon=0.01, rng=make_rng(2), **kwargs)


def test_coverage_warning_and_refusal():
    assert coverage_warning(5, 100, where="the grid", allow_outside=False) == ""
    text = coverage_warning(20, 100, where="the study area", allow_outside=False)
    assert text.startswith("20 of 100 points (20.0 %) lie outside the study area")
    with pytest.raises(ValueError, match="51 of 100 points .* Refused"):
        coverage_warning(51, 100, where="the grid", allow_outside=False, hint="degrees?")
    assert "degrees?" in coverage_warning(51, 100, where="the grid", allow_outside=True,
                                          hint="degrees?")


@pytest.mark.parametrize("mechanism,epsilon,name", [
    ("laplace", 0.005, "discretised planar Laplace"), ("geometric", 0.005, "geometric"),
    ("krr", 5.0, "k-ary randomized response")])
def test_grid_mechanisms_report_cell_centres(mechanism, epsilon, name):
    rel = perturb_points(_points(), epsilon=epsilon, rng=make_rng(4), mechanism=mechanism,
                         grid=GRID)
    centres = GRID.centers()
    np.testing.assert_array_equal(rel.values, centres[rel.public["reported_cells"]])
    assert rel.cost.parts[0].mechanism == name and rel.cost.epsilon == epsilon
    assert rel.cost.unit == ("ε" if mechanism == "krr" else "ε per metre")
    assert perturbation_cost(epsilon, mechanism=mechanism).parts[0].mechanism == name
    paper = perturb_points(_points(), epsilon=epsilon, rng=make_rng(4), mechanism=mechanism,
                           grid=GRID, boundary="renormalise")
    assert paper.cost.epsilon == (epsilon if mechanism == "krr" else 2 * epsilon)
    assert perturbation_cost(epsilon, mechanism=mechanism, boundary="renormalise").epsilon == \
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
    assert np.abs(est.values - truth).sum() < np.abs(est.public["raw_histogram"] - truth).sum()
    assert est.public["expected_counts"].sum() == pytest.approx(20000)
    assert ("matrix_inversion" in est.public) == (mechanism == "krr")
    if mechanism != "planar_laplace":
        assert est.public["reports_off_centre"] == 0
        shifted = Grid(GRID.x0 + 40.0, GRID.y0, GRID.cell, GRID.nx, GRID.ny)   # another grid
        other = estimate_distribution(rel.values, grid=shifted, mechanism=mechanism,
                                      epsilon=epsilon, iterations=5)
        assert other.public["reports_off_centre"] == 20000


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
        estimate_distribution(np.empty((0, 2)), grid=GRID, mechanism="geometric", epsilon=0.01)

    def cancel(fraction):
        raise Cancelled()
    with pytest.raises(Cancelled):
        perturb_points(xy, epsilon=0.01, rng=rng, progress=cancel)
    with pytest.raises(Cancelled):
        estimate_distribution(xy, grid=GRID, mechanism="geometric", epsilon=0.01, progress=cancel)


def test_report_headline_per_metre_and_per_user_factor():
    from mobility_dp.dpcore.geoind.summary import guarantee_html, parameter_rows, raw_facts_html
    users = np.arange(1000) % 300
    rel = perturb_points(_points(1000), epsilon=0.01, rng=make_rng(2), user_ids=users,
                         max_points_per_user=4)
    text = guarantee_html(rel)
    assert "ε = 0.01 per metre</b> for each reported point" in text
    assert "at most m = 4 points" in text and "ε = 0.04 per metre (m·ε)" in text
    rows = dict(parameter_rows(rel, input_name="pts", boundary="remap", user_field="uid",
                               excess="refuse", copied=["venue"]))
    assert rows["maximum points per user m"] == 4 and rows["displacement"] == "in the plane"
    assert rows["reports rounded to"].startswith("0.01 m")
    assert rows["fields copied to the output"] == "venue"
    paper = perturb_points(_points(), epsilon=0.005, rng=make_rng(4), mechanism="geometric",
                           grid=GRID, boundary="renormalise")
    assert "ε = 0.01 per metre</b>" in guarantee_html(paper)        # 2ε: the paper's rule
    raw = raw_facts_html(paper, nulls=3, outside=7, where="the grid")
    assert "<td>3</td>" in raw and "true points outside the grid</td><td>7<" in raw


def test_reported_points_carry_nothing_of_the_input_order():
    """Issue 25 item 7: perturbed rows kept the input's row order (1,931 of 2,000 rows had
    their nearest input point at their own index, Spearman 0.961). Rows are now shuffled."""
    from scipy import spatial, stats
    xy = make_rng(7).uniform(0, 20000, (2000, 2))
    for mechanism, kw in (("planar_laplace", {}),
                          ("geometric", {"grid": Grid(0.0, 0.0, 500.0, 40, 40)})):
        rel = perturb_points(xy, epsilon=0.01, rng=make_rng(8), mechanism=mechanism, **kw)
        nearest = spatial.cKDTree(xy).query(rel.values)[1]
        own = np.mean(nearest == np.arange(len(xy)))
        rho = stats.spearmanr(np.arange(len(xy)), nearest)[0]
        assert own < 0.01 and abs(rho) < 0.1, (mechanism, own, rho)
        # negative control: the same reports put back in input order are linked by row number
        back = np.empty_like(rel.values)
        back[rel.internal["kept"]] = rel.values
        nearest_back = spatial.cKDTree(xy).query(back)[1]
        assert stats.spearmanr(np.arange(len(xy)), nearest_back)[0] > 0.5


def test_planar_laplace_refuses_an_epsilon_whose_noise_is_below_the_granularity():
    """ε per metre whose expected displacement 2/ε is below the 1 cm the reports are rounded to
    is refused before any noise (10⁶ per metre published the input points); the ceiling
    itself is accepted, and there the reports do move by about the granularity."""
    from mobility_dp.dpcore.geoind.release import GRANULARITY_M, MAX_EPSILON_PER_METRE
    assert MAX_EPSILON_PER_METRE == 200.0
    for eps in (1e6, 201.0):
        with pytest.raises(ValueError, match="publish the true points"):
            perturbation_cost(eps)
        with pytest.raises(ValueError, match="publish the true points"):
            perturb_points(_points(), epsilon=eps, rng=make_rng(1))
    xy = _points()
    rel = perturb_points(xy, epsilon=MAX_EPSILON_PER_METRE, rng=make_rng(1))
    moved = np.hypot(*(rel.values - xy[rel.internal["kept"]]).T)
    assert np.median(moved) == pytest.approx(1.68 / MAX_EPSILON_PER_METRE, abs=GRANULARITY_M)
    assert perturbation_cost(1e6, mechanism="geometric").epsilon == 1e6   # grids: cells
