import type { MessageParams } from '../../../shared/api/envelope';

/**
 * Which field of a form a server refusal is about, so the form shows it under that field (issue 35).
 * The server names it in `params.field` (src/server/errors.ts callers: `{ field: 'password' }`,
 * a contract issue's path such as `then.stop`, whose first segment is the form's field); a refusal
 * that names none may still be about one field by its message id (`bank_not_found` → the bank), which
 * the form says in `byId`. A field the form does not show, or none: the refusal is the form's own.
 */
export function refusalField<K extends string>(
  msg: string,
  params: MessageParams | undefined,
  fields: readonly K[],
  byId: Partial<Record<string, K>> = {},
): K | null {
  const named = params?.field;
  if (typeof named === 'string') {
    const head = named.split('.')[0]!;
    const hit = fields.find((f) => f === named) ?? fields.find((f) => f === head);
    if (hit) return hit;
  }
  const mapped = byId[msg];
  return mapped && fields.includes(mapped) ? mapped : null;
}

/** A refusal shown under `field` (or over the form when null), kept while the field holds `value`. */
export interface ShownRefusal<K extends string> {
  field: K | null;
  value: string;
  text: string;
}

/**
 * The refusal's text for `field` while it still holds the refused value: editing the field clears
 * it (typing the same value back shows it again, since the server would refuse it again).
 */
export function refusalFor<K extends string>(shown: ShownRefusal<K> | null, field: K, value: string): string | null {
  return shown && shown.field === field && shown.value === value ? shown.text : null;
}

/**
 * A request body as the text of each field, nested ones by path (`then.stop`): what a form that
 * keeps numbers and choices, not strings, hands to `useServerErrors().report` as the refused values.
 */
export function fieldValues(body: object | null | undefined, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body ?? {})) {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) Object.assign(out, fieldValues(v as object, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = v === undefined || v === null ? '' : String(v);
  }
  return out;
}
