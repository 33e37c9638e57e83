import { HANDS_PER_SHOE } from '@bahati/contracts';
import { Xoshiro128 } from './prng';
import { FastShoes, ProvableShoes, type ShuffleKind } from './shoes';
import {
  addExact,
  addSquare,
  basicStrategyForLevel,
  emptyTotals,
  type ExactSum,
  exactSum,
  mergeTotals,
  naivePolicy,
  type Policy,
  simulate,
  type SimulationTotals,
} from './simulator';


/**
 * A simulation run cut into parts that can be played anywhere (a worker thread, in any order) and
 * added up exactly: part k deals the shoes [firstShoe, firstShoe + ⌈hands/4⌉) of the run's one
 * seed stream, and every total is an exact integer sum, so the parts of a run add up to the very
 * totals one thread playing every hand in order gets.
 */
export interface RunSettings {
  /** The seed stream's four words: the first 16 bytes of SHA-256(`bahati-simulate:` + seed), little-endian. */
  readonly seedWords: readonly [number, number, number, number];
  readonly shuffle: ShuffleKind;
  readonly level: number;
  readonly bet: number;
  readonly strategy: 'basic' | 'naive';
  /** A second level played on the same shoes, for the edge difference paired shoe by shoe. */
  readonly versus: number | null;
}

export interface RunPart {
  /** The run's shoe number this part starts at (its first hand is hand 4 × firstShoe of the run). */
  readonly firstShoe: number;
  readonly hands: number;
}

/** The difference between the two levels, shoe by shoe, in satoshis: Σd and Σd² (exact). */
export interface VersusTotals {
  totals: SimulationTotals;
  shoes: number;
  diff: number;
  diffSquared: ExactSum;
}

export interface PartResult {
  totals: SimulationTotals;
  versus: VersusTotals | null;
  /** The seeds of the run's first shoe, from the part that dealt it with the provable shuffle. */
  firstShoe: { playerSeed: string; houseSeed: string } | null;
}

/** The parts of a run of `hands` hands, `shoesPerPart` shoes each (the last may be shorter). */
export function planParts(hands: number, shoesPerPart: number): RunPart[] {
  const parts: RunPart[] = [];
  const handsPerPart = shoesPerPart * HANDS_PER_SHOE;
  for (let first = 0; first < hands; first += handsPerPart) {
    parts.push({ firstShoe: first / HANDS_PER_SHOE, hands: Math.min(handsPerPart, hands - first) });
  }
  return parts;
}

export function policyFor(strategy: RunSettings['strategy'], level: number): Policy {
  return strategy === 'basic' ? basicStrategyForLevel(level) : naivePolicy;
}

/**
 * Plays parts of one run, in the order given, on one thread. A player reuses its seed stream:
 * parts given in increasing order skip only the shoes between them.
 */
export class PartPlayer {
  private readonly rng: Xoshiro128;
  private readonly shoes: FastShoes | ProvableShoes;
  /** The run's shoe number the seed stream stands at. */
  private at = 0;
  private readonly policy: Policy;
  private readonly versusPolicy: Policy | null;

  constructor(private readonly settings: RunSettings) {
    this.rng = new Xoshiro128(settings.seedWords);
    this.shoes = settings.shuffle === 'fast' ? new FastShoes(this.rng) : new ProvableShoes(this.rng);
    this.policy = policyFor(settings.strategy, settings.level);
    this.versusPolicy = settings.versus === null ? null : policyFor(settings.strategy, settings.versus);
  }

  play(part: RunPart): PartResult {
    if (part.firstShoe < this.at) {
      // An earlier part: start the stream again.
      this.rng.reseed(...this.settings.seedWords);
      this.at = 0;
    }
    this.shoes.skipShoes(part.firstShoe - this.at);
    const shoeCount = Math.ceil(part.hands / HANDS_PER_SHOE);
    this.at = part.firstShoe + shoeCount;
    const { level, bet, versus } = this.settings;
    const shoes = this.shoes;
    const reveal = (end: number) => shoes.reveal(end);
    let firstShoe: PartResult['firstShoe'] = null;
    const firstShoeSeen = () => {
      if (part.firstShoe === 0 && firstShoe === null && shoes instanceof ProvableShoes) firstShoe = shoes.lastSeeds();
    };
    if (versus === null) {
      const nextShoe = () => {
        const cards = shoes.next();
        firstShoeSeen();
        return cards;
      };
      const totals = simulate({ hands: part.hands, level, bet, policy: this.policy, nextShoe, reveal });
      return { totals, versus: null, firstShoe };
    }
    const totals = emptyTotals(bet);
    const other: VersusTotals = { totals: emptyTotals(bet), shoes: 0, diff: 0, diffSquared: exactSum() };
    let cards: ArrayLike<number> = [];
    const sameShoe = () => cards;
    for (let done = 0; done < part.hands; done += HANDS_PER_SHOE) {
      cards = shoes.next();
      firstShoeSeen();
      const hands = Math.min(HANDS_PER_SHOE, part.hands - done);
      const a = totals.net;
      const b = other.totals.net;
      simulate({ hands, level, bet, policy: this.policy, nextShoe: sameShoe, reveal }, totals);
      simulate({ hands, level: versus, bet, policy: this.versusPolicy!, nextShoe: sameShoe, reveal }, other.totals);
      const d = other.totals.net - b - (totals.net - a);
      other.diff += d;
      addSquare(other.diffSquared, d * d);
      other.shoes++;
    }
    return { totals, versus: other, firstShoe };
  }
}

/** Adds `from` into `into`: exact, in any order. */
export function mergeResults(into: PartResult, from: PartResult): PartResult {
  mergeTotals(into.totals, from.totals);
  if (into.versus !== null && from.versus !== null) {
    mergeTotals(into.versus.totals, from.versus.totals);
    into.versus.shoes += from.versus.shoes;
    into.versus.diff += from.versus.diff;
    addExact(into.versus.diffSquared, from.versus.diffSquared);
  }
  into.firstShoe ??= from.firstShoe;
  return into;
}

export function emptyResult(settings: RunSettings): PartResult {
  return {
    totals: emptyTotals(settings.bet),
    versus: settings.versus === null ? null : { totals: emptyTotals(settings.bet), shoes: 0, diff: 0, diffSquared: exactSum() },
    firstShoe: null,
  };
}
