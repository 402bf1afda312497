"""Flow stage: partition checks, adjacency, point location, trajectory generalisation, vectors."""
import numpy as np
import pytest
from shapely.geometry import Polygon, box

from mobility_dp.dpcore.flows.cells import adjacency, check_partition, locate_points, prepare_cells
from mobility_dp.dpcore.flows.generalise import generalise
from mobility_dp.dpcore.flows.vectors import MoveIndex, frequency_vectors


def grid(nx=3, ny=3, size=1.0):
    """Cells numbered row by row: cell k = (k % nx, k // nx)."""
    return [box(i * size, j * size, (i + 1) * size, (j + 1) * size)
            for j in range(ny) for i in range(nx)]


@pytest.fixture(scope="module")
def cells():
    return prepare_cells(grid())


def center(k, nx=3):
    return (k % nx + 0.5, k // nx + 0.5)


def run(cells, points, **kw):
    """points: (vehicle, trajectory, t, cell-or-(x, y))."""
    v, tr, t, xy = zip(*points)
    xy = [center(p) if isinstance(p, int) else p for p in xy]
    x, y = zip(*xy)
    return generalise(cells, v, tr, t, x, y, **kw)


# -- partition and adjacency ----------------------------------------------------

def test_grid_adjacency_is_rook_not_queen(cells):
    pairs = set(zip(cells.origin.tolist(), cells.dest.tolist()))
    assert len(pairs) == 24  # 12 shared edges, both directions
    assert (0, 1) in pairs and (1, 0) in pairs and (0, 3) in pairs
    assert (0, 4) not in pairs  # shared corner only


def test_adjacency_of_irregular_cells():
    # an L-shaped cell touching two boxes along edges and one at a corner
    ell = Polygon([(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)])
    polys = [ell, box(1, 1, 2, 2), box(2, 0, 3, 1), box(2, 1, 3, 2)]
    o, d = adjacency(check_partition(polys)[0])
    pairs = set(zip(o.tolist(), d.tolist()))
    assert {(0, 1), (0, 2), (1, 3), (2, 3)} <= pairs
    assert (0, 3) not in pairs  # ell meets box 3 only at the corner (2, 1)


def test_overlapping_cells_are_refused():
    polys = grid() + [box(0.5, 0.5, 1.5, 1.5)]
    with pytest.raises(ValueError, match="overlap"):
        check_partition(polys)


def test_gap_between_cells_is_refused_unless_holes_are_allowed():
    polys = [c for k, c in enumerate(grid()) if k != 4]  # hole in the middle
    with pytest.raises(ValueError, match="gap"):
        check_partition(polys)
    cells = prepare_cells(polys, allow_holes=True)
    assert cells.hole_areas == (pytest.approx(1.0),) and cells.n == 8


def test_empty_tessellation_is_refused():
    with pytest.raises(ValueError, match="tessellation layer has no polygon"):
        check_partition([])


def test_locate_points_matches_brute_force():
    rng = np.random.default_rng(0)
    polys = grid(5, 4, 10.0)
    x = rng.uniform(-5, 55, 3000)
    y = rng.uniform(-5, 45, 3000)
    x[:3], y[:3] = [10.0, 0.0, 20.0], [10.0, 5.0, 3.0]  # a corner, an outer edge, an inner edge
    got = locate_points(polys, x, y)
    from shapely.geometry import Point
    want = np.array([min([k for k, p in enumerate(polys) if p.intersects(Point(a, b))],
                         default=-1) for a, b in zip(x, y)])
    np.testing.assert_array_equal(got, want)
    assert got[0] == 0 and got[2] == 1  # boundary points go to the lowest cell index


# -- generalisation -------------------------------------------------------------

def test_place_based_segmentation_and_times(cells):
    # thesis §3.1 example: c1 → c2 → c1 → c2 gives MF(c1, c2) = 2; times = last point in each cell
    m = run(cells, [(1, 1, 0, 0), (1, 1, 1, 1), (1, 1, 2, 1), (1, 1, 3, 0), (1, 1, 4, 1)])
    assert m.origin.tolist() == [0, 1, 0] and m.dest.tolist() == [1, 0, 1]
    assert m.t_origin.tolist() == [0, 2, 3] and m.t_dest.tolist() == [2, 3, 4]
    fv = frequency_vectors(m, MoveIndex.from_cells(cells))
    idx = MoveIndex.from_cells(cells)
    assert fv.counts[0, idx.positions([0], [1])[0]] == 2
    assert fv.counts[0, idx.positions([1], [0])[0]] == 1


def test_gap_is_bridged_along_the_segment(cells):
    # 0 → 2 jumps over cell 1; 2 → 8 jumps over 5; times interpolated where the segment leaves
    m = run(cells, [(1, 1, 0.0, 0), (1, 1, 10.0, 2), (1, 1, 20.0, 8)])
    assert list(zip(m.origin.tolist(), m.dest.tolist())) == [(0, 1), (1, 2), (2, 5), (5, 8)]
    # exit of the bridged cell at 3/4 of the segment, to within half a sampling step (0.05)
    np.testing.assert_allclose(m.t_origin, [0.0, 7.5, 10.0, 17.5], atol=0.25)
    np.testing.assert_allclose(m.t_dest, [7.5, 10.0, 17.5, 20.0], atol=0.25)
    assert m.t_origin[0] == 0 and m.t_dest[-1] == 20
    assert m.stats["gaps_bridged"] == 2 and m.stats["gaps_unbridged"] == 0


def test_gap_through_a_corner_or_outside_is_counted_not_invented(cells):
    # diagonal 0 → 4 through the shared corner (1, 1): no adjacent path
    m = run(cells, [(1, 1, 0, (0.5, 0.5)), (1, 1, 1, (1.5, 1.5)), (1, 1, 2, 5)])
    assert list(zip(m.origin.tolist(), m.dest.tolist())) == [(4, 5)]
    assert m.stats["gaps_unbridged"] == 1


def test_single_cell_trajectories_and_outside_points_are_dropped_and_counted(cells):
    m = run(cells, [(1, 1, 0, (0.2, 0.2)), (1, 1, 1, (0.8, 0.8)),   # one cell only
                    (2, 1, 0, (9.0, 9.0)), (2, 1, 1, (9.5, 9.0)),   # outside every cell
                    (2, 2, 0, 3), (2, 2, 1, (9.0, 9.0)), (2, 2, 2, 4)])
    assert m.stats["single_cell_trajectories"] == 1
    assert m.stats["trajectories_outside_cells"] == 1
    assert m.stats["points_outside_cells"] == 3
    assert list(zip(m.origin.tolist(), m.dest.tolist())) == [(3, 4)]
    assert m.vehicle.tolist() == [1] and m.vehicle_ids.tolist() == [1, 2]


def test_trajectory_ids_repeat_across_vehicles_and_order_by_time(cells):
    # points given out of order; both vehicles use trajectory id "a"
    m = run(cells, [("v2", "a", 5, 4), ("v1", "a", 1, 1), ("v2", "a", 3, 3), ("v1", "a", 0, 0)])
    assert sorted(zip(m.vehicle.tolist(), m.origin.tolist(), m.dest.tolist())) == \
        [(0, 0, 1), (1, 3, 4)]
    assert m.trajectory[0] != m.trajectory[1]


def test_time_interval_keeps_moves_inside_it(cells):
    m = run(cells, [(1, 1, 0, 0), (1, 1, 10, 1), (1, 1, 20, 2)], interval=(5, 25))
    assert list(zip(m.origin.tolist(), m.dest.tolist())) == [(1, 2)]
    assert m.stats["moves_outside_interval"] == 1


def test_points_without_time_are_refused(cells):
    with pytest.raises(ValueError, match="time"):
        generalise(cells, [1, 1], [1, 1], [0.0, np.nan], [0.5, 1.5], [0.5, 0.5])
    with pytest.raises(ValueError, match="one value per point"):
        generalise(cells, [1], [1, 1], [0.0, 1.0], [0.5, 1.5], [0.5, 0.5])
    with pytest.raises(ValueError, match="no trajectory points"):
        generalise(cells, [], [], [], [], [])


# -- vectors ---------------------------------------------------------------------

def test_frequency_vectors_and_trajectory_sensitivity(cells):
    # vehicle 1: trajectory A does 0→1 twice, trajectory B once; vehicle 2 does 4→5 once
    m = run(cells, [(1, "A", 0, 0), (1, "A", 1, 1), (1, "A", 2, 0), (1, "A", 3, 1),
                    (1, "B", 10, 0), (1, "B", 11, 1),
                    (2, "C", 0, 4), (2, "C", 1, 5)])
    idx = MoveIndex.from_cells(cells)
    fv = frequency_vectors(m, idx)
    z01, z10, z45 = idx.positions([0, 1, 4], [1, 0, 5])
    assert fv.counts[0, z01] == 3 and fv.counts[0, z10] == 1 and fv.counts[1, z45] == 1
    assert fv.trajectory_max[0, z01] == 2 and fv.trajectory_max[0, z10] == 1  # Eq. 4.1
    assert fv.counts.nnz == fv.trajectory_max.nnz == 3
    np.testing.assert_array_equal(fv.counts.indices, fv.trajectory_max.indices)
    assert fv.total().sum() == 5 and idx.size == 24
    assert idx.positions([0], [4])[0] == -1


# -- refusals with counts --------------------------------------------------------

def test_a_point_id_as_vehicle_is_refused_with_counts(cells):
    points = [(k, 0, float(k), c) for k, c in enumerate([0, 1, 2, 5, 8])]
    with pytest.raises(ValueError, match=r"^5 vehicles, 0 moves: every one of the 5 points "
                                         r"has its own vehicle .* field 'fid'"):
        run(cells, points, vehicle_field="fid")


def test_no_move_at_all_is_refused_with_counts(cells):
    m = run(cells, [(1, 1, 0, 0), (1, 1, 1, 0), (2, 1, 0, 4), (2, 1, 5, (9.5, 9.5))])
    with pytest.raises(ValueError, match=r"2 vehicles, 0 moves.*1 of 4 points outside"):
        frequency_vectors(m, MoveIndex.from_cells(cells))


def test_no_fix_in_any_cell_is_a_clear_refusal(cells):
    """Issue 25 item 10: every point outside every cell raised IndexError."""
    with pytest.raises(ValueError, match="none of the 3 trajectory points lies in a cell"):
        run(cells, [("a", 1, 0.0, (50.0, 50.0)), ("a", 1, 1.0, (51.0, 50.0)),
                    ("b", 1, 0.0, (-9.0, 3.0))])
    assert run(cells, [("a", 1, 0.0, 0), ("a", 1, 1.0, (50.0, 50.0))]).stats["moves"] == 0
