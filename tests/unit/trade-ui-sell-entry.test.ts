/**
 * Issue 38: a holding card's 売る carries its 預り区分 to the ticket (`?code=&direction=down&account=`),
 * so a NISA card sells the NISA shares, not the server's first account; and a pending NISA
 * application is said as under review on the ticket's 預り区分, not as "not opened".
 */
import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from '../../src/app/router';
import { tradeSearch } from '../../src/app/routes/-lib/search';
import { entrySellPick } from '../../src/app/features/trade/useSaleOrders';
import { accountOptions } from '../../src/app/features/trade/account-choice';

describe('the trade route carries a holding card’s account', () => {
  it('keeps a known account type and drops anything else', () => {
    expect(tradeSearch(parseSearch('?code=7203&direction=down&account=nisa_growth'))).toEqual({ code: '7203', direction: 'down', account: 'nisa_growth' });
    expect(tradeSearch(parseSearch('?code=7203&direction=down&account=nisa')).account).toBeUndefined();
    expect(tradeSearch(parseSearch('?code=7203&direction=down')).account).toBeUndefined();
  });
  it('comes back unchanged after its validator (the router would otherwise rewrite the link)', () => {
    const link = '?code=7203&direction=down&account=nisa_growth';
    const validated = Object.fromEntries(Object.entries(tradeSearch(parseSearch(link))).filter(([, v]) => v !== undefined));
    expect(stringifySearch(validated)).toBe(link);
  });
});

describe('entrySellPick', () => {
  it('a sale entry with an account starts the ticket on that account', () => {
    expect(entrySellPick({ code: '7203', direction: 'down', account: 'nisa_growth' })).toEqual({ code: '7203', account: 'nisa_growth' });
    expect(entrySellPick({ code: '7203', direction: 'down', account: 'specific' })).toEqual({ code: '7203', account: 'specific' });
  });
  it('no account, no code or a buy: nothing picked (the server chooses)', () => {
    expect(entrySellPick({ code: '7203', direction: 'down' })).toBeNull();
    expect(entrySellPick({ direction: 'down', account: 'nisa_growth' })).toBeNull();
    expect(entrySellPick({ code: '7203', direction: 'up', account: 'nisa_growth' })).toBeNull();
  });
});

describe('accountOptions with a NISA application under review', () => {
  it('NISA成長 refused as pending, not as not opened; つみたて keeps its own reason', () => {
    const o = accountOptions({ margin: false, settings: { specific: true, nisaOpen: false, nisaPending: true }, designated: false });
    expect(Object.fromEntries(o.map((x) => [x.value, x.refusal]))).toEqual({
      specific: null, general: null, nisa_growth: 'nisa_pending', nisa_tsumitate: 'tsumitate_funds',
    });
  });
  it('margin still says margin; without a pending application it is not opened', () => {
    expect(accountOptions({ margin: true, settings: { specific: true, nisaOpen: false, nisaPending: true }, designated: false })[2]!.refusal).toBe('nisa_margin');
    expect(accountOptions({ margin: false, settings: { specific: true, nisaOpen: false, nisaPending: false }, designated: false })[2]!.refusal).toBe('nisa_closed');
  });
});
