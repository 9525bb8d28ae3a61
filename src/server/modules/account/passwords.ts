import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum (m = 19 MiB, t = 2, p = 1; docs/decisions/001-stack-and-layout.md). `Algorithm` is an
 * ambient const enum that isolatedModules cannot read, hence the literal (Argon2id = 2).
 */
const OPTIONS = {
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash never authenticates
  }
}

/**
 * Verifying against this when the phone is unknown keeps the response time the same as for a
 * wrong password, so timing does not reveal which phones are registered.
 */
let dummy: Promise<string> | undefined;
export async function burnVerify(password: string): Promise<void> {
  dummy ??= hashPassword('kabuto-timing-equaliser');
  await verifyPassword(await dummy, password);
}
