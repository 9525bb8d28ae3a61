import { describe, expect, it } from 'vitest';
import { cleanGroupName, distinct, isPermutation } from '../../src/server/modules/watchlist/rules';
import { WATCHLIST_GROUP_NAME_MAX } from '../../src/shared/api/watchlist';

describe('watchlist group rules', () => {
  it('trims and NFC-normalises a name, counting characters not UTF-16 units', () => {
    expect(cleanGroupName('  高配当 ')).toBe('高配当');
    expect(cleanGroupName('ガ')).toBe('ガ'); // カ + combining dakuten → one character
    expect(cleanGroupName('😀'.repeat(WATCHLIST_GROUP_NAME_MAX))).toBe('😀'.repeat(WATCHLIST_GROUP_NAME_MAX));
    expect(cleanGroupName('😀'.repeat(WATCHLIST_GROUP_NAME_MAX + 1))).toBeNull();
    expect(cleanGroupName('a'.repeat(WATCHLIST_GROUP_NAME_MAX))).toHaveLength(WATCHLIST_GROUP_NAME_MAX);
  });

  it('refuses empty names and control or bidi-override characters', () => {
    for (const bad of ['', '   ', 'a\u0000b', 'a\nb', 'a\tb', 'a\u007fb', 'a\u0085b', 'a\u202eb', 'a\u2066b']) expect(cleanGroupName(bad), JSON.stringify(bad)).toBeNull();
    expect(cleanGroupName('Tech & 半導体')).toBe('Tech & 半導体');
  });

  it('checks permutations and drops repeats', () => {
    expect(isPermutation(['b', 'a'], ['a', 'b'])).toBe(true);
    expect(isPermutation([], [])).toBe(true);
    expect(isPermutation(['a'], ['a', 'b'])).toBe(false);
    expect(isPermutation(['a', 'a'], ['a', 'b'])).toBe(false);
    expect(isPermutation(['a', 'c'], ['a', 'b'])).toBe(false);
    expect(distinct(['7203', '6758', '7203'])).toEqual(['7203', '6758']);
  });
});
