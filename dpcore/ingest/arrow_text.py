"""Arrow text columns as numpy byte matrices, with no Python object per value.

The Spark trips job receives its partitions as Arrow record batches
(``mapInArrow``); user ids and times arrive as Arrow strings. Their UTF-8
bytes are copied straight from the Arrow buffers into a zero-padded
n × w matrix (w a multiple of 8): the words of :func:`dpcore.random.id_hashes.id_words`
for the keyed user hash, and an ``S`` array for :func:`.times.times_from_column`.
"""
from __future__ import annotations

import numpy as np


def text_matrix(col) -> tuple:
    """(n × w uint8 matrix of the UTF-8 bytes of an Arrow ``string`` / ``large_string`` array,
    zero-padded, w ≥ 8 a multiple of 8; byte lengths (int64); null mask). Nulls are empty."""
    import pyarrow as pa
    n = len(col)
    null = np.asarray(col.is_null().to_numpy(zero_copy_only=False), dtype=bool)
    bufs = col.buffers()
    wide = pa.types.is_large_string(col.type) or pa.types.is_large_binary(col.type)
    offs = np.frombuffer(bufs[1], dtype=np.int64 if wide else np.int32)
    offs = offs[col.offset:col.offset + n + 1].astype(np.int64)
    data = (np.frombuffer(bufs[2], dtype=np.uint8) if bufs[2] is not None
        else np.zeros(0, dtype=np.uint8))
    length = np.diff(offs) if n else np.zeros(0, dtype=np.int64)
    width = max(-(-int(length.max(initial=0)) // 8), 1) * 8
    out = np.zeros((n, width), dtype=np.uint8)
    rows = np.repeat(np.arange(n, dtype=np.int64), length)
    pos = np.arange(rows.size, dtype=np.int64) - np.repeat(offs[:-1] - offs[0], length)
    out.reshape(-1)[rows * width + pos] = data[offs[0]:offs[-1]] if n else data[:0]
    out[null] = 0
    return out, np.where(null, 0, length), null


def text_words(col) -> tuple:
    """(n × w/8 little-endian uint64 words, byte lengths, null mask) of an Arrow text array:
    the arguments of :func:`dpcore.random.id_hashes.word_hashes`, as :func:`dpcore.random.id_hashes.id_words`
    gives them for the same ids as Python text."""
    m, length, null = text_matrix(col)
    return m.view("<u8"), length, null


def text_bytes(col) -> np.ma.MaskedArray:
    """An Arrow text array as a masked ``S`` array (masked where null)."""
    m, _, null = text_matrix(col)
    return np.ma.MaskedArray(m.view(f"S{m.shape[1]}").reshape(-1), mask=null)
