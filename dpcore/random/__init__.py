"""Randomness: seeded and secure generators, per-user sampling streams and keyed hashes."""
