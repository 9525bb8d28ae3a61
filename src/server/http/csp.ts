/**
 * The Content-Security-Policy of every response (docs/architecture.md, "A request"): only our own
 * origin for scripts, connections, workers and the manifest; inline styles stay allowed for the
 * chart engine's computed positions; nothing may frame the app.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
};
