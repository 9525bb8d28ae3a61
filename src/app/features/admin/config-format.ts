import { formatMoney, formatNumber, formatPercent, formatInt } from '../../../shared/money';
import type { AdminConfigItem } from './api';

/** A config number in its unit: yen, a percentage for basis points, a multiple, a plain count. */
export function formatConfigNumber(value: number, unit: AdminConfigItem['unit']): string {
  switch (unit) {
    case 'yen':
      return formatMoney(value, 'JPY');
    case 'bp':
      return formatPercent(value, { sign: false });
    case 'times':
      return `${formatNumber(value, 1)}×`;
    default:
      return formatInt(value);
  }
}

export function formatConfigValue(item: Pick<AdminConfigItem, 'value' | 'unit'>, yes: string, no: string): string {
  if (typeof item.value === 'boolean') return item.value ? yes : no;
  if (typeof item.value === 'number') return formatConfigNumber(item.value, item.unit);
  return item.value === '' ? '—' : item.value;
}

/**
 * The typed text as the item's value, or null when it is not one. Numbers are checked against the
 * item's bounds here too so the admin sees the range before sending (the server checks again).
 */
export function parseConfigInput(item: Pick<AdminConfigItem, 'kind' | 'min' | 'max' | 'maxLength' | 'options'>, text: string): string | number | boolean | null {
  switch (item.kind) {
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : null;
    case 'enum':
      return item.options?.includes(text) ? text : null;
    case 'integer':
    case 'number': {
      const t = text.trim().replace(/,/g, '');
      if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
      const n = Number(t);
      if (item.kind === 'integer' && !Number.isInteger(n)) return null;
      if (item.min !== null && n < item.min) return null;
      if (item.max !== null && n > item.max) return null;
      return n;
    }
    default:
      return item.maxLength !== null && text.length > item.maxLength ? null : text;
  }
}
