"""Density assembly: public geography checks, release inputs, refusals with counts, cost plan."""
import numpy as np
import pytest
from shapely.geometry import Polygon, box
from shapely.ops import unary_union

from mobility_dp.dpcore.accounting.contract import check_spent
from mobility_dp.dpcore.accounting.unique_ids import check_unique_ids
from mobility_dp.dpcore.demo_data import generate_cdr, generate_population
from mobility_dp.dpcore.density import (
    METHODS,
    assemble_density,
    density_cost,
    density_geography,
    release_density,
    sections,
)
from mobility_dp.dpcore.geometry.data_driven_cells import data_driven_cells
from mobility_dp.dpcore.geometry.voronoi import voronoi_cells
from mobility_dp.dpcore.ingest import bound_contributions
from mobility_dp.dpcore.random.rng import make_rng

from ..support.geography import grid_city

CENSUS = [box(x, y, x + 500, y + 500) for x in range(0, 1500, 500) for y in range(0, 1500, 500)]
CENSUS_IDS = [f"c{k}" for k in range(len(CENSUS))]
TOWERS = np.array([[250.0, 250], [1250, 250], [750, 750], [250, 1250], [1250, 1250]])
TOWER_IDS = [101, 102, 103, 104, 105]


def test_duplicate_ids_are_refused_naming_two_of_them():
    with pytest.raises(ValueError, match=r"'7' appears 3 times and 'x' appears 2 times; 2 ids are "
                                         r"duplicated"):
        check_unique_ids([7, "7", 1, "x", "x", "7"], "tower id field 'tid'")
    check_unique_ids([1, 2, "3"], "ok")
    with pytest.raises(ValueError,
                       match="tower id field 'tid' has duplicate values: '102' appears 2"):
        density_geography(CENSUS, CENSUS_IDS, tower_xy=TOWERS, tower_ids=[101, 102, 103, 104,
                                                                          102], tower_field="tid")
    with pytest.raises(ValueError,
                       match="census id field 'iris' has duplicate values: 'c1' appears 2"):
        density_geography(CENSUS, CENSUS_IDS[:-1] + ["c1"], tower_xy=TOWERS,
                          tower_ids=TOWER_IDS, census_field="iris")


def test_geography_from_points_and_from_cells_agree():
    geo = density_geography(CENSUS, CENSUS_IDS, tower_xy=TOWERS, tower_ids=TOWER_IDS)
    assert len(geo.tower_cells) == 5 and geo.n_outside == 0
    assert geo.tower_lookup(["101", 105, "999"]).tolist() == [0, 4, -1]
    assert geo.graph.weights.sum() == pytest.approx(5.0)      # every tower cell fully mapped
    # tower cells as polygons; one cell lists two towers as "a,b" (the Voronoi output)
    ids = ["101", "102", "103,106", "104", "105"]
    geo2 = density_geography(CENSUS, CENSUS_IDS, tower_cells=geo.tower_cells, tower_ids=ids)
    assert geo2.tower_lookup(["103", "106", "105"]).tolist() == [2, 2, 4]
    assert geo2.n_towers == 6
    assert np.allclose(geo2.graph.weights.toarray(), geo.graph.weights.toarray())
    with pytest.raises(ValueError, match="'103'"):
        density_geography(CENSUS, CENSUS_IDS, tower_cells=geo.tower_cells,
                          tower_ids=["101", "102", "103", "104", "103,107"])


def test_towers_all_outside_the_census_area_are_refused_with_counts():
    # lon/lat read as metres: every tower a few metres from the origin, the census far away
    far = [box(600000 + x, 6800000, 600500 + x, 6800500) for x in (0, 500)]
    with pytest.raises(ValueError, match=r"all 5 tower\(s\) lie outside the study area "
                                         r"\(the nearest is 6\.8\de\+03 km away\): check"):
        density_geography(far, ["a", "b"], tower_xy=TOWERS / 1000 + [2.3, 48.8],
                          tower_ids=TOWER_IDS)
    with pytest.raises(ValueError, match="no polygon of the tower cells overlaps"):
        density_geography(far, ["a", "b"], tower_cells=[box(0, 0, 10, 10)], tower_ids=["t"])
    with pytest.raises(ValueError, match=r"all 3 sample point\(s\) lie outside"):
        data_driven_cells(np.array([[-5.0, -5], [-6, -6], [-7, -5]]), box(0, 0, 10, 10),
                          max_radius=5, min_radius=1, min_points=2)
    # some outside: kept, counted and warned
    tess = voronoi_cells(np.vstack([TOWERS, [[-300.0, 700]]]), unary_union(CENSUS))
    assert tess.n_outside == 1 and any("outside the study area" in w for w in tess.warnings)


def test_overlapping_census_cells_are_refused():
    with pytest.raises(ValueError, match="census layer is not a partition"):
        density_geography(CENSUS + [box(0, 0, 400, 400)], CENSUS_IDS + ["dup"],
                          tower_xy=TOWERS, tower_ids=TOWER_IDS)


def test_an_invalid_census_cell_is_repaired_with_a_warning_on_every_geos():
    """A bow-tie among the census cells: repaired with the same warning on GEOS 3.11 (QGIS 3.22)
    and on GEOS 3.12+ (QGIS 3.40, current shapely wheels), whose union of the census refused it
    with a TopologyException before the tower cells were built."""
    bow_tie = Polygon([(1500, 0), (2000, 500), (2000, 0), (1500, 500), (1500, 0)])
    assert not bow_tie.is_valid
    geo = density_geography(CENSUS + [bow_tie], CENSUS_IDS + ["tie"], tower_xy=TOWERS,
                            tower_ids=TOWER_IDS)
    assert geo.warnings[0] == ("1 of 10 polygons of the census layer were invalid "
                               "(self-intersecting or self-touching rings) and were repaired "
                               "with make_valid, keeping their polygonal part: 'tie'")
    assert len(geo.tower_cells) == len(TOWERS)


def _bounded(user, tower_ids, time, geo, **kw):
    kw.setdefault("n_slots", 24)
    return bound_contributions(np.asarray(user), geo.tower_lookup(tower_ids),
                               np.asarray(time, dtype=float), n_towers=len(geo.tower_cells),
                               ell=10, rng=make_rng(0), start=0, slot_seconds=3600, **kw)


def test_nothing_to_release_is_refused_with_before_inside_after_counts():
    geo = density_geography(CENSUS, CENSUS_IDS, tower_xy=TOWERS, tower_ids=TOWER_IDS)
    time = [-7200, -10, 3600, 90000, 100000, np.nan]      # 2 before, 1 inside, 2 after, 1 bad
    bounded = _bounded(range(6), ["101", "101", "999", "102", "102", "103"], time, geo)
    with pytest.raises(ValueError, match=r"of 6 event\(s\), 1 had no readable time, 1 were at "
                                         r"towers absent from the tower layer, .*and 0 fell "
                                         r"inside it at known towers\. Check the start"):
        assemble_density(geo, bounded)


def test_assembly_maps_counts_and_truth_to_census_cells():
    geo = density_geography(CENSUS, CENSUS_IDS, tower_xy=TOWERS, tower_ids=TOWER_IDS)
    rng = np.random.default_rng(1)
    towers = [str(t) for t in rng.choice(TOWER_IDS, 40)]
    bounded = _bounded(np.repeat(np.arange(8), 5), towers, rng.uniform(0, 24 * 3600, 40), geo)
    out = assemble_density(geo, bounded)
    assert out.truth.shape == (9, 24) and out.inputs.counts.shape == (5, 24)
    # Formula 1 keeps every tower's total (each tower cell lies inside the census area)
    assert out.truth.sum() == pytest.approx(bounded.true_counts.sum())
    assert out.truth.sum(axis=0) == pytest.approx(bounded.true_counts.sum(axis=0))
    assert out.inputs.counts.sum() == bounded.kept_visits


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("improvements", [True, False])
def test_planned_cost_is_what_the_release_spends(method, improvements):
    geo = grid_city(n_side=4, cell_m=500, n_towers=8, seed=2)
    pop = generate_population(geo, 800, rng=make_rng(1), days=1)
    cdr = generate_cdr(pop, rng=make_rng(2))
    g = density_geography(geo.zones, list(range(len(geo.zones))), tower_xy=geo.towers,
                          tower_ids=list(range(len(geo.towers))))
    bounded = bound_contributions(cdr.user, g.tower_lookup(cdr.tower), cdr.time,
                                  n_towers=len(g.tower_cells), ell=10, rng=make_rng(3),
                                  start=cdr.start, n_slots=24)
    data = assemble_density(g, bounded).inputs
    kw = {"improvements": improvements} if method in ("efpa_g", "efpa") else {}
    plan = density_cost(method, epsilon=0.8, delta=1e-6, improvements=improvements)
    rel = release_density(data, method=method, epsilon=0.8, delta=1e-6, rng=make_rng(4), **kw)
    assert [(p.epsilon, p.delta) for p in plan.parts] == \
        [(pytest.approx(p.epsilon), p.delta) for p in rel.cost.parts]
    assert plan.epsilon == pytest.approx(0.8)
    assert plan.delta == (1e-6 if method == "efpa_g" else 0.0)
    # the public sections read only the release and the public geography
    html = sections.pipeline_section(rel.public, len(g.tower_cells), len(g.census_cells))
    assert "census cells" in html
    public = sections.release_section(rel.values, g.census_cells, [f"h{t}" for t in range(24)])
    assert f"<td>{rel.values.sum():.0f}</td>" in public
    assert public.count("<img") == (2 if sections.figures.available() else 0)


def test_a_release_spending_other_than_its_plan_is_a_bug(monkeypatch):
    from mobility_dp.dpcore.density import pipeline
    geo = density_geography(CENSUS, CENSUS_IDS, tower_xy=TOWERS, tower_ids=TOWER_IDS)
    users = np.repeat(np.arange(30), 4)
    rng = np.random.default_rng(3)
    data = assemble_density(geo, _bounded(users, [str(t) for t in rng.choice(TOWER_IDS, 120)],
                                          rng.uniform(0, 86400, 120), geo)).inputs
    real = pipeline.release_lpa

    def overspending(d, **kw):
        rel = real(d, **kw)
        rel.cost = rel.cost + rel.cost
        return rel
    monkeypatch.setattr(pipeline, "release_lpa", overspending)
    rel = release_density(data, method="lpa", epsilon=1.0, rng=make_rng(0))
    with pytest.raises(RuntimeError, match="planned"):          # the contract's one check
        check_spent(density_cost("lpa", epsilon=1.0), rel.cost)
    with pytest.raises(ValueError, match="needs δ > 0"):
        density_cost("efpa_g", epsilon=1.0, delta=0.0)


def test_plan_and_release_state_one_user_as_unit_of_privacy():
    assert density_cost("lpa", epsilon=1.0).unit_of_privacy == "user"
    assert density_cost("efpa_g", epsilon=1.0, delta=1e-6).unit_of_privacy == "user"
    geo = density_geography(CENSUS, CENSUS_IDS, tower_xy=TOWERS, tower_ids=TOWER_IDS)
    users = np.repeat(np.arange(30), 4)
    rng = np.random.default_rng(3)
    data = assemble_density(geo, _bounded(users, [str(t) for t in rng.choice(TOWER_IDS, 120)],
                                          rng.uniform(0, 86400, 120), geo)).inputs
    rel = release_density(data, method="lpa", epsilon=1.0, rng=make_rng(0))
    assert rel.cost.unit_of_privacy == "user" and rel.cost.unit == "ε"
