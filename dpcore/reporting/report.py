"""The HTML reports every release writes (no QGIS here).

Two separate files, so raw-data facts cannot be published by mistake:

* :func:`publishable_report`: what was released, under which unit of
  privacy, what it cost part by part (as computed by the mechanisms that
  ran), the parameters and sections built from public values only;
* :func:`internal_report`: the same header, then the sections computed from
  the raw data (utility against ground truth, data-owner statistics), every
  page marked internal.

Every function takes an optional ``translate`` callable (default: the text as written) applied
to the fixed headings, labels and banners and to the section headings, so the QGIS glue can
pass its ``tr`` without this module importing QGIS. Numbers, ids, tables and section bodies
are not passed through it.
"""
from __future__ import annotations

import base64
import datetime as _dt
import html
from typing import Iterable, Optional, Sequence, Tuple

from ..accounting.costs import PrivacyCost
from ..accounting.dataset_ids import public_name
from .labels import fact_rows

_STYLE = """
body{font-family:sans-serif;max-width:60em;margin:1em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0}
td,th{border:1px solid #bbb;padding:.2em .6em;text-align:left;vertical-align:top}
th{background:#eef}
.banner{padding:.6em;margin:.6em 0;border-radius:4px;font-weight:bold}
.seeded{background:#fde2e1;border:2px solid #c0392b}
.warning{background:#fff4d6;border:1px solid #e0a800}
.internal{background:#f3e9ff;border:2px dashed #7d3c98;padding:.4em}
.total td{font-weight:bold}
.internal-banner{background:#7d3c98;color:#fff}
"""

INTERNAL_BANNER = ("Internal report: contains facts computed from the raw data. For the data "
                   "owner only; do not publish it with the release.")

SEEDED_BANNER = ("Reproducible: not for publication. This run used a fixed seed, so anyone "
                 "with the seed can recompute (and subtract) the noise.")


def _as_written(text: str) -> str:
    return text


def esc(value) -> str:
    return html.escape(str(value))


def table(rows: Iterable[Sequence], header: Optional[Sequence] = None) -> str:
    """A simple HTML table; cells are escaped."""
    out = ["<table>"]
    if header:
        out.append("<tr>" + "".join(f"<th>{esc(h)}</th>" for h in header) + "</tr>")
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def png_img(png_bytes: bytes, alt: str = "") -> str:
    """Embed a PNG (e.g. a matplotlib figure) in the report."""
    data = base64.b64encode(png_bytes).decode("ascii")
    return f'<img alt="{esc(alt)}" src="data:image/png;base64,{data}"/>'


def _fmt(x) -> str:
    return "" if x is None else f"{x:.6g}" if isinstance(x, float) else str(x)


def cost_table(cost: PrivacyCost, translate=_as_written) -> str:
    rows = [(p.mechanism, _fmt(p.epsilon), _fmt(p.delta), _fmt(p.sensitivity),
             p.protects, p.note) for p in cost.parts]
    body = table(rows, (translate("mechanism"), "ε", "δ", translate("sensitivity"),
                        translate("protects"), translate("note")))
    total = (f'<table class="total"><tr><td>{esc(translate("total (sequential composition)"))}'
             '</td>'
             f"<td>ε = {cost.epsilon:.6g}</td><td>δ = {cost.delta:.6g}</td></tr></table>")
    return body + total


def _head(title: str, algorithm_id: str, translate) -> list:
    now = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
    return [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{esc(title)}</title>"
            f"<style>{_STYLE}</style></head><body>",
            f"<h1>{esc(title)}</h1>",
            "<p>" + esc(translate("Algorithm {algorithm}, run {time}.")).format(
                algorithm=f"<code>{esc(algorithm_id)}</code>", time=esc(now)) + "</p>"]


def _parameters_and_sections(parameters, sections, translate) -> list:
    parts = [f"<h2>{esc(translate('Parameters'))}</h2>",
             table(((translate(k), v) for k, v in fact_rows(parameters)),
                   (translate("parameter"), translate("value")))]
    parts += [f"<h2>{esc(translate(heading))}</h2>\n{body}" for heading, body in sections]
    return parts


def _population(charged, translate, public: bool) -> str:
    """The population a release was charged to, its policy and the release's period:
    ``charged`` is (population, Policy, (first, last) ISO days, source of the period). A
    period read from the data's dates is a raw-data fact: the publishable report names
    only its source."""
    pid, policy, period, source = charged
    periods = {"week": translate("week"), "month": translate("month")}
    caps = "".join(translate("; at most ε = {cap} per calendar {period}").format(
        cap=f"{e:g}", period=periods[p]) for p, e in policy.caps)
    text = translate("Charged to the population {population}: at most ε = {epsilon}, "
                     "δ = {delta} per person {horizon}{caps}.").format(
        population=public_name(pid) if public else pid, epsilon=f"{policy.budget.epsilon:g}",
        delta=f"{policy.budget.delta:g}", horizon=policy.horizon, caps=caps)
    if source == "run date":       # the day in the heading's run time
        when = translate("Period of this release: the day it ran.")
    elif public and source == "data":
        when = translate("Period of this release: the dates of its data (in the privacy "
                         "ledger, not published).")
    else:
        sources = {"window": translate("its time window"), "data": translate("the dates of its data")}
        when = translate("Period of this release: {first} to {last} ({source}).").format(
            first=period[0], last=period[1], source=sources[source])
    return f"<p>{esc(text)} {esc(when)}</p>"


def _guarantee(unit_of_privacy: str, cost: PrivacyCost, dataset_id: Optional[str],
               translate, charged=None, public: bool = True) -> list:
    """The guarantee section; ``dataset_id`` as it may be shown (the publishable report
    passes :func:`dpcore.accounting.dataset_ids.public_name` of it, the internal one the full id);
    ``charged``: the population, policy and period of the ledger's charge (:func:`_population`)."""
    unit = cost.unit
    # plain ε needs no unit; a metric ε says what it is per (not "ε in ε")
    per = "" if unit == "ε" else esc(translate(
        ", the privacy loss measured in {unit} (a loss of ε·d between inputs d metres apart)"
    )).format(unit=f"<b>{esc(unit)}</b>")
    parts = [f"<h2>{esc(translate('Privacy guarantee'))}</h2>",
             f"<p><b>{esc(translate('Unit of privacy:'))}</b> {esc(unit_of_privacy)}</p>",
             "<p>" + esc(translate(
                 "This release satisfies (ε = {epsilon}, δ = {delta})-differential privacy for "
                 "that unit{per}. The cost below is computed from the mechanisms that actually "
                 "ran.")).format(epsilon=f"{cost.epsilon:.6g}", delta=f"{cost.delta:.6g}",
                                 per=per) + "</p>",
             cost_table(cost, translate)]
    if dataset_id:
        parts.append("<p>" + esc(translate("Charged to the privacy ledger as dataset {dataset}."))
                     .format(dataset=f"<code>{esc(dataset_id)}</code>") + "</p>")
    if charged:
        parts.append(_population(charged, translate, public))
    return parts


def _warnings(warnings, translate) -> list:
    label = translate("Warning: {warning}")
    return [f'<div class="banner warning">{esc(label.format(warning=w))}</div>' for w in warnings]


def publishable_report(*, title: str, algorithm_id: str, unit_of_privacy: str,
                       cost: PrivacyCost, parameters: Iterable[Tuple[str, object]],
                       seeded: bool, sections: Iterable[Tuple[str, str]] = (),
                       warnings: Iterable[str] = (), dataset_id: Optional[str] = None,
                       released_warnings: Iterable[str] = (), translate=_as_written,
                       charged=None) -> str:
    """The report to publish with a release: public values and public info only.

    ``parameters``, ``sections`` and ``warnings`` must depend only on public
    parameters and on the noisy values (``Release.public``); ``released_warnings``, read
    from the noisy values (a total that may be off by 2×), are marked as released.
    """
    parts = _head(title, algorithm_id, translate)
    if seeded:
        parts.append(f'<div class="banner seeded">{esc(translate(SEEDED_BANNER))}</div>')
    parts += _warnings(warnings, translate)
    parts += [f'<div class="released">{w}</div>'
              for w in _warnings(released_warnings, translate)]
    parts += _guarantee(unit_of_privacy, cost, dataset_id and public_name(dataset_id), translate,
                        charged)
    parts += _parameters_and_sections(parameters, sections, translate)
    parts.append("</body></html>")
    return "\n".join(parts)


def internal_report(*, title: str, algorithm_id: str, unit_of_privacy: str,
                    cost: PrivacyCost, parameters: Iterable[Tuple[str, object]],
                    seeded: bool, sections: Iterable[Tuple[str, str]] = (),
                    warnings: Iterable[str] = (), dataset_id: Optional[str] = None,
                    translate=_as_written, charged=None) -> str:
    """The data owner's report: raw-data facts (``Release.internal``), marked internal."""
    internal = translate("{heading} (internal)")
    parts = _head(internal.format(heading=title), algorithm_id, translate)
    banner = f'<div class="banner internal-banner">{esc(translate(INTERNAL_BANNER))}</div>'
    parts.append(banner)
    if seeded:
        parts.append(f'<div class="banner seeded">{esc(translate(SEEDED_BANNER))}</div>')
    parts += _warnings(warnings, translate)
    parts += _guarantee(unit_of_privacy, cost, dataset_id, translate, charged, public=False)
    parts += _parameters_and_sections(parameters, (), translate)
    for heading, body in sections:
        parts.append(f'<div class="internal"><h2>{esc(internal.format(heading=translate(heading)))}'
                     f'</h2>\n{body}</div>')
    parts.append(banner)
    parts.append("</body></html>")
    return "\n".join(parts)


def analysis_report(*, title: str, algorithm_id: str, privacy_note: str,
                    parameters: Iterable[Tuple[str, object]],
                    sections: Iterable[Tuple[str, str]] = (),
                    warnings: Iterable[str] = (), translate=_as_written) -> str:
    """Report of an algorithm that adds no noise (tessellation, cover, ...).

    It makes no differential-privacy claim: ``privacy_note`` says what the
    output discloses about its input.
    """
    parts = _head(title, algorithm_id, translate)
    parts += _warnings(warnings, translate)
    parts.append(f"<h2>{esc(translate('Privacy'))}</h2>")
    no_claim = translate("No noise is added and no differential-privacy guarantee is claimed.")
    parts.append(f"<p>{esc(no_claim)} {esc(privacy_note)}</p>")
    parts += _parameters_and_sections(parameters, sections, translate)
    parts.append("</body></html>")
    return "\n".join(parts)
