/**
 * A software WebAuthn authenticator for API tests (docs/decisions/008-passkeys.md): an ES256 key per
 * credential (node:crypto), `none` attestation, discoverable credentials with user verification.
 * It builds clientDataJSON, authenticatorData and the CBOR attestation object as the WebAuthn spec
 * lays them out, and returns the JSON @simplewebauthn/browser would send.
 */
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const b64url = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

// --- a minimal CBOR encoder: unsigned/negative ints, byte and text strings, maps -----------------
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
export function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const t = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, t.length), t]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)]);
  const parts = [head(5, v.size)];
  for (const [k, val] of v) parts.push(cbor(k), cbor(val));
  return Buffer.concat(parts);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: Uint8Array;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: Uint8Array;
  rpId: string;
  signCount: number;
  /**
   * Always signs a count of 0, as an authenticator without a counter does, so that one fixed key
   * can sign from processes that share no count (the e2e admin's passkey, tests/e2e/admin-passkey.ts).
   */
  counterless?: boolean;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  constructor(private readonly origin: string) {}

  /**
   * navigator.credentials.create(): a new ES256 credential for `options` (PublicKeyCredentialCreationOptionsJSON).
   * `key` and `id`: a P-256 key and credential id the test already holds, instead of new ones.
   */
  create(
    options: any,
    over: { origin?: string; challenge?: string; rpId?: string; uv?: boolean; key?: KeyObject; id?: Uint8Array; counterless?: boolean } = {},
  ) {
    const rpId: string = over.rpId ?? options.rp.id;
    const { privateKey, publicKey } = over.key
      ? { privateKey: over.key, publicKey: createPublicKey(over.key) }
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = over.id ?? randomBytes(16);
    const cred: SoftCredential = {
      id, privateKey, publicKey, userHandle: Buffer.from(options.user.id, 'base64url'), rpId, signCount: 0, counterless: over.counterless,
    };
    const idLen = Buffer.from([id.length >> 8, id.length & 255]);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_UP | (over.uv === false ? 0 : FLAG_UV) | FLAG_AT]),
      Buffer.alloc(4), // signCount 0
      Buffer.alloc(16), // AAGUID
      idLen,
      id,
      cose,
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: over.challenge ?? options.challenge, origin: over.origin ?? this.origin, crossOrigin: false }),
    );
    const attestationObject = cbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    this.credentials.push(cred);
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
    };
  }

  /** A credential registered earlier (by another process): its key, id, owner and RP ID. */
  add(cred: SoftCredential): void {
    this.credentials.push(cred);
  }

  /** navigator.credentials.get(): an assertion with `cred` (default: the first allowed or the newest). */
  get(options: any, over: { cred?: SoftCredential; origin?: string; challenge?: string } = {}) {
    const allowed: string[] = (options.allowCredentials ?? []).map((c: { id: string }) => c.id);
    const cred =
      over.cred ??
      [...this.credentials].reverse().find((c) => c.rpId === options.rpId && (allowed.length === 0 || allowed.includes(b64url(c.id))));
    if (!cred) throw new Error('no credential for these options');
    if (!cred.counterless) cred.signCount += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(cred.signCount);
    const authData = Buffer.concat([sha256(cred.rpId), Buffer.from([FLAG_UP | FLAG_UV]), count]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: over.challenge ?? options.challenge, origin: over.origin ?? this.origin, crossOrigin: false }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), cred.privateKey); // DER, as WebAuthn wants
    return {
      id: b64url(cred.id),
      rawId: b64url(cred.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: b64url(cred.userHandle),
      },
    };
  }
}
