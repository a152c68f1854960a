// fangqi-teach's site: start the kernel's Python while JupyterLab is still loading.
//
// Inlined by scripts/build_lite.py into lab/index.html and notebooks/index.html, before JupyterLab's
// own scripts. JupyterLab creates the Pyodide kernel's worker only once it has loaded its bundles,
// the settings, the contents index, the notebook and the notebook's chunks (2.5 s into a warm visit on
// a quiet 2-core machine); the worker then needs ~1 s to restore Python from the memory snapshot.
// Here the same worker (the kernel extension's comlink worker) is created at once, and asked, through
// comlink's own message format, to run the kernel's `initRuntime` (lite/pyodide-fangqi.mjs's
// loadPyodide: the restore) with the options the kernel will pass. When the kernel extension then
// constructs its worker, it gets this one: its `initialize` finds Python restored (the loader keeps
// its result for the worker) and goes on with the drive and the kernel. Only the first kernel of a
// page that opens a notebook is pre-started; a kernel restart or a second notebook starts as usual.
(() => {
  const SETTINGS = /*FANGQI_PRESTART*/ null;   // {worker, pyodideUrl, packages, unusedAfterMs}: paths from the site's root
  if (!SETTINGS || typeof Worker === "undefined" || self.crossOriginIsolated) return; // isolated: the other worker
  const path = new URLSearchParams(location.search).get("path") || "";
  if (!path.endsWith(".ipynb")) return;
  const root = new URL("..", location.href);      // lab/ and notebooks/ are one level below the site's root
  const workerUrl = new URL(SETTINGS.worker, root);
  const pyodideUrl = new URL(SETTINGS.pyodideUrl, root).href;
  const NativeWorker = Worker;
  let spare;
  try {
    spare = new NativeWorker(workerUrl, { type: "module" });
  } catch (e) {
    return;
  }
  // comlink's wire format (what the kernel extension's `remote.initRuntime(options)` would post); the
  // answer, under an id no one waits for, is dropped by comlink's listener.
  spare.postMessage({
    id: "fangqi-teach-prestart", type: "APPLY", path: ["initRuntime"],
    argumentList: [{ type: "RAW", value: {
      pyodideUrl, indexUrl: pyodideUrl.slice(0, pyodideUrl.lastIndexOf("/") + 1),
      loadPyodideOptions: { packages: SETTINGS.packages } } }],
  });
  const adopt = (url) => {
    if (!spare) return null;
    try {
      if (new URL(String(url), location.href).pathname !== workerUrl.pathname) return null;
    } catch (e) {
      return null;
    }
    const w = spare;
    spare = null;
    return w;
  };
  function FangqiWorker(url, options) {
    return adopt(url) || new NativeWorker(url, options);
  }
  FangqiWorker.prototype = NativeWorker.prototype;
  self.Worker = FangqiWorker;
  // a page whose notebook never starts this kernel (another kernel, an error) does not keep a Python
  setTimeout(() => {
    if (spare) {
      spare.terminate();
      spare = null;
    }
  }, SETTINGS.unusedAfterMs);
})();
