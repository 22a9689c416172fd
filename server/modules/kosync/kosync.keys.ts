import { createHash, randomInt } from 'node:crypto';
import { DEVICE_PASSWORD_ALPHABET, DEVICE_PASSWORD_LENGTH } from '../../../domain/kosync';

// Device passwords (decision 053). KOReader never sends the password: it sends its MD5 as
// x-auth-key, on every request. We keep the SHA-256 of that key. A slow hash would protect a
// password a person chose; these are 16 random characters (about 79 bits), out of reach of a
// guess even with the hash in hand, and a slow hash on every push would cost more CPU than the
// whole request (decision 053).

/** A new device password: DEVICE_PASSWORD_LENGTH characters, each drawn without bias. */
export function newDevicePassword(): string {
  let password = '';
  for (let i = 0; i < DEVICE_PASSWORD_LENGTH; i++) {
    password += DEVICE_PASSWORD_ALPHABET[randomInt(DEVICE_PASSWORD_ALPHABET.length)];
  }
  return password;
}

/** What KOReader sends as x-auth-key for a password: its MD5, in lowercase hex. */
export function koreaderKey(password: string): string {
  return createHash('md5').update(password, 'utf8').digest('hex');
}

/**
 * What is stored and looked up for an x-auth-key: the SHA-256 of the key, an MD5 in hex
 * case-folded first (a client writing it in capitals is still the same key).
 */
export function keyHash(key: string): string {
  const normal = /^[0-9a-f]{32}$/i.test(key) ? key.toLowerCase() : key;
  return createHash('sha256').update(normal, 'utf8').digest('hex');
}
