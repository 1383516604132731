# SPDX-License-Identifier: MIT
"""Records (format 2, docs/records.md): what the one reader takes and skips."""
import pytest

from hashbench.results import records


def test_a_record_is_a_line_that_starts_with_rec():
    text = ('sim65: noise\n{"rec":"engine","format":2,"engine":"console"}\n\n'
            '  {"rec":"mark","cycles":12}  \n1234 cycles\n{"not":"a record"}\n')
    assert records.parse(text) == [{"rec": "engine", "format": 2, "engine": "console"},
                                  {"rec": "mark", "cycles": 12}]
    assert records.parse_line("Stop at 0x000109: (104) Breakpoint") is None


def test_a_broken_record_is_an_error_or_reported():
    text = '{"rec":"digest","algo":"crc32"\n{"rec":"done"}\n'
    with pytest.raises(records.RecordError, match="malformed record"):
        records.parse(text)
    errors = []
    assert records.parse(text, errors) == [{"rec": "done"}]
    assert len(errors) == 1 and "digest" in errors[0]
    with pytest.raises(records.RecordError):
        records.parse_line('{"rec":7}')
