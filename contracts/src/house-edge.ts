/**
 * The house edge of every level, as our own simulation measured it (docs/house-edge.md): the one source of
 * every edge a screen shows (the rules, the profile, the table's rules dialog, the bonus calculator, the
 * transparency page) and of the expected house win in analytics.
 *
 * Two bases, from the same runs:
 * - **per initial bet**, the house edge players compare between casinos: what a basic-strategy player loses on
 *   average per hand, as a share of the hand's first bet;
 * - **per satoshi wagered**, where an amount wagered is the base (a bonus's playthrough, analytics' wagers):
 *   every stake counts (doubles, splits, insurance), so the same loss is spread over 1.135 bets a hand.
 */
export const MEASURED_HOUSE_EDGE = {
  /** The simulator command each level's row came from (`L` the level). Run it again when a rule changes. */
  command: 'npm run -s simulate -- --hands 50000000 --level L --seed bahati --shuffle provable --json',
  hands: 50_000_000,
  /** One standard error of each figure, in percentage points. */
  standardErrorPercent: 0.016,
  /**
   * Per level: `perBetMillipercent`, the edge per initial bet in thousandths of a percent (572 is 0.572%), and
   * `stakePerHandMillibets`, the total staked per hand in thousandths of a bet (1135 is 1.135 bets).
   */
  levels: [
    { perBetMillipercent: 572, stakePerHandMillibets: 1135 },
    { perBetMillipercent: 507, stakePerHandMillibets: 1136 },
    { perBetMillipercent: 475, stakePerHandMillibets: 1138 },
    { perBetMillipercent: 341, stakePerHandMillibets: 1138 },
    { perBetMillipercent: 227, stakePerHandMillibets: 1138 },
  ],
} as const;

/** What a figure is a share of. */
export type EdgeBasis = 'bet' | 'wagered';

/** The levels, 0 to the top. */
export const LEVELS: readonly number[] = MEASURED_HOUSE_EDGE.levels.map((_, level) => level);

const row = (level: number) => MEASURED_HOUSE_EDGE.levels[Math.min(Math.max(Math.trunc(level), 0), MEASURED_HOUSE_EDGE.levels.length - 1)]!;

/** The house edge of a level per initial bet, as a percentage: 0.572 at level 0. */
export const houseEdgePercent = (level: number): number => row(level).perBetMillipercent / 1000;

/** The house edge of a level per satoshi wagered (every stake counted), as a percentage: 0.504 at level 0. */
export const wageredEdgePercent = (level: number): number => row(level).perBetMillipercent / row(level).stakePerHandMillibets;

/** The edge of a level on either basis, as a percentage. */
export const edgePercent = (level: number, basis: EdgeBasis): number => (basis === 'bet' ? houseEdgePercent(level) : wageredEdgePercent(level));

/**
 * What wagering `amount` (every stake counted) costs a basic-strategy player on average at `level`, in
 * whole satoshis: amount × edge per bet ÷ stake per hand, rounded to the nearest satoshi.
 */
export const expectedLoss = (amount: number, level: number): number =>
  Math.round((amount * row(level).perBetMillipercent) / (100 * row(level).stakePerHandMillibets));

/** The house's expected win on `wagered` sats at `level`, in millisatoshis (analytics sums these exactly). */
export const expectedHouseWinMsat = (wagered: number, level: number): number =>
  Math.round((wagered * row(level).perBetMillipercent * 10) / row(level).stakePerHandMillibets);
