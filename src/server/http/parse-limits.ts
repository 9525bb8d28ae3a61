/*
 * What one request's input may hold, checked before anything builds or walks it (issue 37 item 1:
 * 40 KB of nested brackets held the event loop for seconds, every other request waiting behind it;
 * the body limit bounds bytes, not the work those bytes ask for). Each limit is the largest value
 * the contract takes, with room to spare, so a refusal here never meets a legitimate client, and
 * zod still names the field of a body that is merely over its own field's maximum.
 */

/**
 * Containers nested in a JSON body. The deepest the contract takes is 5: a passkey response's
 * `response.clientExtensionResults.prf.results` (the extension outputs are free-form, the rest of
 * the contract is at most 4 deep).
 */
export const JSON_MAX_DEPTH = 16;
/** Keys of one JSON object or elements of one array. The widest in the contract: 1,000 deposit addresses (admin). */
export const JSON_MAX_ITEMS = 2_000;
/**
 * Characters of one JSON string or key, in UTF-16 code units as zod's `.max()` counts them. The
 * longest the contract takes is a passkey's attestationObject (65,536); today the 64 KB body limit
 * is lower, this holds if that limit is ever raised.
 */
export const JSON_MAX_STRING = 65_536;

/** Values of a query string, repeats counted. The widest query in the contract has 6 names. */
export const QUERY_MAX_VALUES = 32;
/** Characters of one query name or value. The longest the contract takes: a Web Push endpoint (2,000). */
export const QUERY_MAX_STRING = 4_096;

export interface JsonLimits {
  depth: number;
  items: number;
  string: number;
}

export const JSON_LIMITS: Readonly<JsonLimits> = { depth: JSON_MAX_DEPTH, items: JSON_MAX_ITEMS, string: JSON_MAX_STRING };

/** The limit broken, as the `issue` of a 400 (the vocabulary of zod's and the guard's issues) and its maximum. */
export interface LimitBreach {
  issue: 'too_deep' | 'too_many' | 'too_big';
  max: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * The first limit a JSON text breaks, or undefined. One pass over the characters with one counter
 * per level, before JSON.parse: a refusal costs no more than reading the text, and a text that
 * passes yields a value every later walk (the control-character guard, zod) handles in time
 * linear in its size. Valid JSON is counted exactly (brackets and commas inside strings are
 * skipped); for invalid JSON the answer does not matter, as JSON.parse refuses it next.
 */
export function jsonLimitBreach(text: string, limits: Readonly<JsonLimits> = JSON_LIMITS): LimitBreach | undefined {
  // Commas seen in each open container: its items are one more.
  const commas = new Uint32Array(limits.depth + 1);
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i, limits.string);
      if (i < 0) return { issue: 'too_big', max: limits.string };
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limits.depth) return { issue: 'too_deep', max: limits.depth };
      commas[depth] = 0;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      if (depth > 0) depth--;
    } else if (c === COMMA && depth > 0) {
      if (++commas[depth]! >= limits.items) return { issue: 'too_many', max: limits.items };
    }
  }
  return undefined;
}

/**
 * The index of the quote closing the string that opens at `open`, or -1 once it holds more than
 * `max` characters: an escape counts as the one character it stands for.
 */
function stringEnd(text: string, open: number, max: number): number {
  let length = 0;
  for (let i = open + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i;
    if (c === BACKSLASH) i += text.charCodeAt(i + 1) === LETTER_U ? 5 : 1;
    if (++length > max) return -1;
  }
  return text.length; // unterminated: JSON.parse refuses it
}

/**
 * The first limit a parsed query breaks, with the field to name: `query` for the count and for a
 * name too long to echo, else the name whose value is too long. Hono has parsed it already; the
 * URL it came from is bounded by Node's header limit (16 KB), so that parse is bounded too.
 */
export function queryLimitBreach(queries: Record<string, string[]>): (LimitBreach & { field: string }) | undefined {
  let values = 0;
  for (const name in queries) {
    if (name.length > QUERY_MAX_STRING) return { field: 'query', issue: 'too_big', max: QUERY_MAX_STRING };
    for (const value of queries[name]!) {
      if (++values > QUERY_MAX_VALUES) return { field: 'query', issue: 'too_many', max: QUERY_MAX_VALUES };
      if (value.length > QUERY_MAX_STRING) return { field: name, issue: 'too_big', max: QUERY_MAX_STRING };
    }
  }
  return undefined;
}
