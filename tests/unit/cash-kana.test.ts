import { describe, expect, it } from 'vitest';
import { convertHolderKanaInput, foldSmallKana, holderMatchKey, normalizeHolderKana, searchKey } from '../../src/shared/domain/kana';

describe('holder kana (docs/domain.md "Bank accounts and wallets")', () => {
  it('keeps full-width katakana and turns hiragana and half-width katakana into it', () => {
    expect(normalizeHolderKana('ヤマダ　タロウ')).toEqual({ ok: true, value: 'ヤマダ　タロウ' });
    expect(normalizeHolderKana('やまだ　たろう')).toEqual({ ok: true, value: 'ヤマダ　タロウ' });
    expect(normalizeHolderKana('ﾔﾏﾀﾞ ﾀﾛｳ')).toEqual({ ok: true, value: 'ヤマダ　タロウ' });
    expect(normalizeHolderKana('ｷｮｳｺ')).toEqual({ ok: true, value: 'キョウコ' });
    // Mixed input: hiragana + half-width katakana + voiced marks.
    expect(normalizeHolderKana('ごとう ｼﾞｭﾝ')).toEqual({ ok: true, value: 'ゴトウ　ジュン' });
  });

  it('normalises every run of spaces (half or full width, tabs) to one full-width space, trimmed', () => {
    expect(normalizeHolderKana('  ヤマダ   タロウ ')).toEqual({ ok: true, value: 'ヤマダ　タロウ' });
    expect(normalizeHolderKana('ヤマダ　　タロウ')).toEqual({ ok: true, value: 'ヤマダ　タロウ' });
    expect(normalizeHolderKana('ヤマダ\tタロウ')).toEqual({ ok: true, value: 'ヤマダ　タロウ' });
  });

  it('turns dashes and the half-width long vowel into ー', () => {
    expect(normalizeHolderKana('ｽｽﾞｷ ﾕｰｺ')).toEqual({ ok: true, value: 'スズキ　ユーコ' });
    expect(normalizeHolderKana('スズキ　ユ-コ')).toEqual({ ok: true, value: 'スズキ　ユーコ' });
  });

  it('refuses Latin letters (ASCII or full-width) instead of romanising them', () => {
    expect(normalizeHolderKana('yamada taro')).toEqual({ ok: false, problem: 'latin' });
    expect(normalizeHolderKana('ヤマダ　Taro')).toEqual({ ok: false, problem: 'latin' });
    expect(normalizeHolderKana('ヤマダ　ＴＡＲＯ')).toEqual({ ok: false, problem: 'latin' });
  });

  it('refuses kanji, digits, symbols and empty names', () => {
    expect(normalizeHolderKana('山田　太郎')).toEqual({ ok: false, problem: 'invalid' });
    expect(normalizeHolderKana('ヤマダ1')).toEqual({ ok: false, problem: 'invalid' });
    expect(normalizeHolderKana('ヤマダ＠')).toEqual({ ok: false, problem: 'invalid' });
    expect(normalizeHolderKana('   ')).toEqual({ ok: false, problem: 'empty' });
    expect(normalizeHolderKana('ア'.repeat(41))).toEqual({ ok: false, problem: 'too_long' });
  });

  it('converts live input without refusing (Latin stays visible)', () => {
    expect(convertHolderKanaInput('やまだ ﾀﾛｳ')).toBe('ヤマダ　タロウ');
    expect(convertHolderKanaInput('やまだ t')).toBe('ヤマダ　t');
  });

  it('compares holder names without spaces and with small kana folded', () => {
    expect(foldSmallKana('キョウコ')).toBe('キヨウコ');
    expect(holderMatchKey('ヤマダ　キョウコ')).toBe(holderMatchKey('やまだきようこ'));
    expect(holderMatchKey('ﾔﾏﾀﾞ ｷｮｳｺ')).toBe('ヤマダキヨウコ');
    expect(holderMatchKey('ヤマダ　ハナコ')).not.toBe(holderMatchKey('ヤマダ　キョウコ'));
    expect(holderMatchKey('Yamada')).toBeNull();
  });
});

describe('bank search key', () => {
  it('makes full-width Latin, hiragana and katakana (full or half width) meet', () => {
    expect(searchKey('三菱ＵＦＪ')).toBe(searchKey('三菱UFJ'));
    expect(searchKey('三菱ＵＦＪ')).toBe('三菱ufj');
    expect(searchKey('みつびし')).toBe('ミツビシ');
    expect(searchKey('ﾐﾂﾋﾞｼ')).toBe('ミツビシ');
    expect(searchKey('ミツビシ')).toBe('ミツビシ');
    // The Zengin list writes small kana large and the long vowel as a full-width hyphen.
    expect(searchKey('ミツビシユ－エフジエイ')).toBe(searchKey('みつびしゆーえふじえい'));
    expect(searchKey('じゅうろく')).toBe('ジユウロク');
    expect(searchKey(' 0005 ')).toBe('0005');
  });
});
