/**
 * npm run test:chaos — the load-and-fault suite, against the PostgreSQL server of DATABASE_URL.
 *
 * Two API instances (PROJECTIONS=off) and a projections process of their own share one database schema.
 * 16 players play hands, deposit and withdraw against both instances for CHAOS_SECONDS (default 60) with
 * an admin approving and declining withdrawals; meanwhile each API instance is killed with SIGKILL and
 * started again, and so is the projections process. Then, from the event store itself:
 *   - every acknowledged action (a 200 answer) is stored, with the bank that was answered;
 *   - no account ever went below 0, no withdrawal was paid twice or paid after its refund, however the
 *     two instances raced;
 *   - every open hand can be finished;
 *   - bank = ledger = events for every player;
 *   - every read model equals a rebuild of it from the events.
 * Prints its figures and, last, one JSON line; exits 1 if anything did not hold.
 *
 * Settings: DATABASE_URL (required), CHAOS_SECONDS, CHAOS_PLAYERS (default 16), CHAOS_KEEP=1 keeps the
 * schema and the logs. Needs the built server (npm run build, or tsc -b contracts server).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { openEventStore, openReadModels } from '../../server/src/app/storage';
import { loadConfig } from '../../server/src/config/config';
import { allProjections } from '../../server/src/projections';
import { ProjectionRunner } from '../../server/src/projections/runner';
import type { ReadModels } from '../../server/src/projections/schema';
import { type StoredEvent, type Violation, accounts, bankLedgerMismatches, foldedBanks, lostAcknowledgements, moneyViolations, readModelDifferences } from './checks';
import { Load, type Player } from './load';
import { ApiInstance, Managed, ROOT, freePort } from './processes';

const ADMIN = 'chaos-admin@bahati.test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function log(line: string) {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { json: { type: 'boolean' } } });
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('test:chaos needs a real PostgreSQL server: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:chaos');
    return 1;
  }
  const seconds = Number(process.env.CHAOS_SECONDS ?? 60);
  const playerCount = Number(process.env.CHAOS_PLAYERS ?? 16);
  if (!(seconds >= 10 && seconds <= 600) || !(Number.isInteger(playerCount) && playerCount >= 2 && playerCount <= 64)) {
    console.error('CHAOS_SECONDS must be in [10, 600] and CHAOS_PLAYERS an integer in [2, 64]');
    return 1;
  }
  if (!existsSync(join(ROOT, 'server/dist/main.js')) || !existsSync(join(ROOT, 'client/dist/index.html'))) {
    log('Building the server (tsc -b contracts server)…');
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'contracts', 'server'], { cwd: ROOT, stdio: 'inherit' });
  }

  const schema = `chaos_${randomBytes(4).toString('hex')}`;
  const workDir = mkdtempSync(join(tmpdir(), 'bahati-chaos-'));
  // Both instances sign and check the same session tokens.
  const jwtSecret = randomBytes(32).toString('hex');
  // …and open the house seeds the other sealed.
  const houseSeedKey = randomBytes(32).toString('base64');
  const { REDIS_URL: _redis, ...inherited } = process.env;
  const env = (name: string): NodeJS.ProcessEnv => ({
    ...inherited,
    NODE_ENV: 'test', DATABASE_URL: url, DATABASE_SCHEMA: schema, DATABASE_POOL_SIZE: '8', EVENTSTORE_URL: '', GOOGLE_CLIENT_ID: '',
    DATA_DIR: join(workDir, name), JWT_SECRET: jwtSecret, HOUSE_SEED_KEY: houseSeedKey, ADMIN_EMAILS: ADMIN, PRICE_SOURCE: 'fixed', LOG_LEVEL: 'warn',
    // The run measures what survives faults, not the ceilings that keep one player from flooding the site.
    RATE_LIMITS: 'off', PROJECTIONS: 'off',
    // One admin decides every request: none may need a second admin's approval.
    WITHDRAW_SECOND_APPROVAL_SATS: '2100000000000000',
  });
  const [portA, portB] = [await freePort(), await freePort()];
  const a = new ApiInstance('api-a', portA, env('a'), join(workDir, 'api-a.log'));
  const b = new ApiInstance('api-b', portB, env('b'), join(workDir, 'api-b.log'));
  const projections = new Managed('projections', 'server/dist/scripts/run-projections.js', env('projections'), join(workDir, 'projections.log'));
  const startedAt = Date.now();
  const violations: Violation[] = [];
  const report: Record<string, unknown> = { seconds, players: playerCount };
  let load: Load | null = null;

  try {
    log(`Schema ${schema}; logs in ${workDir}`);
    // One instance creates the schema and runs the migrations; then the others start.
    a.start();
    await a.waitHealthy();
    b.start();
    projections.start();
    await b.waitHealthy();
    load = new Load([a, b]);

    log(`Signing in ${playerCount} players and the admin, verifying phones, first deposits`);
    const admin = await signIn(a, ADMIN);
    const players: Player[] = [];
    for (let i = 0; i < playerCount; i++) {
      const email = `chaos-${i}@bahati.test`;
      const jwt = await signIn(a, email);
      const id = (await a.call('GET', '/api/players/1234', { jwt })).body.id as string;
      await verifyPhone(a, jwt, `+1415557${String(1000 + i).padStart(4, '0')}`);
      players.push({ email, id, jwt });
    }

    log(`Load for ${seconds} s: ${playerCount} players on both instances, the admin deciding withdrawals`);
    const running = [...players.map((p, i) => load!.player(p, 1000 + i)), load.admin(admin, 7)];
    const loadStart = Date.now();
    const when = (fraction: number) => sleep(Math.max(0, loadStart + fraction * seconds * 1000 - Date.now()));
    const faults: string[] = [];
    const fault = async (fraction: number, what: string, act: () => Promise<void>) => {
      await when(fraction);
      log(what);
      faults.push(`${((Date.now() - loadStart) / 1000).toFixed(1)} s: ${what}`);
      await act();
    };
    await fault(0.25, 'kill -9 api-b', () => b.kill9());
    await fault(0.33, 'restart api-b', async () => {
      b.start();
      await b.waitHealthy();
    });
    await fault(0.45, 'kill -9 the projections process', () => projections.kill9());
    await fault(0.53, 'restart the projections process', async () => projections.start());
    await fault(0.65, 'kill -9 api-a', () => a.kill9());
    await fault(0.72, 'restart api-a', async () => {
      a.start();
      await a.waitHealthy();
    });
    await when(1);
    load.stopping = true;
    await Promise.all(running);
    const loadSeconds = (Date.now() - loadStart) / 1000;
    log(`Load stopped after ${loadSeconds.toFixed(1)} s: ${load.stats.acknowledged} actions acknowledged of ${load.stats.requests} requests`);
    for (const p of load.stats.problems) violations.push({ check: 'answers', detail: p });

    log('Finishing every open hand');
    const unfinished = await finishOpenHands(a, players);
    for (const u of unfinished) violations.push({ check: 'every open hand can be finished', detail: u });

    // The checks read the events themselves, and the read models once every projection has caught up.
    const config = loadConfig({ ...env('checks'), LOG_LEVEL: 'silent' });
    const database = await openReadModels({ ...config, databasePoolSize: 4 });
    const store = await openEventStore(config, database);
    const db = database.kysely as Kysely<ReadModels>;
    try {
      const runner = new ProjectionRunner(db, store, allProjections({ suspect: config.suspect }));
      await runner.init();
      await runner.catchUp();
      await projections.stop();
      await runner.catchUp();

      const events = await storedEvents(db as unknown as Kysely<unknown>);
      const byAccount = accounts(events);
      violations.push(...lostAcknowledgements(load.acks, byAccount));
      violations.push(...moneyViolations(byAccount));
      const banks = new Map((await db.selectFrom('banks').select(['player_id', 'bank']).execute()).map((r) => [r.player_id, Number(r.bank)]));
      const ledger = new Map(
        (await db.selectFrom('ledger_entries').select(['player_id', sql<string>`sum(amount)`.as('total')]).groupBy('player_id').execute()).map((r) => [r.player_id, Number(r.total)]),
      );
      violations.push(...bankLedgerMismatches(foldedBanks(byAccount), banks, ledger));

      log('Rebuilding every read model from the events and comparing');
      const tables = [...new Set(runner.projections.flatMap((p) => p.tables))].sort();
      const live = await dumpTables(db as unknown as Kysely<unknown>, tables);
      const rebuiltEvents = await runner.rebuild();
      const rebuilt = await dumpTables(db as unknown as Kysely<unknown>, tables);
      violations.push(...readModelDifferences(live, rebuilt));

      Object.assign(report, {
        loadSeconds: Number(loadSeconds.toFixed(1)),
        requests: load.stats.requests,
        acknowledged: load.stats.acknowledged,
        lost: violations.filter((v) => v.check === 'acknowledged action stored').length,
        kills: a.kills + b.kills + projections.kills,
        networkFailures: load.stats.networkFailures,
        refused: load.stats.refused,
        hands: load.stats.hands,
        deposits: load.stats.deposits,
        withdrawals: load.stats.withdrawals,
        approvals: load.stats.approvals,
        declines: load.stats.declines,
        cancels: load.stats.cancels,
        repeatedKeys: load.stats.repeatedKeys,
        doubleSpendAttempts: load.stats.doubleSpendAttempts,
        doubleSpendBothAccepted: load.stats.doubleSpendBothAccepted,
        events: events.length,
        accounts: byAccount.size,
        readModelTables: tables.length,
        readModelRows: [...live.values()].reduce((n, rows) => n + rows.length, 0),
        rebuiltFromEvents: rebuiltEvents,
        openHandsFinished: unfinished.length === 0,
        faults,
      });
    } finally {
      await store.close();
      await database.close();
    }
  } catch (err) {
    violations.push({ check: 'the run itself', detail: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  } finally {
    if (load) load.stopping = true;
    await Promise.all([a.stop(), b.stop(), projections.stop()]);
    for (const p of [a, b, projections]) p.close();
  }

  report.violations = violations.length;
  report.seconds = Number(((Date.now() - startedAt) / 1000).toFixed(1));
  console.log('');
  console.log(`Figures: ${JSON.stringify({ ...report, faults: undefined }, null, 1).replace(/\n\s*/g, ' ')}`);
  for (const f of (report.faults as string[] | undefined) ?? []) console.log(`  fault at ${f}`);
  if (violations.length) {
    console.log(`\n${violations.length} violation(s):`);
    for (const v of violations.slice(0, 50)) console.log(`- [${v.check}] ${v.detail}`);
    console.log(`Logs kept in ${workDir}; schema ${schema} kept.`);
  } else {
    console.log('\nEvery check held: nothing acknowledged was lost, no money was spent twice, bank = ledger = events, read models = rebuild, every open hand finished.');
    if (!process.env.CHAOS_KEEP) {
      await dropSchema(url, schema);
      rmSync(workDir, { recursive: true, force: true });
    }
  }
  if (values.json) console.log(JSON.stringify(report));
  return violations.length ? 1 : 0;
}

async function signIn(api: ApiInstance, email: string): Promise<string> {
  const token = await api.call('POST', '/api/dev/id-token', { body: { email } });
  const login = await api.call('POST', '/api/players/login', { body: { idToken: token.body.idToken, photoUrl: null } });
  if (login.status !== 200) throw new Error(`sign-in of ${email} answered ${login.status}: ${JSON.stringify(login.body)}`);
  return login.body.jwt as string;
}

async function verifyPhone(api: ApiInstance, jwt: string, phoneNumber: string): Promise<void> {
  const begun = await api.call('POST', '/api/players/beginphoneverify', { jwt, body: { phoneNumber: phoneNumber.slice(2), countryCode: 'us' } });
  if (begun.status !== 200) throw new Error(`beginphoneverify answered ${begun.status}: ${JSON.stringify(begun.body)}`);
  const code = await api.call('GET', `/api/dev/phone-code?phoneNumber=${encodeURIComponent(phoneNumber)}`);
  const verified = await api.call('POST', '/api/players/verifycode', { jwt, body: { code: code.body.code } });
  if (verified.body?.status !== 'Approved') throw new Error(`verifycode answered ${verified.status}: ${JSON.stringify(verified.body)}`);
}

/** Plays every hand still in play to its end (offers declined, then stand); answers what could not be finished. */
async function finishOpenHands(api: ApiInstance, players: readonly Player[]): Promise<string[]> {
  const failed: string[] = [];
  for (const p of players) {
    const me = await api.call('GET', '/api/players/1234', { jwt: p.jwt });
    const handId = me.body?.activeHandId as string | null;
    if (!handId) continue;
    let hand = (await api.call('GET', `/api/hands/${handId}`, { jwt: p.jwt })).body as { phase: string; allowedActions: string[] };
    for (let i = 0; i < 12 && hand.phase !== 'Settled'; i++) {
      const action = ['noinsurance', 'noevenmoney', 'stand'].find((m) => hand.allowedActions.includes(m)) ?? hand.allowedActions[0];
      const answer = await api.call('PUT', `/api/hands/${action}`, { jwt: p.jwt, requestId: randomUUID() });
      if (answer.status !== 200) {
        failed.push(`hand ${handId} of ${p.email}: ${action} answered ${answer.status} ${JSON.stringify(answer.body)}`);
        break;
      }
      hand = answer.body.hand;
    }
    if (hand.phase !== 'Settled' && !failed.some((f) => f.includes(handId))) failed.push(`hand ${handId} of ${p.email} still ${hand.phase}`);
  }
  return failed;
}

async function storedEvents(db: Kysely<unknown>): Promise<StoredEvent[]> {
  const { rows } = await sql<{ stream_id: string; revision: string; type: string; data: Record<string, unknown>; correlation_id: string | null }>`
    select stream_id, revision, type, data, metadata->>'correlationId' as correlation_id from es_events order by transaction_id, position`.execute(db);
  return rows.map((r) => ({ streamId: r.stream_id, revision: Number(r.revision), type: r.type, data: r.data, correlationId: r.correlation_id }));
}

/** Every row of every table, as JSON text, in an order that does not depend on how the rows were written. */
async function dumpTables(db: Kysely<unknown>, tables: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const table of tables) {
    const { rows } = await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.table(table)} t`.execute(db);
    out.set(table, rows.map((r) => r.row).sort());
  }
  return out;
}

async function dropSchema(url: string, schema: string) {
  const { Pool } = await import('pg');
  const pool = new Pool({ connectionString: url });
  try {
    await pool.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await pool.end();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
