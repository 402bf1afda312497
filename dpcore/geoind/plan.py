"""The plan of a geo-indistinguishable release of points (Andrés et al. CCS 2013).

:func:`plan_perturb_points` takes ε (or a radius r and level L, ε = L / r, §4.1), the mechanism,
the public grid of the grid mechanisms and the per-user bound, and plans the cost
(:func:`.release.perturbation_cost`). Its ``prepare`` refuses an empty layer and a run with
most points outside the grid or the study area (:func:`.release.coverage_warning`) before the
reservation; its ``release`` perturbs the points (:func:`.release.perturb_points`) and remaps
the reports into the study area (:func:`.planar.remap_to_region`: post-processing of the
reports only, §4.3), and gives the internal report the true points and their displacement.
"""
from __future__ import annotations

import numpy as np

from ..accounting.plan import Plan
from .geodesic import geodesic_inverse
from .planar import epsilon_from_level, outside_region, remap_to_region
from .release import coverage_warning, perturb_points, perturbation_cost


def plan_perturb_points(*, epsilon: float = None, radius: float = None, level: float = None,
                        mechanism: str = "planar_laplace", boundary: str = "remap", grid=None,
                        max_points_per_user: int = None, excess: str = "refuse",
                        allow_outside: bool = False, hint: str = "") -> "PerturbPointsPlan":
    """The plan of a perturbation. With a ``radius`` (metres), ε = ``level`` / radius. Planar
    Laplace works on longitude/latitude (no ``grid``); the grid mechanisms on ``grid`` (in a
    metric frame). ``hint`` completes the warning about points off the grid."""
    if radius is not None:
        epsilon = epsilon_from_level(level, radius)
    cost = perturbation_cost(epsilon, mechanism=mechanism, boundary=boundary,
                             max_points_per_user=max_points_per_user)
    return PerturbPointsPlan(cost, epsilon=epsilon, mechanism=mechanism, geographic=grid is None,
                             grid=grid, boundary=boundary, max_points_per_user=max_points_per_user,
                             excess=excess, allow_outside=allow_outside, hint=hint)


class PerturbPointsPlan(Plan):
    """A planned perturbation. The data read are ``(xy, user ids or None, area)``: the points
    (longitude/latitude for planar Laplace, the grid's frame otherwise) and, with a study area,
    ``(polygon, to_area, from_area)``: the area in its metric frame and the two projections
    of point arrays between the points' CRS and the area's."""

    def __init__(self, cost, *, allow_outside: bool, hint: str, **params):
        super().__init__(cost, perturb_points, **params)
        self.allow_outside, self.hint = bool(allow_outside), hint

    @property
    def grid(self):
        return self.params["grid"]

    def prepare(self, data, rng, progress=None) -> tuple:
        """The data and ``(outside, coverage warning)``; refused before the reservation when
        the layer has no point or most points lie outside the grid or the study area."""
        xy, _users, area = data
        if len(xy) == 0:
            raise ValueError("the input layer has no point geometries")
        outside, coverage = 0, ""
        if self.grid is not None:
            outside = int(self.grid.cell_of(xy)[1].sum())
            coverage = coverage_warning(outside, len(xy), where="the grid",
                                        allow_outside=self.allow_outside, hint=self.hint)
        elif area is not None:
            region, to_area, _ = area
            outside = int(outside_region(to_area(xy), region).sum())
            coverage = coverage_warning(outside, len(xy), where="the study area",
                                        allow_outside=self.allow_outside)
        return data, (outside, coverage)

    def release(self, data, rng, progress=None):
        """The reports (remapped into the study area, if any), in a random order."""
        (xy, users, area), (outside, coverage) = data
        rel = perturb_points(xy, rng=rng, progress=progress, user_ids=users, **self.params)
        if area is not None:
            region, to_area, from_area = area
            rel.values = from_area(remap_to_region(to_area(rel.values), region))
        true = xy[rel.internal["kept"]]
        moved = (geodesic_inverse(true, rel.values)[1] if self.params["geographic"]
                 else np.hypot(*(rel.values - true).T))
        rel.internal.update(true_points=true, displacement_m=moved, outside=outside,
                            coverage=coverage, remapped=area is not None)
        return rel
