import { describe, expect, it } from 'vitest';
import {
  FINAL_STATUSES,
  HELD_STATUSES,
  OPEN_STATUSES,
  POSITION_ACTIONS,
  POSITION_STATUSES,
  TRANSITIONS,
  leverageFromTenths,
  leverageTenths,
  nextStatus,
  type PositionAction,
  type PositionStatus,
} from '../../src/shared/domain/position';

/** The whole table, written out: every (status, action) pair not listed here must be refused. */
const ALLOWED: [PositionStatus, PositionAction, PositionStatus][] = [
  ['pending', 'fill', 'holding'],
  ['pending', 'cancel', 'cancelled'],
  ['pending', 'expire', 'cancelled'],
  ['in_progress', 'unlock', 'holding'],
  ['holding', 'request_close', 'closing'],
  ['holding', 'fill_close', 'closed'],
  ['holding', 'system_close', 'ended'],
  ['closing', 'fill_close', 'closed'],
  ['closing', 'cancel_close', 'holding'],
  ['closing', 'expire', 'holding'],
  ['closing', 'system_close', 'ended'],
];

describe('position status transitions', () => {
  it('allows exactly the listed transitions', () => {
    for (const status of POSITION_STATUSES) {
      for (const action of POSITION_ACTIONS) {
        const row = ALLOWED.find(([s, a]) => s === status && a === action);
        expect(nextStatus(status, action), `${status} --${action}-->`).toBe(row ? row[2] : null);
      }
    }
  });

  it('has the spec’s seven statuses, and final statuses accept nothing (repeated operations are refused)', () => {
    expect(POSITION_STATUSES).toHaveLength(7);
    for (const s of FINAL_STATUSES) expect(TRANSITIONS[s]).toEqual({});
    expect([...OPEN_STATUSES, ...FINAL_STATUSES].sort()).toEqual([...POSITION_STATUSES].sort());
    for (const s of HELD_STATUSES) expect(OPEN_STATUSES).toContain(s);
  });

  it('only the user’s own actions lead from holding to closed, and cancelling twice is impossible', () => {
    const after = nextStatus('pending', 'cancel')!;
    expect(nextStatus(after, 'cancel')).toBeNull();
    expect(nextStatus('holding', 'cancel')).toBeNull();
    expect(nextStatus('closing', 'request_close')).toBeNull();
    expect(nextStatus('in_progress', 'request_close')).toBeNull();
  });

  it('every status is reachable from a new order or a block purchase', () => {
    const seen = new Set<PositionStatus>(['pending', 'holding', 'in_progress']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [from, , to] of ALLOWED) {
        if (seen.has(from) && !seen.has(to)) {
          seen.add(to);
          grew = true;
        }
      }
    }
    expect([...seen].sort()).toEqual([...POSITION_STATUSES].sort());
  });
});

describe('leverage in tenths', () => {
  it('stores one-decimal leverage exactly and refuses more decimals', () => {
    expect(leverageTenths(1)).toBe(10);
    expect(leverageTenths(3.3)).toBe(33);
    expect(leverageTenths(2.5)).toBe(25);
    expect(leverageTenths(1.25)).toBeNull();
    expect(leverageTenths(Number.NaN)).toBeNull();
    expect(leverageFromTenths(33)).toBe(3.3);
  });
});
