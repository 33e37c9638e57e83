/*
 * How a blackjack hand is counted (spec §4), shared by the hand engine, the server's view of a hand and
 * the table while cards are still landing. Plain functions: no zod, no Node (they run in the browser).
 */

/** The best total: one ace counts 11 when that does not bust (`hard` counts every ace as 1). */
export function bestScore(hard: number, hasAce: boolean): number {
  return hasAce && hard <= 11 ? hard + 10 : hard;
}

/** What the table shows: "7/17" while a soft hand is still in play, the best total otherwise, "Bust" above 21. */
export function displayScore(hard: number, hasAce: boolean, inPlay: boolean): string {
  if (hard > 21) return 'Bust';
  const score = bestScore(hard, hasAce);
  return score !== hard && inPlay && score !== 21 ? `${hard}/${score}` : String(score);
}
