/**
 * Plays N hands with basic strategy through the production hand decider and reports the house edge.
 *   npm run -s simulate -- --hands N [--level L] [--seed S] [--bet B] [--strategy basic|naive] [--versus L2]
 *                          [--shuffle fast|provable] [--workers W] [--json]
 * Shoes come from one xoshiro128** stream seeded with SHA-256(seed), a fixed number of words per
 * shoe, so a run with the same arguments replays exactly, runs at different levels with the same
 * seed play the same shoes, and shoe k is the same whichever thread deals it. --shuffle fast (the
 * default) shuffles each shoe exactly uniformly with its own xoshiro128** and Lemire's bounded
 * integers, as far as the hands deal it (server/src/domain/simulation/shoes.ts); --shuffle provable
 * shuffles it as production does (MT19937 from a player and a house seed). The run is cut into parts
 * of PART_SHOES shoes played by W worker threads (default: the machine's cores) and added up
 * exactly: every total is an integer sum, so any W gives the totals of --workers 1. --versus also
 * plays every shoe at level L2 and reports the difference in edge paired shoe by shoe, whose
 * standard error is far smaller than either edge's.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { MAX_BET, MIN_BET } from '@bahati/contracts';
import { LEVEL_RULES, MAX_LEVEL } from '@bahati/contracts';
import { emptyResult, mergeResults, PartPlayer, type PartResult, planParts, type RunPart, type RunSettings } from '../server/src/domain/simulation/run';
import { summarize, valueOf } from '../server/src/domain/simulation/simulator';

/** Shoes per part: small enough that two workers finish together, large enough that messages cost nothing. */
const PART_SHOES = 2500;

function usage(message: string): never {
  process.stderr.write(
    `simulate: ${message}\nusage: npm run -s simulate -- --hands N [--level 0-${MAX_LEVEL}] [--seed S] [--bet sats] [--strategy basic|naive] [--versus 0-${MAX_LEVEL}] [--shuffle fast|provable] [--workers W] [--json]\n`,
  );
  process.exit(2);
}

function parseArgs(argv: readonly string[]) {
  const opts = {
    hands: 1_000_000,
    level: 0,
    seed: 'bahati',
    bet: 1000,
    strategy: 'basic' as 'basic' | 'naive',
    json: false,
    progress: false,
    versus: null as number | null,
    shuffle: 'fast' as 'fast' | 'provable',
    workers: availableParallelism(),
  };
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
      case '--strategy': {
        const strategy = value();
        if (strategy !== 'basic' && strategy !== 'naive') usage('--strategy is basic or naive');
        opts.strategy = strategy;
        break;
      }
      case '--shuffle': {
        const shuffle = value();
        if (shuffle !== 'fast' && shuffle !== 'provable') usage('--shuffle is fast or provable');
        opts.shuffle = shuffle;
        break;
      }
      case '--workers':
        opts.workers = int(1, 256);
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

interface WorkerInit {
  settings: RunSettings;
}
type ToWorker = { part: RunPart } | { done: true };
type FromWorker = { ready: true } | { result: PartResult };

if (!isMainThread) {
  const { settings } = workerData as WorkerInit;
  const player = new PartPlayer(settings);
  parentPort!.on('message', (message: ToWorker) => {
    if ('done' in message) {
      parentPort!.close();
      return;
    }
    parentPort!.postMessage({ result: player.play(message.part) } satisfies FromWorker);
  });
  parentPort!.postMessage({ ready: true } satisfies FromWorker);
} else {
  void main();
}

/**
 * Plays the parts on `workers` threads, two parts in flight each, and adds up what comes back.
 * Resolves with the time the first part was sent: once every worker has loaded its code.
 */
function playOnWorkers(settings: RunSettings, parts: RunPart[], workers: number, onResult: (r: PartResult) => void): Promise<number> {
  let next = 0;
  let running = 0;
  let ready = 0;
  let started = 0;
  const sends: (() => void)[] = [];
  return new Promise((resolve, reject) => {
    for (let w = 0; w < workers; w++) {
      // The worker loads this file through tsx, with the tsconfig the npm script gave (TSX_TSCONFIG_PATH).
      const worker = new Worker(`require('tsx/cjs'); require(${JSON.stringify(__filename)});`, {
        eval: true,
        workerData: { settings } satisfies WorkerInit,
      });
      running++;
      let inFlight = 0;
      const send = () => {
        while (inFlight < 2 && next < parts.length) {
          worker.postMessage({ part: parts[next++] } satisfies ToWorker);
          inFlight++;
        }
        if (inFlight === 0) worker.postMessage({ done: true } satisfies ToWorker);
      };
      sends.push(send);
      worker.on('message', (message: FromWorker) => {
        if ('ready' in message) {
          if (++ready === workers) {
            started = performance.now();
            for (const start of sends) start();
          }
          return;
        }
        inFlight--;
        onResult(message.result);
        send();
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (code !== 0) reject(new Error(`a simulation worker exited with code ${code}`));
        else if (--running === 0) resolve(started);
      });
    }
  });
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const digest = createHash('sha256').update(`bahati-simulate:${opts.seed}`).digest();
  const settings: RunSettings = {
    seedWords: [digest.readUInt32LE(0), digest.readUInt32LE(4), digest.readUInt32LE(8), digest.readUInt32LE(12)],
    shuffle: opts.shuffle,
    level: opts.level,
    bet: opts.bet,
    strategy: opts.strategy,
    versus: opts.versus,
  };
  const parts = planParts(opts.hands, PART_SHOES);
  const workers = Math.min(opts.workers, parts.length);
  const run = emptyResult(settings);
  let progressAt = 4_000_000;
  const add = (r: PartResult) => {
    mergeResults(run, r);
    if (opts.progress && run.totals.hands >= progressAt && run.totals.hands < opts.hands) {
      progressAt += 4_000_000;
      const s = summarize(run.totals);
      process.stderr.write(`${run.totals.hands} hands, edge ${s.houseEdgePct.toFixed(4)}% ± ${s.stdErrorPct.toFixed(4)}\n`);
    }
  };

  const launched = performance.now();
  const cpuBefore = process.cpuUsage();
  let started = launched;
  if (workers <= 1) {
    const player = new PartPlayer(settings);
    for (const part of parts) add(player.play(part));
  } else {
    started = await playOnWorkers(settings, parts, workers, add);
  }
  const ended = performance.now();
  const cpu = process.cpuUsage(cpuBefore);
  report(opts, run, workers, {
    elapsed: (ended - started) / 1000,
    startup: (started - launched) / 1000,
    cpu: (cpu.user + cpu.system) / 1e6,
  });
}

/** `elapsed`: playing, from the first part sent; `startup`: the workers loading their code; `cpu`: every thread's CPU time, start-up included. */
function report(opts: ReturnType<typeof parseArgs>, run: PartResult, workers: number, time: { elapsed: number; startup: number; cpu: number }): void {
  const elapsed = time.elapsed;
  const summary = summarize(run.totals);
  const versus = run.versus;
  const versusResult =
    versus === null
      ? undefined
      : (() => {
          const other = summarize(versus.totals);
          const bet = opts.bet;
          const meanPerShoe = versus.diff / bet / versus.shoes;
          const variance = (Number(valueOf(versus.diffSquared)) / (bet * bet) - versus.shoes * meanPerShoe * meanPerShoe) / (versus.shoes - 1);
          return {
            level: opts.versus,
            rules: LEVEL_RULES[opts.versus!],
            houseEdgePct: other.houseEdgePct,
            stdErrorPct: other.stdErrorPct,
            /** Edge at --versus minus edge at --level, paired by shoe. */
            differencePct: (-versus.diff / bet / summary.hands) * 100,
            differenceStdErrorPct: ((Math.sqrt(variance / versus.shoes) * versus.shoes) / summary.hands) * 100,
          };
        })();
  const t = run.totals;
  const result = {
    ...summary,
    handsPerSecond: Math.round(summary.hands / elapsed),
    elapsedSeconds: Math.round(elapsed * 100) / 100,
    /** Time the worker threads took to load before the first hand (not in elapsedSeconds). */
    startupSeconds: Math.round(time.startup * 100) / 100,
    /** Hands per second of CPU time over all threads, start-up included: steadier than handsPerSecond on a busy machine. */
    handsPerCpuSecond: Math.round(summary.hands / time.cpu),
    shuffle: opts.shuffle,
    workers,
    level: opts.level,
    rules: LEVEL_RULES[opts.level],
    strategy: opts.strategy,
    seed: opts.seed,
    bet: opts.bet,
    /** The exact sums every figure above comes from (satoshis; netSquared in satoshis², as text). */
    totals: {
      net: t.net,
      netSquared: valueOf(t.netSquared).toString(),
      totalBet: t.totalBet,
      blackjacks: t.blackjacks,
      wins: t.wins,
      pushes: t.pushes,
      losses: t.losses,
    },
    firstShoe: run.firstShoe ?? undefined,
    versus: versusResult,
  };

  if (opts.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const n = (x: number, digits = 0) => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  process.stdout.write(
    [
      `hands              ${n(summary.hands)}`,
      `level              ${opts.level} ${JSON.stringify(LEVEL_RULES[opts.level])}`,
      `strategy           ${opts.strategy}, bet ${n(opts.bet)} sats, seed ${JSON.stringify(opts.seed)}, ${opts.shuffle} shuffle`,
      `house edge         ${summary.houseEdgePct.toFixed(4)}% ± ${summary.stdErrorPct.toFixed(4)}% (1 standard error)`,
      `SD per hand        ${summary.sdPerHand.toFixed(4)} bets`,
      `avg total bet      ${summary.avgTotalBetPerHand.toFixed(4)} bets per hand`,
      `by hand of shoe    ${summary.houseEdgeByHandOfShoe.map((d, i) => `#${i + 1} ${d.houseEdgePct.toFixed(3)}% ± ${d.stdErrorPct.toFixed(3)}`).join(', ')}`,
      ...(versusResult === undefined
        ? []
        : [
            `versus level ${versusResult.level}    ${versusResult.houseEdgePct.toFixed(4)}% ± ${versusResult.stdErrorPct.toFixed(4)}%; difference ${versusResult.differencePct.toFixed(4)} ± ${versusResult.differenceStdErrorPct.toFixed(4)} points (paired by shoe)`,
          ]),
      `hands per second   ${n(result.handsPerSecond)} on ${workers} thread${workers === 1 ? '' : 's'}${versusResult === undefined ? '' : ' (of --level; --versus doubles the work)'}; ${n(result.handsPerCpuSecond)} per CPU second`,
      '',
    ].join('\n'),
  );
}
