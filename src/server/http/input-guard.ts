import type { Context } from 'hono';
import type { AnyEndpoint } from '../modules/module';
import type { AppEnv } from './env';
import { sendFailure } from './envelope';
import { jsonLimitBreach, queryLimitBreach } from './parse-limits';

/*
 * Input every contract endpoint refuses before validation, auth or a database sees it
 * (docs/architecture.md "A request"): mounted first by `mount()`, so a new endpoint is covered the
 * day it is added.
 *
 * - Control characters (U+0000–U+001F, U+007F) in any string of the path params, query (names and
 *   values), JSON body (keys and values, at any depth) or the headers the server reads as input:
 *   400 invalid_request {field, issue: "control_character"}. No field of the contract takes a
 *   multi-line text except the ones MULTI_LINE lists (support chat `text`, an article's
 *   `content.<lang>.body`), which may hold tab, line feed and carriage return, and nothing else. Without this, `%00` in a path
 *   id or `\u0000` in a JSON string reached PostgreSQL ("invalid byte sequence for encoding UTF8").
 * - A body that is not JSON (a Content-Type other than application/json, or none with a body):
 *   415 unsupported_media_type. Otherwise Hono's validator reads such a body as `{}`, and a command
 *   whose fields are all optional would run.
 * - Input beyond the parse limits (parse-limits.ts): a JSON body too deep, with too many items in
 *   one container or too long a string, checked on its text before JSON.parse: 400 invalid_json
 *   {issue, max}; a query with too many values or too long a one: 400 invalid_request {field,
 *   issue, max}. Every walk after these is linear in the input's size.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as CONTROL, less tab, LF and CR
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Body fields that take multi-line text (by path): the messaging area's chat line and article body. */
const MULTI_LINE = /^(text|content\.[\w-]+\.body)$/;
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
/** Headers read as input (a session token, a money command's key): any control character is refused. */
const INPUT_HEADERS = ['token', 'idempotency-key'];

/** Whether the body field at this path takes multi-line text (tab, LF and CR allowed). */
export function takesMultiLineText(path: string): boolean {
  return MULTI_LINE.test(path);
}

export function hasControlCharacter(s: string): boolean {
  return CONTROL.test(s);
}

/** A value met in the walk and the key leading to it: its path is built only if it is reported. */
interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

/**
 * The path (`a.b.0`) of the first string or key holding a control character, or undefined.
 * Linear in the size of `value`: a visit keeps a link to its parent instead of a copy of its path,
 * which made 40 KB of nested brackets cost seconds and a gigabyte (issue 37 item 1).
 */
export function controlCharacterField(value: unknown, path: readonly string[] = []): string | undefined {
  // An explicit stack: a deeply nested body must not overflow the call stack.
  const stack: Visit[] = [{ value }];
  while (stack.length > 0) {
    const found = visit(stack.pop()!, stack, path);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Check one visit's string or keys, and push its children; the offending field's name, if any. */
function visit(v: Visit, stack: Visit[], base: readonly string[]): string | undefined {
  const value = v.value;
  if (typeof value === 'string') {
    if (!CONTROL.test(value)) return undefined;
    const field = pathOf(v, base);
    return takesMultiLineText(field) && !CONTROL_MULTI_LINE.test(value) ? undefined : field || 'body';
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => stack.push({ value: item, key: String(i), parent: v }));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL.test(key)) return pathOf({ value: item, key, parent: v }, base);
      stack.push({ value: item, key, parent: v });
    }
  }
  return undefined;
}

function pathOf(v: Visit, base: readonly string[]): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = v; at; at = at.parent) if (at.key !== undefined) keys.push(at.key);
  return [...base, ...keys.reverse()].join('.');
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function hasBody(headers: Headers): boolean {
  const length = headers.get('content-length');
  return headers.has('transfer-encoding') || (length !== null && length !== '0');
}

/**
 * The first guard of every contract endpoint (see the comment above): the refusal to answer, or
 * undefined to go on. Synchronous unless the body is read (contract.ts runs it in the endpoint's
 * one middleware, or in its handler when it has no validators).
 */
export function inputRefusal(ep: AnyEndpoint): (c: Context<AppEnv>) => Response | undefined | Promise<Response | undefined> {
  const hasParams = ep.path.includes('{');
  const readsBody = ep.body !== undefined;
  return (c) => {
    for (const name of INPUT_HEADERS) {
      const v = c.req.header(name);
      if (v !== undefined && CONTROL.test(v)) return refuse(c, name);
    }
    // A path without parameters has none to check (a control character in it matches no route).
    if (hasParams) {
      const params = controlCharacterField(c.req.param());
      if (params !== undefined) return refuse(c, params);
    }
    if (c.req.url.includes('?')) {
      const queries = c.req.queries();
      const over = queryLimitBreach(queries);
      if (over) return sendFailure(c, 400, 'invalid_request', { ...over });
      const query = controlCharacterField(queries);
      // `queries()` maps a name to its list of values: report the name, not `name.0`.
      if (query !== undefined) return refuse(c, query.split('.')[0]!);
    }
    if (readsBody && c.req.method !== 'GET') return bodyRefusal(c);
    return undefined;
  };
}

/** The 400 for a control character in `field` (a function of its own: no closure per request). */
function refuse(c: Context<AppEnv>, field: string): Response {
  return sendFailure(c, 400, 'invalid_request', { field, issue: 'control_character' });
}

async function bodyRefusal(c: Context<AppEnv>): Promise<Response | undefined> {
  const type = c.req.header('content-type');
  if (type === undefined ? hasBody(c.req.raw.headers) : !JSON_TYPE.test(mediaType(type))) {
    return sendFailure(c, 415, 'unsupported_media_type', { expected: 'application/json' });
  }
  if (type !== undefined) {
    // A failed read (the body limit, a client gone) goes on to the error handler. The text stays
    // cached on the request: the validator that follows parses it again, within the limits.
    const text = await c.req.text();
    const over = jsonLimitBreach(text);
    if (over) return sendFailure(c, 400, 'invalid_json', { ...over });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return sendFailure(c, 400, 'invalid_json');
    }
    const field = controlCharacterField(body);
    if (field !== undefined) return refuse(c, field);
  }
  return undefined;
}
