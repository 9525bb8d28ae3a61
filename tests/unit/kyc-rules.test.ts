import { describe, expect, it } from 'vitest';
import { documentNumberValid, maskDocumentNumber, myNumberCheckDigit, normaliseDocumentNumber, normaliseKanaName } from '../../src/shared/domain/kyc-rules';
import { statusOfReview, submitRefusal } from '../../src/server/modules/kyc/rules';
import { pdfProblem } from '../../src/server/platform/uploads/pdf';
import { deflateSync } from 'node:zlib';

describe('kana names', () => {
  it('converts hiragana and half-width katakana to full-width katakana with one full-width space', () => {
    expect(normaliseKanaName('やまだ たろう')).toEqual({ ok: true, value: 'ヤマダ\u3000タロウ' });
    expect(normaliseKanaName(' ﾔﾏﾀﾞ   ﾀﾛｰ ')).toEqual({ ok: true, value: 'ヤマダ\u3000タロー' });
    expect(normaliseKanaName('ヴァン・ダイク')).toEqual({ ok: true, value: 'ヴァン・ダイク' });
  });
  it('refuses Latin letters (half- or full-width) instead of transliterating them', () => {
    expect(normaliseKanaName('tanaka')).toEqual({ ok: false, error: 'kana_latin_letters' });
    expect(normaliseKanaName('タナカ Ｈ')).toEqual({ ok: false, error: 'kana_latin_letters' });
  });
  it('refuses kanji, digits and symbols', () => {
    for (const s of ['山田', 'タナカ1', 'タナカ!', '', '　']) expect(normaliseKanaName(s).ok, s).toBe(false);
  });
});

describe('document numbers', () => {
  it('normalises full-width digits, spaces and hyphens', () => {
    expect(normaliseDocumentNumber('１２３４-５６７８ 9012')).toBe('123456789012');
    expect(normaliseDocumentNumber('ab12-345678')).toBe('AB12345678');
  });
  it('checks the length per type and the My Number check digit', () => {
    expect(documentNumberValid('driver_licence', '123456789012')).toBe(true);
    expect(documentNumberValid('driver_licence', '1234567890123')).toBe(false);
    expect(myNumberCheckDigit('12345678901')).toBe(8);
    expect(documentNumberValid('my_number', '123456789018')).toBe(true);
    expect(documentNumberValid('my_number', '123456789017')).toBe(false);
    expect(documentNumberValid('health_insurance', 'AB123456')).toBe(true);
    expect(documentNumberValid('health_insurance', 'AB12345')).toBe(false);
  });
  it('masks all but the first 6 and the last 1', () => {
    expect(maskDocumentNumber('123456789012')).toBe('123456•••••2');
    expect(maskDocumentNumber('AB123456')).toBe('AB1234•6');
    expect(maskDocumentNumber('1234567')).toBe('•••••••');
  });
});

describe('kyc statuses', () => {
  it('maps the review workflow and allows a new submission only from not_verified and failed', () => {
    expect(['pending', 'approved', 'rejected'].map(statusOfReview)).toEqual(['under_review', 'verified', 'failed']);
    expect(submitRefusal('not_verified')).toBeNull();
    expect(submitRefusal('failed')).toBeNull();
    expect(submitRefusal('under_review')).toBe('kyc_under_review');
    expect(submitRefusal('verified')).toBe('kyc_already_verified');
  });
});

describe('PDF checks', () => {
  const wrap = (body: string) => Buffer.from(`%PDF-1.7\n${body}\n%%EOF`, 'latin1');
  it('finds scripts and actions in plain dictionaries, with #xx escapes, and inside Flate streams', () => {
    expect(pdfProblem(wrap('1 0 obj << /Type /Catalog >> endobj'))).toBeNull();
    expect(pdfProblem(wrap('<< /OpenAction << /S /JavaScript /JS (x) >> >>'))).toBe('active_content');
    expect(pdfProblem(wrap('<< /A#41 << >> >>'))).toBe('active_content');
    const hidden = deflateSync(Buffer.from('<< /Type /ObjStm >> << /S /JavaScript /JS (app.alert(1)) >>'));
    const objStm = Buffer.concat([Buffer.from('%PDF-1.7\n5 0 obj << /Filter /FlateDecode >> stream\n', 'latin1'), hidden, Buffer.from('\nendstream endobj\n%%EOF', 'latin1')]);
    expect(pdfProblem(objStm)).toBe('active_content');
    expect(pdfProblem(wrap('trailer << /Root 1 0 R /Encrypt 2 0 R >>'))).toBe('encrypted');
  });
  it('does not mistake longer names for the short ones', () => {
    expect(pdfProblem(wrap('<< /JSON 1 /AAPL 2 /JavaScriptless >>'))).toBeNull();
  });
});
