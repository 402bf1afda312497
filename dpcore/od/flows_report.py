"""The report of an OD flows release (:func:`.plan.plan_od_flows`).

The publishable part reads the plan and the release's public facts (the noise law, the noisy
values, the flows above the simultaneous margin); the internal part the release's truths
(MAE, correlation and coverage of the intervals) and the reader's raw facts. Sentences go
through ``translate`` (a :class:`~dpcore.reporting.messages.Message` or a word in, the text
in the reader's language out; the glue passes its translation, the default keeps English).
"""
from __future__ import annotations

import numpy as np

from ..flows.compare import fit
from ..reporting.labels import fact_rows
from ..reporting.messages import Message, word
from ..reporting.report import table
from .figures import released
from .flows import UNIT
from .people import UNIT as PEOPLE_UNIT
from .regions import shown_pairs

_NOISY = ("noisy_", "trips_per_person", "prior_zero_share", "scale_factor")


def od_flows_report(plan, release, *, zone_ids, inputs=(), facts=(), warnings=(),
                    translate=str) -> dict:
    """Keyword arguments of the glue's report writer. ``inputs``: public rows on the input
    (the trips' source, the frame); ``facts``/``warnings``: the reader's raw facts
    (internal)."""
    pub, people = release.public, plan.people
    counted = (pub["statistic"] + (" × trips per person (noisy trip scale)"
                                   if pub["publish"] == "trips" else "")
               if people else "trips per ordered pair (≤ m per user)")
    rows = [*inputs, ("method", plan.choice.od), ("why this method", plan.choice.reason),
            ("what is counted", counted)]
    rows += [(k, v) for k, v in plan.params.items() if v is not None]
    facts = list(facts) + ([] if people else
                           [("trips kept by sampling", release.internal["trips_kept"])])
    return dict(
        unit_of_privacy=PEOPLE_UNIT if people else UNIT, parameter_rows=rows,
        sections=_regions_sections(pub, translate) + _noise_sections(release, people, zone_ids,
                                                                     translate),
        internal_sections=[
            ("Input", table(facts, ("quantity", "value"))),
            ("Utility against the true flows",
             table(_utility(release, people), ("truth", "MAE per pair", "Pearson r",
                                               "share within the margin")))],
        internal_warnings=list(warnings))


def _noise_sections(release, people: bool, zone_ids, translate) -> list:
    pub = release.public
    noise_rows = [(k, v) for k, v in pub.items() if np.ndim(v) == 0 and
                  not k.startswith(_NOISY) and not isinstance(v, dict)]
    noisy_rows = [(k, v if np.ndim(v) == 0 else "[{:.4g}, {:.4g}]".format(*v))
                  for k, v in pub.items() if k.startswith(_NOISY) and
                  (np.ndim(v) == 0 or isinstance(v, tuple))]   # a scale's 99 % interval
    values = np.asarray(release.values, dtype=float)
    above = (np.asarray(pub["noisy_significant"], dtype=bool) if people
             else values > pub["simultaneous_margin_95"])
    return [("Noise and margin of error", table(fact_rows(noise_rows))
             + (released(table(fact_rows(noisy_rows))) if noisy_rows else "")),
            ("Flows above noise", released(_above_noise(zone_ids, values, above, pub, people,
                                                        translate)))]


def _above_noise(zone_ids, values, above, pub, people: bool, translate) -> str:
    """The flows drawn on the map (above the simultaneous margin), largest first; none:
    say so, without listing the largest noisy values as if they were the largest flows
    (at census zones they are what the noise of ~10⁶ values reaches)."""
    n_sig, margin = int(np.count_nonzero(above)), pub["simultaneous_margin_95"]
    text = translate(Message(
        "<p>{k} of {n} flows exceed the simultaneous 95 % margin ± {h:g}{unit} (the bound that "
        "the noise of all pairs stays below with probability 95 %): only these are drawn as "
        "flow lines (those between two zones).</p>", k=n_sig, n=values.size, h=margin,
        unit=word(" people") if people else ""))
    if not n_sig:
        return text + translate(Message(
            "<p>No pair can be told apart from noise at these zones and this ε: the flow map is "
            "empty by design, and the largest values of the OD table (up to {top:.4g}) are "
            "within what the noise of {n} released values reaches, not the largest flows. "
            "Coarser zones (fewer pairs, each holding more) or a larger ε show flows above "
            "noise.</p>", top=float(values.max(initial=0.0)),
            n=pub.get("released_values", values.size)))
    lower, upper = np.asarray(pub["lower"]), np.asarray(pub["upper"])
    flat = np.flatnonzero(above.ravel())
    order = flat[np.argsort(values.flat[flat], kind="stable")[::-1][:10]]
    top = [(zone_ids[i // values.shape[1]], zone_ids[i % values.shape[1]],
            f"{values.flat[i]:.4g}", f"{lower.flat[i]:.4g} – {upper.flat[i]:.4g}")
           for i in order]
    return text + table(top, tuple(translate(w) for w in (
        word("origin"), word("destination"), word("flow"), word("95 % interval"))))


def _regions_sections(pub: dict, translate) -> list:
    """The report's section on the public regions' flows, when they were released."""
    if "regions" not in pub:
        return []
    reg = pub["regions"]
    shown = int(np.count_nonzero(shown_pairs(reg["lower"])))
    pairs = reg["n_regions"] * (reg["n_regions"] - 1) // 2
    text = translate(Message(
        "<p>{counted}: {k} of {n} pairs of two regions have a 95 % interval above 0 (drawn as "
        "region flow lines). Their intervals are computed exactly from the public noise law "
        "and cover the true count at 95 % whatever it is; with no flow at all, about 2.5 % of "
        "the pairs would still pass. ε of the regions: {eps:g}.</p>", counted=reg["counted"],
        k=shown, n=pairs, eps=reg["epsilon"]))
    return [("Flows between public regions", released(text))]


def _utility(release, people: bool) -> list:
    """(truth, MAE, Pearson r, coverage) of the release against each truth (internal)."""
    pub, internal = release.public, release.internal
    values = np.asarray(release.values, dtype=float)
    lower, upper = np.asarray(pub["lower"]), np.asarray(pub["upper"])
    truths = [("all trips", internal["truth_all"])]
    if people:
        p = np.asarray(internal["truth_people"], dtype=float)
        if not pub["directed"]:
            p = np.triu(p, 1) / 2.0 + np.triu(p, 1).T / 2.0 + np.diag(np.diag(p))
        truths.insert(0, ("people per pair (unordered split evenly)", p) if
                      pub["publish"] == "people" else
                      ("people per pair × true trips per person (what the interval covers)",
                       p * internal["trips_per_person"]))
    else:
        truths.insert(0, ("sampled trips (≤ m per user)", internal["truth_sampled"]))
    rows = []
    for label, truth in truths:
        t = np.asarray(truth, dtype=float)
        f = fit(t.ravel(), values.ravel())
        covered = float(np.mean((lower <= t) & (t <= upper)))
        rows.append((label, f"{np.abs(values - t).mean():.4g}", f"{f['pcc']:.3f}",
                     f"{covered:.3f}"))
    return rows
