/**
 * npm run bench:api — complete hands (deal, then stand or answer the offer) over HTTP against the real
 * server on PostgreSQL, many players at once, beside a raw single-row INSERT baseline measured in the
 * same run at the same concurrency. Prints hands/s, hand actions/s, p50/p99 latency per action and the
 * projection lag seen on /api/health while the load runs.
 *
 * Needs DATABASE_URL; works in a fresh schema (DATABASE_SCHEMA) that it drops afterwards. Builds the
 * server (tsc -b) and starts `node server/dist/main.js` with the development identity.
 * BENCH_PLAYERS (default 32) players play concurrently for BENCH_SECONDS (default 10);
 * BENCH_HEALTH_MS (default 500; 0 = off) how often /api/health is polled for the lag;
 * BENCH_SERVER_NODE_ARGS passes node flags to the server (e.g. --cpu-prof);
 * BENCH_PROJECTIONS=separate runs the API with PROJECTIONS=off beside `npm run projections` in a process of its own.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import { PostgresEventStore } from '../server/src/adapters/event-store/postgres-event-store';

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

/** CPU seconds (user + system) used so far by a process, from /proc (Linux); 0 elsewhere. */
function procCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by every PostgreSQL process on this machine (the database shares its cores). */
function postgresCpu(): number {
  if (!existsSync('/proc')) return 0;
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += procCpu(Number(entry));
    } catch {
      // the process ended
    }
  }
  return total;
}

interface CpuSample { server: number; database: number; driver: number }
function cpuNow(serverPid: number | undefined, projectorPid?: number): CpuSample {
  const own = process.cpuUsage();
  return { server: (serverPid ? procCpu(serverPid) : 0) + (projectorPid ? procCpu(projectorPid) : 0), database: postgresCpu(), driver: (own.user + own.system) / 1e6 };
}
function cpuPerOp(from: CpuSample, to: CpuSample, ops: number): string {
  const us = (a: number, b: number) => (ops ? (((b - a) * 1e6) / ops).toFixed(0) : '0');
  return `server ${us(from.server, to.server)} µs, database ${us(from.database, to.database)} µs, driver ${us(from.driver, to.driver)} µs`;
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

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('bench:api needs a real PostgreSQL server: DATABASE_URL=postgres://user@host:5432/db npm run bench:api');
    return 1;
  }
  const players = Number(process.env.BENCH_PLAYERS ?? 32);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  if (!(Number.isInteger(players) && players >= 1 && players <= 256) || !(seconds > 0 && seconds <= 120)) {
    console.error('BENCH_PLAYERS must be an integer in [1, 256] and BENCH_SECONDS in (0, 120]');
    return 1;
  }
  const schema = `bench_api_${randomBytes(4).toString('hex')}`;
  console.log('Building the server (tsc -b contracts server)…');
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'contracts', 'server'], { cwd: ROOT, stdio: 'inherit' });

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const separate = process.env.BENCH_PROJECTIONS === 'separate';
  const serverEnv = {
      ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATABASE_SCHEMA: schema, LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bahati-bench-')), PRICE_SOURCE: 'fixed', GOOGLE_CLIENT_ID: '', EVENTSTORE_URL: '',
      // The database shares this machine's cores: twice as many connections as cores (README, DATABASE_POOL_SIZE).
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? String(2 * cpus().length),
      // The benchmark measures how fast the server plays, not the ceiling that keeps one player from flooding it.
      RATE_LIMITS: 'off',
      ...(separate ? { PROJECTIONS: 'off' } : {}),
  };
  const server: ChildProcess = spawn(process.execPath, [...serverArgs, join(ROOT, 'server/dist/main.js')], { cwd: ROOT, env: serverEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  // The API creates the schema and runs the migrations; the projections process starts once it is healthy.
  let projector: ChildProcess | null = null;
  const pool = new Pool({ connectionString: url, max: players + 4, options: `-c search_path=${schema}` });
  try {
    await waitForHealth(base);
    if (separate) {
      projector = spawn(process.execPath, [...serverArgs, join(ROOT, 'server/dist/scripts/run-projections.js')], { cwd: ROOT, env: serverEnv, stdio: ['ignore', 'inherit', 'inherit'] });
    }
    const { rows } = await pool.query<{ version: string }>(`select current_setting('server_version') as version`);
    console.log(`PostgreSQL ${rows[0]!.version}; ${cpus().length} CPU cores shared by server, driver and database; ${players} players; ${seconds} s per measurement; API pool ${process.env.DATABASE_POOL_SIZE ?? 2 * cpus().length} connections\n`);

    const jwts = await Promise.all(Array.from({ length: players }, (_, i) => signIn(base, `bench-${i}-${randomUUID()}@example.com`)));
    const ids = await Promise.all(jwts.map(async (jwt) => (await call(base, jwt, 'GET', '/api/players/1234')).body.id as string));
    await fund(pool, ids);

    // Warm-up: every player plays a few hands (JIT, pools, snapshots of nothing yet).
    await drive(base, jwts, 1.5);
    const lag: number[] = [];
    const healthMs = Number(process.env.BENCH_HEALTH_MS ?? 500);
    let sampling = healthMs > 0;
    const sampler = (async () => {
      while (sampling) {
        const body = (await call(base, null, 'GET', '/api/health')).body as { info?: { projections?: Record<string, { lagMs?: number }> }; error?: { projections?: Record<string, { lagMs?: number }> } };
        const projections = body.info?.projections ?? body.error?.projections ?? {};
        lag.push(Math.max(0, ...Object.values(projections).map((p) => (typeof p === 'object' && p && typeof p.lagMs === 'number' ? p.lagMs : 0))));
        await new Promise((r) => setTimeout(r, healthMs));
      }
    })();
    const gameCpuFrom = cpuNow(server.pid, projector?.pid);
    const game = await drive(base, jwts, seconds);
    const gameCpuTo = cpuNow(server.pid, projector?.pid);
    sampling = false;
    await sampler;

    await pool.query('create table bench_raw (id bigint generated always as identity primary key, payload jsonb not null)');
    await rawInserts(pool, players, 1);
    const rawCpuFrom = cpuNow(undefined);
    const raw = await rawInserts(pool, players, seconds);
    const rawCpuTo = cpuNow(undefined);

    // The floor any HTTP endpoint pays here: a bare Fastify route that does only that raw INSERT, through
    // a pool of the API's size, driven by the same driver.
    const floor = await httpFloor(url, schema, players, seconds, Number(serverEnv.DATABASE_POOL_SIZE));

    const report = (c: Cell) => {
      const sorted = c.latencies.slice().sort((a, b) => a - b);
      return { perSecond: c.ops / c.seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    };
    const actions = report(game.actions);
    const baseline = report(raw);
    const floorReport = report(floor.cell);
    const lagSorted = lag.slice().sort((a, b) => a - b);
    const f = (n: number, d = 1) => n.toFixed(d);
    console.log('| measure | per second | p50 ms | p99 ms |');
    console.log('|---|---:|---:|---:|');
    console.log(`| complete hands (deal + stand / offer answer) | ${f(game.hands / game.actions.seconds)} | | |`);
    console.log(`| hand actions (HTTP requests) | ${f(actions.perSecond)} | ${f(actions.p50, 2)} | ${f(actions.p99, 2)} |`);
    console.log(`| raw single-row INSERT, ${players} at once | ${f(baseline.perSecond)} | ${f(baseline.p50, 2)} | ${f(baseline.p99, 2)} |`);
    console.log(`| HTTP floor: bare Fastify route doing only that INSERT | ${f(floorReport.perSecond)} | ${f(floorReport.p50, 2)} | ${f(floorReport.p99, 2)} |`);
    console.log(`\nhand actions / raw inserts: ${f(actions.perSecond / baseline.perSecond, 3)} (target ≥ 0.35); the HTTP floor reaches ${f(floorReport.perSecond / baseline.perSecond, 3)}`);
    console.log(`action p99: ${f(actions.p99, 2)} ms (target < 25)`);
    console.log(`projection lag over ${lag.length} samples: p50 ${f(percentile(lagSorted, 50), 0)} ms, p99 ${f(percentile(lagSorted, 99), 0)} ms, max ${f(lagSorted.at(-1) ?? 0, 0)} ms (target p99 < 100)`);
    console.log(`CPU per hand action: ${cpuPerOp(gameCpuFrom, gameCpuTo, game.actions.ops)} (${separate ? 'server: the API and the projections process' : 'the projections run in the server process'})`);
    console.log(`CPU per raw insert: ${cpuPerOp(rawCpuFrom, rawCpuTo, raw.ops)}`);
    console.log(`CPU per HTTP floor request: ${cpuPerOp(floor.from, floor.to, floor.cell.ops)}`);
    console.log(`errors: ${game.errors} of ${game.actions.ops + game.errors} requests`);
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
async function httpFloor(url: string, schema: string, players: number, seconds: number, poolSize: number) {
  const port = await freePort();
  const code = `
    const fastify = require('fastify')();
    const { Pool } = require('pg');
    const pool = new Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: Number(process.env.FLOOR_POOL), options: '-c search_path=' + process.env.FLOOR_SCHEMA });
    const payload = JSON.stringify({ handId: '00000000-0000-4000-8000-000000000000', bet: 1000, note: 'a row the size of a small event' });
    fastify.post('/insert', async () => { await pool.query('insert into bench_raw (payload) values ($1)', [payload]); return { ok: true }; });
    fastify.listen({ port: Number(process.env.FLOOR_PORT), host: '127.0.0.1' });
    process.on('SIGTERM', () => fastify.close().then(() => pool.end()).then(() => process.exit(0)));`;
  const floorServer = spawn(process.execPath, ['-e', code], {
    cwd: ROOT,
    env: { ...process.env, FLOOR_DATABASE_URL: url, FLOOR_POOL: String(poolSize), FLOOR_SCHEMA: schema, FLOOR_PORT: String(port) },
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
    const from = cpuNow(floorServer.pid);
    const cell = await run(seconds);
    return { cell, from, to: cpuNow(floorServer.pid) };
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
