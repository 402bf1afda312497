"""The rows of the privacy-budget panel (:mod:`.budget_panel`): a population with its policy,
its capped periods and its datasets, each dataset with its releases, as tree items whose
columns are :data:`NAME` ... :data:`OUTPUTS`; rows below the warning level are coloured, their
tooltips say why."""
from __future__ import annotations

import datetime as _dt
import os
import tempfile

from qgis.core import QgsApplication
from qgis.PyQt.QtCore import Qt
from qgis.PyQt.QtGui import QBrush, QColor
from qgis.PyQt.QtWidgets import QTreeWidgetItem

from ..algorithms.common.i18n import tr
from ..algorithms.common.ledger import unit_text
from ..dpcore.accounting.populations import PERIODS, period_label

WARN_COLOUR = QColor(255, 196, 140)
N_COLUMNS = 10
#: Columns: the numbers a person looks for come right after the name.
NAME, E_SPENT, E_LEFT, E_BUDGET, PERIOD, D_SPENT, D_LEFT, D_BUDGET, UNIT, OUTPUTS = range(N_COLUMNS)
DELTA_COLUMNS = (D_SPENT, D_LEFT, D_BUDGET)
#: What a row shows: "population", "period", "dataset" or "release" (item data).
KIND = Qt.ItemDataRole.UserRole + 1


def column_labels() -> list:
    return [tr("Dataset / release"), tr("ε spent"), tr("ε remaining"), tr("ε budget"),
            tr("Period"), tr("δ spent"), tr("δ remaining"), tr("δ budget"), tr("Unit of privacy"),
            tr("Status / outputs")]


def _num(x: float) -> str:
    return f"{x:.6g}"


def dataset_name(dataset_id: str) -> str:
    """What a person calls a dataset: a file's name, a table's name, else the id."""
    base = dataset_id.split("|")[0].rstrip("/\\")
    return os.path.basename(base) or dataset_id


def algorithm_name(label: str) -> str:
    """The display name of the algorithm that released (``mobilitydp:odflows`` → its name in
    QGIS's language), or the label as recorded."""
    alg = (QgsApplication.processingRegistry().algorithmById(label.split(" ")[0])
        if label else None)
    return alg.displayName() if alg is not None else label


def is_temporary(path: str) -> bool:
    """A temporary output (memory layer, Processing's temporary folder): gone after QGIS
    closes, so the panel counts it instead of listing its path."""
    text = str(path)
    if text.startswith("memory:") or text == "TEMPORARY_OUTPUT":
        return True
    temp = os.path.realpath(tempfile.gettempdir())
    real = os.path.realpath(text)
    return real.startswith(temp + os.sep) and any(
        part.startswith("processing_") for part in real[len(temp):].split(os.sep))


def outputs_text(status: str, outputs) -> str:
    kept = [os.path.basename(o) or o for o in outputs if not is_temporary(o)]
    temporary = len(outputs) - len(kept)
    parts = [{"spent": tr("spent"), "reserved": tr("reserved")}.get(status, status)] + kept
    if temporary:
        parts.append(tr("{n} temporary output(s)").format(n=temporary))
    return "; ".join(parts)


def period_text(period: tuple, everies) -> str:
    """A release's period: its week or month labels where the policy caps them
    (``2026-W47``), else its days; "" in ledgers written before periods."""
    if not period:
        return ""
    first = _dt.date.fromisoformat(period[0])
    if everies:
        return ", ".join(period_label(first, every) for every in everies)
    return period[0] if period[0] == period[-1] else " – ".join(period)


def budget_texts(row) -> list:
    """Spent, remaining and budget of ε and δ, and the unit, of a dataset or population."""
    texts = [""] * N_COLUMNS
    texts[E_SPENT], texts[E_LEFT], texts[E_BUDGET] = (
        _num(row.spent_epsilon), _num(row.remaining_epsilon), _num(row.budget_epsilon))
    texts[D_SPENT], texts[D_LEFT], texts[D_BUDGET] = (
        _num(row.spent_delta), _num(row.remaining_delta), _num(row.budget_delta))
    texts[UNIT] = (tr("{unit} per {who}").format(unit=unit_text(row.unit), who=unit_text(row.unit_of_privacy))
                   if row.unit_of_privacy else unit_text(row.unit))
    return texts

def colour(item: QTreeWidgetItem, tooltip: str, warning: str) -> None:
    """Colour a row below the warning level; every cell's tooltip says why."""
    for column in range(N_COLUMNS):
        item.setBackground(column, QBrush(WARN_COLOUR))
        item.setToolTip(column, warning if column != NAME else tooltip + "\n" + warning)

def population_item(population) -> QTreeWidgetItem:
    texts = budget_texts(population)
    texts[NAME] = dataset_name(population.population_id)
    texts[PERIOD] = population.policy.horizon
    texts[OUTPUTS] = policy_text(population)
    item = QTreeWidgetItem(texts)
    item.setData(NAME, KIND, "population")
    font = item.font(NAME)
    font.setBold(True)
    item.setFont(NAME, font)
    tooltip = tr("Population {name}").format(name=population.population_id) + "\n" + texts[OUTPUTS]
    item.setToolTip(NAME, tooltip)
    periods = [period_item(period) for period in population.periods]
    if population.warning:              # its total, or a cap in the current period
        colour(item, tooltip, "\n".join(
            ([warning_text(population)]
             if population.remaining_share < population.warn_share else []) +
            [p.toolTip(E_SPENT) for p, row in zip(periods, population.periods)
             if row.current and row.warning]))
    for period in periods:
        item.addChild(period)
    for dataset in population.datasets:
        item.addChild(dataset_item(dataset, population))
    return item

def policy_text(population) -> str:
    """The policy as a sentence: total, horizon, caps, number of datasets."""
    budget = population.policy.budget
    total = f"ε {_num(budget.epsilon)}" + (
        f", δ {_num(budget.delta)}" if budget.delta > 0 else "")
    text = (tr("policy: {total} over {horizon}").format(
        total=total, horizon=population.policy.horizon)
        if population.policy.horizon else tr("policy: {total} in total").format(total=total))
    caps = [tr("ε {cap} per week").format(cap=_num(cap)) if every == "week" else
            tr("ε {cap} per month").format(cap=_num(cap))
            for every, cap in sorted(population.policy.caps,
                                     key=lambda c: PERIODS.index(c[0]))]
    if caps:
        text += "; " + tr("at most {caps}").format(caps=", ".join(caps))
    return text + "; " + tr("{n} dataset(s)").format(n=len(population.datasets))

def period_item(period) -> QTreeWidgetItem:
    texts = [""] * N_COLUMNS
    texts[NAME] = tr("Cap per week") if period.every == "week" else tr("Cap per month")
    texts[E_SPENT], texts[E_LEFT], texts[E_BUDGET] = (
        _num(period.spent_epsilon), _num(period.remaining_epsilon),
        _num(period.budget_epsilon))
    texts[PERIOD] = tr("{label} (current)").format(label=period.label) if period.current else period.label
    item = QTreeWidgetItem(texts)
    item.setData(NAME, KIND, "period")
    if period.warning:
        colour(item, texts[NAME], tr(
            "Less than {share} of the cap remains in {label}: ε {left} of {cap}").format(
            share=f"{period.warn_share:.0%}", label=period.label,
            left=f"{period.remaining_epsilon:.4g}", cap=f"{period.budget_epsilon:.4g}"))
    return item

def dataset_item(row, population=None) -> QTreeWidgetItem:
    """A dataset and its releases; in a population, only what it spent (the population's
    policy is what limits its releases)."""
    texts = budget_texts(row)
    if population is not None:
        texts[E_LEFT] = texts[E_BUDGET] = texts[D_LEFT] = texts[D_BUDGET] = ""
    texts[NAME] = dataset_name(row.dataset_id)
    texts[OUTPUTS] = tr("{n} release(s)").format(n=len(row.releases))
    item = QTreeWidgetItem(texts)
    item.setData(NAME, KIND, "dataset")
    item.setToolTip(NAME, row.dataset_id)
    if population is None and row.warning:
        colour(item, row.dataset_id, warning_text(row))
    everies = sorted((every for every, _ in population.policy.caps),
                     key=PERIODS.index) if population else []
    for release in row.releases:
        when = release.time.replace("T", " ")[:16] + " UTC" if release.time else ""
        texts = [""] * N_COLUMNS
        texts[NAME] = algorithm_name(release.algorithm)   # the time would crowd it out
        texts[E_SPENT], texts[D_SPENT] = _num(release.epsilon), _num(release.delta)
        texts[PERIOD] = period_text(release.period, everies)
        texts[OUTPUTS] = "; ".join(filter(None, [
            when, outputs_text(release.status, release.outputs)]))
        child = QTreeWidgetItem(texts)
        child.setData(NAME, KIND, "release")
        child.setToolTip(NAME, f"{texts[NAME]} ({release.algorithm}), {when}")
        child.setToolTip(PERIOD, " – ".join(release.period))
        child.setToolTip(OUTPUTS, "\n".join(release.outputs))
        item.addChild(child)
    return item

def warning_text(row) -> str:
    """Why the row is coloured: what remains of the budget."""
    text = tr("Less than {share} of the budget remains: ε {left} of {budget} ({unit})").format(
        share=f"{row.warn_share:.0%}", left=f"{row.remaining_epsilon:.4g}",
        budget=f"{row.budget_epsilon:.4g}", unit=unit_text(row.unit))
    if row.budget_delta > 0:
        text += tr(", δ {left} of {budget}").format(left=f"{row.remaining_delta:.4g}",
                                                    budget=f"{row.budget_delta:.4g}")
    return text
