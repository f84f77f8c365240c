import crypto from 'node:crypto';

/** A random identifier from the CSPRNG, hex encoded: 16 bytes = 128 bits unless asked for more. */
export function randomHex(bytes = 16): string {
  return crypto.randomBytes(bytes).toString('hex');
}

export function sha256Hex(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Compares two strings without an early exit. Both sides are hashed first so that differing
 * lengths take the same time too (timingSafeEqual itself refuses unequal lengths).
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a, 'utf8').digest();
  const hb = crypto.createHash('sha256').update(b, 'utf8').digest();
  return crypto.timingSafeEqual(ha, hb);
}
