/**
 * npm run bench:api [-- --players 8,32] [--seconds S] [--json] — complete hands (deal, then stand or
 * answer the offer) over HTTP against the real server on PostgreSQL, many players at once, beside the
 * HTTP floor (a bare Fastify route doing only a raw single-row INSERT) and the raw INSERT itself, both
 * measured in the same run at the same concurrency. Prints hand actions/s, p50/p99 latency per action,
 * the projection lag seen on /api/health while the load runs, and the CPU each side spent per request.
 *
 * Needs DATABASE_URL; works in a fresh schema (DATABASE_SCHEMA) that it drops afterwards. Builds the
 * server (tsc -b) and starts `node server/dist/main.js` with the development identity.
 * --players (or BENCH_PLAYERS; default 32; a list runs each level in turn with new players) play
 * concurrently for --seconds (or BENCH_SECONDS; default 10), after --warmup seconds of the same play (or BENCH_WARMUP;
 * default 10) that nothing is measured in;
 * BENCH_HEALTH_MS (default 100; 0 = off) how often /api/health is polled for the lag (lagSamples: how many answers; with
 * 500 a 10 s window held about 19, and their p99 was their maximum);
 * BENCH_SERVER_NODE_ARGS passes node flags to the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof);
 * BENCH_WINDOW_MARK names a file written (the server's and the projections process's pids) when the measured play starts,
 * for a profiler attached from outside (`perf record -p`);
 * BENCH_PROJECTIONS=separate runs the API with PROJECTIONS=off beside `npm run projections` in a process of its own,
 * and reports the projections' part of an action's CPU apart (that process, and its own database backends);
 * --ceiling (with BENCH_PROJECTIONS=separate) also times one projections process catching up a backlog of the same
 * length played while it was stopped: the actions/s its live tier sustains (ceilingFloorRatio: ÷ the HTTP floor);
 * BENCH_SERVER_ROOT runs the server of another checkout (with its node_modules), to compare two builds run for run.
 *
 * Database CPU is that of this run's own PostgreSQL backends (found by their application_name) plus the
 * server's shared writers (WAL writer, checkpointer, background writer), read from /proc: other work on
 * the same PostgreSQL server is not counted. --json prints one JSON object as the last line:
 * actionsPerSecond, httpFloorPerSecond, floorRatio, serverCpuUsPerAction, databaseCpuUsPerAction, p99Ms,
 * lagP99Ms (live read models) and analyticLagP99Ms of the largest level (with BENCH_PROJECTIONS=separate also
 * projectionsServerFloorRequestsPerAction and projectionsDatabaseFloorRequestsPerAction), and every level under byPlayers.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import { PostgresEventStore } from '../server/src/adapters/event-store/postgres-event-store';
import { cpuOf, cpuSince, procCpu, SHARED_WRITERS } from './bench-cpu';

const ROOT = join(__dirname, '..');
const BET = 1_000;

interface Cell {
  label: string;
  ops: number;
  seconds: number;
  latencies: number[];
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}


/** The application_name every connection of one side of this run carries (PGAPPNAME), so its backends can be told apart. */
const RUN = randomBytes(3).toString('hex');
const APP = { server: `bench-api-${RUN}`, projections: `bench-projections-${RUN}`, raw: `bench-raw-${RUN}`, floor: `bench-floor-${RUN}` } as const;

/**
 * The PostgreSQL processes doing the work of one side: its backends (by application_name) and, unless
 * `writers` is false, the shared writers. Asked at every sample, so a connection opened meanwhile is counted
 * from the sample that finds it.
 */
async function databasePids(pool: Pool, apps: readonly string[], writers = true): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>('select pid from pg_stat_activity where application_name = any($1) or backend_type = any($2)', [apps, writers ? SHARED_WRITERS : []]);
  return rows.map((r) => r.pid);
}

interface CpuSample { server: number; database: Map<number, number>; driver: number }
async function cpuNow(pool: Pool, apps: readonly string[], pids: (number | undefined)[]): Promise<CpuSample> {
  const database = cpuOf(await databasePids(pool, apps));
  const own = process.cpuUsage();
  return { server: pids.reduce<number>((sum, pid) => sum + (pid ? procCpu(pid) : 0), 0), database, driver: (own.user + own.system) / 1e6 };
}
interface CpuPerOp { server: number; database: number; driver: number }
function cpuPerOp(from: CpuSample, to: CpuSample, ops: number): CpuPerOp {
  const us = (seconds: number) => (ops ? (seconds * 1e6) / ops : 0);
  return { server: us(to.server - from.server), database: us(cpuSince(from.database, to.database)), driver: us(to.driver - from.driver) };
}

/** With BENCH_PROJECTIONS=separate: the projections process and its own backends, the part of an action's CPU they take. */
interface ProjectionsSample { process: number; database: Map<number, number> }

/** Rows inserted, updated and deleted so far in each table of this run's schema (PostgreSQL's statistics, flushed by each backend within about 10 s of going idle). */
async function rowsWrittenNow(pool: Pool, schema: string): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ table: string; n: string }>(
    'select relname as table, n_tup_ins + n_tup_upd + n_tup_del as n from pg_stat_user_tables where schemaname = $1', [schema]);
  return new Map(rows.map((r) => [r.table, Number(r.n)]));
}

/** The read models' rows written per action between two samples, by table (the event store's own tables and the baselines' left out), and their sum. */
function rowsPerAction(from: Map<string, number>, to: Map<string, number>, actions: number): { total: number; byTable: Record<string, number> } {
  const byTable: Record<string, number> = {};
  let total = 0;
  for (const [table, n] of to) {
    if (table.startsWith('es_') || table.startsWith('bench_')) continue;
    const written = (n - (from.get(table) ?? 0)) / actions;
    if (written <= 0) continue;
    byTable[table] = Math.round(written * 100) / 100;
    total += written;
  }
  return { total: Math.round(total * 100) / 100, byTable };
}
async function projectionsCpuNow(pool: Pool, pid: number | undefined): Promise<ProjectionsSample> {
  const database = cpuOf(await databasePids(pool, [APP.projections], false));
  return { process: pid ? procCpu(pid) : 0, database };
}
function showCpu(c: CpuPerOp): string {
  return `server ${c.server.toFixed(0)} µs, database ${c.database.toFixed(0)} µs, driver ${c.driver.toFixed(0)} µs`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

interface LevelResult {
  players: number;
  actionsPerSecond: number;
  handsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  lagP50Ms: number;
  /** The live read models' lag (what a player waits for). */
  lagP99Ms: number;
  /** How many answers of /api/health the lag figures are taken over. */
  lagSamples: number;
  /** The analytic read models' lag (suspect play, player history, daily rows). */
  analyticLagP99Ms: number;
  httpFloorPerSecond: number;
  httpFloorP99Ms: number;
  floorRatio: number;
  rawInsertsPerSecond: number;
  /** Rows the read models inserted, updated or deleted per action, in all and by table. */
  readModelRowsPerAction: number;
  readModelRowsByTable: Record<string, number>;
  serverCpuUsPerAction: number;
  databaseCpuUsPerAction: number;
  driverCpuUsPerAction: number;
  floorServerCpuUsPerRequest: number;
  floorDatabaseCpuUsPerRequest: number;
  rawDatabaseCpuUsPerInsert: number;
  errors: number;
  actions: number;
  profileWindowUs: [number, number];
  /** With BENCH_PROJECTIONS=separate: the projections process's share of serverCpuUsPerAction, its backends' of databaseCpuUsPerAction. */
  projectionsServerCpuUsPerAction?: number;
  projectionsDatabaseCpuUsPerAction?: number;
  /** The same, in HTTP floor requests' CPU of the same run (server and database apart). */
  projectionsServerFloorRequestsPerAction?: number;
  projectionsDatabaseFloorRequestsPerAction?: number;
  /** With --ceiling: the actions/s one projections process's live tier catches up at (the system's ceiling), ÷ the HTTP floor. */
  ceilingActionsPerSecond?: number;
  ceilingFloorRatio?: number;
  ceilingAllTiersSeconds?: number;
}

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('bench:api needs a real PostgreSQL server: DATABASE_URL=postgres://user@host:5432/db npm run bench:api');
    return 1;
  }
  const json = process.argv.includes('--json');
  const levels = (option('players') ?? process.env.BENCH_PLAYERS ?? '32').split(',').map(Number);
  const seconds = Number(option('seconds') ?? process.env.BENCH_SECONDS ?? 10);
  // Long enough for V8 to have compiled the hot paths of the API and the projections process: with 1.5 s, a quarter of
  // the projections process's CPU in the measured window was its compiler (docs/BENCHMARKS.md, 2026-11-30 mid-morning).
  const warmup = Number(option('warmup') ?? process.env.BENCH_WARMUP ?? 10);
  if (!(warmup >= 0)) throw new Error(`--warmup must be a number of seconds, got ${option('warmup') ?? process.env.BENCH_WARMUP}`);
  if (!levels.every((n) => Number.isInteger(n) && n >= 1 && n <= 256) || !(seconds > 0 && seconds <= 120)) {
    console.error('--players (BENCH_PLAYERS) must be integers in [1, 256] and --seconds (BENCH_SECONDS) in (0, 120]');
    return 1;
  }
  // With --json everything but the last line goes to stderr.
  const log = (line = '') => (json ? process.stderr : process.stdout).write(`${line}\n`);
  const schema = `bench_api_${randomBytes(4).toString('hex')}`;
  const serverRoot = process.env.BENCH_SERVER_ROOT ?? ROOT;
  log(`Building the server (tsc -b contracts server) in ${serverRoot}…`);
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'contracts', 'server'], { cwd: serverRoot, stdio: ['ignore', json ? 2 : 'inherit', 'inherit'] });

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const separate = process.env.BENCH_PROJECTIONS === 'separate';
  const withCeiling = process.argv.includes('--ceiling');
  if (withCeiling && !separate) throw new Error('--ceiling measures the projections process: run it with BENCH_PROJECTIONS=separate');
  const poolSize = process.env.DATABASE_POOL_SIZE ?? String(2 * cpus().length);
  const serverEnv = {
      ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATABASE_SCHEMA: schema, LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bahati-bench-')), PRICE_SOURCE: 'fixed', GOOGLE_CLIENT_ID: '', EVENTSTORE_URL: '',
      // The database shares this machine's cores: twice as many connections as cores (README, DATABASE_POOL_SIZE).
      DATABASE_POOL_SIZE: poolSize,
      // The benchmark measures how fast the server plays, not the ceiling that keeps one player from flooding it.
      RATE_LIMITS: 'off',
      PGAPPNAME: APP.server,
      ...(separate ? { PROJECTIONS: 'off' } : {}),
  };
  const server: ChildProcess = spawn(process.execPath, [...serverArgs, join(serverRoot, 'server/dist/main.js')], { cwd: serverRoot, env: serverEnv, stdio: ['ignore', json ? 2 : 'inherit', 'inherit'] });
  // The API creates the schema and runs the migrations; the projections process starts once it is healthy.
  let projector: ChildProcess | null = null;
  const pool = new Pool({ connectionString: url, max: Math.max(...levels) + 4, options: `-c search_path=${schema}`, application_name: APP.raw });
  try {
    await waitForHealth(base);
    const startProjector = () =>
      spawn(process.execPath, [...serverArgs, join(serverRoot, 'server/dist/scripts/run-projections.js')], { cwd: serverRoot, env: { ...serverEnv, PGAPPNAME: APP.projections }, stdio: ['ignore', json ? 2 : 'inherit', 'inherit'] });
    if (separate) projector = startProjector();
    const { rows } = await pool.query<{ version: string }>(`select current_setting('server_version') as version`);
    log(`PostgreSQL ${rows[0]!.version}; ${cpus().length} CPU cores shared by server, driver and database; ${levels.join(', ')} players; ${seconds} s per measurement; API pool ${poolSize} connections\n`);
    await pool.query('create table bench_raw (id bigint generated always as identity primary key, payload jsonb not null)');

    const results: LevelResult[] = [];
    for (const players of levels) {
      const jwts = await Promise.all(Array.from({ length: players }, (_, i) => signIn(base, `bench-${players}-${i}-${randomUUID()}@example.com`)));
      const ids = await Promise.all(jwts.map(async (jwt) => (await call(base, jwt, 'GET', '/api/players/1234')).body.id as string));
      await fund(pool, ids);

      // Warm-up: every player plays a few hands (JIT, pools, snapshots of nothing yet).
      await drive(base, jwts, warmup);
      // Idle backends flush their table statistics within about 10 s: then the rows written before the window are counted before it.
      const quietMs = Number(process.env.BENCH_QUIET_MS ?? 11_000);
      await new Promise((r) => setTimeout(r, quietMs));
      const rowsFrom = await rowsWrittenNow(pool, schema);
      // The lag of the live read models (what a player waits for) and of the analytic ones, apart.
      const lag: number[] = [];
      const analyticLag: number[] = [];
      const healthMs = Number(process.env.BENCH_HEALTH_MS ?? 100);
      let sampling = healthMs > 0;
      const sampler = (async () => {
        type Lag = { lagMs?: number; tier?: string };
        while (sampling) {
          const body = (await call(base, null, 'GET', '/api/health')).body as { info?: { projections?: Record<string, Lag> }; error?: { projections?: Record<string, Lag> } };
          const projections = Object.values(body.info?.projections ?? body.error?.projections ?? {}).filter((p): p is Lag => typeof p === 'object' && p !== null && typeof p.lagMs === 'number');
          lag.push(Math.max(0, ...projections.filter((p) => p.tier !== 'analytic').map((p) => p.lagMs!)));
          analyticLag.push(Math.max(0, ...projections.filter((p) => p.tier === 'analytic').map((p) => p.lagMs!)));
          await new Promise((r) => setTimeout(r, healthMs));
        }
      })();
      const gameCpuFrom = await cpuNow(pool, [APP.server, APP.projections], [server.pid, projector?.pid]);
      const projectionsFrom = projector ? await projectionsCpuNow(pool, projector.pid) : null;
      const windowFrom = process.hrtime.bigint() / 1000n;
      if (process.env.BENCH_WINDOW_MARK) writeFileSync(process.env.BENCH_WINDOW_MARK, `${server.pid} ${projector?.pid ?? ''}\n`);
      const game = await drive(base, jwts, seconds);
      const windowTo = process.hrtime.bigint() / 1000n;
      const gameCpuTo = await cpuNow(pool, [APP.server, APP.projections], [server.pid, projector?.pid]);
      const projectionsTo = projector ? await projectionsCpuNow(pool, projector.pid) : null;
      sampling = false;
      await sampler;

      // BENCH_RAW=0 leaves the raw INSERT out (the floor is the figure the targets compare with).
      const withRaw = process.env.BENCH_RAW !== '0';
      if (withRaw) await rawInserts(pool, players, 1);
      const rawCpuFrom = await cpuNow(pool, [APP.raw], []);
      const raw = withRaw ? await rawInserts(pool, players, seconds) : { label: 'raw', ops: 0, seconds, latencies: [] };
      const rawCpuTo = await cpuNow(pool, [APP.raw], []);

      // The floor any HTTP endpoint pays here: a bare Fastify route that does only that raw INSERT, through
      // a pool of the API's size, driven by the same driver.
      const floor = await httpFloor(url, schema, players, seconds, Number(poolSize), pool);
      // By now (the raw inserts and the floor ran for 2 × seconds + 1) every backend of the window has flushed its statistics.
      const rows = rowsPerAction(rowsFrom, await rowsWrittenNow(pool, schema), game.actions.ops);

      // --ceiling (with BENCH_PROJECTIONS=separate): what one projections process sustains. Its process is stopped, the
      // same players play for as long again (the API answers hands from the accounts, so nothing waits for it), and the
      // live tier's catch-up over that backlog is timed from its first step to the log's head.
      const ceiling = separate && withCeiling ? await measureCeiling(pool, base, jwts, seconds, async () => {
        projector!.kill('SIGTERM');
        await new Promise((r) => projector!.once('exit', r));
      }, () => (projector = startProjector())) : null;

      const report = (c: Cell) => {
        const sorted = c.latencies.slice().sort((a, b) => a - b);
        return { perSecond: c.ops / c.seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
      };
      const actions = report(game.actions);
      const baseline = report(raw);
      const floorReport = report(floor.cell);
      const lagSorted = lag.slice().sort((a, b) => a - b);
      const analyticLagSorted = analyticLag.slice().sort((a, b) => a - b);
      const gameCpu = cpuPerOp(gameCpuFrom, gameCpuTo, game.actions.ops);
      const rawCpu = cpuPerOp(rawCpuFrom, rawCpuTo, raw.ops);
      const floorCpu = cpuPerOp(floor.from, floor.to, floor.cell.ops);
      const f = (n: number, d = 1) => n.toFixed(d);
      log(`### ${players} players`);
      log('| measure | per second | p50 ms | p99 ms |');
      log('|---|---:|---:|---:|');
      log(`| complete hands (deal + stand / offer answer) | ${f(game.hands / game.actions.seconds)} | | |`);
      log(`| hand actions (HTTP requests) | ${f(actions.perSecond)} | ${f(actions.p50, 2)} | ${f(actions.p99, 2)} |`);
      log(`| HTTP floor: bare Fastify route doing only a raw INSERT | ${f(floorReport.perSecond)} | ${f(floorReport.p50, 2)} | ${f(floorReport.p99, 2)} |`);
      log(`| raw single-row INSERT, ${players} at once | ${f(baseline.perSecond)} | ${f(baseline.p50, 2)} | ${f(baseline.p99, 2)} |`);
      log(`\nhand actions / HTTP floor: ${f(actions.perSecond / floorReport.perSecond, 3)} (target ≥ 0.5); / raw inserts: ${f(actions.perSecond / baseline.perSecond, 3)}`);
      log(`action p99: ${f(actions.p99, 2)} ms`);
      log(`live projection lag over ${lag.length} samples: p50 ${f(percentile(lagSorted, 50), 0)} ms, p99 ${f(percentile(lagSorted, 99), 0)} ms (target < 40), max ${f(lagSorted.at(-1) ?? 0, 0)} ms`);
      log(`analytic projection lag: p50 ${f(percentile(analyticLagSorted, 50), 0)} ms, p99 ${f(percentile(analyticLagSorted, 99), 0)} ms (target < 2,000), max ${f(analyticLagSorted.at(-1) ?? 0, 0)} ms`);
      log(`CPU per hand action: ${showCpu(gameCpu)} (${separate ? 'server: the API and the projections process' : 'the projections run in the server process'})`);
      const perAction = (seconds: number) => (seconds * 1e6) / game.actions.ops;
      const projectionsCpu =
        projectionsFrom && projectionsTo
          ? { server: perAction(projectionsTo.process - projectionsFrom.process), database: perAction(cpuSince(projectionsFrom.database, projectionsTo.database)) }
          : null;
      if (projectionsCpu) {
        log(`  of which the projections: process ${projectionsCpu.server.toFixed(0)} µs, its database backends ${projectionsCpu.database.toFixed(0)} µs`);
        log(`  in HTTP floor requests of the same run: server ${f(projectionsCpu.server / floorCpu.server, 2)}, database ${f(projectionsCpu.database / floorCpu.database, 2)} (targets ≤ 1.0)`);
      }
      if (ceiling) {
        log(`one projections process, live tier: caught up ${ceiling.actions} actions (${ceiling.events} events) in ${f(ceiling.liveSeconds, 2)} s: ${f(ceiling.actionsPerSecond)} actions/s, ${f(ceiling.actionsPerSecond / floorReport.perSecond, 3)} of the HTTP floor; both tiers in ${f(ceiling.allSeconds, 2)} s`);
      }
      log(`read-model rows written per action: ${rows.total} (${Object.entries(rows.byTable).sort((a, b) => b[1] - a[1]).map(([t, n]) => `${t} ${n}`).join(', ')})`);
      log(`CPU per HTTP floor request: ${showCpu(floorCpu)}`);
      log(`CPU per raw insert: ${showCpu(rawCpu)}`);
      log(`errors: ${game.errors} of ${game.actions.ops + game.errors} requests`);
      // The instants V8 stamps its samples with: \`npm run -s cpu-profile -- FILE --window A,B --per N\` reads this measurement alone.
      log(`profile window (with BENCH_SERVER_NODE_ARGS=--cpu-prof): --window ${windowFrom},${windowTo} --per ${game.actions.ops}\n`);
      const r = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
      results.push({
        players,
        actionsPerSecond: r(actions.perSecond),
        handsPerSecond: r(game.hands / game.actions.seconds),
        p50Ms: r(actions.p50, 2),
        p99Ms: r(actions.p99, 2),
        lagP50Ms: r(percentile(lagSorted, 50), 0),
        lagP99Ms: r(percentile(lagSorted, 99), 0),
        lagSamples: lag.length,
        analyticLagP99Ms: r(percentile(analyticLagSorted, 99), 0),
        httpFloorPerSecond: r(floorReport.perSecond),
        httpFloorP99Ms: r(floorReport.p99, 2),
        floorRatio: r(actions.perSecond / floorReport.perSecond, 3),
        rawInsertsPerSecond: r(baseline.perSecond),
        serverCpuUsPerAction: r(gameCpu.server, 0),
        databaseCpuUsPerAction: r(gameCpu.database, 0),
        driverCpuUsPerAction: r(gameCpu.driver, 0),
        floorServerCpuUsPerRequest: r(floorCpu.server, 0),
        floorDatabaseCpuUsPerRequest: r(floorCpu.database, 0),
        rawDatabaseCpuUsPerInsert: r(rawCpu.database, 0),
        ...(ceiling
          ? { ceilingActionsPerSecond: r(ceiling.actionsPerSecond), ceilingFloorRatio: r(ceiling.actionsPerSecond / floorReport.perSecond, 3), ceilingAllTiersSeconds: r(ceiling.allSeconds, 2) }
          : {}),
        errors: game.errors,
        actions: game.actions.ops,
        readModelRowsPerAction: rows.total,
        readModelRowsByTable: rows.byTable,
        profileWindowUs: [Number(windowFrom), Number(windowTo)],
        ...(projectionsCpu
          ? {
              projectionsServerCpuUsPerAction: r(projectionsCpu.server, 0),
              projectionsDatabaseCpuUsPerAction: r(projectionsCpu.database, 0),
              projectionsServerFloorRequestsPerAction: r(projectionsCpu.server / floorCpu.server, 2),
              projectionsDatabaseFloorRequestsPerAction: r(projectionsCpu.database / floorCpu.database, 2),
            }
          : {}),
      });
    }
    if (json) {
      const main = results.reduce((a, b) => (b.players > a.players ? b : a));
      process.stdout.write(`${JSON.stringify({ date: new Date().toISOString().slice(0, 10), seconds, warmupSeconds: warmup, ...main, byPlayers: results })}\n`);
    }
    return 0;
  } finally {
    if (projector) {
      projector.kill('SIGTERM');
      await new Promise((r) => projector!.once('exit', r));
    }
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await pool.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    await pool.end();
  }
}

async function waitForHealth(base: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** node:http with keep-alive sockets: the driver's own cost per request stays small beside the server's (fetch costs several times more). */
let agent: Agent | null = null;
function call(base: string, jwt: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: { [key: string]: unknown } & { hand?: { phase: string } } }> {
  const keepAlive = (agent ??= new Agent({ keepAlive: true, maxSockets: 512 }));
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent: keepAlive, host: url.hostname, port: url.port, path: url.pathname, method,
        headers: { ...(jwt ? { authorization: `Bearer ${jwt}` } : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as never });
          } catch (err) {
            reject(err);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIn(base: string, email: string): Promise<string> {
  const token = await call(base, null, 'POST', '/api/dev/id-token', { email });
  const login = await call(base, null, 'POST', '/api/players/login', { idToken: token.body.idToken, photoUrl: null });
  if (login.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
  return login.body.jwt as string;
}

/** Credits each account as a settled Lightning invoice would (the server's own event shapes). */
async function fund(pool: Pool, playerIds: string[]) {
  const store = new PostgresEventStore({ kysely: new Kysely({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres', schema: '', close: async () => undefined });
  const now = new Date().toISOString();
  for (const id of playerIds) {
    const invoiceId = randomUUID();
    const amount = 1_000_000_000;
    await store.appendToStream(`account-${id}`, [
      { id: randomUUID(), type: 'LightningInvoiceCreated', data: { invoiceId, amount, paymentRequest: `lnbcrt-bench-${invoiceId}`, paymentHash: randomBytes(32).toString('hex'), createdAt: now, expiresAt: now }, metadata: { correlationId: 'bench:api' } },
      { id: randomUUID(), type: 'LightningInvoiceSettled', data: { invoiceId, amount, settledAt: now }, metadata: { correlationId: 'bench:api' } },
    ]);
  }
}

/** Each player plays hands back to back until time is up. */
/**
 * The ceiling of one projections process: with it stopped (`stop`), the players play for `seconds`; it is started
 * again (`start`) and timed from the first move of a live checkpoint until every live checkpoint is at the log's head
 * (then every analytic one too). The backlog's actions over that time are what it sustains with the lag allowed to
 * grow: its steps take full batches, as they do at the ceiling.
 */
async function measureCeiling(pool: Pool, base: string, jwts: string[], seconds: number, stop: () => Promise<void>, start: () => void) {
  const health = (await call(base, null, 'GET', '/api/health')).body as { info?: { projections?: Record<string, { tier?: string }> }; error?: { projections?: Record<string, { tier?: string }> } };
  // The indicator's own fields (status, maxLagMs) sit beside the projections'.
  const tiers = Object.entries(health.info?.projections ?? health.error?.projections ?? {}).filter(([, p]) => typeof p === 'object' && p !== null);
  const live = tiers.filter(([, p]) => p.tier !== 'analytic').map(([name]) => name);
  const all = tiers.map(([name]) => name);
  await stop();
  const count = async () => Number((await pool.query<{ n: string }>('select count(*) as n from es_events')).rows[0]!.n);
  const before = await count();
  const backlog = await drive(base, jwts, seconds);
  const events = (await count()) - before;
  const head = (await pool.query<{ c: string }>(`select transaction_id::text || ':' || position as c from es_events order by transaction_id desc, position desc limit 1`)).rows[0]!.c;
  const checkpoints = async (names: string[]) =>
    new Map((await pool.query<{ name: string; checkpoint: string | null }>('select name, checkpoint from projection_checkpoints where name = any($1)', [names])).rows.map((r) => [r.name, r.checkpoint]));
  const stopped = await checkpoints(live);
  start();
  let firstMove = 0;
  let liveDone = 0;
  for (;;) {
    const now = await checkpoints(all);
    const t = performance.now();
    if (!firstMove && live.some((name) => now.get(name) !== stopped.get(name))) firstMove = t;
    if (!liveDone && live.every((name) => now.get(name) === head)) liveDone = t;
    if (liveDone && all.every((name) => now.get(name) === head)) {
      const liveSeconds = (liveDone - firstMove) / 1000;
      return { actions: backlog.actions.ops, events, liveSeconds, allSeconds: (t - firstMove) / 1000, actionsPerSecond: backlog.actions.ops / liveSeconds };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function drive(base: string, jwts: string[], seconds: number) {
  const actions: Cell = { label: 'actions', ops: 0, seconds, latencies: [] };
  let hands = 0;
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const timed = async (jwt: string, method: string, path: string, body?: unknown) => {
    const t = performance.now();
    const res = await call(base, jwt, method, path, body);
    if (res.status === 200) {
      actions.latencies.push(performance.now() - t);
      actions.ops++;
    } else errors++;
    return res;
  };
  const started = performance.now();
  await Promise.all(
    jwts.map(async (jwt) => {
      while (performance.now() < end) {
        let res = await timed(jwt, 'POST', '/api/hands', { betAmount: BET, playerSeed: null });
        for (let step = 0; res.status === 200 && res.body.hand && res.body.hand.phase !== 'Settled' && step < 4; step++) {
          const phase = res.body.hand.phase;
          const action = phase === 'InsuranceOffered' ? 'noinsurance' : phase === 'EvenMoneyOffered' ? 'noevenmoney' : 'stand';
          res = await timed(jwt, 'PUT', `/api/hands/${action}`);
        }
        if (res.status === 200 && res.body.hand?.phase === 'Settled') hands++;
      }
    }),
  );
  actions.seconds = (performance.now() - started) / 1000;
  return { actions, hands, errors };
}

/** Starts a bare Fastify server whose one route does the raw INSERT, and drives it like the game. */
async function httpFloor(url: string, schema: string, players: number, seconds: number, poolSize: number, admin: Pool) {
  const port = await freePort();
  const code = `
    const fastify = require('fastify')();
    const { Pool } = require('pg');
    const pool = new Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: Number(process.env.FLOOR_POOL), options: '-c search_path=' + process.env.FLOOR_SCHEMA, application_name: process.env.FLOOR_APP });
    const payload = JSON.stringify({ handId: '00000000-0000-4000-8000-000000000000', bet: 1000, note: 'a row the size of a small event' });
    fastify.post('/insert', async () => { await pool.query('insert into bench_raw (payload) values ($1)', [payload]); return { ok: true }; });
    fastify.listen({ port: Number(process.env.FLOOR_PORT), host: '127.0.0.1' });
    process.on('SIGTERM', () => fastify.close().then(() => pool.end()).then(() => process.exit(0)));`;
  const floorServer = spawn(process.execPath, ['-e', code], {
    cwd: ROOT,
    env: { ...process.env, FLOOR_DATABASE_URL: url, FLOOR_POOL: String(poolSize), FLOOR_SCHEMA: schema, FLOOR_PORT: String(port), FLOOR_APP: APP.floor },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        if ((await call(base, null, 'POST', '/insert', {})).status === 200) break;
      } catch {
        if (Date.now() > deadline) throw new Error('the HTTP floor server did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const run = async (secs: number) => {
      const cell: Cell = { label: 'floor', ops: 0, seconds: secs, latencies: [] };
      const end = performance.now() + secs * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: players }, async () => {
          while (performance.now() < end) {
            const t = performance.now();
            await call(base, null, 'POST', '/insert', {});
            cell.latencies.push(performance.now() - t);
            cell.ops++;
          }
        }),
      );
      cell.seconds = (performance.now() - started) / 1000;
      return cell;
    };
    await run(1);
    const from = await cpuNow(admin, [APP.floor], [floorServer.pid]);
    const cell = await run(seconds);
    return { cell, from, to: await cpuNow(admin, [APP.floor], [floorServer.pid]) };
  } finally {
    floorServer.kill('SIGTERM');
    await new Promise((r) => floorServer.once('exit', r));
  }
}

async function rawInserts(pool: Pool, concurrency: number, seconds: number): Promise<Cell> {
  const cell: Cell = { label: 'raw', ops: 0, seconds, latencies: [] };
  const end = performance.now() + seconds * 1000;
  const payload = JSON.stringify({ handId: randomUUID(), bet: BET, note: 'a row the size of a small event' });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await pool.query('insert into bench_raw (payload) values ($1)', [payload]);
        cell.latencies.push(performance.now() - t);
        cell.ops++;
      }
    }),
  );
  cell.seconds = (performance.now() - started) / 1000;
  return cell;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
