import { createHash } from 'node:crypto';
import { DomainError } from './decider';
import { encodeSeed, houseSeedHash, shuffleShoe } from './fairness';

const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());
const seed = 'AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA=';

describe('the shoe as the domain uses it', () => {
  it('answers what the contracts answer for good seeds', () => {
    expect(shuffleShoe(seed, 'A'.repeat(43) + '=').slice(0, 4)).toEqual([187, 50, 181, 148]);
    expect(houseSeedHash(seed, sha256)).toBe(Buffer.from(sha256(Buffer.from(seed, 'base64'))).toString('base64'));
    expect(encodeSeed(Uint8Array.from({ length: 32 }, (_, i) => i + 1))).toBe(seed);
  });

  it.each([
    ['the player seed', () => shuffleShoe('A'.repeat(44), seed), 'a seed is 32 bytes in standard base64: 43 characters of A-Z a-z 0-9 + / and a final ='],
    ['the house seed', () => shuffleShoe(seed, ' ' + seed.slice(1)), 'a seed is 32 bytes in standard base64: 43 characters of A-Z a-z 0-9 + / and a final ='],
    ['the hashed seed', () => houseSeedHash('', sha256), 'a seed is 32 bytes in standard base64: 43 characters of A-Z a-z 0-9 + / and a final ='],
    ['the encoded bytes', () => encodeSeed(new Uint8Array(16)), 'a seed is 32 bytes'],
  ])('refuses a bad seed in %s with the domain error InvalidSeed', (_, run, message) => {
    let thrown: unknown;
    try {
      run();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ code: 'InvalidSeed', message });
  });
});
