"""Secrets in a grid never leave the process (issue 12, defect 4).

A sweep passes secrets through every door a grid has: parameter names, a secret
flag's value (``--db-pass X``, ``-p X``, ``--api-key=X``), a spliced argv list,
environment variables (by name, and through a placeholder), credential-shaped
values. Then the whole run directory (names and contents), the terminal output of
``sweep``, ``status``, ``--dry-run`` and ``resume`` are grepped for every secret
value: zero hits. The child also prints a credential-shaped token of its own in a
traceback, which must not come back on the ``believed:`` line.
"""
import json
import os
import stat

from adv_helpers import flashrun, grep_tree, no_traceback, script, write_grid

SECRETS = {
    "key_a": "sk-proj-AAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "key_b": "sk-proj-BBBBBBBBBBBBBBBBBBBBBBBBBBBB",
    "dbpass_a": "correct-horse-battery-a",
    "dbpass_b": "correct-horse-battery-b",
    "pw": "swordfish-p-flag-value",
    "listed": "hunter2-in-a-spliced-list",
    "hf": "hf_ZZZZZZZZZZZZZZZZZZZZZZZZ",
    "envpw": "env-password-value-77",
    "aws": "AKIAABCDEFGHIJKLMNOP",
}
CHILD_OWN = "ghp_" + "Q" * 36  # printed by the child: masked on the believed: line


def _grid(tmp_path, child):
    s = SECRETS
    return write_grid(tmp_path, """\
        name: leaky
        command: python %s --db-pass {dbpass} -p {pw} --api-key={key} {extra} --region {aws}
        grid:
          key: [%s, %s]
          dbpass: [%s, %s]
        defaults: {pw: %s, aws: %s, extra: []}
        trials:
          - {key: %s, dbpass: %s, extra: [--password, %s]}
        max_restarts: 0
        concurrency: 2
        env:
          HF_TOKEN: %s
          DB_PASSWORD: %s
          TRIAL_KEY: "{key}"
        """ % (child, s["key_a"], s["key_b"], s["dbpass_a"], s["dbpass_b"], s["pw"], s["aws"],
               s["key_a"], s["dbpass_b"], s["listed"], s["hf"], s["envpw"]))


def test_no_secret_in_the_run_dir_or_on_the_terminal(tmp_path):
    child = script(tmp_path, "child.py", """\
        import os, sys
        argv = sys.argv[1:]
        assert os.environ["HF_TOKEN"].startswith("hf_")     # the child does get them
        assert "--db-pass" in argv and "-p" in argv
        if "--password" in argv:  # the explicit trial fails, printing a token of its own
            print("Traceback (most recent call last):", file=sys.stderr)
            print('  File "child.py", line 9, in <module>', file=sys.stderr)
            print("PermissionError: login refused for token " + "CHILD_OWN", file=sys.stderr)
            sys.exit(1)
        print("FLASHRUN_METRICS {\\"loss\\": 0.5}")
        """.replace("CHILD_OWN", CHILD_OWN))
    grid = _grid(tmp_path, child)
    run_dir = tmp_path / "run"
    outputs = []
    dry = flashrun("sweep", str(grid), "--dry-run")
    assert dry.returncode == 0, dry.stderr
    outputs.append(dry.stdout + dry.stderr)
    p = flashrun("sweep", str(grid), "--run-dir", str(run_dir), "--verbose")
    outputs.append(p.stdout + p.stderr)
    no_traceback(p.stderr)  # (stdout echoes the child's own traceback: --verbose)
    assert p.returncode == 1, p.stdout + p.stderr  # the explicit trial fails
    assert "PermissionError" in p.stdout + p.stderr  # the believed: line is there, masked
    st = flashrun("status", str(run_dir))
    outputs.append(st.stdout + st.stderr)
    again = flashrun("resume", str(run_dir))  # resumes from the grid file, by reference
    outputs.append(again.stdout + again.stderr)
    assert again.returncode == 1 and "1 failed" in again.stdout, again.stdout + again.stderr

    values = list(SECRETS.values())
    assert grep_tree(run_dir, values) == []
    for text in outputs:
        for v in values + [CHILD_OWN]:
            assert v not in text, (v, text)
    # the trials still got distinct ids, and every id is what the child saw
    ids = sorted(os.listdir(run_dir / "trials"))
    assert len(ids) == 5 and len(set(ids)) == 5
    # anything that may hold a secret is readable by its owner only
    for rel in ["spec.yaml", "events.jsonl", "state.json", "results.json", "results.csv"]:
        assert stat.S_IMODE((run_dir / rel).stat().st_mode) == 0o600, rel
    for tid in ids:
        for f in (run_dir / "trials" / tid).rglob("*"):
            if f.is_file():
                assert stat.S_IMODE(f.stat().st_mode) == 0o600, f
    rows = json.loads((run_dir / "results.json").read_text())
    assert all(r["params"]["key"] == "***" and r["params"]["dbpass"] == "***" for r in rows)


def test_secret_redaction_rule_covers_flags_and_shapes():
    from flashrun.redaction import redact_argv, redact_text

    assert redact_argv(["x", "--db-pass", "a", "-p", "b", "--api-key=c", "--lr", "0.1"]) == \
        ["x", "--db-pass", "***", "-p", "***", "--api-key=***", "--lr", "0.1"]
    line = "password: hunter2 HF_TOKEN=abc --db-pass zz KeyError: 'lr' using %s" % CHILD_OWN
    assert redact_text(line) == "password: *** HF_TOKEN=*** --db-pass *** KeyError: 'lr' using ***"


def test_diagnose_masks_secrets_quoted_from_the_log(tmp_path):
    log = tmp_path / "crash.log"
    log.write_text("Traceback (most recent call last):\n  File \"t.py\", line 3\n"
                   "PermissionError: bad login HF_TOKEN=hf_ABCDEFGHIJKLMNOPQRSTU for %s\n"
                   % CHILD_OWN)
    for args in ([], ["--json"]):
        p = flashrun("diagnose", str(log), "--exit-code", "1", *args)
        assert p.returncode == 0, p.stderr
        assert "PermissionError" in p.stdout
        assert "hf_ABCDEFGHIJKLMNOPQRSTU" not in p.stdout and CHILD_OWN not in p.stdout


def test_ordinary_parameters_are_not_mistaken_for_secrets():
    from flashrun.spec.grid import parse

    spec = parse("command: train --max-tokens {max_tokens} --tok {tokenizer}\n"
                 "grid: {max_tokens: [128, 256], tokenizer: [gpt2, llama]}\n")
    assert spec.trials[3].trial_id == "t003-max_tokens=256-tokenizer=llama"
    assert spec.trials[3].shown_params() == {"max_tokens": 256, "tokenizer": "llama"}
