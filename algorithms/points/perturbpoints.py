"""mobilitydp:perturbpoints (geo-indistinguishability) on the release template.

The plan, its remapping into a study area and the report are dpcore's (:mod:`dpcore.geoind`).
Planar Laplace works on longitude/latitude along geodesics; the grid mechanisms on a grid built
from the public GRID_EXTENT only (:mod:`.grid`). Reports are returned in the input's CRS."""
import numpy as np

from ...dpcore.geoind.plan import plan_perturb_points
from ...dpcore.geoind.summary import perturbation_report
from ..common import specs
from ..common.field_types import field_names
from ..common.release import ReleasingAlgorithm
from .grid import BOUNDARIES, CELL_SIZE, GRID_EXTENT, MECHANISMS, describe_grid, mechanism_frame, transform_xy
from .layers import kept_fields, read_input, user_settings, write_lines, write_points

INPUT, MECHANISM, LEVEL, RADIUS, BOUNDARY = "INPUT", "MECHANISM", "LEVEL", "RADIUS", "BOUNDARY"
STUDY_AREA, ALLOW_OUTSIDE, USER_FIELD = "STUDY_AREA", "ALLOW_OUTSIDE", "USER_FIELD"
MAX_POINTS_PER_USER, EXCESS_POINTS = "MAX_POINTS_PER_USER", "EXCESS_POINTS"
KEEP_FIELDS, OUTPUT, DISPLACEMENT = "KEEP_FIELDS", "OUTPUT", "DISPLACEMENT"
DEFAULT_LEVEL = float(np.log(4.0))  # Andrés et al.'s ln 4, used with a radius when L is empty
EXCESS_CHOICES = (("refuse", "refuse the run|naming a user above the maximum"),
                  ("sample", "sample m points|keep a uniformly random m of that user's points"))


class PerturbPoints(ReleasingAlgorithm):
    ALGORITHM_ID = "perturbpoints"
    PLAN = staticmethod(plan_perturb_points)
    RELEASE_PROGRESS = (0, 40)
    DISPLAY_NAME = "Geo-indistinguishable perturbation"
    GROUP_ID = "points"
    GROUP = "Points"
    PARAMETERS = (
        specs.source(INPUT, "Input points", "point"),
        specs.choice(MECHANISM, "Mechanism", MECHANISMS, "planar_laplace"),
        specs.privacy(default_epsilon=0.01, per_metre=True),
        specs.double(LEVEL, "Privacy level L|with a radius r: ε = L/r per metre; empty: L = ln 4 ≈ "
                     "1.386 (Andrés et al.)", None, optional=True),
        specs.double(RADIUS, "Radius r (metres)|empty: use Epsilon per metre", None, optional=True),
        specs.double(CELL_SIZE, "Cell size in metres (grid mechanisms)", 150.0),
        specs.extent(GRID_EXTENT, "Grid extent, public (grid mechanisms)", optional=True),
        specs.choice(BOUNDARY, "Boundary rule (grid mechanisms)", BOUNDARIES, "remap"),
        specs.source(STUDY_AREA, "Study area to remap reports into|planar Laplace only", "polygon",
                     optional=True),
        specs.boolean(ALLOW_OUTSIDE, "Allow most points outside|accept a run where more than half "
                      "the points fall outside the grid or study area", False),
        specs.unit_field(USER_FIELD, "User id field|empty: each point is protected on its own",
                         INPUT),
        specs.integer(MAX_POINTS_PER_USER, "Maximum points per user (m)|with a user field; the cost "
                      "is m·ε", None, optional=True, minimum=1),
        specs.choice(EXCESS_POINTS, "Users above the maximum", EXCESS_CHOICES, "refuse"),
        specs.field(KEEP_FIELDS, "Fields to copy to the output", INPUT, multiple=True,
                    optional=True),
        specs.sink(OUTPUT, "Perturbed points", "point"),
        specs.sink(DISPLACEMENT, "Displacement lines (data owner only)", "line", optional=True))

    def public_parameters(self, parameters, context) -> tuple:
        source = self.source_or_raise(parameters, INPUT, context)
        mechanism = self.enum_value(parameters, MECHANISM, context)
        user_field, m, excess, unguarded = user_settings(
            self, parameters, context, source, (USER_FIELD, MAX_POINTS_PER_USER, EXCESS_POINTS))
        keep, warnings = kept_fields(source, field_names(self, parameters, KEEP_FIELDS, context),
                                     user_field)
        warnings += unguarded
        grid, frame, hint = mechanism_frame(self, parameters, context, source, mechanism,
                                            STUDY_AREA)
        public = dict(self._epsilon(parameters, context), mechanism=mechanism, grid=grid,
                      boundary=self.enum_value(parameters, BOUNDARY, context), hint=hint,
                      max_points_per_user=m, excess=excess,
                      allow_outside=self.parameterAsBool(parameters, ALLOW_OUTSIDE, context))
        return public, (source, user_field, keep, warnings, frame, grid)

    def _epsilon(self, parameters, context) -> dict:
        if self.parameter_given(parameters, RADIUS):
            return dict(radius=self.parameterAsDouble(parameters, RADIUS, context),
                        level=self.parameterAsDouble(parameters, LEVEL, context)
                        if self.parameter_given(parameters, LEVEL) else DEFAULT_LEVEL)
        return dict(epsilon=self.epsilon(parameters, context))

    def read(self, parameters, context, feedback, inputs, plan) -> tuple:
        source, user_field, keep, warnings, frame, grid = inputs
        for w in warnings:
            feedback.pushWarning(w)
        area = (self.source_or_raise(parameters, STUDY_AREA, context)
                if frame is not None and grid is None else None)   # planar Laplace's study area
        xy, users, area, work_crs, values, nulls = read_input(source, user_field, keep, frame, grid,
                                                              area, context, feedback)
        return (xy, users, area), (inputs, work_crs, values, nulls)

    def ledger_scope(self, parameters, context, held, plan, data) -> dict:
        users = data[1]
        return {"default_dataset_id": self.input_dataset_id(parameters, INPUT, context),
                "ids": (lambda: [u for u in users if u is not None])
                if users is not None else None}

    def write(self, parameters, context, feedback, held, release) -> dict:
        (source, _, keep, _, _, _), work_crs, values, _ = held
        if release.internal["coverage"]:
            feedback.pushWarning(release.internal["coverage"])
        reported = transform_xy(release.values, work_crs, source.sourceCrs(), context)
        results = {OUTPUT: write_points(self, parameters, OUTPUT, context, source, keep, values,
                                        release.internal["kept"], reported,
                                        self.progress(feedback, 40, 100))}
        if self.parameter_given(parameters, DISPLACEMENT):
            results[DISPLACEMENT] = write_lines(self, parameters, DISPLACEMENT, context, source,
                                                work_crs, release)
        return results

    def report(self, held, plan, release) -> dict:
        (source, user_field, keep, warnings, frame, grid), _, _, nulls = held
        return perturbation_report(
            plan, release, input_name=source.sourceName(), user_field=user_field, copied=keep,
            grid=describe_grid(grid, frame) if grid is not None else None,
            study_area=frame.describe() if release.internal["remapped"] else None,
            warnings=warnings, nulls=nulls)
