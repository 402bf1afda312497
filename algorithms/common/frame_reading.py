"""Reading layers into a :class:`.frame.MetricFrame`: features, points, zones, a study area
and an extent parameter in the frame's metres, whatever the layer's CRS.

Every layer is read through ``QgsFeatureRequest().setDestinationCrs(frame.crs,
transformContext)``; polygons and lines of a geographic layer are densified (every
:data:`DENSIFY_DEGREES`) before projection, so a 4-vertex lon/lat box keeps its curved edges.
"""
from __future__ import annotations

import numpy as np
from qgis.core import QgsCoordinateTransform, QgsCsException, QgsFeatureRequest, QgsProcessingException, QgsWkbTypes
from shapely.ops import unary_union

from ...dpcore.accounting.unique_ids import check_unique_ids as dpcore_check_unique_ids
from ...dpcore.geometry.shapes import clean_polygon
from ...dpcore.geometry.zones import check_zones
from ...dpcore.reporting.progress import Cancelled
from .crs import _rect_text, check_extent, crs_name, stated_extent_crs
from .field_types import FieldType
from .i18n import tr
from .validation import has_value, usable_geometry

try:  # shapely ≥ 2 and 1.8 both provide shapely.wkb
    from shapely import wkb as shapely_wkb
except ImportError:  # pragma: no cover - the plugin refuses to load without shapely
    shapely_wkb = None

#: Densification step of geographic polygons and lines before projection (degrees).
DENSIFY_DEGREES = 0.01


class FrameReading:
    """The readers of :class:`.frame.MetricFrame` (which sets ``crs``, ``home_crs``,
    ``transform_context`` and ``feedback``)."""

    def request(self, source=None, attributes=None) -> QgsFeatureRequest:
        """A request delivering geometries in this frame (optionally only ``attributes``)."""
        request = QgsFeatureRequest().setDestinationCrs(self.crs, self.transform_context)
        if attributes is not None and source is not None:
            request.setSubsetOfAttributes(list(attributes), source.fields())
        return request

    def features(self, source, attributes=None, feedback=None, keep_m=False):
        """(feature, QgsGeometry in metres or None) for every feature of ``source``.

        Polygons and lines of a geographic layer are densified before they
        are projected; Z values are dropped, M values too unless ``keep_m`` (the
        times of trip lines). A cancel (``feedback``) raises dpcore's ``Cancelled``.
        """
        src_crs = source.sourceCrs()
        densify = (src_crs.isGeographic() and QgsWkbTypes.geometryType(source.wkbType())
                   in (QgsWkbTypes.PolygonGeometry, QgsWkbTypes.LineGeometry))
        if densify:
            request = QgsFeatureRequest()
            if attributes is not None:
                request.setSubsetOfAttributes(list(attributes), source.fields())
            transform = QgsCoordinateTransform(src_crs, self.crs, self.transform_context)
        else:
            request = self.request(source, attributes)
        for feature in source.getFeatures(request):
            if feedback is not None and feedback.isCanceled():
                raise Cancelled()  # never a half-read layer
            g = usable_geometry(feature.geometry(), keep_m)
            if g is None:
                yield feature, None
                continue
            if densify:
                g = g.densifyByDistance(DENSIFY_DEGREES)
                try:
                    g.transform(transform)
                except QgsCsException as exc:
                    raise QgsProcessingException(tr(
                        "feature {feature} cannot be converted to {crs}: "
                        "{exc}").format(feature=feature.id(), crs=crs_name(self.crs), exc=exc)) from exc
            yield feature, g

    def read_points(self, source, id_field=None, feedback=None):
        """Point parts in metres (n×2 array), the id of each part's feature, the null count."""
        xy, ids, n_null = [], [], 0
        attributes = [id_field] if id_field else []
        for feature, g in self.features(source, attributes, feedback):
            if g is None:
                n_null += 1
                continue
            parts = [(v.x(), v.y()) for v in g.vertices()]
            xy.extend(parts)
            ids.extend([feature[id_field] if id_field else feature.id()] * len(parts))
        return np.asarray(xy, dtype=float).reshape(-1, 2), ids, n_null

    def read_polygons(self, source, name, id_field=None, feedback=None):
        """Zones in metres under the one rule of every algorithm (dpcore's ``check_zones``:
        invalid polygons repaired, slivers of overlap given to the first zone, both in the log;
        a missing geometry, fewer than two polygons or overlapping ones refused) and their
        unique ids."""
        geoms, ids = [], []
        attributes = [id_field] if id_field else []
        feedback = feedback if feedback is not None else self.feedback
        for feature, g in self.features(source, attributes, feedback):
            geoms.append(None if g is None else shapely_wkb.loads(bytes(g.asWkb())))
            ids.append(feature[id_field] if id_field else feature.id())
        check_unique_ids(ids, id_field, name)
        zones = check_zones(geoms, ids, name)
        for note in zones.notes(name) if feedback is not None else ():
            feedback.pushWarning(tr(note))
        return zones.polygons, ids

    def read_area(self, source, name, feedback=None):
        """The union of a layer's polygons in metres (a study area: one polygon or many,
        overlaps allowed), each repaired like zones (``clean_polygon``)."""
        parts = [clean_polygon(shapely_wkb.loads(bytes(g.asWkb())), f"a polygon of the {name}")[0]
                 for _, g in self.features(source, [], feedback if feedback is not None
                                           else self.feedback) if g is not None]
        if not parts:
            raise ValueError(f"the {name} layer has no polygons")
        return unary_union(parts)

    def read_extent(self, alg, parameters, name, context, label=None):
        """An extent parameter as (xmin, ymin, xmax, ymax) in frame metres, or None if unset.

        The extent is read in its stated CRS (``xmin,xmax,ymin,ymax [EPSG:n]``,
        a layer's CRS); a bare extent is in the frame's home CRS. It is
        transformed with its edges densified. Empty, degenerate or non-finite
        extents are refused.
        """
        if not has_value(parameters.get(name)):
            return None
        label = label or alg.parameterDefinition(name).description()
        rect = alg.parameterAsExtent(parameters, name, context)
        crs = stated_extent_crs(alg, parameters, name, context) or self.home_crs
        check_extent(rect, label)
        if crs.isGeographic() and not (-180.0 <= rect.xMinimum() <= rect.xMaximum() <= 180.0
                                       and -90.0 <= rect.yMinimum() <= rect.yMaximum() <= 90.0):
            raise QgsProcessingException(tr(
                "{label} ({extent}) is stated in {crs}, which is in degrees, but lies outside longitude/latitude "
                "range: state the extent's CRS (xmin,xmax,ymin,ymax "
                "[EPSG:n]).").format(label=label, extent=_rect_text(rect), crs=crs_name(crs)))
        if crs != self.crs:
            try:
                rect = (QgsCoordinateTransform(crs, self.crs, self.transform_context)
                    .transformBoundingBox(rect))
            except QgsCsException as exc:
                raise QgsProcessingException(tr(
                    "{label} cannot be converted to {crs}: "
                    "{exc}").format(label=label, crs=crs_name(self.crs), exc=exc)) from exc
            check_extent(rect, label)
        return rect.xMinimum(), rect.yMinimum(), rect.xMaximum(), rect.yMaximum()


def check_unique_ids(ids, id_field, name) -> None:
    """Refuse duplicate ids, naming two of them with their counts, and the total."""
    dpcore_check_unique_ids(ids, f"id field '{id_field or 'feature id'}' of the {name} layer")


def id_type(source, id_field):
    """The field type of an id field (LongLong for feature ids)."""
    return source.fields().field(id_field).type() if id_field else FieldType.LongLong
