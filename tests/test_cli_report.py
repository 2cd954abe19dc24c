"""flashrun.cli.report: ``flashrun report RUN_DIR [-o FILE]`` writes one self-contained file."""
import re

from flashrun.cli.main import main

from view_fixtures import EVIL, write_run


def test_report_default_path_and_relative_log_links(tmp_path, capsys):
    run = write_run(tmp_path / "run")
    assert main(["report", str(run)]) == 0
    html = (run / "report.html").read_text()
    assert "report: %s" % (run / "report.html") in capsys.readouterr().out
    assert 'href="trials/t1/attempt-0/stdout.log"' in html
    # written elsewhere, the links still reach the logs
    out = tmp_path / "elsewhere" / "deep" / "r.html"
    out.parent.mkdir(parents=True)
    assert main(["report", str(run), "-o", str(out)]) == 0
    html = out.read_text()
    links = re.findall(r'href="([^"#]+stdout\.log)"', html)
    assert links and all((out.parent / link).resolve().is_file() for link in links)
    # self-contained: no external reference of any kind, the run's text escaped
    assert not re.search(r'(src|href)="(https?:)?//', html)
    assert EVIL not in html and "<link" not in html


def test_report_of_a_directory_that_is_not_a_run(tmp_path, capsys):
    assert main(["report", str(tmp_path)]) == 2
    assert "not a flashrun run directory" in capsys.readouterr().err
