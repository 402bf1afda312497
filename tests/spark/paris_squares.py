"""The small Spark-tier world: 2 × 2 census squares of Paris (CRS84) and 3 towers, as GeoJSON."""
import json


def _square(lon, lat, size=0.01):
    return [[[lon, lat], [lon + size, lat], [lon + size, lat + size], [lon, lat + size],
             [lon, lat]]]


def write_census_and_towers(folder) -> None:
    """``census.geojson`` (field ``iris`` 10–13) and ``towers.geojson`` (``tid`` 101–103)."""
    squares = [{"type": "Feature", "properties": {"iris": 10 + 2 * i + j},
                "geometry": {"type": "Polygon",
                             "coordinates": _square(2.30 + 0.01 * i, 48.85 + 0.01 * j)}}
               for i in range(2) for j in range(2)]
    towers = [{"type": "Feature", "properties": {"tid": 101 + k},
               "geometry": {"type": "Point", "coordinates": xy}}
              for k, xy in enumerate([[2.305, 48.855], [2.315, 48.865], [2.305, 48.865]])]
    for name, feats in (("census", squares), ("towers", towers)):
        with open(folder / f"{name}.geojson", "w") as fh:
            json.dump({"type": "FeatureCollection", "features": feats}, fh)
