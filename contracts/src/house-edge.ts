/**
 * The house edge our own simulation measures per level (docs/house-edge.md: 50,000,000 basic-strategy
 * hands a level, ± 0.016 percentage points), in thousandths of a percent of the amount bet: 572 is 0.572%.
 * Re-measure with `npm run -s simulate -- --hands 50000000 --level L --seed bahati --json` when a rule changes.
 */
export const HOUSE_EDGE_MILLIPERCENT = [572, 507, 475, 341, 227] as const;

/** The house edge of a level as a percentage (0.572 for level 0). */
export const houseEdgePercent = (level: number): number => HOUSE_EDGE_MILLIPERCENT[Math.min(Math.max(level, 0), HOUSE_EDGE_MILLIPERCENT.length - 1)]! / 1000;

/**
 * What wagering `amount` costs a basic-strategy player on average at `level`, in whole satoshis
 * (amount × house edge, rounded to the nearest satoshi).
 */
export const expectedLoss = (amount: number, level: number): number =>
  Math.round((amount * HOUSE_EDGE_MILLIPERCENT[Math.min(Math.max(level, 0), HOUSE_EDGE_MILLIPERCENT.length - 1)]!) / 100_000);
