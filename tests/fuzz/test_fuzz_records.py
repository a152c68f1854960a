"""Fuzzing actions, records and record files (issue 19).

* ``play``: one action, mutated from a legal one or junk of any type, on
  real positions of all five games: a consistent new state, or
  ``IllegalAction`` with a zh/en message — and the position unchanged.
* ``replay``: whole records, mutated (tokens dropped, doubled, swapped,
  recased, junk inserted, unusual white space, not text at all): the state
  of the record, or ``IllegalAction`` / ``StateFormatError``.
* ``open_file``: record files opened from the game widget, in every usual
  encoding and byte-order mark, truncated, with junk bytes, or huge: the
  record loaded (equal to replaying its text), or a message in the widget
  in both languages with the game unchanged.
"""

from __future__ import annotations

import codecs
import random

from fuzzkit import check_refusal, check_state, pick, seed_states
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fangqi_teach as ft
from fangqi_teach.widgets.game import MAX_RECORD_BYTES, GameWidget

SPACES = [" ", "  ", "\t", "\n", "\r\n", "\u3000", "\xa0", "\u2028", ","]


def _action_variant(a: str, rng: random.Random):
    r = rng.random()
    if r < 0.2:
        return a.upper()
    if r < 0.35:
        return " " + a + rng.choice(SPACES)
    if r < 0.5:
        return a[:-1] or "x"
    if r < 0.6:
        return a + rng.choice(["0", "-", "-a1", "x", "1", "é"])
    if r < 0.7:
        return "x" + a
    if r < 0.8:
        return a.replace("-", rng.choice(["", "--", "–", " - "]))
    return pick(rng, ["pass", "timeout", "PASS", "x", "-", "a1-", "-a1", "xx", "19", "t20", "a100"])


def test_play_with_malformed_actions(fuzz):
    rng = random.Random(61)
    states = seed_states(rng, per_game=30)
    for _ in range(fuzz.n(1500)):
        s = rng.choice(states)
        legal = s.legal_actions()
        action = _action_variant(rng.choice(legal), rng) if legal and rng.random() < 0.8 else pick(rng)
        before = s.to_json()
        with fuzz.case("play", (s.record_text[-60:], action)):
            try:
                t = s.play(action)
            except ft.IllegalAction as e:
                check_refusal(e)
                assert e.code
                fuzz.refused()
            else:
                assert t.record[: len(s.record)] == s.record
                check_state(t, rng, plays=0)
                fuzz.accepted()
            assert s.to_json() == before                 # states are immutable


def _mutate_record(tokens: list, rng: random.Random):
    tokens = list(tokens)
    for _ in range(rng.randint(0, 3)):
        r = rng.random()
        i = rng.randrange(len(tokens) + 1)
        if r < 0.2 and tokens:
            del tokens[min(i, len(tokens) - 1)]
        elif r < 0.35 and tokens:
            tokens.insert(i, tokens[min(i, len(tokens) - 1)])
        elif r < 0.5 and len(tokens) > 1:
            j = rng.randrange(len(tokens))
            k = min(i, len(tokens) - 1)
            tokens[j], tokens[k] = tokens[k], tokens[j]
        elif r < 0.7 and tokens:
            k = min(i, len(tokens) - 1)
            tokens[k] = _action_variant(tokens[k], rng) if isinstance(tokens[k], str) else pick(rng)
        else:
            tokens.insert(i, pick(rng))
    how = rng.random()
    if how < 0.6 and all(isinstance(t, str) for t in tokens):
        return "".join(t + rng.choice(SPACES[:6]) for t in tokens)
    if how < 0.95:
        return tokens
    return pick(rng)


def _replay(fuzz, game, record, options) -> None:
    with fuzz.case("replay", (game, record)):
        try:
            s = ft.replay(game, record, **options)
        except (ft.IllegalAction, ft.StateFormatError) as e:
            check_refusal(e)
            fuzz.refused()
            return
        check_state(s, plays=1)
        n = len(record.split()) if isinstance(record, str) else len(record)
        assert len(s.record) == n
        fuzz.accepted()


def test_replay_with_mutated_records(fuzz):
    rng = random.Random(62)
    ends = [s for s in seed_states(rng, per_game=12)]
    for _ in range(fuzz.n(700)):
        s = rng.choice(ends)
        cut = rng.randint(0, len(s.record))
        _replay(fuzz, s.game, _mutate_record(list(s.record[:cut]), rng), s.options)


def test_replay_with_hypothesis(fuzz):
    tokens = st.sampled_from(["a1", "b2", "f6", "a1-a2", "xa1", "pass", "timeout", "j10", "d1", "g7"]) | st.text(
        max_size=8)

    @settings(max_examples=fuzz.n(150), deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(ft.GAMES), st.lists(tokens, max_size=12) | st.text(max_size=60))
    def run(game, record):
        _replay(fuzz, game, record, {"size": 9} if game == "connect6" else {})

    run()


ENCODINGS = ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "gbk", "gb18030", "utf-32", "latin-1",
             "cp1252", "ascii"]


def _file_bytes(record: str, rng: random.Random) -> bytes:
    text = record
    if rng.random() < 0.2:
        text = rng.choice(["棋谱：", "# game\n", "\ufeff", "黑先 ", "", "é"]) + text
    enc = rng.choice(ENCODINGS)
    try:
        data = text.encode(enc)
    except UnicodeEncodeError:
        data = text.encode("utf-8")
    r = rng.random()
    if r < 0.1:
        data = data[: rng.randrange(len(data) + 1)]                       # truncated (half a character)
    elif r < 0.2:
        data = bytes(rng.randrange(256) for _ in range(rng.randint(1, 300)))   # binary junk
    elif r < 0.27:
        i = rng.randrange(len(data) + 1)
        data = data[:i] + bytes([rng.randrange(256)]) + data[i:]           # one stray byte
    elif r < 0.32:
        data = rng.choice([codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_LE]) + data
    elif r < 0.34:
        data = b"a1 " * (MAX_RECORD_BYTES // 3 + rng.randint(1, 9))         # huge
    elif r < 0.36:
        data = b""
    return data


def test_record_files_opened_from_the_game_widget(fuzz, tmp_path):
    rng = random.Random(63)
    seeds = seed_states(rng, per_game=6)
    widgets = {}
    path = tmp_path / "record.txt"
    for _ in range(fuzz.n(400)):
        s = rng.choice(seeds)
        key = (s.game, tuple(sorted(s.options.items())))
        g = widgets.get(key) or widgets.setdefault(key, GameWidget(s.game, **s.options))
        record = " ".join(s.record[: rng.randint(0, len(s.record))])
        data = _file_bytes(record, rng)
        path.write_bytes(data)
        before = g.state
        with fuzz.case("open_file", data[:200]):
            if g.open_file(path):
                expected = ft.replay(s.game, g.state.record_text, **s.options)
                assert g.state == expected and g.history[-1] is g.state
                check_state(g.state, rng, plays=0)
                fuzz.accepted()
            else:
                assert g.state is before                          # nothing lost
                en, zh = g.message_text("en"), g.message_text("zh")
                assert en.startswith(("Could not use the file", "Could not load the record")), en
                assert zh.startswith(("无法使用文件", "无法载入棋谱")), zh
                fuzz.refused()
    for g in widgets.values():
        g.close()
