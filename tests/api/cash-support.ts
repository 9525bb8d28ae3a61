/**
 * Test helpers of the cash area: a user whose identity (KYC) is verified through the kyc module's
 * own API — two photo uploads, a submission, an admin approval — never by writing its tables.
 */
import sharp from 'sharp';
import { expect } from 'vitest';
import { registerUser, type TestServer, type TestUser } from '../support/server';

async function png(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed % 256, g: 80, b: 160 } } }).png().toBuffer();
}

async function upload(s: TestServer, user: TestUser, purpose: 'kyc_front' | 'kyc_back', seed: number): Promise<string> {
  const res = await fetch(`${s.url}/api/vue/uploads?purpose=${purpose}`, {
    method: 'POST',
    headers: { token: user.token, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(await png(seed)),
  });
  const body = (await res.json()) as { data: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data.id;
}

/** Submits KYC with `nameKana`; returns the submission id (under review). */
export async function submitKyc(s: TestServer, user: TestUser, nameKana: string): Promise<string> {
  const front = await upload(s, user, 'kyc_front', 1);
  const back = await upload(s, user, 'kyc_back', 2);
  const res = await s.call('post', 'kyc', {
    token: user.token,
    body: { name: '山田 太郎', nameKana, documentType: 'driver_licence', documentNumber: '123456789012', frontUploadId: front, backUploadId: back },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.submission.id as string;
}

/** A registered user with a verified identity whose kana is `nameKana`. */
export async function verifiedUser(s: TestServer, nameKana = 'ヤマダ　タロウ'): Promise<TestUser> {
  const user = await registerUser(s);
  const id = await submitKyc(s, user, nameKana);
  const ok = await s.call('post', `admin/kyc/${id}/approve`, { token: s.admin.token, body: { reason: '書類を確認しました' } });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  return user;
}

/** Sets the user's first fund password (confirmed with the login password). */
export async function setFundPassword(s: TestServer, user: TestUser, fundPassword: string): Promise<void> {
  const res = await s.call('post', 'user/fund-password', { token: user.token, body: { password: fundPassword, password2: fundPassword, loginPassword: user.password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A new session of `user`, signed in now: fresh enough to change payout destinations (docs/domain.md). */
export async function signInAgain(s: TestServer, user: TestUser): Promise<string> {
  const res = await s.call('post', 'user/login', { body: { phone: user.phone, password: user.password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.token as string;
}

/** The hold of a new destination by default (config payoutHoldHours 24). */
export const PAYOUT_HOLD_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `setUp` (a user, their fund password and destinations) a hold's length before `at`, then sets
 * the clock to `at`: the destinations added may receive a withdrawal at `at`, so tests of other rules
 * withdraw at the instant they chose (the hold itself: tests/api/cash-payout-holds.test.ts).
 */
export async function setUpBeforeHold<T>(s: TestServer, at: number, setUp: () => Promise<T>): Promise<T> {
  s.clock.set(at - PAYOUT_HOLD_MS);
  try {
    return await setUp();
  } finally {
    s.clock.set(at);
  }
}
