/**
 * Plays N hands with basic strategy through the production hand decider and reports the house edge.
 *   npm run -s simulate -- --hands N [--level L] [--seed S] [--bet B] [--strategy basic|naive] [--versus L2] [--json]
 * Shoes are real 4-hand shoes: seeds come from xoshiro128** seeded with SHA-256(seed), so a run
 * with the same arguments replays exactly, and runs at different levels with the same seed play
 * the same shoes. --versus also plays every shoe at level L2 and reports the difference in edge
 * paired shoe by shoe, whose standard error is far smaller than either edge's.
 */
import { createHash } from 'node:crypto';
import { encodeSeed, HANDS_PER_SHOE, MAX_BET, MIN_BET, shuffleShoeFromBytes } from '@bahati/contracts';
import { LEVEL_RULES, MAX_LEVEL } from '@bahati/contracts';
import { Xoshiro128 } from '../server/src/domain/simulation/prng';
import {
  basicStrategyForLevel,
  emptyTotals,
  naivePolicy,
  simulate,
  type SimulationTotals,
  summarize,
} from '../server/src/domain/simulation/simulator';

function usage(message: string): never {
  process.stderr.write(
    `simulate: ${message}\nusage: npm run -s simulate -- --hands N [--level 0-${MAX_LEVEL}] [--seed S] [--bet sats] [--strategy basic|naive] [--versus 0-${MAX_LEVEL}] [--json]\n`,
  );
  process.exit(2);
}

function parseArgs(argv: readonly string[]) {
  const opts = { hands: 1_000_000, level: 0, seed: 'bahati', bet: 1000, strategy: 'basic', json: false, progress: false, versus: null as number | null };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) usage(`${flag} needs a value`);
      return v;
    };
    const int = (min: number, max: number): number => {
      const text = value().replace(/_/g, '');
      const n = /^\d+(e\d+)?$/i.test(text) ? Number(text) : NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) usage(`${flag} must be an integer from ${min} to ${max}`);
      return n;
    };
    switch (flag) {
      case '--hands':
        opts.hands = int(1, Number.MAX_SAFE_INTEGER);
        break;
      case '--level':
        opts.level = int(0, MAX_LEVEL);
        break;
      case '--seed':
        opts.seed = value();
        break;
      case '--bet':
        opts.bet = int(MIN_BET, MAX_BET);
        break;
      case '--strategy':
        opts.strategy = value();
        if (opts.strategy !== 'basic' && opts.strategy !== 'naive') usage('--strategy is basic or naive');
        break;
      case '--versus':
        opts.versus = int(0, MAX_LEVEL);
        break;
      case '--json':
        opts.json = true;
        break;
      case '--progress':
        opts.progress = true;
        break;
      default:
        usage(`unknown option ${flag}`);
    }
  }
  return opts;
}

const opts = parseArgs(process.argv.slice(2));
const digest = createHash('sha256').update(`bahati-simulate:${opts.seed}`).digest();
const rng = new Xoshiro128([digest.readUInt32LE(0), digest.readUInt32LE(4), digest.readUInt32LE(8), digest.readUInt32LE(12)]);
const playerSeed = new Uint8Array(32);
const houseSeed = new Uint8Array(32);
let firstShoe: { playerSeed: string; houseSeed: string } | null = null;
const nextShoe = () => {
  rng.fill(playerSeed);
  rng.fill(houseSeed);
  firstShoe ??= { playerSeed: encodeSeed(playerSeed), houseSeed: encodeSeed(houseSeed) };
  return shuffleShoeFromBytes(playerSeed, houseSeed);
};
const policyFor = (level: number) => (opts.strategy === 'basic' ? basicStrategyForLevel(level) : naivePolicy);
const policy = policyFor(opts.level);

const started = performance.now();
const chunk = 4_000_000;
let totals: SimulationTotals = emptyTotals(opts.bet);
let versus: { totals: SimulationTotals; diff: number; diffSquared: number; shoes: number } | null = null;
if (opts.versus === null) {
  for (let done = 0; done < opts.hands; ) {
    const n = Math.min(chunk, opts.hands - done);
    totals = simulate({ hands: n, level: opts.level, bet: opts.bet, policy, nextShoe }, totals);
    done += n;
    if (opts.progress && done < opts.hands) {
      const s = summarize(totals);
      process.stderr.write(`${done} hands, edge ${s.houseEdgePct.toFixed(4)}% ± ${s.stdErrorPct.toFixed(4)}\n`);
    }
  }
} else {
  const other = opts.versus;
  const otherPolicy = policyFor(other);
  versus = { totals: emptyTotals(opts.bet), diff: 0, diffSquared: 0, shoes: 0 };
  let shoe: ArrayLike<number> = [];
  const sameShoe = () => shoe;
  for (let done = 0; done < opts.hands; done += HANDS_PER_SHOE) {
    shoe = nextShoe();
    const hands = Math.min(HANDS_PER_SHOE, opts.hands - done);
    const a = totals.net;
    const b = versus.totals.net;
    simulate({ hands, level: opts.level, bet: opts.bet, policy, nextShoe: sameShoe }, totals);
    simulate({ hands, level: other, bet: opts.bet, policy: otherPolicy, nextShoe: sameShoe }, versus.totals);
    const d = (versus.totals.net - b - (totals.net - a)) / opts.bet;
    versus.diff += d;
    versus.diffSquared += d * d;
    versus.shoes++;
  }
}
const elapsed = (performance.now() - started) / 1000;
const summary = summarize(totals);
const versusResult =
  versus === null
    ? undefined
    : (() => {
        const other = summarize(versus.totals);
        const meanPerShoe = versus.diff / versus.shoes;
        const variance = (versus.diffSquared - versus.shoes * meanPerShoe * meanPerShoe) / (versus.shoes - 1);
        return {
          level: opts.versus,
          rules: LEVEL_RULES[opts.versus!],
          houseEdgePct: other.houseEdgePct,
          stdErrorPct: other.stdErrorPct,
          /** Edge at --versus minus edge at --level, paired by shoe. */
          differencePct: (-versus.diff / summary.hands) * 100,
          differenceStdErrorPct: ((Math.sqrt(variance / versus.shoes) * versus.shoes) / summary.hands) * 100,
        };
      })();
const result = {
  ...summary,
  handsPerSecond: Math.round(summary.hands / elapsed),
  elapsedSeconds: Math.round(elapsed * 10) / 10,
  level: opts.level,
  rules: LEVEL_RULES[opts.level],
  strategy: opts.strategy,
  seed: opts.seed,
  bet: opts.bet,
  firstShoe,
  versus: versusResult,
};

if (opts.json) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  const n = (x: number, digits = 0) => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  process.stdout.write(
    [
      `hands              ${n(summary.hands)}`,
      `level              ${opts.level} ${JSON.stringify(LEVEL_RULES[opts.level])}`,
      `strategy           ${opts.strategy}, bet ${n(opts.bet)} sats, seed ${JSON.stringify(opts.seed)}`,
      `house edge         ${summary.houseEdgePct.toFixed(4)}% ± ${summary.stdErrorPct.toFixed(4)}% (1 standard error)`,
      `SD per hand        ${summary.sdPerHand.toFixed(4)} bets`,
      `avg total bet      ${summary.avgTotalBetPerHand.toFixed(4)} bets per hand`,
      `by hand of shoe    ${summary.houseEdgeByHandOfShoe.map((d, i) => `#${i + 1} ${d.houseEdgePct.toFixed(3)}% ± ${d.stdErrorPct.toFixed(3)}`).join(', ')}`,
      ...(versusResult === undefined
        ? []
        : [
            `versus level ${versusResult.level}    ${versusResult.houseEdgePct.toFixed(4)}% ± ${versusResult.stdErrorPct.toFixed(4)}%; difference ${versusResult.differencePct.toFixed(4)} ± ${versusResult.differenceStdErrorPct.toFixed(4)} points (paired by shoe)`,
          ]),
      `hands per second   ${n(result.handsPerSecond)}${versusResult === undefined ? '' : ' (of --level; --versus doubles the work)'}`,
      '',
    ].join('\n'),
  );
}
