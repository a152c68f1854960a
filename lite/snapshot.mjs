// Build time (scripts/build_lite.py): the kernel's Python, started and imported once, saved as a memory snapshot.
//
//   node lite/snapshot.mjs <folder> <out> <packages,comma,separated> <python to run>
//
// <folder> holds the site's runtime (pyodide.mjs, pyodide.asm.*, python_stdlib.zip), the kernel's
// wheels and a lock listing only them. Pyodide loads the packages and runs the code (the kernel
// worker's own imports: micropip, piplite, pyodide_kernel, IPython), then writes into <out>:
//   snapshot.gz  the wasm memory (Python with all of that imported): pyodide.makeMemorySnapshot();
//   files.gz     what that put into the file system (site-packages, the home folder), which a
//                memory snapshot does not hold: a little-endian uint32 JSON length, the JSON
//                [[path, size], ...], then the files' bytes in that order;
//   meta.json    loadedPackages (JavaScript state the snapshot does not hold either), the hiwire
//                slot of loadedPackages, the heap size, the byte sizes.
// The browser side is lite/pyodide-fangqi.mjs.
import { writeFileSync, mkdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const [folder, out, packagesArg, code] = process.argv.slice(2);
const indexURL = folder.endsWith("/") ? folder : folder + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const packages = packagesArg.split(",").filter(Boolean);
const py = await loadPyodide({ indexURL, packages, _makeSnapshot: true, env: { HOME: "/home/pyodide" } });
await py.runPythonAsync(code);
// The byte-code files of the modules imported now (written outside the folders saved below).
const IMPORTED = "/tmp/fangqi-imported.json";
await py.runPythonAsync(`
import json as _json, sys as _sys
with open("${IMPORTED}", "w") as _f:
    _json.dump([_m.__cached__ for _m in list(_sys.modules.values())
                if isinstance(getattr(_m, "__cached__", None), str)], _f)
del _json, _sys, _f
`);

const M = py._module, API = py._api, FS = py.FS;
// Python's pyodide._package_loader holds loadedPackages in this slot of the JsRef table: checked
// here, because the browser side puts the live object back there.
const LOADED_SLOT = 6;
if (M.__hiwire_get(LOADED_SLOT) !== py.loadedPackages) {
  throw new Error(`hiwire slot ${LOADED_SLOT} is not loadedPackages`);
}
const openStreams = FS.streams.map((s, fd) => s && fd > 2 ? `${fd}:${s.path}` : null).filter(Boolean);
if (openStreams.length) {
  throw new Error(`files open at snapshot time (not in a memory snapshot): ${openStreams}`);
}

// JavaScript objects Python holds (pyodide_js.loadPackage, ...): named by where the API keeps them.
const serializer = (obj) => {
  for (const [where, holder] of [["pub", py], ["api", API]]) {
    for (const name of Object.getOwnPropertyNames(holder)) {
      let v;
      try { v = holder[name]; } catch (e) { continue; }
      if (v === obj) return { [where]: name };
    }
  }
  throw new Error(`cannot name a JavaScript object Python holds: ${String(obj).slice(0, 80)}`);
};
// The snapshot expects an empty loadedPackages in its slot (Pyodide #5195): emptied for the
// snapshot, the entries saved beside it.
const loaded = { ...py.loadedPackages };
for (const k of Object.keys(py.loadedPackages)) delete py.loadedPackages[k];
const snapshot = py.makeMemorySnapshot({ serializer });
Object.assign(py.loadedPackages, loaded);

function walk(path, acc) {
  for (const name of FS.readdir(path)) {
    if (name === "." || name === "..") continue;
    const p = path + "/" + name;
    const st = FS.lstat(p);
    if (FS.isDir(st.mode)) walk(p, acc);
    else if (FS.isFile(st.mode)) acc.push([p, FS.readFile(p)]);
  }
  return acc;
}
// Files the kernel never reads are left out (fewer bytes to un-gzip and fewer files to write at each
// start): the packages' test suites, the wheels' data folders (JupyterLab's front-end copies), the
// licence texts in .dist-info, and the byte-code of every module already imported (it is in the
// snapshot's memory; its .py stays, for tracebacks, and a re-import would compile it again).
const importedPyc = new Set(JSON.parse(new TextDecoder().decode(FS.readFile(IMPORTED))));
function needed(path) {
  const inSite = path.slice(API.sitePackages.length + 1);
  if (path.startsWith(API.sitePackages + "/")) {
    const parts = inSite.split("/");
    if (parts.slice(0, -1).some((d) => d === "tests" || d === "test")) return false;
    if (parts[0].endsWith(".data")) return false;
    if (parts[0].endsWith(".dist-info") && (parts[1] === "licenses" || /^(LICEN[CS]E|COPYING|AUTHORS)/.test(parts[1]))) {
      return false;
    }
  }
  return !importedPyc.has(path);
}
const everything = walk(API.sitePackages, []).concat(walk("/home/pyodide", []));
const files = everything.filter(([p]) => needed(p));
const left = everything.filter(([p]) => !needed(p));
const index = new TextEncoder().encode(JSON.stringify(files.map(([p, d]) => [p, d.length])));
const head = new Uint8Array(4);
new DataView(head.buffer).setUint32(0, index.length, true);
const blob = Buffer.concat([head, index, ...files.map(([, d]) => d)]);

mkdirSync(out, { recursive: true });
const snapGz = gzipSync(snapshot, { level: 6 });
const filesGz = gzipSync(blob, { level: 6 });
writeFileSync(out + "/snapshot.gz", snapGz);
writeFileSync(out + "/files.gz", filesGz);
writeFileSync(out + "/meta.json", JSON.stringify({
  loaded, loadedSlot: LOADED_SLOT, heap: M.HEAP8.length, snapshotBytes: snapshot.length,
  snapshotGzBytes: snapGz.length, files: files.length, filesBytes: blob.length, filesGzBytes: filesGz.length,
  leftOut: left.length, leftOutBytes: left.reduce((a, [, d]) => a + d.length, 0),
  leftOutPyc: left.filter(([p]) => importedPyc.has(p)).length,
}, null, 1));
console.log(`snapshot ${snapshot.length} bytes (${snapGz.length} gzipped), ${files.length} files (${left.length} left out)`);
process.exit(0);
