import { describe, expect, it } from 'vitest';
import { builtFromPhone, passwordProblem, phoneForms } from '../../src/shared/domain/account';
import { commonPasswordCount, isCommonPassword } from '../../src/server/modules/account/common-passwords';

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
