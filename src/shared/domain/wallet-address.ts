/**
 * USDT wallet addresses (docs/domain.md "Bank accounts and wallets"): format and checksum per
 * network. Pure and shared: the server decides, the PWA checks while the user types.
 *
 * - TRC20 (Tron): base58check — 34 characters starting with T; the decoded payload is 21 bytes,
 *   version byte 0x41, followed by a 4-byte double-SHA-256 checksum.
 * - ERC20 (Ethereum): 0x + 40 hex digits. A mixed-case address carries an EIP-55 checksum and must
 *   pass it (a one-letter typo is caught). An all-lower or all-upper address carries no checksum; it
 *   is accepted (wallets and exchanges show addresses that way) and stored in its EIP-55 form, so
 *   the same address typed in two cases is one address.
 */
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

export const WALLET_NETWORKS = ['TRC20', 'ERC20'] as const;
export type WalletNetwork = (typeof WALLET_NETWORKS)[number];

/** Why an address was refused: not the network's shape, or the shape with a wrong checksum. */
export type AddressProblem = 'format' | 'checksum';

export type AddressResult = { ok: true; address: string } | { ok: false; problem: AddressProblem };

const base58check = createBase58check(sha256);
const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const TRON_VERSION = 0x41;

function checkTron(address: string): AddressResult {
  if (!TRON_SHAPE.test(address)) return { ok: false, problem: 'format' };
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return { ok: false, problem: 'checksum' };
  }
  if (payload.length !== 21 || payload[0] !== TRON_VERSION) return { ok: false, problem: 'format' };
  return { ok: true, address };
}

const HEX40 = /^0x[0-9a-fA-F]{40}$/;

/** The EIP-55 form of a 40-digit hex body: a digit's letter is upper case when its keccak nibble is ≥ 8. */
export function toEip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = keccak_256(utf8ToBytes(lower));
  let out = '0x';
  for (let i = 0; i < 40; i += 1) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    const ch = lower[i]!;
    out += nibble >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}

function checkEthereum(address: string): AddressResult {
  if (!HEX40.test(address)) return { ok: false, problem: 'format' };
  const body = address.slice(2);
  const checksummed = toEip55(body);
  const unchecksummed = body === body.toLowerCase() || body === body.toUpperCase();
  if (!unchecksummed && checksummed !== address) return { ok: false, problem: 'checksum' };
  return { ok: true, address: checksummed };
}

/** The address as stored (trimmed; ERC20 in EIP-55 form), or why it is refused. */
export function checkWalletAddress(network: WalletNetwork, raw: string): AddressResult {
  const address = raw.trim();
  return network === 'TRC20' ? checkTron(address) : checkEthereum(address);
}
