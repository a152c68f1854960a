"""``fangqi-teach report PROGRESS_FILES|CLASS_FOLDER… -o report.html``: a class report.

Gathers learners' progress files into a table and a plot per exercise
(tried, solved, attempts, hints), flags the exercises most learners miss
and lists every file that could not be used, with the reason
(:mod:`fangqi_teach.teacher.report`). Files are only read.

    fangqi-teach report class/progress-*.json -o report.html --pack exercises/maonan/stage1.yaml
    fangqi-teach report /srv/fangqi-class          # every progress-*.json of a class folder
"""

from __future__ import annotations

import sys
from pathlib import Path


def add_arguments(parser) -> None:
    parser.add_argument("files", nargs="+", metavar="PROGRESS_FILE",
                        help="learners' progress-*.json files, or class folders holding them")
    parser.add_argument("-o", "--output", default="report.html", help="the HTML page to write (default report.html)")
    parser.add_argument("--pack", action="append", default=[],
                        help="an exercise pack: adds titles and lists exercises nobody tried (repeatable)")
    parser.add_argument("--lang", default="en", choices=("en", "zh"), help="language of the report (default en)")


def run(args) -> int:
    # lazy: the CLI imports every command module to build its parser, and this loads nbformat
    from ..teacher.class_report import expand_folders
    from ..teacher.report import write_report
    out = Path(args.output)
    report = write_report(expand_folders(args.files), out, packs=args.pack, lang=args.lang)
    for p in report.problems:
        print(f"{p.path}: {p.reason.get(args.lang)}", file=sys.stderr)
    print(f"{out}: {len(report.learners)} learner(s), {len(report.rows)} exercise(s), "
          f"{len(report.flagged)} flagged, {len(report.problems)} file(s) not used"
          + (f"; {len(report.puzzle_rows)} puzzle(s) rated" if report.puzzle_rows else ""))
    return 0 if report.learners else 1
