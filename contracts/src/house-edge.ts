/**
 * The house edge our own simulation measures per level (docs/house-edge.md: 50,000,000 basic-strategy
 * hands a level, ± 0.016 percentage points), in thousandths of a percent of the amount bet: 572 is 0.572%.
 * Re-measure with `npm run -s simulate -- --hands 50000000 --level L --seed bahati --json` when a rule changes.
 */
export const HOUSE_EDGE_MILLIPERCENT = [572, 507, 475, 341, 227] as const;

/** The house edge of a level as a percentage (0.572 for level 0). */
export const houseEdgePercent = (level: number): number => HOUSE_EDGE_MILLIPERCENT[Math.min(Math.max(level, 0), HOUSE_EDGE_MILLIPERCENT.length - 1)]! / 1000;

/**
 * The average total staked per hand in bets (doubles, splits and insurance included), measured in the same
 * runs, in thousandths: 1135 is 1.135 bets. Every stake counts toward a bonus's playthrough, so the edge per
 * satoshi wagered is the edge per bet divided by this.
 */
export const STAKE_PER_HAND_MILLIBETS = [1135, 1136, 1138, 1138, 1138] as const;

const at = (table: readonly number[], level: number) => table[Math.min(Math.max(level, 0), table.length - 1)]!;

/**
 * What wagering `amount` (every stake counted) costs a basic-strategy player on average at `level`, in
 * whole satoshis: amount × edge per bet ÷ stake per hand, rounded to the nearest satoshi.
 */
/** The house edge per satoshi wagered (every stake counted) as a percentage: 0.504 at level 0. */
export const wageredEdgePercent = (level: number): number => at(HOUSE_EDGE_MILLIPERCENT, level) / at(STAKE_PER_HAND_MILLIBETS, level);

export const expectedLoss = (amount: number, level: number): number =>
  Math.round((amount * at(HOUSE_EDGE_MILLIPERCENT, level)) / (100 * at(STAKE_PER_HAND_MILLIBETS, level)));
