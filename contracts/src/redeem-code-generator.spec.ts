import { CreateRedeemCodeRequest } from './bonus';
import { generateRedeemCode, GENERATED_REDEEM_CODE_LENGTH, REDEEM_CODE_ALPHABET, type RandomBytes } from './redeem-code-generator';

const webCrypto: RandomBytes = (count) => globalThis.crypto.getRandomValues(new Uint8Array(count));

/** Hands out the given bytes in order, however many are asked for at a time (then zeros). */
function scripted(bytes: number[]): RandomBytes {
  let next = 0;
  return (count) => Uint8Array.from({ length: count }, () => bytes[next++] ?? 0);
}

describe('the redeem code generator', () => {
  it('uses 31 distinct digits and capitals with none of the look-alikes 0, O, 1, I, L', () => {
    expect(REDEEM_CODE_ALPHABET).toHaveLength(31);
    expect(new Set(REDEEM_CODE_ALPHABET).size).toBe(31);
    expect(REDEEM_CODE_ALPHABET).toMatch(/^[2-9A-Z]+$/);
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) expect(REDEEM_CODE_ALPHABET).not.toContain(lookAlike);
  });

  it('makes codes of 12 characters of that alphabet by default, which the create-code request accepts', () => {
    expect(GENERATED_REDEEM_CODE_LENGTH).toBe(12);
    const codes = Array.from({ length: 200 }, () => generateRedeemCode(webCrypto));
    for (const code of codes) {
      expect(code).toHaveLength(12);
      expect([...code].every((c) => REDEEM_CODE_ALPHABET.includes(c))).toBe(true);
      expect(CreateRedeemCodeRequest.safeParse({ code, bonusAmount: 1 }).success).toBe(true);
    }
    expect(new Set(codes).size).toBe(200);
    expect(generateRedeemCode(webCrypto, 20)).toHaveLength(20);
    for (const length of [4, 65, 10.5]) expect(() => generateRedeemCode(webCrypto, length)).toThrow(RangeError);
  });

  it('draws again for the bytes 248 to 255 instead of wrapping them onto the first characters (no modulo bias)', () => {
    const code = generateRedeemCode(scripted([248, 255, 0, 250, 30, 31, 61, 62, 247, 249, 1, 2, 3, 4, 5, 6, 7]), 12);
    // 0→'2', 30→'Z', 31→'2', 61→'Z', 62→'2', 247→'Z' (247 = 7·31 + 30), then 1..6.
    expect(code).toBe('2Z2Z2Z345678');
  });

  it('maps every byte below 248 to the characters evenly, and stops on a source that never gives a usable byte', () => {
    const everyByte = Array.from({ length: 256 }, (_, byte) => byte);
    const drawn = generateRedeemCode(scripted(everyByte), 62) + generateRedeemCode(scripted(everyByte.slice(62)), 62) +
      generateRedeemCode(scripted(everyByte.slice(124)), 62) + generateRedeemCode(scripted(everyByte.slice(186)), 62);
    const counts = new Map<string, number>();
    for (const c of drawn) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect([...counts.values()]).toEqual(Array(31).fill(8));
    expect(() => generateRedeemCode(() => new Uint8Array([255, 255, 255, 255]))).toThrow(/no usable bytes/);
  });

  it('draws each character about equally often from the real random source (chi-square far below chance)', () => {
    const counts = new Map<string, number>();
    const codes = 10_000;
    for (let i = 0; i < codes; i++) for (const c of generateRedeemCode(webCrypto)) counts.set(c, (counts.get(c) ?? 0) + 1);
    const expected = (codes * GENERATED_REDEEM_CODE_LENGTH) / 31;
    const chiSquare = [...REDEEM_CODE_ALPHABET].reduce((sum, c) => sum + ((counts.get(c) ?? 0) - expected) ** 2 / expected, 0);
    // 30 degrees of freedom: above 80 happens about twice in a million fair runs; the wrap-around bias of
    // plain `byte % 31` (9 in 256 for the first 8 characters, 8 in 256 for the others) scores about 340 here.
    expect(chiSquare).toBeLessThan(80);
  });
});
