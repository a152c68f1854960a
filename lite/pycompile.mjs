// Byte-compile Python files with the site's own Python (Pyodide in Node), so the browser
// imports .pyc instead of compiling every module of the kernel and the package at each start.
// scripts/build_lite.py runs it:
//
//   node lite/pycompile.mjs <pyodide dir> <job.json>
//
// job.json: {"dirs": [[host folder, the folder's path in the browser, legacy], ...]}. Each .py
// gets its .pyc: in __pycache__/ (cpython-314), or beside it when `legacy` (what zipimport reads,
// for the standard library's zip). Unchecked-hash pycs: valid without a source timestamp, which
// unpacking a wheel or a zip does not keep. A file that does not compile keeps only its .py;
// test folders are left as they are (no learner runs them).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, jobFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${pyodideDir}/` });
const job = JSON.parse(readFileSync(jobFile, "utf8"));
job.dirs.forEach(([host], i) => {
  py.FS.mkdirTree(`/job/${i}`);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: host }, `/job/${i}`);
});
py.globals.set("dirs", py.toPy(job.dirs.map(([, browser, legacy], i) => [`/job/${i}`, browser, legacy])));
py.runPython(`
import compileall, py_compile, re, sys, warnings
warnings.simplefilter("ignore")
for here, there, legacy in dirs:
    compileall.compile_dir(here, ddir=there, quiet=2, workers=1, legacy=bool(legacy), rx=re.compile(r'/tests?/'),
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
print(sys.implementation.cache_tag, len(dirs), "folders compiled")
`);
