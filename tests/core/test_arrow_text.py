"""dpcore.ingest.arrow_text: Arrow text read from its buffers hashes and parses as Python text."""
import numpy as np
import pytest

from mobility_dp.dpcore.ingest.arrow_text import text_bytes, text_words
from mobility_dp.dpcore.ingest.times import parse_times, times_from_column
from mobility_dp.dpcore.random.id_hashes import user_hashes, word_hashes

pa = pytest.importorskip("pyarrow")

IDS = ["u1", "", None, "é-utilisateur-très-long-123456789", "1000", "abcdefgh", "abcdefghi"]


@pytest.mark.parametrize("kind", ["string", "large_string", "sliced"])
def test_keyed_hash_of_arrow_ids_equals_the_python_ids(kind):
    arr = pa.array(IDS, pa.large_string() if kind == "large_string" else pa.string())
    if kind == "sliced":
        arr = arr.slice(2, 4)
    words, length, null = text_words(arr)
    text = ["" if v is None else v for v in arr.to_pylist()]
    assert np.array_equal(null, [v is None for v in arr.to_pylist()])
    assert np.array_equal(length, [len(v.encode("utf-8")) for v in text])
    assert np.array_equal(word_hashes(7, words, length),
                          user_hashes(7, np.asarray(text, dtype=object)))
    other = word_hashes(8, words, length)     # control: another key, other hashes
    assert not np.array_equal(other, word_hashes(7, words, length))


def test_arrow_times_parse_as_python_text():
    values = ["2023-11-14T00:00:00", None, "1700000000", "2023-11-14 01:02:03+02:00",
              "1.7E9", "x", ""]
    got = times_from_column(text_bytes(pa.array(values)))
    assert np.array_equal(got, parse_times(np.asarray(values, dtype=object)), equal_nan=True)
    assert np.isnan(got[1]) and got[0] == 1_699_920_000.0


def test_empty_batch():
    words, length, null = text_words(pa.array([], pa.string()))
    assert words.shape == (0, 1) and length.size == 0 and null.size == 0
