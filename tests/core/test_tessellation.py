"""Voronoi tower cells and data-driven cells (Acs & Castelluccia §4.2, Pratesi §5.2)."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.spatial import cKDTree
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box
from shapely.ops import unary_union

from mobility_dp.dpcore.geometry.data_driven_cells import data_driven_cells, data_driven_seeds
from mobility_dp.dpcore.geometry.tessellation import default_study_area, locate
from mobility_dp.dpcore.geometry.voronoi import voronoi_cells
from mobility_dp.dpcore.reporting.progress import Cancelled

from ..support import paris as _paris

SQUARE = box(0, 0, 1000, 1000)
# non-convex, two parts, one with a hole: cells may become multipart
PARTS = MultiPolygon([
    Polygon([(0, 0), (1000, 0), (1000, 1000), (0, 1000), (0, 600), (700, 600), (700, 400),
             (0, 400)], [[(800, 100), (900, 100), (900, 200), (800, 200)]]),
    box(-800, 0, -300, 1000)])


def assert_partition(tess, area, rel=1e-9):
    """Cells cover the area, overlap nowhere, stay inside it."""
    total = area.area
    cell_area = tess.cell_area
    union = unary_union(tess.cells)
    assert all(c.is_valid and c.area > 0 for c in tess.cells)
    assert union.area == pytest.approx(total, rel=rel)
    assert cell_area.sum() == pytest.approx(total, rel=rel)  # no overlaps
    assert union.symmetric_difference(area).area <= rel * total


def assert_points_in_cells(tess, pts):
    for i, (x, y) in enumerate(pts):
        k = tess.point_cell[i]
        if tess.outside[i]:
            continue
        assert k >= 0
        assert tess.cells[k].distance(Point(x, y)) < 1e-6


def assert_nearest_site(tess, rng, n=300):
    """Every probe point of the area lies in the cell of its nearest site."""
    minx, miny, maxx, maxy = tess.study_area.bounds
    probes = rng.uniform((minx, miny), (maxx, maxy), (n, 2))
    nearest = cKDTree(tess.sites_xy).query(probes)[1]
    for p, k in zip(probes, nearest):
        pt = Point(*p)
        if tess.study_area.contains(pt):
            d = tess.cells[k].distance(pt)
            assert d < 1e-6


def test_random_towers_partition_the_square():
    rng = np.random.default_rng(1)
    pts = rng.uniform(0, 1000, (200, 2))
    tess = voronoi_cells(pts, SQUARE)
    assert len(tess.cells) == 200 and tess.warnings == []
    assert_partition(tess, SQUARE)
    assert_points_in_cells(tess, pts)
    assert_nearest_site(tess, rng)
    # cells are numbered by their first tower, sites are the towers
    assert np.array_equal(tess.point_cell, np.arange(200))
    assert np.allclose(tess.sites_xy, pts)


def test_nonconvex_multipart_area_with_hole():
    rng = np.random.default_rng(2)
    pts = rng.uniform((-800, 0), (1000, 1000), (150, 2))
    tess = voronoi_cells(pts, PARTS)
    assert_partition(tess, PARTS)
    assert_points_in_cells(tess, pts)
    assert_nearest_site(tess, rng)
    # towers in the gap between the parts or in the hole are outside
    assert tess.n_outside == int(sum(not PARTS.covers(Point(*p)) for p in pts)) > 0


@settings(max_examples=25, deadline=None)
@given(arrays(np.int64, st.tuples(st.integers(1, 25), st.just(2)),
              elements=st.integers(0, 20)))
def test_partition_property_any_towers(grid_pts):
    """Integer grid coordinates give many duplicates and collinear sets."""
    pts = grid_pts * 50.0
    tess = voronoi_cells(pts, SQUARE)
    n_sites = len(np.unique(pts, axis=0))
    assert len(tess.cells) == n_sites
    assert tess.n_merged == len(pts) - n_sites
    assert_partition(tess, SQUARE)
    assert_points_in_cells(tess, pts)
    # duplicate towers share a cell
    _, inv = np.unique(pts, axis=0, return_inverse=True)
    inv = inv.ravel()
    for s in range(n_sites):
        assert len(set(tess.point_cell[inv == s])) == 1


def test_one_tower_owns_the_whole_area():
    tess = voronoi_cells([[10.0, 20.0]], PARTS)
    assert len(tess.cells) == 1
    assert tess.cells[0].symmetric_difference(PARTS).area < 1e-6


def test_two_towers_split_at_the_bisector():
    tess = voronoi_cells([[250.0, 500.0], [750.0, 500.0]], SQUARE)
    assert tess.cells[0].symmetric_difference(box(0, 0, 500, 1000)).area < 1e-6
    assert tess.cells[1].symmetric_difference(box(500, 0, 1000, 1000)).area < 1e-6


def test_collinear_towers_give_strips():
    pts = np.column_stack([np.arange(5) * 200.0 + 100, np.full(5, 500.0)])
    tess = voronoi_cells(pts, SQUARE)
    for k in range(5):
        assert tess.cells[k].symmetric_difference(box(200 * k, 0, 200 * (k + 1), 1000)).area < 1e-6


def test_duplicates_and_merge_distance():
    pts = np.array([[100, 100], [100, 100], [105, 100], [112, 100], [600, 600], [900, 900]], float)
    exact = voronoi_cells(pts, SQUARE)
    assert len(exact.cells) == 5 and exact.n_merged == 1
    assert exact.point_cell[0] == exact.point_cell[1]
    merged = voronoi_cells(pts, SQUARE, merge_distance=8)
    # 100 -> 105 -> 112 chain (gaps 5 and 7) is one site at the towers' mean
    assert len(merged.cells) == 3 and merged.n_merged == 3
    assert len(set(merged.point_cell[:4])) == 1
    assert np.allclose(merged.sites_xy[0], pts[:4].mean(axis=0))
    assert any("share their site" in w for w in merged.warnings)
    assert_partition(merged, SQUARE)


def test_near_duplicates_below_qhull_precision_share_a_cell():
    pts = np.array([[500, 500], [500 + 1e-11, 500], [100, 100], [900, 100]], float)
    tess = voronoi_cells(pts, SQUARE)
    assert_partition(tess, SQUARE)
    assert tess.point_cell[0] == tess.point_cell[1]


def test_towers_outside_are_counted_and_dropped_when_their_cell_misses():
    pts = np.array([[200, 200], [800, 800], [1100, 500], [5000, 5000]], float)
    tess = voronoi_cells(pts, SQUARE)
    assert tess.outside.tolist() == [False, False, True, True]
    assert tess.point_cell[2] >= 0 and tess.point_cell[3] == -1  # near one keeps its cell
    assert tess.n_dropped == 1 and len(tess.cells) == 3
    assert any("2 tower(s) lie outside" in w for w in tess.warnings)
    assert any("1 tower(s) were dropped" in w for w in tess.warnings)
    assert_partition(tess, SQUARE)


def test_invalid_area_is_repaired_with_a_warning():
    bowtie = Polygon([(0, 0), (1000, 1000), (1000, 0), (0, 1000)])
    tess = voronoi_cells([[100, 500], [900, 500]], bowtie)
    assert any("repaired" in w for w in tess.warnings)
    assert tess.study_area.area == pytest.approx(500000)
    assert_partition(tess, tess.study_area)


@pytest.mark.parametrize("area, message", [
    (None, "null"), (Polygon(), "empty"), (LineString([(0, 0), (1, 1)]), "must be a polygon"),
    (Polygon([(0, 0), (1, 1), (2, 2)]), "no area")])
def test_unusable_areas_are_refused(area, message):
    with pytest.raises(ValueError, match=message):
        voronoi_cells([[0.5, 0.5]], area)


@pytest.mark.parametrize("pts, message", [
    (np.zeros((0, 2)), "empty"), ([[0, np.nan]], "non-finite"), ([1, 2, 3], "array")])
def test_bad_towers_are_refused(pts, message):
    with pytest.raises(ValueError, match=message):
        voronoi_cells(pts, SQUARE)


def test_bad_merge_distance_refused():
    with pytest.raises(ValueError, match="merge distance"):
        voronoi_cells([[1, 1]], SQUARE, merge_distance=-1)


def test_default_study_area():
    area = default_study_area([[0, 0], [100, 0], [0, 100]], 10)
    assert area.contains(box(0, 0, 10, 10)) and area.area > 5000
    assert default_study_area([[0, 0], [100, 0]], 10).area > 2000  # 2 towers need a buffer
    with pytest.raises(ValueError, match="collinear"):
        default_study_area([[0, 0], [50, 0], [100, 0]], 0)


def test_progress_and_cancel():
    seen = []
    voronoi_cells([[1, 1], [2, 3]], SQUARE, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0

    def cancel(f):
        raise Cancelled()

    with pytest.raises(Cancelled):
        voronoi_cells([[1, 1], [2, 3]], SQUARE, progress=cancel)


def test_paris_towers_clipped_to_iris_union():
    towers = _paris.towers_xy()
    area = unary_union(_paris.iris_polygons())
    tess = voronoi_cells(towers, area)
    assert len(towers) == 627
    # the IRIS union leaves out the Bois de Boulogne and de Vincennes, where
    # 119 towers stand; 62 of them have a cell that does not reach the union
    assert (tess.n_outside, tess.n_dropped, tess.n_merged, len(tess.cells)) == (119, 62, 0, 565)
    assert_partition(tess, area)
    assert_points_in_cells(tess, towers)
    assert_nearest_site(tess, np.random.default_rng(3))


# --- data-driven tessellation -------------------------------------------------------------

def blobs(rng):
    """A dense blob (2000 points, sd 40 m) on a sparse background (300 points)."""
    return np.vstack([rng.normal(300, 40, (2000, 2)), rng.uniform(0, 1000, (300, 2))])


def mean_nn_distance(xy):
    return float(cKDTree(xy).query(xy, k=2)[0][:, 1].mean())


def test_separated_groups_give_one_seed_each():
    rng = np.random.default_rng(4)
    centres = np.array([[100, 100], [100, 900], [900, 100], [900, 900], [500, 500]], float)
    pts = np.vstack([c + rng.uniform(-20, 20, (40, 2)) for c in centres])
    rng.shuffle(pts)
    seeds = data_driven_seeds(pts, max_radius=100, min_radius=100, min_points=10)
    assert len(seeds) == 5
    assert np.abs(np.sort(seeds, axis=0) - np.sort(centres, axis=0)).max() < 10


def test_dense_groups_are_subdivided_down_to_min_radius():
    rng = np.random.default_rng(5)
    pts = blobs(rng)
    plain = data_driven_seeds(pts, max_radius=200, min_radius=200, min_points=50)
    fine = data_driven_seeds(pts, max_radius=200, min_radius=25, min_points=50)
    finer = data_driven_seeds(pts, max_radius=200, min_radius=12.5, min_points=50)
    no_split = data_driven_seeds(pts, max_radius=200, min_radius=25, min_points=10 ** 6)
    assert len(plain) == len(no_split) < len(fine) < len(finer)
    # seeds are denser where the points are: the blob's seeds sit closer together
    near = np.hypot(*(fine - 300).T) < 80
    assert near.sum() >= 5
    assert mean_nn_distance(fine[near]) < 0.5 * mean_nn_distance(fine[~near])
    # a group of radius R is never split below r: no two blob seeds closer than ~r/2
    assert cKDTree(fine).query(fine, k=2)[0][:, 1].min() > 25 / 4


def test_data_driven_cells_partition_and_warn():
    rng = np.random.default_rng(6)
    pts = blobs(rng)
    tess = data_driven_cells(pts, SQUARE, max_radius=200, min_radius=25, min_points=50)
    assert_partition(tess, SQUARE)
    assert any("disclose" in w for w in tess.warnings)
    assert not any("tower" in w for w in tess.warnings)  # warnings speak of seeds
    cell = locate(tess, pts)
    inside = np.array([SQUARE.covers(Point(*p)) for p in pts])
    assert (cell[~inside] == -1).all() and (cell[inside] >= 0).all()
    for p, k in zip(pts[inside][:200], cell[inside][:200]):
        assert tess.cells[k].distance(Point(*p)) < 1e-6


@pytest.mark.parametrize("kw, message", [
    (dict(max_radius=10, min_radius=20, min_points=5), "radii"),
    (dict(max_radius=10, min_radius=0, min_points=5), "radii"),
    (dict(max_radius=10, min_radius=5, min_points=1), "integer >= 2"),
    (dict(max_radius=10, min_radius=5, min_points=2.5), "integer >= 2")])
def test_data_driven_bad_parameters(kw, message):
    with pytest.raises(ValueError, match=message):
        data_driven_seeds([[0, 0], [1, 1]], **kw)
