"""The shared boundary of the glue: what every algorithm of every stage uses.

Layout of ``algorithms/``: this package (``common``) and one package per stage,
mirroring ``dpcore`` (``tessellation``, ``density``, ``points``, ``flows``,
``od``, ``counts``, ``data``, ``evaluation``). A stage package holds its
algorithms and their stage-only helpers and lists its classes in
``ALGORITHMS``; it imports ``common`` and ``dpcore``, never another stage.

Modules here: ``base`` (the base class and the names algorithm modules import),
``inputs`` (privacy parameters and their readers), ``reports``, ``ledger``,
``frame``/``crs``/``frame_choice`` (the metric frame from public inputs),
``params`` (parameter factories, help), ``outputs`` and ``flow_styles`` (styles,
clean-up), readers of inputs shared by several stages (``events``, ``located``; the trip
readers only OD uses are in ``algorithms/od``), ``values``, ``progress``, ``i18n``, ``helppages``,
``widgets``.

The pattern of an algorithm module: parameters, plan, read, reserve, release,
write, report.

An algorithm module is thin QGIS glue: layers → numpy/shapely (in metres) → a dpcore plan and
its release → layers, report and ledger entry. A releasing algorithm subclasses
`common.release.ReleasingAlgorithm`, which runs that pattern once: it sets `PLAN` (the stage's
`plan_<name>`) and supplies `public_parameters`, `read`, `write` and `report` (the stage's dpcore
report builder); `counts/noisycounts.py` and `od/odflows.py` are worked examples. The items below
hold for every algorithm; the ``execute`` example is the sequence the template runs.

- Subclass `common.release.ReleasingAlgorithm` (or `common.base.MobilityDPAlgorithm` for an
  algorithm that releases nothing); set `ALGORITHM_ID` (stable: saved models store it),
  `DISPLAY_NAME`, `GROUP_ID`/`GROUP` (the stage group of ARCHITECTURE.md: `tessellation`
  "Tessellation", `density` "Density", `points` "Points", `flows` "Flows", `od` "Origin–destination", `counts` "Counts",
  `evaluation`
  "Evaluation", `data` "Data"), and `HELP` (HTML: what it does, one paragraph per parameter,
  the unit of privacy). Set `USES_PRIVACY = False` for algorithms that release nothing (their
  help then omits the privacy parameters; call `add_report_parameter()` if they write a report).
- `PARAMETERS`: the parameters as data (`common.specs`: `specs.source(...)`,
  `specs.integer(...)`, …; the base's `initAlgorithm` adds them in order; an algorithm may
  still write its own `initAlgorithm`): your inputs, then `specs.privacy(default_epsilon=…,
  with_delta=…)` (`self.add_privacy_parameters`:
  EPSILON, DELTA, SEED, LEDGER, DATASET_ID, BUDGET_EPSILON, BUDGET_DELTA, REPORT, INTERNAL_REPORT
  and the outputs EPSILON_SPENT, DELTA_SPENT, PRIVACY_UNIT), then your
  outputs. Enums: `enum_parameter(NAME, label, [("value", "description"), …], default)` (static
  strings; read with `self.enum_value`). User/vehicle fields:
  `self.add_unit_field_parameter(NAME, label, INPUT, kind="user"|"vehicle")`, read with
  `self.unit_field(...)` (never `fid`), then `self.check_unit_ids(ids, field=…)`.
- Implement `execute(self, parameters, context, feedback)` (NOT `run`: that is QGIS's).
  `processAlgorithm` wraps it: a `ValueError` (from dpcore or from you) becomes a
  `QgsProcessingException` with the same message, `Cancelled` ends the run, and on any failure
  the file outputs that did not exist before the run are deleted.
- Order inside `execute` (the release contract, `dpcore/accounting/contract.py`): read and validate every
  parameter, plan the cost in dpcore (`plan_<name>(**params)`: every parameter-only refusal),
  read the inputs, reserve, release, hand the release to the contract's check, then write:
  ```python
  planned = plan_something(**params)
  with self.reserve_budget(parameters, context, planned=planned,
                           default_dataset_id=self.input_dataset_id(parameters, INPUT, context),
                           ids=lambda: user_ids,                 # the input's people (or None)
                           period=release_period(window, times)) as charge:
      release = release_something(data, rng=self.rng(parameters, context),
                                  progress=self.progress(feedback, 0, 80), **params)
      charge.check_spent(release)       # the spent cost against the plan
  ```
  Write sinks and reports as usual: the base class stages every file output beside its
  destination, renames them into place when `execute` returns, and only then commits the cost
  (EPSILON_SPENT / DELTA_SPENT / PRIVACY_UNIT and a log line). A failure before the first output
  is in place cancels the reservation and says nothing was published. Use
  `self.progress(feedback, a, b)`: after `check_spent` a cancel no longer interrupts.
  Record-level outputs are written in the order `dpcore.accounting.contract.shuffled_order(n, rng)`.
  A releasing algorithm returns `ids` and `period` from its `ledger_scope`.
  `ids` (a callable, called only with a ledger) gives the user ids of the people the input holds
  (their keyed sketch finds the population they belong to; None for inputs without user ids);
  `period` is `release_period((start, end), times)`: the time window, an open end from the
  data's times, else the run date (the caps per calendar week and month use its first day).
- Metric frame, from public inputs only: `frame = self.metric_frame(parameters, context,
  public=(STUDY_AREA,), extent=GRID_EXTENT, crs_of=(INPUT,))` (or `MetricFrame.of_source`,
  `.of_crs`, `.of_extent`). Read any layer in any CRS with `frame.read_points(source, id_field)`,
  `frame.read_polygons(source, name, id_field)`, `frame.features(source)`; an extent parameter
  with `frame.read_extent(self, parameters, NAME, context)`. `frame.from_shapely(g)` gives a
  QgsGeometry in `frame.home_crs` (write outputs in it); say `frame.describe()` in the report.
- `as_float(value)` turns attribute values (NULL included) into floats/NaN.
- Reports: `self.write_reports(parameters, context, release=release, unit_of_privacy=…,
  parameter_rows=[(name, value), …], sections=[(heading, html)], internal_sections=[…],
  warnings=[…])`: REPORT gets only public rows and sections (from `release.public`),
  INTERNAL_REPORT the internal ones (from `release.internal`). HTML helpers (`table`,
  `png_img`) are in `dpcore/reporting/report.py`.
- Styling: `style_on_load(context, dest_id, function(layer))` styles the output in the GUI and
  stores the style as the default style of a GeoPackage output.
- Help: `HELP` is HTML blocks (blank lines between paragraphs; no need to avoid line breaks),
  `TAGS` extra toolbox search words.
- Put the module in its stage package and add the class to that package's `ALGORITHMS`
  list (`provider/provider.py` registers every stage's list); add an `Entry` to
  `tests/qgis/test_neighbouring.py` for a release.
- Never `print()`; use `feedback.pushInfo` / `feedback.reportError` / `pushWarning`.
- Tests in `tests/qgis/test_<stage>.py`: fixtures `run_alg` (processing.run),
  `qgis_process` (returns `(returncode, json, text)`), `read_layer(path)` and
  `sample_iris_path` from `tests/support/qgis.py`; see `test_noisycounts.py`. Each algorithm:
  one processing.run run, one qgis_process run with GeoPackage outputs, bad inputs that raise
  `QgsProcessingException` and leave no output file.
"""
