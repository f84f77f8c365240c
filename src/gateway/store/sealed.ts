import crypto from 'node:crypto';

/*
 * Secrets at rest (issue 14, finding 6; docs/operations.md "Secrets at rest"). Application
 * secrets must stay recoverable (signatures are HMACs keyed by them) and a token's value must be
 * returned by 2141, so neither can be stored as a hash only. With SECRETS_KEY set they are stored
 * sealed: AES-256-GCM under that key, with the column as associated data so a sealed value cannot
 * be moved to another column. Tokens are still found by their SHA-256 (token_hash), never by
 * decrypting. Without a key values are stored as they are (the file's owner-only permissions are
 * then the protection).
 *
 * A sealed value is `v1:` + base64url(iv ‖ tag ‖ ciphertext); a plain one (32 hex digits) has no
 * colon, so both can be read while a store is being sealed.
 */

export type SealedColumn = 'applications.secret' | 'sub_auths.access_token';

const PREFIX = 'v1:';

export interface Sealer {
  /** whether values are sealed when written */
  readonly sealing: boolean;
  seal(plain: string, column: SealedColumn): string;
  /** the value of a stored one, sealed (with the current or the previous key) or plain */
  open(stored: string, column: SealedColumn): string;
  /** whether a stored value should be written again: plain, or sealed with the previous key */
  stale(stored: string, column: SealedColumn): boolean;
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** 32 bytes from 64 hex digits or base64; undefined for anything else. */
export function parseKey(text: string): Buffer | undefined {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  const b = Buffer.from(t, 'base64');
  return b.length === 32 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(t) ? b : undefined;
}

function openWith(key: Buffer, stored: string, column: SealedColumn): string | undefined {
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  if (raw.length < 28) return undefined;
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(column));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined; // another key's, or altered
  }
}

/**
 * A sealer for `key` (SECRETS_KEY), which can also open values sealed with `previous`
 * (SECRETS_KEY_PREVIOUS, while a store is being re-sealed under a new key).
 */
export function sealer(key?: Buffer, previous?: Buffer): Sealer {
  const keys = [key, previous].filter((k): k is Buffer => k !== undefined);
  return {
    sealing: key !== undefined,
    seal(plain, column) {
      if (!key) return plain;
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(column));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored, column) {
      if (!isSealed(stored)) return stored;
      for (const k of keys) {
        const plain = openWith(k, stored, column);
        if (plain !== undefined) return plain;
      }
      throw new Error(
        keys.length === 0
          ? `${column} is stored sealed: set SECRETS_KEY to the key it was sealed with`
          : `${column} was sealed with a key that is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS`,
      );
    },
    stale(stored, column) {
      return key !== undefined && (!isSealed(stored) || openWith(key, stored, column) === undefined);
    },
  };
}

/** Stores values as they are (no SECRETS_KEY). */
export const PLAIN: Sealer = sealer();
