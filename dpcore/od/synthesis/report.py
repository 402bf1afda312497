"""The report of a synthetic-trips release (:func:`.plan.plan_synthesize_trips`): the model's
parts and their cost, the released model (noisy totals, the public rule's choices), what the
trips are good for; internally, the synthetic trips against the raw ones."""
from __future__ import annotations

from ...reporting.messages import Message
from ...reporting.report import table
from ..figures import released
from .parts import TITLES, UNIT


def synthetic_trips_report(plan, release, *, inputs=(), facts=(), warnings=(),
                           translate=str) -> dict:
    """Keyword arguments of the glue's report writer. ``inputs``: public rows on the input;
    ``facts``/``warnings``: the reader's raw facts (internal); ``translate``: a
    :class:`~dpcore.reporting.messages.Message` in, the reader's language out."""
    pub = release.public
    parts = [(TITLES[k], f"{eps:.4g}", f"{pub['sensitivity_per_part'][k]:g}")
             for k, eps in pub["epsilon_per_part"].items()]
    good_for = translate(Message(
        "Good for: tools and models that need a trips dataset; the shape of trip length, start "
        "time, travel time and trips per person; trips per zone and hour on coarse zones; each "
        "person's pattern. Not for: OD flows between census zones (use OD flows of trips), "
        "small areas, rare trips, exact counts."))
    return dict(
        unit_of_privacy=UNIT, parameter_rows=list(inputs) + list(plan.params.items()),
        sections=[("The model's parts and their cost", table(
                      parts, ("part", "ε", "sensitivity (one user)"))),
                  ("The released model (noisy totals, choices of the public rule)",
                   released(table(_model_rows(pub)))),
                  ("What the synthetic trips are good for", "<p>" + good_for + "</p>")],
        internal_sections=[
            ("Input", table(list(facts), ("quantity", "value"))),
            ("Synthetic against the raw trips (JS: Jensen–Shannon divergence, base 2)",
             table([(k, f"{v:.4g}") for k, v in release.internal["measures"].items()],
                   ("measure", "value")))],
        internal_warnings=list(warnings))


def _model_rows(pub: dict) -> list:
    return [(k, v) for k, v in pub["model"].summary().items()] + [
        ("start hour split by trip class", pub["start_hour_by_class"]),
        ("start hour periods (hours each)", pub["start_hour_period_hours"]),
        ("start hours shrunk towards the uniform law", pub["start_hour_shrunk_to_uniform"]),
        ("travel time periods (minutes each)", pub["travel_time_period_minutes"]),
        ("travel times shrunk towards the uniform law", pub["travel_time_shrunk_to_uniform"]),
        ("95 % interval of the noisy total of trips",
         "{:,.0f}–{:,.0f}".format(*pub["noisy_trips_interval_95"])),
        ("travel time split by distance class", pub["travel_time_by_distance_class"]),
        ("pairs raked to the home–main distances (sparse pairs)",
         pub["pairs_raked_to_distances"]),
        ("people per home / main-end zone smoothed over nearby zones (bandwidth m, 0: not)",
         " / ".join(f"{h:,.0f}" for h in pub["margins_smoothing_bandwidths_m"])),
        ("other trips' origin / destination zones elsewhere smoothed over nearby zones "
         "(bandwidth m, 0: not)",
         " / ".join(f"{h:,.0f}" for h in pub["other_ends_smoothing_bandwidths_m"])),
        ("trips drawn as chains of stops (consecutive trips)", pub["chained_trajectories"]),
        ("synthetic trips drawn", pub["trips_drawn"]), ("their number", pub["count_from"])]
