/**
 * zod without its JIT in the browser (docs/decisions/020-first-load-and-prerender.md): zod builds
 * fast parsers with `new Function` once it has probed that eval works; under our CSP (no
 * 'unsafe-eval', src/server/http/csp.ts) the probe fails quietly but Chrome reports a CSP violation
 * for it (Lighthouse best practices). zod reads this global config when it loads (and when each
 * object schema is built), so it is set here, in the entry, before any chunk with zod loads.
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };
