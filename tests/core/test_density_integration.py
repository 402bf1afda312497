"""The density release on the real pipeline: synthetic CDR → ingest → Voronoi → cover → release."""
import numpy as np
import pytest
from shapely.ops import unary_union

from mobility_dp.dpcore.demo_data import generate_cdr, generate_population
from mobility_dp.dpcore.density import density_inputs, release_density
from mobility_dp.dpcore.geometry.cover import overlap_graph, reallocate
from mobility_dp.dpcore.geometry.geography import zone_centroids
from mobility_dp.dpcore.geometry.voronoi import voronoi_cells
from mobility_dp.dpcore.ingest import BoundedCounts, bound_contributions
from mobility_dp.dpcore.random.rng import make_rng
from mobility_dp.dpcore.reporting import metrics

from ..support.geography import grid_city


@pytest.fixture(scope="module")
def city():
    geo = grid_city(n_side=6, cell_m=500, n_towers=20, seed=1)
    pop = generate_population(geo, 20000, rng=make_rng(1), days=7)
    cdr = generate_cdr(pop, rng=make_rng(2))
    tess = voronoi_cells(geo.towers, unary_union(geo.zones))
    graph = overlap_graph(tess.cells, geo.zones)
    bounded = bound_contributions(cdr.user, tess.point_cell[cdr.tower], cdr.time,
                                  n_towers=len(tess.cells), ell=30, rng=make_rng(3),
                                  start=cdr.start, n_slots=168)
    truth = reallocate(bounded.true_counts, graph.weights)
    return density_inputs(bounded, graph.weights, tess.cells, geo.zones), truth, geo


def test_all_methods_release_census_density_with_the_asked_cost(city):
    data, truth, geo = city
    assert data.slot_hours[0] == 0 and data.slot_hours[-1] == 167      # the week starts at 00:00
    results = {}
    for method in ("efpa_g", "efpa", "lpa", "lpa_direct"):
        rel = release_density(data, method=method, epsilon=1.0, delta=1e-6, rng=make_rng(4))
        assert rel.values.shape == truth.shape and np.all(rel.values >= 0)
        assert rel.cost.epsilon == pytest.approx(1.0)
        assert rel.cost.delta == (1e-6 if method == "efpa_g" else 0.0)
        results[method] = metrics.summary(truth, rel.values, zone_centroids(geo.zones),
                                          emd_slots=range(0, 168, 12))
    # the paper's ordering on this small city (20,000 users, mean count ≈ 25 per cell-hour)
    assert results["efpa_g"]["mean_mre"] < results["lpa"]["mean_mre"] < \
        results["lpa_direct"]["mean_mre"]
    assert results["efpa_g"]["mean_pc"] > 0.9
    assert results["efpa_g"]["mean_emd"] < results["lpa"]["mean_emd"]


def test_unbounded_counts_are_refused():
    unbounded = BoundedCounts(counts=np.zeros((1, 2), int), one_visit_hist=np.zeros(1, int),
                              total_visits=0, slot_visits=0, true_counts=np.zeros((1, 2), int),
                              visits_per_user=np.zeros(0, int), n_users=0, n_events=0,
                              dropped={}, ell=None, start=0.0, slot_seconds=3600.0, n_slots=2)
    with pytest.raises(ValueError, match="finite ℓ"):
        density_inputs(unbounded, np.eye(1), [], [])
