import { describe, expect, it } from 'vitest';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { checkWalletAddress, toEip55 } from '../../src/shared/domain/wallet-address';

const b58 = createBase58check(sha256);
/** A Tron address: base58check of 0x41 and a 20-byte account. */
const tron = (fill: number, version = 0x41) => b58.encode(Uint8Array.from([version, ...new Array(20).fill(fill)]));

describe('TRC20 addresses (base58check, version 0x41)', () => {
  it('accepts a real address and generated ones', () => {
    expect(checkWalletAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toEqual({ ok: true, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' });
    expect(checkWalletAddress('TRC20', ` ${tron(7)} `)).toEqual({ ok: true, address: tron(7) });
  });

  it('refuses a changed character (checksum), a wrong shape and a wrong version byte', () => {
    // One character changed: still base58, 34 characters, starting with T.
    expect(checkWalletAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toEqual({ ok: false, problem: 'checksum' });
    expect(checkWalletAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toEqual({ ok: false, problem: 'format' });
    expect(checkWalletAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60')).toEqual({ ok: false, problem: 'format' }); // 0 is not base58
    expect(checkWalletAddress('TRC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toEqual({ ok: false, problem: 'format' });
    // A valid base58check payload of another version does not start with T or is refused by its version.
    const other = tron(7, 0x42);
    expect(checkWalletAddress('TRC20', other).ok).toBe(false);
  });
});

describe('ERC20 addresses (EIP-55)', () => {
  // The test vectors of EIP-55.
  const vectors = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it('computes the EIP-55 form of the specification vectors', () => {
    for (const v of vectors) expect(toEip55(v.slice(2))).toBe(v);
  });

  it('accepts a correctly checksummed mixed-case address as is', () => {
    for (const v of vectors) expect(checkWalletAddress('ERC20', v)).toEqual({ ok: true, address: v });
  });

  it('accepts all-lower and all-upper (no checksum) and stores the EIP-55 form', () => {
    const v = vectors[0]!;
    expect(checkWalletAddress('ERC20', v.toLowerCase())).toEqual({ ok: true, address: v });
    expect(checkWalletAddress('ERC20', `0x${v.slice(2).toUpperCase()}`)).toEqual({ ok: true, address: v });
  });

  it('refuses a mixed-case address whose checksum fails, and wrong shapes', () => {
    // One letter's case flipped.
    expect(checkWalletAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toEqual({ ok: false, problem: 'checksum' });
    expect(checkWalletAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toEqual({ ok: false, problem: 'format' });
    expect(checkWalletAddress('ERC20', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00')).toEqual({ ok: false, problem: 'format' });
    expect(checkWalletAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg')).toEqual({ ok: false, problem: 'format' });
    expect(checkWalletAddress('ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toEqual({ ok: false, problem: 'format' });
  });
});
