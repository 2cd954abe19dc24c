"""Site rules: the file format and its errors (spec/rules.py), matching and precedence
(policy/rules.py), the explanation, and the doors: diagnose, run and sweep, end to end."""
import json
import os
import subprocess
import sys

import pytest

import flashrun
from conftest import ROOT
from flashrun.policy.diagnose import diagnose
from flashrun.spec import rules as rules_file
from flashrun.spec.model import SpecError

EXAMPLE = ROOT / "examples" / "rules.yaml"
GATEWAY = "2026-11-30 04:12:09 ckpt-sync ERROR SITE-GW-0042 upstream unreachable (after 3 tries)"
TAIL = "step 1200 | loss 2.113\nsaving checkpoint step 1200\n" + GATEWAY + "\n"


def cli(*args, env=None, timeout=120):
    return subprocess.run([sys.executable, "-m", "flashrun", *args], capture_output=True,
                          text=True, timeout=timeout, cwd=str(ROOT),
                          env=dict(os.environ, **(env or {})))


def test_example_maps_the_gateway_line_to_storage_timeout(scan_impl, monkeypatch):
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    rules = rules_file.load(EXAMPLE)
    with_rules = diagnose(TAIL, 1, rules=rules)
    assert with_rules.failure_class == "storage_timeout"
    assert with_rules.decision.action == "pause_job"
    assert with_rules.evidence.rule.startswith("%s:" % EXAMPLE)
    assert with_rules.evidence.line.endswith("SITE-GW-0042 upstream unreachable (after 3 tries)")
    assert diagnose(TAIL, 1).failure_class == "unknown"


def _rules(text):
    return rules_file.parse(text, source="site.yaml")


def test_regex_rank_stream_and_terminal_only():
    rules = _rules("rules:\n"
                   "  - regex: 'fabric link [0-9]+ down'\n    rank: 3\n"
                   "    class: communication_error\n    reason: link down\n")
    assert diagnose("[rank1]: fabric link 7 down\n", 1, rules=rules).evidence.rule is None
    d = diagnose("[rank3]: fabric link 7 down\n", 1, rules=rules)
    assert d.failure_class == "communication_error" and d.evidence.rank == 3
    rules = _rules("rules:\n  - match: quota probe failed\n    stream: stderr\n"
                   "    class: storage_timeout\n    reason: r\n")
    tail = b"quota probe failed\n"
    assert diagnose(tail, 1, rules=rules, streams={"stdout": tail, "stderr": b""}).evidence.rule \
        is None
    assert diagnose(tail, 1, rules=rules,
                    streams={"stdout": b"", "stderr": tail}).failure_class == "storage_timeout"
    rules = _rules("rules:\n  - match: manifest checksum mismatch\n    terminal_only: true\n"
                   "    class: artifact_corruption\n    reason: r\n")
    warned = "WARNING ckptlib: manifest checksum mismatch, trying the previous one\nstep 9\n"
    assert diagnose(warned, 1, rules=rules).evidence.rule is None
    died = ('Traceback (most recent call last):\n  File "t.py", line 3, in load\n'
            "ckptlib.CheckpointError: manifest checksum mismatch in step-900\n")
    assert diagnose(died, 1, rules=rules).failure_class == "artifact_corruption"


def test_precedence_first_rule_wins_and_beats_builtins_and_action_override():
    rules = _rules("rules:\n"
                   "  - match: CUDA out of memory\n    class: worker_crash\n"
                   "    action: fail_job\n    reason: this site's MIG slices lie about memory\n"
                   "  - match: out of memory\n    class: storage_timeout\n    reason: never\n")
    tail = ('Traceback (most recent call last):\n  File "t.py", line 1, in f\n'
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2 GiB\n")
    assert diagnose(tail, 1).failure_class == "out_of_memory"
    d = diagnose(tail, 1, rules=rules)
    assert d.failure_class == "worker_crash"
    assert d.decision.action == "fail_job" and d.decision.scope == "job"  # the rule's action
    assert ":2 " in d.evidence.rule  # the first rule in the file
    # history still beats a site rule: many runs failing together freezes automation
    assert diagnose(tail, 1, rules=rules, correlated=True).failure_class == "correlated_incident"


@pytest.mark.parametrize("text, where, words", [
    ("rules:\n  - match: x\n    clas: storage_timeout\n    reason: r\n", "site.yaml:3:5",
     "did you mean 'class'"),
    ("rules:\n  - regex: 'a(b'\n    class: storage_timeout\n    reason: r\n", "site.yaml:2:12",
     "bad regular expression"),
    ("rules:\n  - match: x\n    class: storage\n    reason: r\n", "site.yaml:3:12",
     "did you mean 'storage_timeout'"),
    ("rules:\n  - match: x\n    class: hang\n    reason: r\n    action: retry\n",
     "site.yaml:5:13", "unknown action"),
    ("rules:\n  - match: x\n    regex: y\n    class: hang\n    reason: r\n", "site.yaml:2:5",
     "exactly one of"),
    ("rules:\n  - match: x\n    class: hang\n", "site.yaml:2:5", "missing 'reason'"),
    ("rules:\n  - match: x\n    class: hang\n    reason: r\n    rank: -1\n", "site.yaml:5:11",
     "rank number"),
    ("rules:\n  - match: x\n    class: hang\n    reason: r\n    stream: err\n",
     "site.yaml:5:13", "stdout or stderr"),
    ("rules: [\n", "site.yaml:2:1", "invalid YAML"),
    ("- match: x\n", "site.yaml:1:1", "a mapping with a 'rules:' list"),
])
def test_bad_rules_file_is_one_line_naming_file_line_col(text, where, words):
    with pytest.raises(SpecError) as err:
        _rules(text)
    msg = str(err.value)
    assert msg.startswith(where + ":") and words in msg and "\n" not in msg


def test_environment_variable_names_the_default_rules_file():
    assert rules_file.resolve(None, environ={}) is None
    assert rules_file.resolve(None, environ={"FLASHRUN_RULES": str(EXAMPLE)}).rules
    with pytest.raises(SpecError, match="no such rules file"):
        rules_file.resolve(None, environ={"FLASHRUN_RULES": "/nonexistent/rules.yaml"})


def test_grid_yaml_diagnosis_rules(tmp_path):
    (tmp_path / "site.yaml").write_text(EXAMPLE.read_text())
    grid = tmp_path / "grid.yaml"
    grid.write_text("command: python t.py {lr}\ngrid: {lr: [1]}\ndiagnosis: {rules: site.yaml}\n")
    spec = flashrun.spec.grid.load(grid)
    assert spec.rules.rules[0].match == "SITE-GW-0042 upstream unreachable"
    grid.write_text("command: python t.py {lr}\ngrid: {lr: [1]}\ndiagnosis: {rules: nope.yaml}\n")
    with pytest.raises(SpecError, match=r"grid.yaml:3:20: diagnosis.rules: no such rules file"):
        flashrun.spec.grid.load(grid)


def test_explanation_lists_every_piece_of_evidence_and_the_winner():
    tail = ("[rank1]:[E1130 ProcessGroupNCCL.cpp:1] Watchdog caught collective operation "
            "timeout\n" 'Traceback (most recent call last):\n  File "t.py", line 1, in f\n'
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2 GiB\n")
    ex = diagnose(tail, 1).explain()
    kinds = {(i.kind, i.points_to, i.used) for i in ex.items}
    assert ("terminal", "out_of_memory", True) in kinds
    assert ("marker", "communication_error", False) in kinds
    assert ("exit status", "unknown", False) in kinds
    assert ex.failure_class == "out_of_memory" and "ran out of memory" in ex.why
    assert json.loads(json.dumps(ex.as_dict()))["evidence"]


def test_cli_diagnose_rules_json_explain_and_bad_file(tmp_path):
    log = tmp_path / "tail.log"
    log.write_text(TAIL)
    p = cli("diagnose", str(log), "--exit-code", "1", "--rules", str(EXAMPLE), "--json",
            "--explain")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["failure_class"] == "storage_timeout" and out["evidence"]["rule"]
    assert out["explanation"]["evidence"][0]["kind"] == "site rule"
    p = cli("diagnose", str(log), "--exit-code", "1")
    assert json.loads(cli("diagnose", str(log), "--json").stdout)["failure_class"] == "unknown"
    assert "evidence weighed" not in p.stdout
    p = cli("diagnose", str(log), "--explain", env={"FLASHRUN_RULES": str(EXAMPLE)})
    assert "storage_timeout" in p.stdout and "winner: storage_timeout" in p.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("rules:\n  - match: x\n    clas: storage_timeout\n")
    p = cli("diagnose", str(log), "--rules", str(bad))
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.strip().count("\n") == 0 and "bad.yaml:3:5" in p.stderr


GATEWAY_SCRIPT = ("import sys; print('step 1 loss 2.0', flush=True); "
                  "print(%r, file=sys.stderr, flush=True); sys.exit(1)" % GATEWAY)


def _classified(run_dir):
    events = [json.loads(line) for line in (run_dir / "events.jsonl").read_text().splitlines()]
    return [e for e in events if e["type"] == "failure_classified"]


def test_flashrun_run_with_rules_end_to_end(tmp_path):
    """A real run under `flashrun run`: the rule turns its unknown into storage_timeout,
    the decision records the rule and the explanation; a bad file starts nothing."""
    p = cli("run", "--max-restarts", "0", "--run-dir", str(tmp_path / "with"), "--rules",
            str(EXAMPLE), "--", sys.executable, "-c", GATEWAY_SCRIPT)
    assert p.returncode == 1, p.stderr
    (ev,) = _classified(tmp_path / "with")
    assert ev["data"]["failure_class"] == "storage_timeout" and ev["data"]["rule"]
    assert ev["data"]["explanation"]["evidence"][0]["kind"] == "site rule"
    p = cli("run", "--max-restarts", "0", "--run-dir", str(tmp_path / "without"), "--",
            sys.executable, "-c", GATEWAY_SCRIPT)
    (ev,) = _classified(tmp_path / "without")
    assert ev["data"]["failure_class"] == "unknown" and ev["data"]["rule"] is None
    bad = tmp_path / "bad.yaml"
    bad.write_text("rules:\n  - regex: '(('\n    class: hang\n    reason: r\n")
    marker = tmp_path / "started"
    p = cli("run", "--run-dir", str(tmp_path / "bad"), "--rules", str(bad), "--",
            sys.executable, "-c", "open(%r, 'w')" % str(marker))
    assert p.returncode == 2 and p.stderr.strip().count("\n") == 0, p.stderr
    assert "bad.yaml:2:12" in p.stderr and not marker.exists()
    assert not (tmp_path / "bad").exists()


def test_sweep_with_grid_rules_end_to_end(tmp_path):
    (tmp_path / "site.yaml").write_text(EXAMPLE.read_text())
    script = tmp_path / "job.py"
    script.write_text(GATEWAY_SCRIPT.replace("; ", "\n"))
    grid = tmp_path / "grid.yaml"
    grid.write_text("name: gw\ncommand: %s %s --seed {seed}\ngrid: {seed: [1]}\n"
                    "max_restarts: 0\ndiagnosis: {rules: site.yaml}\n" % (sys.executable, script))
    p = cli("sweep", str(grid), "--run-dir", str(tmp_path / "run"), timeout=180)
    assert p.returncode != 0
    (ev,) = _classified(tmp_path / "run")
    assert ev["data"]["failure_class"] == "storage_timeout" and ev["data"]["rule"]


def test_sweep_with_a_bad_rules_file_starts_nothing(tmp_path):
    marker = tmp_path / "started"
    (tmp_path / "bad.yaml").write_text("rules:\n  - match: x\n    class: storage\n    reason: r\n")
    grid = tmp_path / "grid.yaml"
    grid.write_text("name: gw\ncommand: %s -c \"open('%s', 'w')\" {seed}\ngrid: {seed: [1]}\n"
                    "diagnosis: {rules: bad.yaml}\n" % (sys.executable, marker))
    p = cli("sweep", str(grid), "--run-dir", str(tmp_path / "run"))
    assert p.returncode == 2 and p.stderr.strip().count("\n") == 0, p.stderr
    assert "bad.yaml:3:12: rules[0].class: unknown failure class" in p.stderr
    assert not marker.exists() and not (tmp_path / "run").exists()
    grid.write_text("name: gw\ncommand: %s -c \"open('%s', 'w')\" {seed}\ngrid: {seed: [1]}\n"
                    % (sys.executable, marker))
    p = cli("sweep", str(grid), "--run-dir", str(tmp_path / "run"), "--rules",
            str(tmp_path / "bad.yaml"))
    assert p.returncode == 2 and "bad.yaml:3:12" in p.stderr and not marker.exists()


def test_stream_rule_reads_only_its_stream_under_run(tmp_path):
    """Under flashrun.run the attempt's stdout.log and stderr.log are apart: a stdout
    rule does not fire on the same text printed to stderr."""
    rules = _rules("rules:\n  - match: quota probe failed\n    stream: stdout\n"
                   "    class: storage_timeout\n    reason: the site quota probe\n")
    script = "import sys; print('quota probe failed', file=sys.%s, flush=True); sys.exit(3)"
    on_err = flashrun.run([sys.executable, "-c", script % "stderr"], run_dir=tmp_path / "e",
                          max_restarts=0, rules=rules)
    on_out = flashrun.run([sys.executable, "-c", script % "stdout"], run_dir=tmp_path / "o",
                          max_restarts=0, rules=rules)
    assert on_err.decisions[0].failure_class != "storage_timeout"
    assert on_out.decisions[0].failure_class == "storage_timeout"
    assert on_out.decisions[0].evidence.rule.startswith("site.yaml:2")


def test_rules_are_matched_in_the_scanners_own_pass(scan_impl, monkeypatch):
    """Literal rules (and the literal a regex requires) join the scanner's needle set:
    the scan's site_hits serve them, a regex runs only on the lines holding its
    literal, and the verdict equals the after-the-scan path's on the same tail."""
    from flashrun.policy.rules import required_literal

    rules = _rules("rules:\n"
                   "  - regex: 'SITE-GW-00[0-9]+ upstream unreachable'\n    rank: 2\n"
                   "    class: storage_timeout\n    reason: gateway\n"
                   "  - match: 'fabric manager: link flap'\n    class: network_degradation\n"
                   "    reason: flap\n"
                   "  - match: short\n    class: data_error\n    reason: too short for a needle\n"
                   "  - regex: '(?i)quota probe'\n    class: storage_timeout\n    reason: r\n")
    assert rules.site == (b" upstream unreachable", b"fabric manager: link flap")
    assert required_literal(rules.rules[3]._compiled) == b""
    tail = (b"[rank1]: SITE-GW-0042 upstream unreachable\n"      # the wrong rank
            b"[rank2]: SITE-GW-xx upstream unreachable\n"         # holds the literal, not the regex
            b"[rank2]: step 9 SITE-GW-0042 upstream unreachable (3 tries)\n"
            b"fabric manager: link flap on port 3\nstep 10\n")
    scan = scan_impl.scan_tail(tail, rules.site, rules.site_patterns)
    assert scan.site == rules.site
    assert [(i, r) for i, r, _ in scan.site_hits] == [(0, 1), (0, 2), (1, None)]
    assert scan.site_hits[1][2] == "step 9 SITE-GW-0042 upstream unreachable (3 tries)"
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    d = diagnose(tail, 1, rules=rules)
    assert d.failure_class == "storage_timeout" and d.evidence.rank == 2
    assert d.evidence.line == "step 9 SITE-GW-0042 upstream unreachable (3 tries)"
    after = rules.match(tail, scan_impl.scan_tail(tail), None)  # no site pass: the old path
    assert (after.rule, after.rank, after.line) == (d.signals.rule.rule, 2, d.evidence.line)
    # the short literal and the case-blind regex still match, after the scan
    assert diagnose(b"step 1\nshort read on shard 3\n", 1, rules=rules).failure_class == \
        "data_error"
    assert diagnose(b"QUOTA PROBE failed\n", 1, rules=rules).failure_class == "storage_timeout"


def test_site_literal_limits():
    from flashrun.scan import _py, _types as T
    from flashrun.scan import IMPLEMENTATION, scan_tail

    with pytest.raises(ValueError, match="at least 8 bytes"):
        scan_tail(b"x\n", (b"short",))
    with pytest.raises(ValueError, match="site literals"):
        _py.scan_tail(b"x\n", tuple(b"literal-%05d" % i for i in range(T.MAX_NEEDLES)))
    many = "".join("  - match: 'site marker %03d'\n    class: data_error\n    reason: r\n" % i
                   for i in range(T.MAX_NEEDLES))
    rules = _rules("rules:\n" + many)  # more than the needle set holds: the rest after the scan
    assert len(rules.site) == T.MAX_NEEDLES - len(T.NEEDLES)
    last = "site marker %03d" % (T.MAX_NEEDLES - 1)
    assert diagnose(last + "\n", 1, rules=rules).evidence.line == last, IMPLEMENTATION
