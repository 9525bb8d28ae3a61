import { describe, expect, it } from 'vitest';
import { builtFromPhone, passwordProblem, phoneForms } from '../../src/shared/domain/account';
import { commonPasswordCount, isCommonPassword } from '../../src/server/modules/account/common-passwords';
import { ESTIMATED_LENGTH, nameForms, newPasswordProblem } from '../../src/server/modules/account/password-policy';

describe('password policy (docs/domain.md "Registration", NIST 800-63B)', () => {
  it('refuses passwords of only whitespace, ideographic spaces included', () => {
    expect(passwordProblem('        ', '09011112222')).toBe('password_blank');
    expect(passwordProblem('\t\t\t\t\n\n\n\n', '09011112222')).toBe('password_blank');
    expect(passwordProblem('　　　　　　　　', '09011112222')).toBe('password_blank');
    expect(passwordProblem('correct horse battery', '09011112222')).toBeNull();
  });

  it('knows the national and international forms of a Japanese number', () => {
    expect(phoneForms('09012345678').sort()).toEqual(['09012345678', '819012345678', '9012345678'].sort());
    expect(phoneForms('+819012345678').sort()).toEqual(['09012345678', '819012345678', '9012345678'].sort());
  });

  it('refuses the phone number and passwords built from it', () => {
    const phone = '09012345678';
    for (const pw of [
      '09012345678',
      '090-1234-5678',
      '090 1234 5678',
      '+81 90-1234-5678',
      '819012345678',
      '9012345678',
      'kabuto09012345678',
      '09012345678!',
      '87654321090',
      '０９０１２３４５６７８',
      '90123456',
    ]) {
      expect(passwordProblem(pw, phone), pw).toBe('password_from_phone');
      expect(builtFromPhone(pw, phone), pw).toBe(true);
    }
    for (const pw of ['09012345679', 'tokyo-9012-tower', '12345679x']) expect(builtFromPhone(pw, phone), pw).toBe(false);
  });

  it('ships a common-passwords list of thousands, matched regardless of case and width', () => {
    expect(commonPasswordCount()).toBeGreaterThan(5_000);
    for (const pw of ['password', 'PASSWORD', 'Password', 'ｐａｓｓｗｏｒｄ', '12345678', 'qwertyuiop', 'iloveyou', ' password ']) {
      expect(isCommonPassword(pw), pw).toBe(true);
    }
    for (const pw of ['user-pass-123', 'brand-new-pass', 'kabuto-tokyo-2026']) expect(isCommonPassword(pw), pw).toBe(false);
  });
});

describe('password strength (zxcvbn-ts with the Japanese dictionary and the user’s own phone and names)', () => {
  const phone = '09012345678';
  const names = ['山田 太郎', 'ヤマダ　タロウ'];
  const problem = (pw: string) => newPasswordProblem(pw, { phone, names });

  it('refuses repeats, sequences, keyboard walks and dates with the pattern as the reason', () => {
    for (const [pw, reason] of [
      ['aaaaaaaa', 'password_repeated'],
      ['ａａａａａａａａ', 'password_repeated'],
      ['12341234', 'password_repeated'],
      ['abcabcabc', 'password_repeated'],
      ['abcdefgh', 'password_sequence'],
      ['98765432', 'password_sequence'],
      ['poiuytre', 'password_keyboard'],
      ['zxcvbnm,./', 'password_keyboard'],
      ['19900101', 'password_date'],
      ['1990-01-01', 'password_date'],
    ] as const) {
      expect(problem(pw), pw).toBe(reason);
    }
  });

  it('keeps the earlier reasons first: blank, the phone, the breach list', () => {
    expect(problem('        ')).toBe('password_blank');
    expect(problem('09012345678')).toBe('password_from_phone');
    expect(problem('my09012345678x')).toBe('password_from_phone');
    expect(problem('iloveyou')).toBe('password_too_common');
    expect(newPasswordProblem('12345678', { phone: '08011112222' })).toBe('password_too_common');
    // A keyboard walk that is also a listed password keeps the list's reason (as `qwertyuiop` did).
    expect(problem('qwertyui')).toBe('password_too_common');
    expect(problem('qwertyuiop')).toBe('password_too_common');
  });

  it('refuses the KYC name in any spelling: kanji, kana, romaji, either order, with digits', () => {
    for (const pw of ['yamadatarou', 'YamadaTaro', 'taro-yamada!', 'tarouyamada-likes-tea', '山田太郎1234', 'やまだたろう12', 'ヤマダタロウ99', 'yamadatarou2026', 'Yamada1990', 'tarou0101']) {
      expect(problem(pw), pw).toBe('password_from_name');
    }
    // Without the name on file, a name is only a common word.
    expect(newPasswordProblem('Yamada1990', { phone })).toBe('password_common_words');
  });

  it('knows how Japanese names are spelled in Latin letters', () => {
    const { parts, full } = nameForms(['本間 順一', 'ホンマ　ジュンイチ']);
    expect(parts).toEqual(expect.arrayContaining(['本間', 'honma', 'homma', 'junichi', 'zyuniti', 'ほんま']));
    expect(full).toEqual(expect.arrayContaining(['本間順一', 'honmajunichi', 'junichihonma', 'hommajunichi']));
    expect(nameForms(['サトウ'])).toMatchObject({ parts: expect.arrayContaining(['satou', 'sato', 'satoh']) });
  });

  it('refuses common Japanese words and names, and other guessable passwords', () => {
    expect(problem('sakuratanaka')).toBe('password_common_words');
    expect(problem('tanakasatou')).toBe('password_common_words');
  });

  it('accepts passphrases, random strings and the test fixtures’ passwords', () => {
    for (const pw of [
      'kabuto-tokyo-2026', 'correct horse battery', 'tsukimi-dango-42', 'xkqzvbmw', 'Tr0ub4dor&3',
      'user-pass-123', 'admin-pass-123', 'brand-new-pass', 'pass-word-123', 'second-pass-2', 'secret-pass-1',
      'changed-pass-77', 'first-pass-123', 'second-pass-456', 'cash-pass-123', 'Kb-passkey-8426?',
    ]) {
      expect(problem(pw), pw).toBeNull();
    }
  });

  it('estimates the first 32 characters (the bound on its cost): a guessable start is refused, a strong one passes', () => {
    expect(ESTIMATED_LENGTH).toBe(32);
    expect(problem(`${'p4ssw0rd'.repeat(4)}${'x9$Kq2!m'.repeat(4)}`)).toBe('password_repeated');
    expect(problem(`Tr0ub4dor&3-horse-battery-staple-${'aaaa'.repeat(7)}`)).toBeNull();
  });
});
