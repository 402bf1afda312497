"""Flow aggregation with noise (Pratesi 2012): trajectories → moves → private global flows.

Pipeline: :mod:`.cells` (partition check, adjacency, point location) →
:mod:`.generalise` (moves between adjacent cells; :mod:`.bridging`: across GPS gaps) → :mod:`.vectors` (the
vector of moves M, per-vehicle frequency vectors) → :mod:`.noise`
(:mod:`.local_noise` per vehicle, :mod:`.central_noise` once) → :mod:`.sketches` → :mod:`.coordinator`
(global vector, cost planned by ``flow_guarantee``); then :mod:`.measures`
(network measures, mobility borders), :mod:`.compare` (original against
private), :mod:`.figures` (comparison plots) and :mod:`.summary` (what the
public and internal reports say). Per-vehicle bounding of the central mode
uses :func:`dpcore.random.sampling.sample_per_user`.
"""
