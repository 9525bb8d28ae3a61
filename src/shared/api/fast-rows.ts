import { z } from 'zod';

/*
 * Long arrays of flat rows (a day chart's 1,200 bars, a board's rows, the book and the tape) are the
 * app's largest responses, and the client checks each against the contract. The app runs zod
 * without its code generator (our CSP forbids `new Function`: src/app/api/zod-jitless.ts), and zod's
 * interpreter, cold on a page's first load, took 15 ms for one board at full speed and most of a
 * 100 ms task at Lighthouse's 4× CPU (docs/decisions/020-first-load-and-prerender.md, follow-up
 * "compile hints, and uPlot's Intl", "Rows checked in one loop").
 *
 * `fastArray(row)` is `z.array(row)` with a parser of its own installed through zod's `withParser`:
 * one loop that checks each field against what the row's schema says (a string, a finite number, a
 * safe integer, a boolean, one of an enum's or a literal's values, each maybe nullable or optional)
 * and builds a fresh row of the schema's keys, as zod's strip mode does. Anything it does not accept
 * goes to zod's own parser, which gives the answer and the error either way. A row schema with any
 * other kind of field (a refinement, a transform, a default, a length check…) gets no parser at all.
 * A property test holds the two to the same answers on valid and invalid input.
 */

type Check = (v: unknown) => boolean;
interface Field {
  key: string;
  optional: boolean;
  check: Check;
}

interface Def {
  type: string;
  checks?: { _zod: { def: { check?: string; format?: string } } }[];
  innerType?: z.ZodType;
  values?: readonly unknown[];
  entries?: Record<string, unknown>;
  shape?: Record<string, z.ZodType>;
  catchall?: unknown;
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** What a field schema accepts, when zod would give the value back unchanged; else undefined. */
function checkerOf(schema: z.ZodType): Check | undefined {
  const def = defOf(schema);
  const checks = def.checks ?? [];
  switch (def.type) {
    case 'string':
      return checks.length === 0 ? (v) => typeof v === 'string' : undefined;
    case 'boolean':
      return checks.length === 0 ? (v) => typeof v === 'boolean' : undefined;
    case 'number': {
      if (checks.length === 0) return (v) => typeof v === 'number' && Number.isFinite(v);
      const only = checks.length === 1 ? checks[0]!._zod.def : undefined;
      return only?.check === 'number_format' && only.format === 'safeint' ? (v) => Number.isSafeInteger(v) : undefined;
    }
    case 'literal': {
      const values = def.values ?? [];
      return checks.length === 0 ? (v) => values.includes(v) : undefined;
    }
    case 'enum': {
      // A TypeScript numeric enum's entries map its values back to its names, which zod leaves out:
      // such an enum gets no fast check rather than one that would accept a name.
      const values = Object.values(def.entries ?? {});
      if (checks.length > 0 || values.some((x) => typeof x !== 'string')) return undefined;
      const set = new Set(values);
      return (v) => set.has(v);
    }
    case 'nullable': {
      const inner = def.innerType && checks.length === 0 ? checkerOf(def.innerType) : undefined;
      return inner && ((v) => v === null || inner(v));
    }
    default:
      return undefined;
  }
}

/** The fields of a flat object schema in strip mode, or undefined when one is of another kind. */
function fieldsOf(row: z.ZodType): Field[] | undefined {
  const def = defOf(row);
  if (def.type !== 'object' || def.catchall !== undefined || (def.checks ?? []).length > 0 || !def.shape) return undefined;
  const fields: Field[] = [];
  for (const [key, schema] of Object.entries(def.shape)) {
    const fieldDef = defOf(schema);
    const optional = fieldDef.type === 'optional' && (fieldDef.checks ?? []).length === 0;
    const check = optional ? fieldDef.innerType && checkerOf(fieldDef.innerType) : checkerOf(schema);
    if (!check) return undefined;
    fields.push({ key, optional, check });
  }
  return fields;
}

/** The parser of an array of `row`, or undefined when the row has a field it does not model. */
export function rowsParser(row: z.ZodType): ((input: unknown) => unknown) | undefined {
  const fields = fieldsOf(row);
  if (!fields) return undefined;
  return (input) => {
    if (!Array.isArray(input)) return z.INVALID;
    const out: Record<string, unknown>[] = new Array(input.length);
    for (let i = 0; i < input.length; i++) {
      const r: unknown = input[i];
      if (typeof r !== 'object' || r === null || Array.isArray(r)) return z.INVALID;
      const o: Record<string, unknown> = {};
      for (const f of fields) {
        // As zod: a key counts as present by `in` (an optional one given as undefined stays, as undefined).
        if (!(f.key in r)) {
          if (f.optional) continue;
          return z.INVALID;
        }
        const v = (r as Record<string, unknown>)[f.key];
        if (!(f.optional && v === undefined) && !f.check(v)) return z.INVALID;
        o[f.key] = v;
      }
      out[i] = o;
    }
    return out;
  };
}

/** `z.array(row)`, checked by one loop where the row is flat (see above). */
export function fastArray<T extends z.ZodType>(row: T): z.ZodArray<T> {
  const array = z.array(row);
  const parser = rowsParser(row);
  return parser ? z.withParser(array, parser as (input: unknown) => z.output<z.ZodArray<T>>) : array;
}
