// Client secrets at rest: AES-256-GCM under a key from the environment. The client id is
// the associated data, so a ciphertext copied onto another client's row does not decrypt.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** PARTNER_SECRET_KEY: 32 bytes as 64 hex characters or base64. */
  static fromKeyText(text: string): SecretBox {
    const trimmed = text.trim();
    const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
    if (key.length !== 32) throw new Error('PARTNER_SECRET_KEY must be 32 bytes, as 64 hex characters or base64');
    return new SecretBox(key);
  }

  /** The fixed key used outside production when none is configured: never for real secrets. */
  static development(): SecretBox {
    return new SecretBox(createHash('sha256').update('partner-api development secret key').digest());
  }

  seal(clientId: string, plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(clientId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  /**
   * Bytes at rest (§12.2 uploaded files): the same AES-256-GCM form as `seal`, with `aad` (the record's id)
   * as the associated data, so sealed bytes copied onto another record do not open.
   */
  sealBytes(aad: string, bytes: Buffer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(bytes), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  /**
   * `sealBytes` fed chunk by chunk (§12.2 an upload as it arrives): the same sealed form, built without
   * ever holding the whole plaintext or the whole ciphertext as bytes. base64url of 3-byte-aligned pieces
   * joins into the base64url of the whole, so each piece is encoded as it comes.
   */
  sealBytesStream(aad: string): { update(chunk: Buffer): void; final(): string } {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const pieces: string[] = [];
    let carry = Buffer.alloc(0);
    const push = (bytes: Buffer) => {
      const data = carry.length === 0 ? bytes : Buffer.concat([carry, bytes]);
      const whole = data.length - (data.length % 3);
      if (whole > 0) pieces.push(data.subarray(0, whole).toString('base64url'));
      carry = Buffer.from(data.subarray(whole));
    };
    return {
      update: (chunk) => push(cipher.update(chunk)),
      final: () => {
        push(cipher.final());
        pieces.push(carry.toString('base64url'));
        return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), pieces.join('')].join('.');
      },
    };
  }

  /**
   * A key for one purpose, derived from the 32 key bytes: HMAC-SHA256(key, UTF-8 `label`) (§14.5 the bank
   * account fingerprint's K, label `bank-account-fingerprint:v1`). The key bytes themselves never leave.
   */
  derivedKey(label: string): Buffer {
    return createHmac('sha256', this.key).update(label, 'utf8').digest();
  }

  openBytes(aad: string, sealed: string): Buffer {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('not sealed bytes');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
  }

  open(clientId: string, sealed: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed client secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(clientId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** From the environment: required in production, a fixed development key otherwise. */
export function secretBoxFromEnv(env: NodeJS.ProcessEnv, production: boolean): SecretBox {
  const text = env.PARTNER_SECRET_KEY;
  if (text) return SecretBox.fromKeyText(text);
  if (production)
    throw new Error(
      'PARTNER_SECRET_KEY is required in production: 32 random bytes as 64 hex characters (e.g. `openssl rand -hex 32`). It encrypts client secrets at rest.',
    );
  return SecretBox.development();
}
