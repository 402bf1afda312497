"""Report sections of a geo-indistinguishability release (HTML, no QGIS).

:func:`guarantee_html` is publishable: it uses only public parameters and
:func:`dpcore.geoind.planar.guarantee_facts`. :func:`raw_facts_html` is
computed from the raw data and belongs to the internal report only.
"""
from __future__ import annotations

from ..reporting import report


def parameter_rows(release, *, input_name: str, boundary: str, grid: str = None,
                   study_area: str = None, user_field: str = "", excess: str = "",
                   copied=()) -> list:
    """The publishable parameter rows of a :func:`~.release.perturb_points` release.

    ``grid`` and ``study_area`` describe the public frame they live in
    (``None`` when unused); nothing here is computed from the true points.
    """
    info = release.public
    rows = [("input", input_name), ("mechanism", info["mechanism"]),
            ("ε", f"{info['epsilon']:.6g} {release.cost.unit}"),
            ("points reported", len(release.values))]
    if grid is None:
        rows += [("displacement", "along geodesics on the WGS84 ellipsoid (no projection)"
                  if info["geodesic"] else "in the plane"),
                 ("reports rounded to", f"{info['granularity']} (≈ 1 cm)")]
    else:
        rows += [("grid", grid), ("boundary rule", boundary)]
    if study_area is not None:
        rows.append(("study area", f"reports remapped into it, in {study_area}"))
    if user_field:
        rows += [("user id field", user_field),
                 ("maximum points per user m", info["max_points_per_user"]),
                 ("users above the maximum", excess)]
    rows.append(("fields copied to the output", ", ".join(copied) if copied else "none"))
    return rows


def guarantee_html(release) -> str:
    """Headline (ε per metre, per-user factor) and the meaning of the guarantee."""
    info, cost = release.public, release.cost
    m = info["max_points_per_user"]
    unit = "per metre" if cost.unit != "ε" else "(plain ε, no metric)"
    head = (f"<p><b>ε = {cost.epsilon / m:.6g} {unit}</b> for each reported point"
            + (f"; one user reports at most m = {m} points, so the user's reports together "
               f"are ε = {cost.epsilon:.6g} {unit} (m·ε)" if m > 1 else "") + ".</p>")
    facts = info.get("facts")
    if facts is None:
        return head + ("<p>k-ary randomized response: any two cells are indistinguishable up "
                       "to a factor e^ε, whatever their distance.</p>")
    rows = [("expected displacement (m)", f"{facts['expected_displacement_m']:.1f}"),
            ("50 % of points move less than (m)", f"{facts['radius_50_m']:.1f}"),
            ("90 % of points move less than (m)", f"{facts['radius_90_m']:.1f}"),
            ("95 % of points move less than (m)", f"{facts['radius_95_m']:.1f}")]
    note = ("" if info["mechanism"] == "planar_laplace" else
            "<p>Displacements are those of the underlying planar Laplace; grid reports are "
            "cell centres and the guarantee holds between cell centres.</p>")
    statements = "".join(f"<li>{report.esc(s)}</li>" for s in facts["statements"])
    return head + f"<ul>{statements}</ul>" + report.table(rows, ("quantity", "value")) + note


def raw_facts_html(release, *, nulls: int, outside: int, where: str) -> str:
    """Facts of the raw data (internal report only): skipped, outside, dropped points."""
    rows = [("features without geometry (skipped)", nulls),
            (f"true points outside {where}", outside),
            ("points dropped (users above the maximum, sampled)",
             release.internal["points_dropped"])]
    if "outside_grid" in release.internal:
        rows.append(("true points snapped to the nearest grid cell",
                     release.internal["outside_grid"]))
    return report.table(rows, ("fact", "count"))


def perturbation_report(plan, release, *, input_name: str, grid: str = None,
                        study_area: str = None, user_field: str = "", copied=(), warnings=(),
                        nulls: int = 0) -> dict:
    """The report of a :func:`.plan.plan_perturb_points` release (keyword arguments of the
    glue's report writer): ``grid`` and ``study_area`` describe their public frames (None when
    unused), ``warnings`` are the glue's about the input's fields, ``nulls`` the features
    without geometry (internal)."""
    coverage = release.internal["coverage"]
    return dict(
        unit_of_privacy=release.cost.parts[0].protects + f" ({release.cost.unit})",
        parameter_rows=parameter_rows(release, input_name=input_name,
                                      boundary=plan.params["boundary"], grid=grid,
                                      study_area=study_area, user_field=user_field,
                                      excess=plan.params["excess"], copied=copied),
        sections=[("What the guarantee means", guarantee_html(release))],
        internal_sections=[("Raw data", raw_facts_html(
            release, nulls=nulls, outside=release.internal["outside"],
            where="the grid" if grid is not None else "the study area"))],
        warnings=list(warnings), internal_warnings=[coverage] if coverage else [])
