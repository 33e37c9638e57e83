import { createHash } from 'node:crypto';

const NAMESPACE = Buffer.from('6f1c2b52-5d0e-4b7e-9f3a-0c8f7e1d2a44'.replace(/-/g, ''), 'hex');

/** A stable player id for an identity subject (RFC 4122 version 5), so first sign-in registers exactly one player. */
export function playerIdFor(subject: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(subject, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
