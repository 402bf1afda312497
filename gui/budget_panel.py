"""The privacy-budget panel: a read-only dock widget over one or more ledger files.

Per population (:func:`dpcore.accounting.ledger_view.summarise_populations`): its policy
(total ε and δ over its horizon, caps per week or month), what its people have spent
(reserved entries included: they count against the budget) and what remains, in total and in
each period a cap limits (the periods with releases and the current one), then its datasets
(name; the full id or path in the tooltip) with what each spent and its history of releases
(algorithm name, period, time, ε, status, the outputs kept: temporary ones are only counted).
A dataset that is its own population with its budget as policy — every dataset of a ledger
written before populations — shows as one dataset row, as it always did: spent, remaining,
budget. The δ columns appear only when δ is budgeted or spent, the period column only when
a release has a period.
Rows where less than the chosen share remains are coloured. The panel watches its files
and refreshes whenever a release (from the toolbox, a model or ``qgis_process``) writes
one. Only releases write a ledger; the panel never does.
"""
from __future__ import annotations

import datetime as _dt
import os
import tempfile

from qgis.core import QgsApplication, QgsSettings
from qgis.PyQt.QtCore import QFileSystemWatcher, Qt, QTimer
from qgis.PyQt.QtGui import QBrush, QColor
from qgis.PyQt.QtWidgets import (
    QDockWidget,
    QDoubleSpinBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..algorithms.common.i18n import tr
from ..algorithms.common.ledger import unit_text
from ..dpcore.accounting.ledger_view import WARN_SHARE, summarise_populations
from ..dpcore.accounting.populations import PERIODS, period_label

SETTINGS_FILES = "mobility_dp/budget_panel/ledgers"
SETTINGS_SHARE = "mobility_dp/budget_panel/warn_share"
WARN_COLOUR = QColor(255, 196, 140)
N_COLUMNS = 10
#: Columns: the numbers a person looks for come right after the name.
NAME, E_SPENT, E_LEFT, E_BUDGET, PERIOD, D_SPENT, D_LEFT, D_BUDGET, UNIT, OUTPUTS = range(N_COLUMNS)
DELTA_COLUMNS = (D_SPENT, D_LEFT, D_BUDGET)
#: What a row shows: "population", "period", "dataset" or "release" (item data).
KIND = Qt.ItemDataRole.UserRole + 1
#: The name column is cut to this width (px); the full id is its tooltip.
NAME_WIDTH = 220
#: The narrowest docked width (px): name, ε spent, ε remaining and the buttons.
MIN_WIDTH = 520


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


class BudgetPanel(QDockWidget):
    """Dock widget listing the populations and datasets of the opened ledgers (see the module
    docstring)."""

    def __init__(self, parent=None):
        super().__init__(tr("Mobility DP privacy budget"), parent)
        self.setObjectName("MobilityDPBudgetPanel")
        self.files: list = []
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._file_changed)
        self.watcher.directoryChanged.connect(lambda _d: self.refresh())

        body = QWidget(self)
        layout = QVBoxLayout(body)
        buttons = QHBoxLayout()
        self.open_button = QPushButton(tr("Open ledger…"), body)
        self.open_button.clicked.connect(self._choose_files)
        self.close_button = QPushButton(tr("Close ledger"), body)
        self.close_button.clicked.connect(self._close_selected)
        self.share = QDoubleSpinBox(body)
        self.share.setRange(0.0, 100.0)
        self.share.setDecimals(0)
        self.share.setSuffix(" %")
        self.share.setToolTip(tr("Rows are coloured when less than this share of the budget "
                                 "remains"))
        self.share.setValue(100.0 * float(QgsSettings().value(SETTINGS_SHARE, WARN_SHARE)))
        self.share.valueChanged.connect(self._share_changed)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.close_button)
        buttons.addStretch(1)
        buttons.addWidget(QLabel(tr("Warn below"), body))
        buttons.addWidget(self.share)
        layout.addLayout(buttons)
        self.tree = QTreeWidget(body)
        self.tree.setColumnCount(N_COLUMNS)
        self.tree.setHeaderLabels(column_labels())
        self.tree.setAlternatingRowColors(True)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        layout.addWidget(self.tree)
        self.status = QLabel(body)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.setWidget(body)
        self.open_files(QgsSettings().value(SETTINGS_FILES, [], type=list) or [])

    # -- files --------------------------------------------------------------
    def open_files(self, paths) -> None:
        for path in paths:
            path = os.path.abspath(path)
            if path not in self.files:
                self.files.append(path)
        self._watch()
        QgsSettings().setValue(SETTINGS_FILES, self.files)
        self.refresh()

    def close_file(self, path: str) -> None:
        if path in self.files:
            self.files.remove(path)
        self._watch()
        QgsSettings().setValue(SETTINGS_FILES, self.files)
        self.refresh()

    def _watch(self) -> None:
        """Watch each file and its folder (a release replaces the file atomically, which ends
        the watch on the old file; the folder's change brings it back)."""
        for old in self.watcher.files() + self.watcher.directories():
            self.watcher.removePath(old)
        for path in self.files:
            if os.path.exists(path):
                self.watcher.addPath(path)
            folder = os.path.dirname(path)
            if os.path.isdir(folder) and folder not in self.watcher.directories():
                self.watcher.addPath(folder)

    def _file_changed(self, _path) -> None:
        self._watch()
        self.refresh()

    def _choose_files(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, tr("Open privacy ledgers"), "",
                                                tr("Privacy ledgers (*.json)"))
        if paths:
            self.open_files(paths)

    def _close_selected(self) -> None:
        item = self.tree.currentItem()
        while item is not None and item.parent() is not None:
            item = item.parent()
        if item is not None:
            self.close_file(item.data(0, Qt.ItemDataRole.UserRole))

    def _share_changed(self, value: float) -> None:
        QgsSettings().setValue(SETTINGS_SHARE, value / 100.0)
        self.refresh()

    # -- view ---------------------------------------------------------------
    def refresh(self) -> None:
        """Re-read every ledger and rebuild the tree (keeps nothing from the previous read)."""
        self.tree.clear()
        problems, uses_delta, uses_period = [], False, False
        warnings = {"dataset": 0, "population": 0}
        for path in self.files:
            top = QTreeWidgetItem([os.path.basename(path)])
            top.setToolTip(NAME, path)
            top.setData(NAME, Qt.ItemDataRole.UserRole, path)
            self.tree.addTopLevelItem(top)
            if not os.path.exists(path):
                top.setText(OUTPUTS, tr("no such file yet (a release creates it)"))
                continue
            try:
                populations = summarise_populations(path, self.share.value() / 100.0)
            except ValueError as exc:
                top.setText(OUTPUTS, str(exc))
                problems.append(str(exc))
                continue
            for population in populations:
                top.addChild(self._dataset_item(population.datasets[0])
                             if population.single_dataset
                             else self._population_item(population))
                warnings["dataset" if population.single_dataset else "population"] += population.warning
                uses_delta = uses_delta or population.budget_delta > 0 or population.spent_delta > 0
                uses_period = uses_period or bool(population.periods) or any(
                    r.period for d in population.datasets for r in d.releases)
        self.tree.expandAll()
        for column in range(N_COLUMNS):
            self.tree.setColumnHidden(column, (column in DELTA_COLUMNS and not uses_delta)
                                      or (column == PERIOD and not uses_period))
            self.tree.resizeColumnToContents(column)
        self.tree.setColumnWidth(NAME, min(self.tree.columnWidth(NAME), NAME_WIDTH))
        self.status.setText("; ".join(problems or filter(None, [
            tr("{n} population(s) below the warning level").format(n=warnings["population"])
            if warnings["population"] else "",
            tr("{n} dataset(s) below the warning level").format(n=warnings["dataset"])
            if warnings["dataset"] else ""])))

    def _budget_texts(self, row) -> list:
        """Spent, remaining and budget of ε and δ, and the unit, of a dataset or population."""
        texts = [""] * N_COLUMNS
        texts[E_SPENT], texts[E_LEFT], texts[E_BUDGET] = (
            _num(row.spent_epsilon), _num(row.remaining_epsilon), _num(row.budget_epsilon))
        texts[D_SPENT], texts[D_LEFT], texts[D_BUDGET] = (
            _num(row.spent_delta), _num(row.remaining_delta), _num(row.budget_delta))
        texts[UNIT] = (tr("{unit} per {who}").format(unit=unit_text(row.unit), who=unit_text(row.unit_of_privacy))
                       if row.unit_of_privacy else unit_text(row.unit))
        return texts

    def _colour(self, item: QTreeWidgetItem, tooltip: str, warning: str) -> None:
        """Colour a row below the warning level; every cell's tooltip says why."""
        for column in range(N_COLUMNS):
            item.setBackground(column, QBrush(WARN_COLOUR))
            item.setToolTip(column, warning if column != NAME else tooltip + "\n" + warning)

    def _population_item(self, population) -> QTreeWidgetItem:
        texts = self._budget_texts(population)
        texts[NAME] = dataset_name(population.population_id)
        texts[PERIOD] = population.policy.horizon
        texts[OUTPUTS] = self._policy_text(population)
        item = QTreeWidgetItem(texts)
        item.setData(NAME, KIND, "population")
        font = item.font(NAME)
        font.setBold(True)
        item.setFont(NAME, font)
        tooltip = tr("Population {name}").format(name=population.population_id) + "\n" + texts[OUTPUTS]
        item.setToolTip(NAME, tooltip)
        periods = [self._period_item(period) for period in population.periods]
        if population.warning:              # its total, or a cap in the current period
            self._colour(item, tooltip, "\n".join(
                ([self._warning_text(population)]
                 if population.remaining_share < population.warn_share else []) +
                [p.toolTip(E_SPENT) for p, row in zip(periods, population.periods)
                 if row.current and row.warning]))
        for period in periods:
            item.addChild(period)
        for dataset in population.datasets:
            item.addChild(self._dataset_item(dataset, population))
        return item

    def _policy_text(self, population) -> str:
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

    def _period_item(self, period) -> QTreeWidgetItem:
        texts = [""] * N_COLUMNS
        texts[NAME] = tr("Cap per week") if period.every == "week" else tr("Cap per month")
        texts[E_SPENT], texts[E_LEFT], texts[E_BUDGET] = (
            _num(period.spent_epsilon), _num(period.remaining_epsilon),
            _num(period.budget_epsilon))
        texts[PERIOD] = tr("{label} (current)").format(label=period.label) if period.current else period.label
        item = QTreeWidgetItem(texts)
        item.setData(NAME, KIND, "period")
        if period.warning:
            self._colour(item, texts[NAME], tr(
                "Less than {share} of the cap remains in {label}: ε {left} of {cap}").format(
                share=f"{period.warn_share:.0%}", label=period.label,
                left=f"{period.remaining_epsilon:.4g}", cap=f"{period.budget_epsilon:.4g}"))
        return item

    def _dataset_item(self, row, population=None) -> QTreeWidgetItem:
        """A dataset and its releases; in a population, only what it spent (the population's
        policy is what limits its releases)."""
        texts = self._budget_texts(row)
        if population is not None:
            texts[E_LEFT] = texts[E_BUDGET] = texts[D_LEFT] = texts[D_BUDGET] = ""
        texts[NAME] = dataset_name(row.dataset_id)
        texts[OUTPUTS] = tr("{n} release(s)").format(n=len(row.releases))
        item = QTreeWidgetItem(texts)
        item.setData(NAME, KIND, "dataset")
        item.setToolTip(NAME, row.dataset_id)
        if population is None and row.warning:
            self._colour(item, row.dataset_id, self._warning_text(row))
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

    @staticmethod
    def _warning_text(row) -> str:
        """Why the row is coloured: what remains of the budget."""
        text = tr("Less than {share} of the budget remains: ε {left} of {budget} ({unit})").format(
            share=f"{row.warn_share:.0%}", left=f"{row.remaining_epsilon:.4g}",
            budget=f"{row.budget_epsilon:.4g}", unit=unit_text(row.unit))
        if row.budget_delta > 0:
            text += tr(", δ {left} of {budget}").format(left=f"{row.remaining_delta:.4g}",
                                                        budget=f"{row.budget_delta:.4g}")
        return text

    def usable_width(self) -> int:
        """The width (px) that shows the name, ε spent and ε remaining at once."""
        return sum(self.tree.columnWidth(c) for c in (NAME, E_SPENT, E_LEFT, E_BUDGET)) + 60

    def showEvent(self, event):  # noqa: N802
        """Docked, the panel widens itself to show the name and the ε columns at once (QGIS
        gives a new dock in the right area the width of the narrowest panel there)."""
        super().showEvent(event)
        QTimer.singleShot(0, self._widen)

    def _widen(self) -> None:
        window = self.parentWidget()
        if not isinstance(window, QMainWindow) or self.isFloating() or not self.isVisible():
            return
        wanted = min(max(self.usable_width(), MIN_WIDTH), window.width() // 2)
        if self.width() < wanted:
            window.resizeDocks([self], [wanted], Qt.Orientation.Horizontal)
