"""The HTML reports every release writes (no QGIS here).

Two separate files, so raw-data facts cannot be published by mistake:

* :func:`publishable_report`: what was released, under which unit of
  privacy, what it cost part by part (as computed by the mechanisms that
  ran), the parameters and sections built from public values only;
* :func:`internal_report`: the same header, then the sections computed from
  the raw data (utility against ground truth, data-owner statistics), every
  page marked internal.
"""
from __future__ import annotations

import base64
import datetime as _dt
import html
from typing import Iterable, Optional, Sequence, Tuple

from .privacy import PrivacyCost

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


def cost_table(cost: PrivacyCost) -> str:
    rows = [(p.mechanism, _fmt(p.epsilon), _fmt(p.delta), _fmt(p.sensitivity),
             p.protects, p.note) for p in cost.parts]
    body = table(rows, ("mechanism", "ε", "δ", "sensitivity", "protects", "note"))
    total = (f'<table class="total"><tr><td>total (sequential composition)</td>'
             f"<td>ε = {cost.epsilon:.6g}</td><td>δ = {cost.delta:.6g}</td></tr></table>")
    return body + total


def _head(title: str, algorithm_id: str) -> list:
    now = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
    return [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{esc(title)}</title>"
            f"<style>{_STYLE}</style></head><body>",
            f"<h1>{esc(title)}</h1>",
            f"<p>Algorithm <code>{esc(algorithm_id)}</code>, run {esc(now)}.</p>"]


def _parameters_and_sections(parameters, sections) -> list:
    parts = ["<h2>Parameters</h2>",
             table(((k, _fmt(v)) for k, v in parameters), ("parameter", "value"))]
    parts += [f"<h2>{esc(heading)}</h2>\n{body}" for heading, body in sections]
    return parts


def _guarantee(unit_of_privacy: str, cost: PrivacyCost, dataset_id: Optional[str]) -> list:
    unit = cost.unit
    per = " (a loss of ε·d between inputs d metres apart)" if unit != "ε" else ""
    parts = ["<h2>Privacy guarantee</h2>",
             f"<p><b>Unit of privacy:</b> {esc(unit_of_privacy)}</p>",
             f"<p>This release satisfies (ε = {cost.epsilon:.6g}, δ = {cost.delta:.6g})-"
             f"differential privacy for that unit, ε in <b>{esc(unit)}</b>{esc(per)}. The cost "
             "below is computed from the mechanisms that actually ran.</p>",
             cost_table(cost)]
    if dataset_id:
        parts.append(f"<p>Charged to the privacy ledger as dataset <code>{esc(dataset_id)}</code>."
                     "</p>")
    return parts


def publishable_report(*, title: str, algorithm_id: str, unit_of_privacy: str,
                       cost: PrivacyCost, parameters: Iterable[Tuple[str, object]],
                       seeded: bool, sections: Iterable[Tuple[str, str]] = (),
                       warnings: Iterable[str] = (), dataset_id: Optional[str] = None) -> str:
    """The report to publish with a release: public values and public info only.

    ``parameters``, ``sections`` and ``warnings`` must depend only on public
    parameters and on the noisy values (``Release.public``).
    """
    parts = _head(title, algorithm_id)
    if seeded:
        parts.append(f'<div class="banner seeded">{esc(SEEDED_BANNER)}</div>')
    parts += [f'<div class="banner warning">Warning: {esc(w)}</div>' for w in warnings]
    parts += _guarantee(unit_of_privacy, cost, dataset_id)
    parts += _parameters_and_sections(parameters, sections)
    parts.append("</body></html>")
    return "\n".join(parts)


def internal_report(*, title: str, algorithm_id: str, unit_of_privacy: str,
                    cost: PrivacyCost, parameters: Iterable[Tuple[str, object]],
                    seeded: bool, sections: Iterable[Tuple[str, str]] = (),
                    warnings: Iterable[str] = (), dataset_id: Optional[str] = None) -> str:
    """The data owner's report: raw-data facts (``Release.internal``), marked internal."""
    parts = _head(f"{title} (internal)", algorithm_id)
    parts.append(f'<div class="banner internal-banner">{esc(INTERNAL_BANNER)}</div>')
    if seeded:
        parts.append(f'<div class="banner seeded">{esc(SEEDED_BANNER)}</div>')
    parts += [f'<div class="banner warning">Warning: {esc(w)}</div>' for w in warnings]
    parts += _guarantee(unit_of_privacy, cost, dataset_id)
    parts += _parameters_and_sections(parameters, ())
    for heading, body in sections:
        parts.append(f'<div class="internal"><h2>{esc(heading)} (internal)</h2>\n{body}</div>')
    parts.append(f'<div class="banner internal-banner">{esc(INTERNAL_BANNER)}</div>')
    parts.append("</body></html>")
    return "\n".join(parts)


def analysis_report(*, title: str, algorithm_id: str, privacy_note: str,
                    parameters: Iterable[Tuple[str, object]],
                    sections: Iterable[Tuple[str, str]] = (),
                    warnings: Iterable[str] = ()) -> str:
    """Report of an algorithm that adds no noise (tessellation, cover, ...).

    It makes no differential-privacy claim: ``privacy_note`` says what the
    output discloses about its input.
    """
    parts = _head(title, algorithm_id)
    for w in warnings:
        parts.append(f'<div class="banner warning">Warning: {esc(w)}</div>')
    parts.append("<h2>Privacy</h2>")
    parts.append(f"<p>No noise is added and no differential-privacy guarantee is claimed. "
                 f"{esc(privacy_note)}</p>")
    parts += _parameters_and_sections(parameters, sections)
    parts.append("</body></html>")
    return "\n".join(parts)
