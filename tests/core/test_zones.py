"""The one rule for zones (dpcore.geometry.check_zones) on real IRIS cells with real defects."""
import json

import numpy as np
import pytest
from shapely.geometry import shape

from mobility_dp.dpcore.density.assembly import density_geography
from mobility_dp.dpcore.flows.cells import check_partition
from mobility_dp.dpcore.geometry.zones import MAX_OVERLAP_SHARE, check_zones

from ..support import zone_world
from ..support.paris import _project_geom, towers_xy


def _layer(path):
    with open(path) as f:
        feats = json.load(f)["features"]
    return [_project_geom(shape(f["geometry"])) for f in feats], \
        [f["properties"]["iris_id"] for f in feats]


@pytest.fixture(scope="module")
def broken(tmp_path_factory):
    path, ids = zone_world.invalid_iris(tmp_path_factory.mktemp("z") / "bad.geojson")
    return _layer(path) + (ids,)


def test_valid_iris_pass_unchanged_negative_control():
    polys, ids = _layer(zone_world.IRIS)
    zones = check_zones(polys, ids, "census")
    assert zones.repaired == () and zones.notes() == [] and zones.overlap_share == 0.0
    assert all(a.equals(b) for a, b in zip(zones.polygons, polys))


def test_invalid_iris_are_repaired_and_counted(broken):
    polys, ids, broken_ids = broken
    assert sum(not p.is_valid for p in polys) == 3
    zones = check_zones(polys, ids, "census")
    assert list(zones.repaired) == [str(i) for i in broken_ids]
    assert all(p.is_valid and p.area > 0 for p in zones.polygons)
    note = zones.notes("census")[0]
    assert note.startswith("3 of 965 polygons of the census layer were invalid")


def test_sanitizedensity_geography_no_longer_crashes_on_invalid_census(broken):
    """Before: TopologyException from unary_union of the raw census polygons."""
    polys, ids, _ = broken
    xy = towers_xy()
    geo = density_geography(polys, ids, tower_xy=xy, tower_ids=list(range(len(xy))))
    assert any(w.startswith("3 of 965 polygons of the census layer were invalid")
               for w in geo.warnings)
    # the repaired census is a partition: Formula 1 weights of a tower sum to at most 1
    assert np.asarray(geo.graph.weights.sum(axis=1)).max() <= 1 + 1e-9


def test_slivers_go_to_the_first_zone_and_are_logged(broken):
    polys, ids, _ = broken
    zones = check_zones(polys, ids, "zones")
    assert 0 < zones.overlap_share < MAX_OVERLAP_SHARE
    assert "each overlap was given to the first of its zones" in zones.notes()[1]
    again = check_zones(zones.polygons, ids, "zones")  # now a partition
    assert again.overlap_share < 1e-9


@pytest.fixture(scope="module")
def overlapping(tmp_path_factory):
    return _layer(zone_world.buffered_iris(tmp_path_factory.mktemp("o") / "o.geojson", n=60))


MESSAGE = r"the (zones|census|tessellation) layer is not a partition: \d+ pairs of its " \
    r"polygons overlap, on areas adding up to [\d.]+ % of the layer's area \(largest: "


@pytest.mark.parametrize("entry", ["check_zones", "check_partition", "density_geography"])
def test_overlapping_zones_refused_the_same_way_everywhere(overlapping, entry):
    polys, ids = overlapping
    with pytest.raises(ValueError, match=MESSAGE):
        if entry == "check_zones":
            check_zones(polys, ids)
        elif entry == "check_partition":
            check_partition(polys)
        else:
            density_geography(polys, ids, tower_xy=towers_xy()[:5], tower_ids=list(range(5)))


@pytest.mark.parametrize("entry", ["check_zones", "check_partition", "density_geography"])
def test_one_zone_refused_with_a_sentence(entry):
    polys, ids = _layer(zone_world.IRIS)
    polys, ids = polys[:1], ids[:1]
    with pytest.raises(ValueError, match=r"layer has only 1 polygon: zones must be at least 2"):
        if entry == "check_zones":
            check_zones(polys, ids)
        elif entry == "check_partition":
            check_partition(polys)
        else:
            density_geography(polys, ids, tower_xy=towers_xy()[:5], tower_ids=list(range(5)))


def test_missing_geometry_refused_with_count():
    polys, ids = _layer(zone_world.IRIS)
    polys[3] = None
    with pytest.raises(ValueError, match=r"1 of 965 polygons of the zones layer have no geometry"):
        check_zones(polys, ids)
