import fc from 'fast-check';
import { compareCheckpoints } from '../../application/ports/event-store';

/** The definition: checkpoints are pairs of unbounded non-negative integers, ordered as tuples. */
function reference(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  const [a1, a2] = a.split(':').map(BigInt) as [bigint, bigint];
  const [b1, b2] = b.split(':').map(BigInt) as [bigint, bigint];
  if (a1 !== b1) return a1 < b1 ? -1 : 1;
  return a2 === b2 ? 0 : a2 < b2 ? -1 : 1;
}

describe('checkpoint order', () => {
  // Small parts (the common case), parts around 2^53 and 20-digit parts (EventStoreDB's 64-bit positions).
  const part = fc.oneof(
    fc.bigInt({ min: 0n, max: 1_000n }),
    fc.bigInt({ min: 2n ** 53n - 3n, max: 2n ** 53n + 3n }),
    fc.bigInt({ min: 10n ** 14n - 2n, max: 10n ** 16n + 2n }),
    fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
  );
  const checkpoint = fc.option(fc.tuple(part, part).map(([a, b]) => `${a}:${b}`), { nil: null });

  it('orders any two checkpoints as pairs of integers, null first', () => {
    fc.assert(fc.property(checkpoint, checkpoint, (a, b) => Math.sign(compareCheckpoints(a, b)) === reference(a, b)), { numRuns: 5_000 });
  });

  it('is exact where floating point would not be', () => {
    expect(compareCheckpoints('9007199254740993:0', '9007199254740992:0')).toBeGreaterThan(0);
    expect(compareCheckpoints('5:9007199254740993', '5:9007199254740992')).toBeGreaterThan(0);
    expect(compareCheckpoints('999999999999999:1', '1000000000000000:0')).toBeLessThan(0);
  });
});
