/**
 * Hands per second of the production hand decider against the engine-blackjack package, both
 * playing the same naive strategy (hit below 17, otherwise stand; no double, split or insurance).
 *   npm run bench:engine [-- --hands N] [--engine-hands M] [--rounds R] [--json]
 * Three timings: the simulator path (a real MT19937 shuffle every 4 hands + the decider), the
 * decider alone (shoes shuffled beforehand), and engine-blackjack (a new 4-deck game per hand).
 * The three run in turn for R rounds; the best round of each is reported (a shared machine's
 * other load only ever slows a round down), with the median beside it.
 */
import { shuffleShoeFromBytes } from '@bahati/contracts';
import { Xoshiro128 } from '../server/src/domain/simulation/prng';
import { naivePolicy, simulate, summarize } from '../server/src/domain/simulation/simulator';

// engine-blackjack ships no types; this is the part of its API the benchmark drives.
interface EngineState {
  stage: string;
  initialBet: number;
  wonOnRight: number;
  handInfo: { right: { playerValue: { hi: number; lo: number }; availableActions: { insurance: boolean } } };
}
interface EngineGame {
  dispatch(action: unknown): void;
  getState(): EngineState;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const engine = require('engine-blackjack') as {
  Game: new (state: undefined, rules: Record<string, unknown>) => EngineGame;
  actions: Record<string, (payload?: unknown) => unknown>;
};

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]?.replace(/_/g, '')) : fallback;
  if (!Number.isSafeInteger(v) || v <= 0) throw new Error(`--${name} must be a positive integer`);
  return v;
}
const hands = arg('hands', 2_000_000);
const engineHands = arg('engine-hands', 50_000);
const rounds = arg('rounds', 3);
const json = process.argv.includes('--json');

function shoeStream(seed: number): () => number[] {
  const rng = new Xoshiro128([seed, 0x9e3779b9, 0x7f4a7c15, 0x6a09e667]);
  const player = new Uint8Array(32);
  const house = new Uint8Array(32);
  return () => shuffleShoeFromBytes(rng.fill(player), rng.fill(house));
}

function runDecider(n: number, nextShoe: () => ArrayLike<number>) {
  const started = performance.now();
  const totals = simulate({ hands: n, level: 0, bet: 1000, policy: naivePolicy, nextShoe });
  const seconds = (performance.now() - started) / 1000;
  return { handsPerSecond: n / seconds, houseEdgePct: summarize(totals).houseEdgePct };
}

const RULES = { decks: 4, standOnSoft17: false, double: 'none', split: false, surrender: false, insurance: true };
function engineHand(): number {
  const { Game, actions } = engine;
  const game = new Game(undefined, RULES);
  game.dispatch(actions.deal({ bet: 1000 }));
  let s = game.getState();
  if (s.stage === 'player-turn-right' && s.handInfo.right.availableActions.insurance) {
    game.dispatch(actions.insurance({ bet: 0 }));
    s = game.getState();
  }
  while (s.stage === 'player-turn-right') {
    const v = s.handInfo.right.playerValue;
    const best = v.hi <= 21 ? v.hi : v.lo;
    game.dispatch(best < 17 ? actions.hit({ position: 'right' }) : actions.stand({ position: 'right' }));
    s = game.getState();
  }
  if (s.stage !== 'done') throw new Error(`engine-blackjack stopped at stage ${s.stage}`);
  return s.wonOnRight - s.initialBet;
}
function runEngine(n: number) {
  let net = 0;
  const started = performance.now();
  for (let i = 0; i < n; i++) net += engineHand();
  const seconds = (performance.now() - started) / 1000;
  return { handsPerSecond: n / seconds, houseEdgePct: (-net / n / 1000) * 100 };
}

// Warm-up so that every path is measured optimized.
runDecider(Math.min(hands, 200_000), shoeStream(1));
runEngine(Math.min(engineHands, 5_000));

const preShuffled = Array.from({ length: 10_000 }, shoeStream(2));
let next = 0;
const simulatorRuns: ReturnType<typeof runDecider>[] = [];
const deciderRuns: ReturnType<typeof runDecider>[] = [];
const engineRuns: ReturnType<typeof runEngine>[] = [];
for (let r = 0; r < rounds; r++) {
  simulatorRuns.push(runDecider(hands, shoeStream(3 + r)));
  deciderRuns.push(runDecider(hands, () => preShuffled[next++ % preShuffled.length]));
  engineRuns.push(runEngine(engineHands));
}
const best = <T extends { handsPerSecond: number }>(runs: T[]) => runs.reduce((a, b) => (b.handsPerSecond > a.handsPerSecond ? b : a));
const median = (runs: { handsPerSecond: number }[]) => {
  const sorted = runs.map((r) => r.handsPerSecond).sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]);
};
const simulator = best(simulatorRuns);
const deciderOnly = best(deciderRuns);
const engineBlackjack = best(engineRuns);

const result = {
  node: process.version,
  hands,
  engineHands,
  rounds,
  simulatorHandsPerSecond: Math.round(simulator.handsPerSecond),
  deciderOnlyHandsPerSecond: Math.round(deciderOnly.handsPerSecond),
  engineBlackjackHandsPerSecond: Math.round(engineBlackjack.handsPerSecond),
  median: { simulator: median(simulatorRuns), deciderOnly: median(deciderRuns), engineBlackjack: median(engineRuns) },
  ratioSimulator: Math.round((simulator.handsPerSecond / engineBlackjack.handsPerSecond) * 10) / 10,
  ratioDeciderOnly: Math.round((deciderOnly.handsPerSecond / engineBlackjack.handsPerSecond) * 10) / 10,
  naiveHouseEdgePct: { simulator: simulator.houseEdgePct, deciderOnly: deciderOnly.houseEdgePct, engineBlackjack: engineBlackjack.houseEdgePct },
};
if (json) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  const f = (x: number) => Math.round(x).toLocaleString('en-US');
  process.stdout.write(
    [
      `naive strategy (hit below 17, else stand), Node ${process.version}, best of ${rounds} rounds (median)`,
      `simulator path (shuffle every 4 hands + decider) ${f(simulator.handsPerSecond).padStart(12)} hands/s (${f(result.median.simulator)})   ${hands.toLocaleString('en-US')} hands a round`,
      `production decider alone (pre-shuffled shoes)    ${f(deciderOnly.handsPerSecond).padStart(12)} hands/s (${f(result.median.deciderOnly)})`,
      `engine-blackjack 0.9.2                           ${f(engineBlackjack.handsPerSecond).padStart(12)} hands/s (${f(result.median.engineBlackjack)})   ${engineHands.toLocaleString('en-US')} hands a round`,
      `ratio simulator / engine-blackjack               ${result.ratioSimulator}x`,
      `ratio decider / engine-blackjack                 ${result.ratioDeciderOnly}x`,
      `naive house edge: ours ${simulator.houseEdgePct.toFixed(2)}%, engine-blackjack ${engineBlackjack.houseEdgePct.toFixed(2)}% (different rules; a sanity check only)`,
      '',
    ].join('\n'),
  );
}
