"""Shared by the tessellation algorithms: the study area parameter, the cells layer and its
style. The geometry lives in ``dpcore.geometry.tessellation``."""
from qgis.core import (
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsFillSymbol,
    QgsProcessing,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterNumber,
    QgsSingleSymbolRenderer,
    QgsWkbTypes,
)
from shapely.ops import unary_union

from ...dpcore.geometry.shapes import clean_polygon
from ...dpcore.geometry.tessellation import default_study_area
from ..common.base import shapely_wkb, style_on_load, tr
from ..common.field_types import FieldType

INPUT = "INPUT"
ID_FIELD = "ID_FIELD"
STUDY_AREA = "STUDY_AREA"
BUFFER = "BUFFER"
MERGE_DISTANCE = "MERGE_DISTANCE"
MAX_RADIUS = "MAX_RADIUS"
MIN_RADIUS = "MIN_RADIUS"
MIN_POINTS = "MIN_POINTS"
OUTPUT = "OUTPUT"
TOWER_TABLE = "TOWER_TABLE"


def outline_style(layer) -> None:
    layer.setRenderer(QgsSingleSymbolRenderer(QgsFillSymbol.createSimple(
        {"color": "0,0,0,0", "outline_color": "50,50,50,255", "outline_width": "0.4"})))
    layer.triggerRepaint()


# -- helpers of the two tessellation algorithms --------------------------------------------

def read_study_area(alg, parameters, context, frame, points_xy, warnings):
    """The dissolved study-area layer in metres, or the buffered convex hull."""
    buffer_m = alg.parameterAsDouble(parameters, BUFFER, context)
    area_source = alg.parameterAsSource(parameters, STUDY_AREA, context)
    if area_source is None:
        return default_study_area(points_xy, buffer_m), f"convex hull of the points + {buffer_m} m"
    parts, n_repaired = [], 0
    for f, g in frame.features(area_source, attributes=[]):
        if g is None:
            continue
        poly, repaired = clean_polygon(shapely_wkb.loads(bytes(g.asWkb())),
                                       f"study area feature {f.id()}")
        parts.append(poly)
        n_repaired += repaired
    if not parts:
        raise ValueError("the study area layer has no polygon")
    if n_repaired:
        warnings.append(f"{n_repaired} invalid study area polygon(s) were repaired")
    return unary_union(parts), area_source.sourceName()


def add_area_parameters(alg, default_buffer):
    alg.addParameter(QgsProcessingParameterFeatureSource(
        STUDY_AREA, tr("Study area|default: the buffered convex hull of the points"),
        [QgsProcessing.TypeVectorPolygon], optional=True))
    alg.addParameter(QgsProcessingParameterNumber(
        BUFFER, tr("Buffer (metres)|around the convex hull of the points, when no study area is given"),
        QgsProcessingParameterNumber.Double, default_buffer, minValue=0))


def cell_fields(extra):
    fields = QgsFields()
    fields.append(QgsField("cell_id", FieldType.Int))
    for name, kind in extra:
        fields.append(QgsField(name, kind))
    fields.append(QgsField("area_m2", FieldType.Double))
    return fields


def write_cells(alg, parameters, context, frame, tess, fields, attributes, feedback):
    """The cells in the frame's home CRS (the study area's, else the points')."""
    sink, dest_id = alg.sink(parameters, OUTPUT, context, fields,
                             QgsWkbTypes.MultiPolygon, frame.home_crs)
    step = alg.progress(feedback, 80, 100)
    for k, (cell, area) in enumerate(zip(tess.cells, tess.cell_area.tolist())):
        out = QgsFeature(fields)
        geometry = frame.from_shapely(cell)
        geometry.convertToMultiType()
        out.setGeometry(geometry)
        out.setAttributes([k + 1] + attributes(k) + [area])
        sink.addFeature(out, QgsFeatureSink.FastInsert)
        if k % 1000 == 0:
            step(k / len(tess.cells))
    style_on_load(context, dest_id, outline_style)
    return dest_id


def report_warnings(feedback, warnings):
    for w in warnings:
        feedback.pushWarning(w)
