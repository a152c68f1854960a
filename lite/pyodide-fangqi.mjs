// fangqi-teach's site: Pyodide's loader, started from a memory snapshot of the kernel's Python.
//
// The kernel (@jupyterlite/pyodide-kernel) imports this file in its worker instead of pyodide.mjs
// (jupyter-lite.json: pyodideUrl) and calls loadPyodide as usual. With the snapshot that
// scripts/build_lite.py made (lite/snapshot.mjs: Python started, the kernel's packages loaded and
// IPython, piplite and pyodide_kernel imported, in Node at build time), the Python it returns has
// all of that done: the kernel's own `import pyodide_kernel` is then a dictionary look-up. What a
// memory snapshot does not hold is put back here: the files those packages unpacked (site-packages),
// Pyodide's list of loaded packages, and `""` off sys.path. If anything of this fails, the ordinary
// start runs instead (and says why in the console).
import { loadPyodide as loadStock, version } from "./pyodide.mjs";
import createPyodideModule from "./pyodide.asm.mjs";

export { version };

/** Filled in by the build: {snapshot, files, loaded, loadedSlot, packages}, or null (no snapshot). */
const SNAPSHOT = /*FANGQI_SNAPSHOT*/ null;

/** What runs in Python after the restore (the interpreter's start put "" first on sys.path again). */
const AFTER_RESTORE = `
import sys, random
try:
    from sitecustomize import drive_off_sys_path as _off
except ImportError:
    sys.path[:] = [_p for _p in sys.path if _p not in ("", ".", "/drive")] + [""]
else:
    _off()
    del _off
random.seed()                # every restore starts from the same state: draw a fresh seed
`;
// No importlib.invalidate_caches(): the folders' finders see the new site-packages by its mtime, and
// the standard library's zip is the one the snapshot read (invalidating would make Python read its
// directory again at the next import from it, 0.3-0.5 s).

async function gunzip(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Where a first visit keeps the two files un-gzipped (the browser's Cache Storage, by the .gz file's URL,
 *  which names its content): un-gzipping them took 3-4 s of every start on a busy machine, reading
 *  them back takes a fraction. Without Cache Storage (a page not served over https or from this
 *  machine, a browser that refuses it) every visit un-gzips. */
const UNPACKED = "fangqi-teach-snapshot";

async function unpackedCache() {
  try {
    return typeof caches === "undefined" ? null : await caches.open(UNPACKED);
  } catch (e) {
    return null;
  }
}

/** The bytes of the gzipped file at `url`: from Cache Storage when a visit put them there (`from[url]`
 *  says "cache"), else fetched and un-gzipped ("network"). */
async function unpacked(url, cache, from) {
  if (cache) {
    try {
      const hit = await cache.match(url);
      if (hit) {
        from[url] = "cache";
        return new Uint8Array(await hit.arrayBuffer());
      }
    } catch (e) { /* as if absent */ }
  }
  from[url] = "network";
  return await gunzip(url);
}

/** Put the un-gzipped bytes of the files fetched from the network into Cache Storage for the next visit,
 *  and drop the entries of an older snapshot. Called once Python has started, off the start's path;
 *  `new Response` copies the bytes at once (the file system owns the files' bytes). */
function keepUnpacked(cache, urls, from, bytes) {
  if (!cache) return;
  const copies = urls.map((url, i) => from[url] === "network" ? new Response(bytes[i]) : null);
  (async () => {
    for (const old of await cache.keys()) if (!urls.includes(old.url)) await cache.delete(old);
    for (let i = 0; i < urls.length; i++) if (copies[i]) await cache.put(urls[i], copies[i]);
  })().catch((e) => console.warn("[fangqi-teach] could not keep the unpacked snapshot:", e));
}

/** Write the files of files.gz (lite/snapshot.mjs: uint32 length, JSON [[path, size]...], bytes). */
function writeFiles(FS, blob) {
  const length = new DataView(blob.buffer, blob.byteOffset, 4).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(blob.subarray(4, 4 + length)));
  let at = 4 + length;
  const made = new Set();
  for (const [path, size] of index) {
    const dir = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(dir)) {
      FS.mkdirTree(dir);
      made.add(dir);
    }
    FS.writeFile(path, blob.subarray(at, at + size), { canOwn: true });
    at += size;
  }
  return index.length;
}

async function fromSnapshot(options) {
  const t0 = performance.now();
  const phases = {};   // ms from this call: what the benchmark reads (globalThis.__fangqiSnapshot)
  const mark = (name) => { phases[name] = Math.round(performance.now() - t0); };
  const base = options.indexURL || new URL(".", import.meta.url).href;
  const urls = [new URL(SNAPSHOT.snapshot, base).href, new URL(SNAPSHOT.files, base).href];
  const cache = await unpackedCache();
  const from = {};
  const snapshot = unpacked(urls[0], cache, from);
  const files = unpacked(urls[1], cache, from);
  snapshot.then(() => mark("snapshot fetched"), () => {});
  files.then(() => mark("files fetched"), () => {});
  let Module, unwritten = null;
  const { packages, ...rest } = options; // already loaded in the snapshot
  const py = await loadStock({
    ...rest,
    _loadSnapshot: snapshot,
    // The heap must be as large as the snapshot's before it is copied in (Pyodide #6254: the
    // INITIAL_MEMORY that loadPyodide sets is not read by this build).
    createPyodideModule: async (settings) => {
      Module = await createPyodideModule(settings);
      mark("runtime ready");
      const need = (await snapshot).length;
      if (Module.HEAP8.length < need) Module.growMemory(need);
      return Module;
    },
    // The JavaScript objects Python held at build time, named by where Pyodide's API keeps them.
    _snapshotDeserializer: (s) => ("pub" in s ? Module.API.public_api[s.pub] : Module.API[s.api]),
    fsInit: async (FS) => {
      try {
        writeFiles(FS, await files);
        mark("files written");
      } catch (e) {
        unwritten = e;    // Pyodide goes on without them: thrown below, so the ordinary start runs
      }
    },
  });
  if (unwritten) throw unwritten;
  // Python's pyodide._package_loader (and micropip) hold loadedPackages in this slot; the restore
  // put an empty object there: the live one, with what the snapshot loaded.
  mark("Python restored");
  Object.assign(py.loadedPackages, SNAPSHOT.loaded);
  Module.__hiwire_set(SNAPSHOT.loadedSlot, py.loadedPackages);
  py.runPython(AFTER_RESTORE);
  const missing = (packages || []).filter((p) => !(p in py.loadedPackages));
  if (missing.length) await py.loadPackage(missing);
  mark("done");
  phases.from = Object.values(from).every((f) => f === "cache") ? "cache" : "network";
  try {
    keepUnpacked(cache, urls, from, [await snapshot, await files]);
  } catch (e) {
    console.warn("[fangqi-teach] could not keep the unpacked snapshot:", e);
  }
  console.log(`[fangqi-teach] Python from the snapshot: ${JSON.stringify(phases)} (ms)`);
  globalThis.__fangqiSnapshot = phases;
  return py;
}

/** The page may have started this worker before JupyterLab asked for a kernel (lite/prestart.js): its
 *  call and then the kernel's own (the same options) get the one Python. Kept on the worker's global,
 *  so a second copy of this module (another URL) finds it too; a failed start is not kept. */
export function loadPyodide(options = {}) {
  const key = JSON.stringify([options.indexURL, options.packages || []]);
  const kept = globalThis.__fangqiLoad;
  if (kept && kept.key === key) return reuse(kept);
  const entry = { key, t0: performance.now(), promise: null };
  entry.promise = start(options);
  entry.promise.catch(() => {
    if (globalThis.__fangqiLoad === entry) delete globalThis.__fangqiLoad;
  });
  globalThis.__fangqiLoad = entry;
  return entry.promise;
}

/** The Python a first call started, for the second call; the loader's phases note when it came. */
async function reuse(entry) {
  const asked = Math.round(performance.now() - entry.t0);
  const py = await entry.promise;
  if (globalThis.__fangqiSnapshot) globalThis.__fangqiSnapshot["kernel asked"] = asked;
  console.log(`[fangqi-teach] the kernel took the pre-started Python (asked ${asked} ms after its start)`);
  return py;
}

async function start(options) {
  if (SNAPSHOT && typeof DecompressionStream !== "undefined") {
    try {
      return await fromSnapshot(options);
    } catch (e) {
      console.warn("[fangqi-teach] the snapshot did not load; starting Python the ordinary way:", e);
      // what a visit kept may be what failed: the next visit un-gzips again
      if (typeof caches !== "undefined") await caches.delete(UNPACKED).catch(() => {});
    }
  }
  return await loadStock(options);
}
