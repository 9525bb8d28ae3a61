/**
 * The parse limits of the HTTP edge (src/server/http/parse-limits.ts, issue 37 item 1), at their
 * boundaries: exactly the limit passes, one more is refused. And the control-character walk that
 * runs on whatever passes (input-guard.ts) names the right field at any depth.
 */
import { describe, expect, it } from 'vitest';
import {
  JSON_MAX_DEPTH, JSON_MAX_ITEMS, JSON_MAX_STRING, QUERY_MAX_STRING, QUERY_MAX_VALUES, jsonLimitBreach, queryLimitBreach,
} from '../../src/server/http/parse-limits';
import { controlCharacterField } from '../../src/server/http/input-guard';

const arrays = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth);
const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const list = (n: number) => `[${Array.from({ length: n }, () => '0').join(',')}]`;
const keys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`;
const str = (n: number) => `"${'x'.repeat(n)}"`;

/** The scanner's verdict, and JSON.parse agreeing that the text is JSON (a pass is never of a text JSON.parse would read differently). */
function scan(text: string) {
  expect(() => JSON.parse(text)).not.toThrow();
  return jsonLimitBreach(text);
}

describe('JSON limits, checked on the text before JSON.parse', () => {
  it('depth: JSON_MAX_DEPTH nested arrays or objects pass, one more is refused', () => {
    expect(JSON_MAX_DEPTH).toBe(16);
    expect(scan(arrays(JSON_MAX_DEPTH))).toBeUndefined();
    expect(scan(objects(JSON_MAX_DEPTH))).toBeUndefined();
    expect(scan(arrays(JSON_MAX_DEPTH + 1))).toEqual({ issue: 'too_deep', max: JSON_MAX_DEPTH });
    expect(scan(objects(JSON_MAX_DEPTH + 1))).toEqual({ issue: 'too_deep', max: JSON_MAX_DEPTH });
    // Depth is nesting, not count: many containers side by side at the limit still pass.
    expect(scan(`[${Array.from({ length: 50 }, () => arrays(JSON_MAX_DEPTH - 1)).join(',')}]`)).toBeUndefined();
    // The issue's bomb is refused at the 17th bracket.
    expect(jsonLimitBreach(arrays(20_000))).toEqual({ issue: 'too_deep', max: JSON_MAX_DEPTH });
  });

  it('items: JSON_MAX_ITEMS elements of an array or keys of an object pass, one more is refused', () => {
    expect(scan(list(JSON_MAX_ITEMS))).toBeUndefined();
    expect(scan(keys(JSON_MAX_ITEMS))).toBeUndefined();
    expect(scan(list(JSON_MAX_ITEMS + 1))).toEqual({ issue: 'too_many', max: JSON_MAX_ITEMS });
    expect(scan(keys(JSON_MAX_ITEMS + 1))).toEqual({ issue: 'too_many', max: JSON_MAX_ITEMS });
    // Counted per container: two full arrays side by side, and a full one inside a full one, pass.
    expect(scan(`[${list(JSON_MAX_ITEMS)},${list(JSON_MAX_ITEMS)}]`)).toBeUndefined();
    expect(scan(`[${list(JSON_MAX_ITEMS)},${list(JSON_MAX_ITEMS - 2).slice(1, -1)}]`)).toBeUndefined();
    expect(scan('[]')).toBeUndefined();
  });

  it('strings: JSON_MAX_STRING characters in a value or a key pass, one more is refused; an escape is one character', () => {
    expect(scan(str(JSON_MAX_STRING))).toBeUndefined();
    expect(scan(`{${str(JSON_MAX_STRING)}:1}`)).toBeUndefined();
    expect(scan(str(JSON_MAX_STRING + 1))).toEqual({ issue: 'too_big', max: JSON_MAX_STRING });
    expect(scan(`{${str(JSON_MAX_STRING + 1)}:1}`)).toEqual({ issue: 'too_big', max: JSON_MAX_STRING });
    // Counted as zod counts `.max()`: the parsed string's length.
    const escaped = `"${'\\u00e9'.repeat(JSON_MAX_STRING - 2)}\\"\\n"`;
    expect((JSON.parse(escaped) as string).length).toBe(JSON_MAX_STRING);
    expect(scan(escaped)).toBeUndefined();
    expect(scan(`"${'\\u00e9'.repeat(JSON_MAX_STRING + 1)}"`)).toEqual({ issue: 'too_big', max: JSON_MAX_STRING });
  });

  it('brackets, commas and escaped quotes inside strings are text, not structure', () => {
    const inside = `"${'[{,'.repeat(5_000)}\\"]"`;
    expect(scan(`[${inside},${inside}]`)).toBeUndefined();
    expect(scan(`{"a\\"[[[":${arrays(JSON_MAX_DEPTH - 1)}}`)).toBeUndefined();
  });

  it('leaves invalid JSON to JSON.parse (no breach to report, or one: either way it is refused)', () => {
    expect(jsonLimitBreach('')).toBeUndefined();
    expect(jsonLimitBreach(']]]]{')).toBeUndefined();
    expect(jsonLimitBreach('"unterminated')).toBeUndefined();
  });
});

describe('query limits', () => {
  const values = (n: number, value = '1') => ({ a: Array.from({ length: n - 1 }, () => value), b: [value] });

  it('QUERY_MAX_VALUES values (repeats counted) pass, one more is refused', () => {
    expect(queryLimitBreach(values(QUERY_MAX_VALUES))).toBeUndefined();
    expect(queryLimitBreach(values(QUERY_MAX_VALUES + 1))).toEqual({ field: 'query', issue: 'too_many', max: QUERY_MAX_VALUES });
  });

  it('a value of QUERY_MAX_STRING characters passes, one more is refused and named; too long a name is not echoed', () => {
    expect(queryLimitBreach({ q: ['x'.repeat(QUERY_MAX_STRING)] })).toBeUndefined();
    expect(queryLimitBreach({ q: ['x'.repeat(QUERY_MAX_STRING + 1)] })).toEqual({ field: 'q', issue: 'too_big', max: QUERY_MAX_STRING });
    expect(queryLimitBreach({ ['n'.repeat(QUERY_MAX_STRING)]: ['1'] })).toBeUndefined();
    expect(queryLimitBreach({ ['n'.repeat(QUERY_MAX_STRING + 1)]: ['1'] })).toEqual({ field: 'query', issue: 'too_big', max: QUERY_MAX_STRING });
  });
});

describe('the control-character walk', () => {
  it('names the field at any depth, in keys and values, and lets multi-line fields keep their line breaks', () => {
    expect(controlCharacterField({ a: [{ b: 'ok' }, { c: ['x', 'y\u0000'] }] })).toBe('a.1.c.1');
    expect(controlCharacterField({ a: { 'k\u0001': 1 } })).toBe('a.k\u0001');
    expect(controlCharacterField('x\u0007')).toBe('body');
    expect(controlCharacterField({ text: 'two\nlines', content: { ja: { body: 'a\r\n\tb' } } })).toBeUndefined();
    expect(controlCharacterField({ text: 'bell\u0007' })).toBe('text');
    expect(controlCharacterField({ title: 'two\nlines' })).toBe('title');
    expect(controlCharacterField(['a', 'b\u0000'], ['codes'])).toBe('codes.1');
  });

  it('walks a value nested far beyond any limit, as deep as it goes (each level costs one link, not a copy of the path)', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(controlCharacterField(deep)).toBe(Array.from({ length: 20_000 }, () => '0').join('.'));
  });
});
