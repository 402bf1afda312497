"""mobilitydp:aggregateflows' warnings on its released total: the noise's (public, read from the
noisy total and the noise law) in the log and the publishable report, the bounding's (how many
moves the m per vehicle kept: raw data) in the log and the internal report only."""
from .test_flows import AGG, _params

NOISE = "off by more than 2×"
KEPT = "Central mode kept"


def _run(tmp_path, name, **kw):
    import processing
    from qgis.core import QgsProcessingContext, QgsProcessingFeedback

    class Log(QgsProcessingFeedback):
        def __init__(self):
            super().__init__()
            self.warnings = []

        def pushWarning(self, warning):  # noqa: N802 (QGIS API)
            self.warnings.append(warning)
    report, internal = str(tmp_path / f"{name}.html"), str(tmp_path / f"{name}-internal.html")
    log = Log()
    params = {k: v for k, v in _params(REPORT=report, INTERNAL_REPORT=internal, **kw).items()
              if k != "METHOD"}                     # the default method: central
    processing.run(AGG, params, context=QgsProcessingContext(), feedback=log)
    with open(report, encoding="utf-8") as a, open(internal, encoding="utf-8") as b:
        return log.warnings, a.read(), b.read()


def test_noisy_total_warned_in_log_and_public_report(run_alg, tmp_path):
    # 8 moves on 34 possible moves, m = 2 at ε = 0.5: each value's noise has a std of ~5.6,
    # the total's ~33: the released total may be far from 6 moves kept
    log, public, internal = _run(tmp_path, "noisy", MAX_MOVES=2, EPSILON=0.5)
    assert sum(NOISE in w for w in log) == 1
    assert NOISE in public
    # control: at ε = 20 the noise is negligible and nothing is said
    log, public, internal = _run(tmp_path, "exact", MAX_MOVES=2, EPSILON=20)
    assert not any(NOISE in w for w in log) and NOISE not in public + internal


def test_moves_lost_by_the_bounding_warned_in_log_and_internal_report(run_alg, tmp_path):
    # m = 1 keeps 3 of the 8 moves (under half): the log and the internal report say so, the
    # publishable report never (the share kept is computed from the raw trajectories)
    log, public, internal = _run(tmp_path, "lost", MAX_MOVES=1, EPSILON=20)
    assert any(KEPT in w for w in log) and KEPT in internal and KEPT not in public
    # control: m = 4 keeps every move, no warning
    log, public, internal = _run(tmp_path, "all", MAX_MOVES=4, EPSILON=20)
    assert not any(KEPT in w for w in log) and KEPT not in internal
