"""Chen et al. (2019): differentially private per-timestamp histograms of users per cell.

Modules: :mod:`.data` (one observation per user and timestamp → histograms),
:mod:`.basic` (direct perturbation, Alg. 1, and the noise all share),
:mod:`.threshold` (threshold perturbation, Alg. 2),
:mod:`.hybrid` (static hybrid, Alg. 4 with Eq. 7–9; dynamic hybrid, Alg. 5),
:mod:`.consistency` (consistency post-processing, Alg. 3),
:mod:`.release` (one entry point, cost planning), :mod:`.plan` (the planned release, from
located observations) and :mod:`.report` (its report). The trajectory-recovery
attack used to audit these releases lives in :mod:`dpcore.histograms.attacks`.
"""
from .basic import release_direct
from .consistency import consistency_postprocess
from .data import user_histograms
from .hybrid import division_utilities, release_dynamic_hybrid, release_static_hybrid
from .plan import plan_histograms
from .release import METHODS, errors, planned_epsilon, release_histograms
from .threshold import release_threshold

__all__ = ["METHODS", "consistency_postprocess", "division_utilities", "errors", "plan_histograms", "planned_epsilon",
           "release_direct", "release_dynamic_hybrid", "release_histograms",
           "release_static_hybrid", "release_threshold", "user_histograms"]
