/**
 * The back office's input rules (src/app/features/admin): a config value is parsed against the
 * item's kind and bounds before it is sent, a reason is 3–500 characters, audit details read as
 * one line with instants as dates.
 */
import { describe, expect, it } from 'vitest';
import { formatConfigNumber, formatConfigValue, parseConfigInput } from '../../src/app/features/admin/config-format';
import { reasonProblem } from '../../src/app/features/admin/ReasonDialog';
import { detailText } from '../../src/app/features/admin/AuditScreen';

const item = (o: Partial<Parameters<typeof parseConfigInput>[0]>) => ({ kind: 'integer' as const, min: null, max: null, maxLength: null, options: null, ...o });

describe('parseConfigInput', () => {
  it('reads integers inside the bounds only', () => {
    const rate = item({ min: 0, max: 2000 });
    expect(parseConfigInput(rate, '280')).toBe(280);
    expect(parseConfigInput(rate, '1,500')).toBe(1500);
    expect(parseConfigInput(rate, '2001')).toBeNull();
    expect(parseConfigInput(rate, '-1')).toBeNull();
    expect(parseConfigInput(rate, '2.5')).toBeNull();
    expect(parseConfigInput(rate, '')).toBeNull();
    expect(parseConfigInput(rate, '1e3')).toBeNull();
  });
  it('reads decimals for number items (leverage 1–3.3)', () => {
    const lev = item({ kind: 'number', min: 1, max: 3.3 });
    expect(parseConfigInput(lev, '2.5')).toBe(2.5);
    expect(parseConfigInput(lev, '3.4')).toBeNull();
  });
  it('reads booleans, enum options and strings within their length', () => {
    expect(parseConfigInput(item({ kind: 'boolean' }), 'false')).toBe(false);
    expect(parseConfigInput(item({ kind: 'boolean' }), 'no')).toBeNull();
    expect(parseConfigInput(item({ kind: 'enum', options: ['zero', 'reference'] }), 'reference')).toBe('reference');
    expect(parseConfigInput(item({ kind: 'enum', options: ['zero', 'reference'] }), 'flat')).toBeNull();
    expect(parseConfigInput(item({ kind: 'string', maxLength: 5 }), 'Kabut')).toBe('Kabut');
    expect(parseConfigInput(item({ kind: 'string', maxLength: 5 }), 'Kabuto')).toBeNull();
  });
});

describe('config values in their units', () => {
  it('formats yen, basis points, multiples and counts', () => {
    expect(formatConfigNumber(5_000_000, 'yen')).toBe('¥5,000,000');
    expect(formatConfigNumber(280, 'bp')).toBe('2.80%');
    expect(formatConfigNumber(3.3, 'times')).toBe('3.3×');
    expect(formatConfigNumber(100, 'shares')).toBe('100');
    expect(formatConfigValue({ value: true, unit: null }, 'On', 'Off')).toBe('On');
    expect(formatConfigValue({ value: '', unit: null }, 'On', 'Off')).toBe('—');
  });
});

describe('reasonProblem', () => {
  it('needs 3 to 500 characters after trimming', () => {
    expect(reasonProblem('  ab  ')).toBe('short');
    expect(reasonProblem('abc')).toBeNull();
    expect(reasonProblem('調査中')).toBeNull();
    expect(reasonProblem('x'.repeat(501))).toBe('long');
  });
});

describe('detailText', () => {
  it('reads a change as from → to, other details as fields, instants as dates', () => {
    expect(detailText({ from: 'active', to: 'frozen' })).toBe('active → frozen');
    expect(detailText({ currency: 'JPY', amount: 500 })).toBe('currency: JPY, amount: 500');
    expect(detailText({ from: Date.UTC(2026, 10, 25, 0, 0), to: Date.UTC(2026, 10, 28, 1, 0) })).toMatch(/^2026\.11\.25 \d\d:00:00 → 2026\.11\.28 \d\d:00:00$/);
    expect(detailText({})).toBe('');
  });
});
