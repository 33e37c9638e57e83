/**
 * The characters of a generated redeem code: digits and capitals without the look-alikes 0/O and 1/I/L,
 * so a code read aloud or copied from a screen is typed right. 31 characters: about 4.95 bits each.
 */
export const REDEEM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** 12 characters: about 59 bits, beyond guessing within any rate limit. */
export const GENERATED_REDEEM_CODE_LENGTH = 12;

/** Fills `count` random bytes: in the browser `(n) => crypto.getRandomValues(new Uint8Array(n))`. */
export type RandomBytes = (count: number) => Uint8Array;

/**
 * A random redeem code of `length` characters of `REDEEM_CODE_ALPHABET`. A byte is used only below the
 * largest multiple of the alphabet's size (248), so every character is equally likely: the bytes from
 * 248 up are drawn again (rejection sampling) instead of wrapping around onto the first characters.
 */
export function generateRedeemCode(randomBytes: RandomBytes, length: number = GENERATED_REDEEM_CODE_LENGTH): string {
  if (!Number.isInteger(length) || length < 5 || length > 64) throw new RangeError('A redeem code has 5 to 64 characters.');
  const size = REDEEM_CODE_ALPHABET.length;
  const below = 256 - (256 % size);
  let code = '';
  // A working source rejects about 3 bytes in 100; a broken one (always 255, say) must not spin forever.
  for (let draws = 0; code.length < length; draws++) {
    if (draws === 64) throw new Error('The random source gave no usable bytes.');
    for (const byte of randomBytes(length - code.length + 4)) {
      if (byte < below) code += REDEEM_CODE_ALPHABET[byte % size];
      if (code.length === length) break;
    }
  }
  return code;
}
