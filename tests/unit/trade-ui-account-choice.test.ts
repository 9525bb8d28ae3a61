/**
 * 預り区分 on the order ticket (issue 38): which account types an order may choose and why not,
 * the user's pick kept only while allowed, one note per reason, and the NISA room check.
 */
import { describe, expect, it } from 'vitest';
import { accountOptions, allowedPick, exceedsRoom, refusalNotes } from '../../src/app/features/trade/account-choice';

const open = { specific: true, nisaOpen: true };
const refusals = (o: ReturnType<typeof accountOptions>) => Object.fromEntries(o.map((x) => [x.value, x.refusal]));

describe('accountOptions', () => {
  it('a cash buy with NISA open: 特定, 一般 and NISA成長; つみたて only for designated funds', () => {
    expect(refusals(accountOptions({ margin: false, settings: open, designated: false }))).toEqual({
      specific: null, general: null, nisa_growth: null, nisa_tsumitate: 'tsumitate_funds',
    });
  });
  it('margin, short or day trade: never NISA, whatever else holds', () => {
    const r = refusals(accountOptions({ margin: true, settings: { specific: true, nisaOpen: false }, designated: true }));
    expect(r).toEqual({ specific: null, general: null, nisa_growth: 'nisa_margin', nisa_tsumitate: 'nisa_margin' });
  });
  it('NISA not open, or 一般 only: those refused with their reason; unknown settings refuse nothing', () => {
    expect(refusals(accountOptions({ margin: false, settings: { specific: false, nisaOpen: false }, designated: false }))).toEqual({
      specific: 'no_specific', general: null, nisa_growth: 'nisa_closed', nisa_tsumitate: 'tsumitate_funds',
    });
    expect(refusals(accountOptions({ margin: false, settings: { specific: null, nisaOpen: null }, designated: false })).nisa_growth).toBeNull();
  });
  it('a 整理銘柄 / 監理銘柄 is not for 成長投資枠', () => {
    expect(refusals(accountOptions({ margin: false, settings: open, designated: true })).nisa_growth).toBe('not_eligible');
  });
});

describe('allowedPick and refusalNotes', () => {
  it('drops a pick the options no longer allow (switching to a margin side), keeps an allowed one', () => {
    const margin = accountOptions({ margin: true, settings: open, designated: false });
    expect(allowedPick(margin, 'nisa_growth')).toBeNull();
    expect(allowedPick(margin, 'general')).toBe('general');
    expect(allowedPick(margin, null)).toBeNull();
  });
  it('one note per reason, listing its accounts in order', () => {
    const notes = refusalNotes(accountOptions({ margin: true, settings: { specific: false, nisaOpen: true }, designated: false }));
    expect(notes).toEqual([
      { refusal: 'no_specific', accounts: ['specific'] },
      { refusal: 'nisa_margin', accounts: ['nisa_growth', 'nisa_tsumitate'] },
    ]);
  });
});

describe('exceedsRoom', () => {
  it('only a NISA account with a known room and cost above it', () => {
    expect(exceedsRoom('nisa_growth', 100_000, 100_001)).toBe(true);
    expect(exceedsRoom('nisa_growth', 100_000, 100_000)).toBe(false);
    expect(exceedsRoom('specific', 0, 100_000)).toBe(false);
    expect(exceedsRoom('nisa_growth', null, 100_000)).toBe(false);
  });
});
