import { base64Decode, base64Encode } from './base64';

describe('base64', () => {
  it('round-trips every length the way the standard does', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n) & 255);
      const text = base64Encode(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(base64Decode(text)).toEqual(bytes);
    }
  });

  it('refuses what is not padded standard base64', () => {
    for (const text of ['A', 'AAA', 'AA=A', 'AA-_', ' AAA', 'AAAA\n']) expect(base64Decode(text)).toBeNull();
  });
});
