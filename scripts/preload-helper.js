// The preload helper of the built app (scripts/vite-preload-batches.ts): what Vite's own
// `__vitePreload` does for a dynamic import — modulepreload links for the chunk's JavaScript
// dependencies, stylesheets for its CSS, the import once the CSS is in — except that the
// modulepreload links are added a few per task. Each link starts a request on the main thread;
// Vite's helper added a route's 15–35 in the task that called import(), one long task
// (docs/decisions/020-first-load-and-prerender.md, "the chart in tasks of its own").
// Only what this app uses: base '/', no CSP nonce (the CSP allows 'self' scripts and styles).

/** Links added per task. */
export const LINKS_PER_TASK = 2;

/** Module URLs linked (or queued), and the stylesheets added with their loads. */
const requested = new Set();
const stylesheets = new Map();
const waiting = [];
let draining = false;

function drain() {
  for (const link of waiting.splice(0, LINKS_PER_TASK)) document.head.appendChild(link);
  if (waiting.length > 0) setTimeout(drain, 0);
  else draining = false;
}

function failed(err) {
  const e = new Event('vite:preloadError', { cancelable: true });
  e.payload = err;
  window.dispatchEvent(e);
  if (!e.defaultPrevented) throw err;
}

export const __vitePreload = function preload(baseModule, deps) {
  if (!deps || deps.length === 0 || typeof document === 'undefined') return baseModule();
  let present;
  const styles = [];
  for (const dep of deps) {
    const href = new URL('/' + dep, location.href).href;
    const css = dep.endsWith('.css');
    if (css && stylesheets.has(href)) {
      // Another import added it: wait for the same load.
      styles.push(stylesheets.get(href));
      continue;
    }
    if (!css && requested.has(href)) continue;
    if (present === undefined) {
      // What index.html and earlier loads already link (read once per call).
      present = new Set();
      for (const link of document.getElementsByTagName('link')) present.add(link.rel === 'stylesheet' ? 'css:' + link.href : link.href);
    }
    if (present.has(css ? 'css:' + href : href)) continue;
    const link = document.createElement('link');
    link.href = href;
    if (css) {
      // Stylesheets go in at once, and the module waits for them (no unstyled frame).
      link.rel = 'stylesheet';
      const loaded = new Promise((resolve, reject) => {
        link.addEventListener('load', resolve);
        link.addEventListener('error', () => reject(new Error(`Unable to preload CSS for ${href}`)));
      });
      stylesheets.set(href, loaded);
      styles.push(loaded);
      document.head.appendChild(link);
    } else {
      requested.add(href);
      link.rel = 'modulepreload';
      link.as = 'script';
      link.crossOrigin = '';
      waiting.push(link);
    }
  }
  if (waiting.length > 0 && !draining) {
    draining = true;
    setTimeout(drain, 0);
  }
  const ready = styles.length > 0 ? Promise.allSettled(styles) : Promise.resolve([]);
  return ready.then((results) => {
    for (const r of results) if (r.status === 'rejected') failed(r.reason);
    return baseModule().catch(failed);
  });
};
