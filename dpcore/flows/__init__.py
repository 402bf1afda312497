"""Flow aggregation with noise (Pratesi 2012): trajectories → moves → private global flows.

Pipeline: :mod:`.cells` (partition check, adjacency, point location) →
:mod:`.generalise` (moves between adjacent cells) → :mod:`.vectors` (the
vector of moves M, per-vehicle frequency vectors) → :mod:`.noise`
(per-vehicle or central noise) → :mod:`.sketches` → :mod:`.coordinator`
(global vector); then :mod:`.measures` (network measures, mobility
borders) and :mod:`.compare` (original against private).
"""
