"""mobilitydp:perturbpoints (geo-indistinguishability).

Thin glue around :mod:`dpcore.geoind` on the release template (:mod:`..common.release`): the
plan, its remapping into a study area and the report are dpcore's. Planar Laplace works on longitude/
latitude along geodesics, with no frame at all; the grid mechanisms work on a
grid built from the public GRID_EXTENT only (:mod:`.pointgrid`). Reports are
returned in the input layer's CRS.
"""
import re

import numpy as np
from qgis.core import (
    NULL,
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsGeometry,
    QgsPointXY,
    QgsProcessing,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterExtent,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsWkbTypes,
)

from ...dpcore.accounting.units import guess_unit_field
from ...dpcore.geoind.plan import plan_perturb_points
from ...dpcore.geoind.summary import perturbation_report
from ..common.base import enum_parameter, tr, unit_field_parameter
from ..common.field_types import FieldType, field_names
from ..common.frame import MetricFrame
from ..common.outputs import style_on_load
from ..common.release import ReleasingAlgorithm
from .grid import (
    BOUNDARIES,
    CELL_SIZE,
    GRID_EXTENT,
    MECHANISMS,
    WGS84,
    cell_size,
    describe_grid,
    displacement_style,
    public_grid,
    read_points,
    reports_style,
    transform_xy,
)

INPUT = "INPUT"
MECHANISM = "MECHANISM"
LEVEL = "LEVEL"
DEFAULT_LEVEL = float(np.log(4.0))  # Andrés et al.'s ln 4, used with a radius when L is empty
RADIUS = "RADIUS"
BOUNDARY = "BOUNDARY"
STUDY_AREA = "STUDY_AREA"
ALLOW_OUTSIDE = "ALLOW_OUTSIDE"
USER_FIELD = "USER_FIELD"
MAX_POINTS_PER_USER = "MAX_POINTS_PER_USER"
EXCESS_POINTS = "EXCESS_POINTS"
KEEP_FIELDS = "KEEP_FIELDS"
OUTPUT = "OUTPUT"
DISPLACEMENT = "DISPLACEMENT"

#: Field names that may point back to a place (and so to the true location).
PLACE_LIKE = re.compile(r"venue|place|poi|loc|addr|street|zip|post|lat|lon|lng|coord|geom|wkt|"
                        r"tower|cell|site|osm|^x$|^y$|home|work", re.IGNORECASE)

class PerturbPoints(ReleasingAlgorithm):
    ALGORITHM_ID = "perturbpoints"
    PLAN = staticmethod(plan_perturb_points)
    RELEASE_PROGRESS = (0, 40)
    DISPLAY_NAME = "Geo-indistinguishable perturbation"
    GROUP_ID = "points"
    GROUP = "Points"

    def initAlgorithm(self, config=None):  # noqa: N802
        self.addParameter(QgsProcessingParameterFeatureSource(
            INPUT, tr("Input points"), [QgsProcessing.TypeVectorPoint]))
        self.addParameter(enum_parameter(MECHANISM, tr("Mechanism"), MECHANISMS,
                                         "planar_laplace"))
        self.add_privacy_parameters(default_epsilon=0.01, per_metre=True)
        self.addParameter(QgsProcessingParameterNumber(
            LEVEL, tr("Privacy level L|with a radius r: ε = L/r per metre; empty: "
                      "L = ln 4 ≈ 1.386 (Andrés et al.)"),
            QgsProcessingParameterNumber.Double, None, optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            RADIUS, tr("Radius r (metres)|empty: use Epsilon per metre"),
            QgsProcessingParameterNumber.Double, None, optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            CELL_SIZE, tr("Cell size in metres (grid mechanisms)"),
            QgsProcessingParameterNumber.Double, 150.0))
        self.addParameter(QgsProcessingParameterExtent(
            GRID_EXTENT, tr("Grid extent, public (grid mechanisms)"), optional=True))
        self.addParameter(enum_parameter(BOUNDARY, tr("Boundary rule (grid mechanisms)"),
                                         BOUNDARIES, "remap"))
        self.addParameter(QgsProcessingParameterFeatureSource(
            STUDY_AREA, tr("Study area to remap reports into|planar Laplace only"),
            [QgsProcessing.TypeVectorPolygon], optional=True))
        self.addParameter(QgsProcessingParameterBoolean(
            ALLOW_OUTSIDE, tr("Allow most points outside|accept a run where more than half the points fall outside the "
                              "grid or study area"),
            False))
        self.addParameter(unit_field_parameter(USER_FIELD, tr("User id field|empty: each point is "
                                                              "protected on its own"), INPUT))
        self.addParameter(QgsProcessingParameterNumber(
            MAX_POINTS_PER_USER, tr("Maximum points per user (m)|with a user field; the cost is m·ε"),
            QgsProcessingParameterNumber.Integer, None, optional=True, minValue=1))
        self.addParameter(enum_parameter(EXCESS_POINTS, tr("Users above the maximum"), (
            ("refuse", "refuse the run|naming a user above the maximum"),
            ("sample", "sample m points|keep a uniformly random m of that user's points")), "refuse"))
        self.addParameter(QgsProcessingParameterField(
            KEEP_FIELDS, tr("Fields to copy to the output"), parentLayerParameterName=INPUT,
            allowMultiple=True, optional=True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            OUTPUT, tr("Perturbed points"), QgsProcessing.TypeVectorPoint))
        self.addParameter(QgsProcessingParameterFeatureSink(
            DISPLACEMENT, tr("Displacement lines (data owner only)"), QgsProcessing.TypeVectorLine,
            optional=True, createByDefault=False))

    def public_parameters(self, parameters, context) -> tuple:
        source = self.source_or_raise(parameters, INPUT, context)
        mechanism = self.enum_value(parameters, MECHANISM, context)
        user_field, m, excess = self._user_settings(source, parameters, context)
        keep, warnings = _kept_fields(source, field_names(self, parameters, KEEP_FIELDS, context),
                                      user_field)
        guessed = guess_unit_field(source.fields().names(), "user") if not user_field else None
        if guessed:
            warnings.append(tr("the layer has a user field '{field}' but none was given: each "
                               "point is protected on its own, not each user (give the user id "
                               "field and the maximum points per user for a per-user "
                               "guarantee)").format(field=guessed))
        grid, frame, hint = None, None, ""
        if mechanism == "planar_laplace":
            if self._is_set(parameters, STUDY_AREA):
                frame = MetricFrame.of_source(self.study_area(parameters, context), context,
                                              "study area")
        elif self._is_set(parameters, STUDY_AREA):
            raise ValueError("a study area applies to planar Laplace only; grid mechanisms "
                             "use the grid extent")
        else:
            grid, frame, hint = public_grid(self, parameters, context, source,
                                            cell_size(self, parameters, context))
        public = dict(self._epsilon(parameters, context), mechanism=mechanism, grid=grid,
                      boundary=self.enum_value(parameters, BOUNDARY, context), hint=hint,
                      max_points_per_user=m, excess=excess,
                      allow_outside=self.parameterAsBool(parameters, ALLOW_OUTSIDE, context))
        return public, (source, user_field, keep, warnings, frame, grid)

    def _epsilon(self, parameters, context) -> dict:
        if self._is_set(parameters, RADIUS):
            return dict(radius=self.parameterAsDouble(parameters, RADIUS, context),
                        level=self.parameterAsDouble(parameters, LEVEL, context)
                        if self._is_set(parameters, LEVEL) else DEFAULT_LEVEL)
        return dict(epsilon=self.epsilon(parameters, context))

    def read(self, parameters, context, feedback, inputs, plan) -> tuple:
        source, user_field, keep, warnings, frame, grid = inputs
        for w in warnings:
            feedback.pushWarning(w)
        work_crs = WGS84 if grid is None else frame.crs
        xy, values, nulls = read_points(source, work_crs, context, feedback,
                                        ([user_field] if user_field else []) + keep)
        users = ([None if v is None or v == NULL else v for v in values[user_field]]
                 if user_field else None)
        area = None
        if grid is None and frame is not None:   # planar Laplace, remapped into the study area
            area = (frame.read_area(self.study_area(parameters, context), "study area"),
                    lambda a: transform_xy(a, WGS84, frame.crs, context),
                    lambda a: transform_xy(a, frame.crs, WGS84, context))
        return (xy, users, area), (inputs, work_crs, values, nulls)

    def ledger_scope(self, parameters, context, held, plan, data) -> dict:
        users = data[1]
        return {"default_dataset_id": self.layer_source_id(parameters, INPUT, context),
                "ids": (lambda: [u for u in users if u is not None])
                if users is not None else None}

    def write(self, parameters, context, feedback, held, release) -> dict:
        (source, _, keep, _, _, _), work_crs, values, _ = held
        if release.internal["coverage"]:
            feedback.pushWarning(release.internal["coverage"])
        reported = transform_xy(release.values, work_crs, source.sourceCrs(), context)
        results = {OUTPUT: self._write_points(parameters, context, source, keep, values,
                                              release.internal["kept"], reported, feedback)}
        if self._is_set(parameters, DISPLACEMENT):
            results[DISPLACEMENT] = self._write_lines(parameters, context, source, work_crs,
                                                      release)
        return results

    def report(self, held, plan, release) -> dict:
        (source, user_field, keep, warnings, frame, grid), _, _, nulls = held
        return perturbation_report(
            plan, release, input_name=source.sourceName(), user_field=user_field, copied=keep,
            grid=describe_grid(grid, frame) if grid is not None else None,
            study_area=frame.describe() if release.internal["remapped"] else None,
            warnings=warnings, nulls=nulls)

    def study_area(self, parameters, context):
        return self.source_or_raise(parameters, STUDY_AREA, context)

    def _user_settings(self, source, parameters, context):
        user_field = self.parameterAsString(parameters, USER_FIELD, context)
        m = (self.parameterAsInt(parameters, MAX_POINTS_PER_USER, context)
             if self._is_set(parameters, MAX_POINTS_PER_USER) else None)
        if user_field and source.fields().lookupField(user_field) < 0:
            raise ValueError(f"the user id field '{user_field}' is not in the input layer")
        if user_field and m is None:
            raise ValueError("a user id field needs the maximum number of points per user "
                             "(MAX_POINTS_PER_USER): the cost m·ε is fixed before looking at the "
                             "data")
        if m is not None and not user_field:
            raise ValueError("the maximum number of points per user needs a user id field")
        return user_field, m, self.enum_value(parameters, EXCESS_POINTS, context)

    def _write_points(self, parameters, context, source, keep, values, kept, xy, feedback):
        fields = QgsFields()
        for name in keep:
            fields.append(source.fields().field(name))
        sink, dest_id = self.sink(parameters, OUTPUT, context, fields,
                                  QgsWkbTypes.Point, source.sourceCrs())
        step = self.progress(feedback, 40, 100)
        batch = []
        for k, (row, (x, y)) in enumerate(zip(kept.tolist(), xy.tolist())):
            f = QgsFeature(fields)
            f.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(x, y)))
            f.setAttributes([values[name][row] for name in keep])
            batch.append(f)
            if len(batch) == 50_000:
                sink.addFeatures(batch, QgsFeatureSink.FastInsert)
                batch = []
                step(k / len(kept))
        sink.addFeatures(batch, QgsFeatureSink.FastInsert)
        style_on_load(context, dest_id, reports_style)
        return dest_id

    def _write_lines(self, parameters, context, source, work_crs, release):
        fields = QgsFields()
        fields.append(QgsField("displacement_m", FieldType.Double))
        sink, dest_id = self.sink(parameters, DISPLACEMENT, context, fields,
                                  QgsWkbTypes.LineString, source.sourceCrs())
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


def _kept_fields(source, names, user_field):
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
