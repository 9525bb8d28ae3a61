import { describe, expect, it } from 'vitest';
import { checkAccountNumber, checkHolderKana, cleanCode, cleanLabel, heldUntil, holderMatches, maskAccountNumber, payoutUsableAt } from '../../src/server/modules/cash/rules';
import { freshLoginLeft } from '../../src/server/modules/account/fresh-login';
import { formatDateTimeMinute } from '../../src/shared/money';
import { BankDirectory } from '../../src/server/modules/cash/banks';

describe('bank account rules', () => {
  it('takes exactly 7 digits (full-width accepted) and never pads a shorter number', () => {
    expect(checkAccountNumber('1234567')).toEqual({ ok: true, value: '1234567' });
    expect(checkAccountNumber('１２３４５６７')).toEqual({ ok: true, value: '1234567' });
    for (const bad of ['123456', '12345678', '12a4567', '', '123 4567']) expect(checkAccountNumber(bad), bad).toEqual({ ok: false, id: 'bank_account_number_invalid' });
  });

  it('cleans bank and branch codes to their digit counts', () => {
    expect(cleanCode('０００５', 4)).toBe('0005');
    expect(cleanCode('005', 4)).toBeNull();
    expect(cleanCode('123', 3)).toBe('123');
    expect(cleanCode('12', 3)).toBeNull();
  });

  it('answers the kana message ids for a refused holder', () => {
    expect(checkHolderKana('やまだ たろう')).toEqual({ ok: true, value: 'ヤマダ　タロウ' });
    expect(checkHolderKana('Yamada Taro')).toEqual({ ok: false, id: 'kana_latin_letters' });
    expect(checkHolderKana('山田太郎')).toEqual({ ok: false, id: 'kana_invalid' });
  });

  it('matches the holder with the verified kana (own name only)', () => {
    expect(holderMatches('ヤマダ　キョウコ', 'やまだ きょうこ')).toBe(true);
    expect(holderMatches('ヤマダ　キヨウコ', 'ヤマダ　キョウコ')).toBe(true);
    expect(holderMatches('ヤマダ　ハナコ', 'ヤマダ　キョウコ')).toBe(false);
    expect(holderMatches('ヤマダ　キョウコ', null)).toBe(false);
  });

  it('masks a number as ••• and its last 4 digits', () => {
    expect(maskAccountNumber('1234567')).toBe('•••4567');
  });

  it('cleans wallet labels', () => {
    expect(cleanLabel(undefined)).toEqual({ ok: true, value: null });
    expect(cleanLabel('  取引所 ')).toEqual({ ok: true, value: '取引所' });
    expect(cleanLabel('a\u202eb').ok).toBe(false);
    expect(cleanLabel('x'.repeat(21)).ok).toBe(false);
  });
});

describe('the Zengin bank directory', () => {
  const dir = new BankDirectory();

  it('finds bank 0005 by name (full-width), hiragana, katakana (full and half width), romaji and code', () => {
    for (const q of ['三菱ＵＦＪ', '三菱UFJ', 'みつびし', 'ミツビシ', 'ﾐﾂﾋﾞｼ', 'mitsubishi', '0005']) {
      expect(dir.searchBanks(q).map((b) => b.code), q).toContain('0005');
    }
    expect(dir.searchBanks('0005')[0]).toMatchObject({ code: '0005', name: '三菱ＵＦＪ' });
    expect(dir.searchBanks('三菱ＵＦＪ')[0]!.code).toBe('0005');
  });

  it('returns at most 30 results', () => {
    expect(dir.searchBanks('').length).toBe(30);
    expect(dir.searchBanks('1').length).toBe(30); // every code starting with 1
    expect(dir.searchBanks('か').length).toBe(30);
  });

  it('searches branches within one bank; an unknown bank has none', () => {
    const byKana = dir.searchBranches('0005', 'とうきょう')!; // small kana folded (トウキヨウ in the list)
    expect(byKana.length).toBeGreaterThan(0);
    expect(byKana.every((b) => /^\d{3}$/.test(b.code))).toBe(true);
    const byCode = dir.searchBranches('0005', byKana[0]!.code)!;
    expect(byCode[0]!.code).toBe(byKana[0]!.code);
    expect(dir.searchBranches('9998', '')).toBeUndefined();
    expect(dir.bank('0005')?.name).toBe('三菱ＵＦＪ');
    expect(dir.branch('0005', byKana[0]!.code)?.name).toBe(byKana[0]!.name);
    expect(dir.branch('0005', '999')).toBeUndefined();
  });
});

describe('search ranking', () => {
  it('puts an exact name before longer names that start with it', () => {
    const dir = new BankDirectory();
    // 新宿新都心 (329) comes before 新宿 (341) in code order; the exact name wins.
    expect(dir.searchBranches('0005', 'しんじゅく')![0]!.name).toBe('新宿');
    expect(dir.searchBranches('0005', 'ほんてん')![0]!.code).toBe('001');
    expect(dir.searchBanks('みずほ')[0]!.code).toBe('0001');
  });
});

describe('holds on new payout destinations (docs/domain.md "Bank accounts and wallets")', () => {
  const at = Date.parse('2026-11-24T01:03:27.500Z'); // 10:03:27.5 Tokyo

  it('ends the hold its hours later, rounded up to the minute shown; no hold is at once', () => {
    const end = payoutUsableAt(at, 24);
    expect(formatDateTimeMinute(end)).toBe('2026.11.25 10:04');
    expect(end).toBe(Date.parse('2026-11-25T01:04:00Z'));
    expect(payoutUsableAt(Date.parse('2026-11-24T01:00:00Z'), 24)).toBe(Date.parse('2026-11-25T01:00:00Z'));
    expect(payoutUsableAt(at, 168) - at).toBeGreaterThanOrEqual(168 * 3_600_000);
    expect(payoutUsableAt(at, 0)).toBe(at);
  });

  it('holds until the end, then lets it receive; rows from before the hold (null) at once', () => {
    const end = payoutUsableAt(at, 24);
    expect(heldUntil(end, end - 1)).toBe(end);
    expect(heldUntil(end, end)).toBeNull();
    expect(heldUntil(null, at)).toBeNull();
  });

  it('counts a sign-in fresh for 5 minutes; a clock set back leaves the whole window, never more', () => {
    expect(freshLoginLeft(at, at)).toBe(300_000);
    expect(freshLoginLeft(at, at + 299_999)).toBe(1);
    expect(freshLoginLeft(at, at + 300_000)).toBe(0);
    expect(freshLoginLeft(at, at + 86_400_000)).toBe(0);
    expect(freshLoginLeft(at, at - 86_400_000)).toBe(300_000);
  });
});
