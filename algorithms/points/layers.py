"""The layers of perturbpoints: the user settings and the fields copied (checked), the
perturbed points and the displacement lines written in the input layer's CRS."""
import re

from qgis.core import NULL, QgsFeature, QgsFeatureSink, QgsField, QgsFields, QgsGeometry, QgsPointXY, QgsWkbTypes

from ...dpcore.accounting.units import guess_unit_field
from ..common.field_types import FieldType
from ..common.i18n import tr
from ..common.outputs import style_on_load
from .grid import WGS84, displacement_style, read_single_points, reports_style, transform_xy

#: Field names that may point back to a place (and so to the true location).
PLACE_LIKE = re.compile(r"venue|place|poi|loc|addr|street|zip|post|lat|lon|lng|coord|geom|wkt|"
                        r"tower|cell|site|osm|^x$|^y$|home|work", re.IGNORECASE)


def user_settings(alg, parameters, context, source, names) -> tuple:
    """``(user field, maximum points per user m, excess rule, warnings)`` from the parameters
    ``names`` (user field, m, excess rule), checked: a user field and m go together; a layer
    with a user-like field but none given gets a warning (each point is then its own unit)."""
    field_name, maximum, excess = names
    user_field = alg.parameterAsString(parameters, field_name, context)
    m = (alg.parameterAsInt(parameters, maximum, context)
         if alg.parameter_given(parameters, maximum) else None)
    if user_field and source.fields().lookupField(user_field) < 0:
        raise ValueError(f"the user id field '{user_field}' is not in the input layer")
    if user_field and m is None:
        raise ValueError("a user id field needs the maximum number of points per user "
                         "(MAX_POINTS_PER_USER): the cost m·ε is fixed before looking at the "
                         "data")
    if m is not None and not user_field:
        raise ValueError("the maximum number of points per user needs a user id field")
    guessed = guess_unit_field(source.fields().names(), "user") if not user_field else None
    warnings = [tr("the layer has a user field '{field}' but none was given: each point is "
                   "protected on its own, not each user (give the user id field and the maximum "
                   "points per user for a per-user guarantee)").format(field=guessed)
                ] if guessed else []
    return user_field, m, alg.enum_value(parameters, excess, context), warnings


def read_input(source, user_field, keep, frame, grid, area, context, feedback) -> tuple:
    """``(xy, users, area, work CRS, values, nulls)``: the points in the mechanism's CRS
    (longitude/latitude for planar Laplace, the grid's frame otherwise), the user of each (None
    without a user field or for an empty value), the study area ``area`` (a layer, for planar
    Laplace only) as ``(polygon, to frame, from frame)`` in the frame, the copied values."""
    work_crs = WGS84 if grid is None else frame.crs
    xy, values, nulls = read_single_points(source, work_crs, context, feedback,
                                    ([user_field] if user_field else []) + keep)
    users = ([None if v is None or v == NULL else v for v in values[user_field]]
             if user_field else None)
    if area is not None:   # planar Laplace, remapped into the study area
        area = (frame.read_area(area, "study area"),
                lambda a: transform_xy(a, WGS84, frame.crs, context),
                lambda a: transform_xy(a, frame.crs, WGS84, context))
    return xy, users, area, work_crs, values, nulls


def kept_fields(source, names, user_field):
    """The fields copied to the output (opt-in) and warnings about place-like ones."""
    names = list(names or [])
    if user_field and user_field in names:
        raise ValueError(f"the user id field '{user_field}' cannot be copied to the output: it "
                         "defines the unit of privacy and would link the reports of one user")
    missing = [n for n in names if source.fields().lookupField(n) < 0]
    if missing:
        raise ValueError(f"fields to copy not in the input layer: {', '.join(missing)}")
    return names, [f"copied field '{n}' looks like a place identifier: it may point back to the "
                   "true location; check before publishing" for n in names if PLACE_LIKE.search(n)]


def write_points(alg, parameters, name, context, source, keep, values, kept, xy, step):
    """The perturbed points ``xy`` (input CRS) with the copied fields of the rows ``kept``."""
    fields = QgsFields()
    for field in keep:
        fields.append(source.fields().field(field))
    sink, dest_id = alg.sink(parameters, name, context, fields, QgsWkbTypes.Point,
                             source.sourceCrs())
    batch = []
    for k, (row, (x, y)) in enumerate(zip(kept.tolist(), xy.tolist())):
        f = QgsFeature(fields)
        f.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(x, y)))
        f.setAttributes([values[field][row] for field in keep])
        batch.append(f)
        if len(batch) == 50_000:
            sink.addFeatures(batch, QgsFeatureSink.FastInsert)
            batch = []
            step(k / len(kept))
    sink.addFeatures(batch, QgsFeatureSink.FastInsert)
    style_on_load(context, dest_id, reports_style)
    return dest_id


def write_lines(alg, parameters, name, context, source, work_crs, release):
    """The lines from each true point to its report, with the displacement in metres (data
    owner only)."""
    fields = QgsFields()
    fields.append(QgsField("displacement_m", FieldType.Double))
    sink, dest_id = alg.sink(parameters, name, context, fields, QgsWkbTypes.LineString,
                             source.sourceCrs())
    a = transform_xy(release.internal["true_points"], work_crs, source.sourceCrs(), context)
    b = transform_xy(release.values, work_crs, source.sourceCrs(), context)
    batch = []
    for (x0, y0), (x1, y1), d in zip(a.tolist(), b.tolist(),
                                     release.internal["displacement_m"].tolist()):
        f = QgsFeature(fields)
        f.setGeometry(QgsGeometry.fromPolylineXY([QgsPointXY(x0, y0), QgsPointXY(x1, y1)]))
        f.setAttributes([d])
        batch.append(f)
    sink.addFeatures(batch, QgsFeatureSink.FastInsert)
    style_on_load(context, dest_id, displacement_style)
    return dest_id
