import { MersenneTwister } from './mt19937';

describe('MT19937', () => {
  it("matches the reference mt19937ar output for init_by_array({0x123, 0x234, 0x345, 0x456})", () => {
    const mt = new MersenneTwister();
    mt.seedByArray([0x123, 0x234, 0x345, 0x456]);
    expect(Array.from({ length: 5 }, () => mt.nextUint32())).toEqual([1067595299, 955945823, 477289528, 4107218783, 4228976476]);
  });

  it('keeps drawing correctly past one full block of 624 words', () => {
    const mt = new MersenneTwister();
    mt.seedByArray([0x123, 0x234, 0x345, 0x456]);
    let last = 0;
    for (let i = 0; i < 1000; i++) last = mt.nextUint32();
    // mt19937ar.out: the 1000th output of the reference program.
    expect(last).toBe(3460025646);
  });
});
