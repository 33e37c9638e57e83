/**
 * npm run bench:rebuild [-- --events N] [--players P] [--largest F] [--hands H] [--seed S] [--batch B] [--no-actions] [--keep] [--json]
 *
 * 1. Generates a store of about N events (default 1,000,000) for P players (default 300): sign-ins and
 *    sessions, phone verifications, Lightning and on-chain deposits, bonuses offered, accepted, declined
 *    and played through, hands with hits, doubles, splits, insurance and even money (basic strategy,
 *    sometimes insuring), shoes committed, started and retired, withdrawals requested, approved and paid
 *    or declined. Every event is decided by the production deciders (player, phone claim, account) on the
 *    state folded so far, so the store is one the server could have written; a share F (default 0.3) of
 *    the events belong to one account, the largest. Time runs over the year before today. The events go
 *    straight into the event store's table, a few thousand rows per statement (`jsonb_to_recordset`),
 *    one short transaction per statement, in log order, with the table's keys and indexes built once
 *    at the end; each account gets the stored snapshot the server would have left (every 100 events).
 * 2. Rebuilds every read model from the first event, all together as `npm run projections:rebuild` does
 *    for all (one reader, batches of B events, by default the same as that command's), and checks every
 *    bank against the account's own fold. Then reads every event once more through the store, in the same batches, with
 *    nothing folded or written: the floor under any rebuild, printed beside it.
 * 3. Starts the built server on that store, signs in as the largest account's player and as a new player,
 *    and plays H hands (default 60) on each, one action at a time, alternating between the two; compares
 *    the median latency of an action (the first action of each account, which loads it, is reported apart).
 *
 * Needs DATABASE_URL; works in a fresh schema that it drops afterwards (--keep leaves it). --no-actions stops
 * after part 2. --json prints one JSON object as the last line: rebuildEventsPerSecond, rebuildFloorRatio,
 * bigAccountLatencyRatio (null with --no-actions) and the figures behind them.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import type { AccountCommand, AccountState } from '../server/src/domain/account/account';
import type { BonusTerms } from '../server/src/domain/account/bonus';
import type { NextShoe } from '../server/src/domain/account/game';
import type { PlayerStanding } from '../server/src/domain/account/standing';
import type { Decider, DomainEvent } from '../server/src/domain/decider';
import type { PlayerState } from '../server/src/domain/player/player';
import type { ReadModels } from '../server/src/projections/schema';
import { cpuOf, cpuSince, SHARED_WRITERS } from './bench-cpu';

const ROOT = join(__dirname, '..');
/**
 * The server's code as it runs in production: compiled by tsc (built first), not through tsx, whose
 * CommonJS output reads every imported name through a getter.
 */
function built<T>(path: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(ROOT, path)) as T;
}
execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'contracts', 'server'], { cwd: ROOT, stdio: ['ignore', 2, 'inherit'] });
const { CARD_VALUE, encodeSeed, MIN_BET, recommendedActionFor, STRATEGY_BY_LEVEL } = built<typeof import('@bahati/contracts')>('contracts/dist/index.js');
const { openDatabase } = built<typeof import('../server/src/adapters/db/database')>('server/dist/adapters/db/database.js');
const { PostgresEventStore } = built<typeof import('../server/src/adapters/event-store/postgres-event-store')>('server/dist/adapters/event-store/postgres-event-store.js');
const { ACCOUNT_SNAPSHOT_VERSION } = built<typeof import('../server/src/application/account-commands')>('server/dist/application/account-commands.js');
const { playerIdFor } = built<typeof import('../server/src/application/players/player-id')>('server/dist/application/players/player-id.js');
const { serializeState } = built<typeof import('../server/src/application/snapshots')>('server/dist/application/snapshots.js');
const { accountSnapshotCodec } = built<typeof import('../server/src/application/account-at-rest')>('server/dist/application/account-at-rest.js');
const { HouseSeedVault } = built<typeof import('../server/src/application/game/house-seed-vault')>('server/dist/application/game/house-seed-vault.js');
/** The key the server started below seals house seeds with; the snapshots stored here are sealed with it too, as the server stores them. */
const HOUSE_SEED_KEY = randomBytes(32);
const snapshotCodec = accountSnapshotCodec(new HouseSeedVault({ current: HOUSE_SEED_KEY, previous: [] }));
const { accountDecider, accountStream } = built<typeof import('../server/src/domain/account/account')>('server/dist/domain/account/account.js');
const { isHandInPlay, playerLevel } = built<typeof import('../server/src/domain/account/game')>('server/dist/domain/account/game.js');
const { houseSeedHash } = built<typeof import('../server/src/domain/fairness')>('server/dist/domain/fairness.js');
const { allowedActions } = built<typeof import('../server/src/domain/hand/decide')>('server/dist/domain/hand/decide.js');
const { phoneClaimDecider, phoneClaimStream, playerDecider, playerStream } = built<typeof import('../server/src/domain/player/player')>('server/dist/domain/player/player.js');
const { Xoshiro128 } = built<typeof import('../server/src/domain/simulation/prng')>('server/dist/domain/simulation/prng.js');
const { allProjections } = built<typeof import('../server/src/projections')>('server/dist/projections/index.js');
const { migrateReadModels } = built<typeof import('../server/src/projections/migrations')>('server/dist/projections/migrations/index.js');
const { ProjectionRunner, REBUILD_BATCH_SIZE } = built<typeof import('../server/src/projections/runner')>('server/dist/projections/runner.js');
type Xoshiro128 = import('../server/src/domain/simulation/prng').Xoshiro128;
type PostgresEventStore = import('../server/src/adapters/event-store/postgres-event-store').PostgresEventStore;

const DAY = 86_400_000;
const ROWS_PER_INSERT = 4000;
const SNAPSHOT_EVERY = 100;
const BONUS: Omit<BonusTerms, 'bonusId'> = { maxSats: 1_000_000, playthrough: 'deposit100', offerDays: 30 };
const ADMIN_ID = '00000000-0000-4000-8000-00000000ad01';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]?.replace(/_/g, '')) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
}
function textOption(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** One stored event, as a row of es_events. */
interface Row {
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  created_at: string;
}

/** A deterministic source of everything random in the store. */
class Random {
  private readonly rng: Xoshiro128;
  constructor(seed: string) {
    const d = createHash('sha256').update(`bahati-bench-rebuild:${seed}`).digest();
    this.rng = new Xoshiro128([d.readUInt32LE(0), d.readUInt32LE(4), d.readUInt32LE(8), d.readUInt32LE(12)]);
  }
  /** Uniform on [0, 1). */
  next(): number {
    return this.rng.nextUint32() / 4294967296;
  }
  int(below: number): number {
    return this.rng.below(below);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  uuid(): string {
    const b = this.rng.fill(new Uint8Array(16));
    b[6] = (b[6]! & 0x0f) | 0x40;
    b[8] = (b[8]! & 0x3f) | 0x80;
    const h = Buffer.from(b).toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  seed(): string {
    return encodeSeed(this.rng.fill(new Uint8Array(32)));
  }
  hex(bytes: number): string {
    return Buffer.from(this.rng.fill(new Uint8Array(bytes))).toString('hex');
  }
}

const sha256 = (bytes: Uint8Array): Uint8Array => createHash('sha256').update(bytes).digest();

/** A stream being written: its folded state and its last revision. */
class Stream<C, S, E extends DomainEvent> {
  revision = -1;
  constructor(
    readonly id: string,
    readonly decider: Decider<C, S, E>,
    public state: S,
  ) {}
}

/**
 * Plays the store's history: every command decided on the state folded so far, every event it gives
 * appended to `rows` in log order.
 */
class History {
  readonly rows: Row[] = [];
  events = 0;
  private readonly phones = new Set<string>();
  private addressIndex = -1;
  readonly players: Player[] = [];

  constructor(private readonly random: Random) {}

  /** Decides `command` on `stream` and records its events; a refusal (a rule of the game or the account) records nothing. */
  run<C, S, E extends DomainEvent>(stream: Stream<C, S, E>, command: C, now: string, userId: string): E[] {
    let events: E[];
    try {
      events = stream.decider.decide(command, stream.state);
    } catch (err) {
      if (err instanceof Error && 'code' in err) return [];
      throw err;
    }
    this.record(stream, events, now, userId);
    return events;
  }

  record<C, S, E extends DomainEvent>(stream: Stream<C, S, E>, events: readonly E[], now: string, userId: string): void {
    const correlationId = this.random.uuid();
    const causationId = this.random.uuid();
    for (const event of events) {
      stream.revision++;
      stream.state = stream.decider.evolve(stream.state, event);
      this.rows.push({
        stream_id: stream.id,
        revision: stream.revision,
        event_id: this.random.uuid(),
        type: event.type,
        data: event.data,
        metadata: { correlationId, causationId, userId },
        created_at: now,
      });
      this.events++;
    }
  }

  newPhone(): string {
    for (;;) {
      const phone = `+1201555${String(this.random.int(10_000)).padStart(4, '0')}`;
      if (!this.phones.has(phone)) {
        this.phones.add(phone);
        return phone;
      }
    }
  }

  nextAddressIndex(): number {
    return ++this.addressIndex;
  }
}

const addressStream = new Stream<never, null, DomainEvent>('bitcoin-addresses', { decide: () => [], evolve: () => null, initialState: () => null }, null);

/** One player's streams and habits. */
class Player {
  readonly id: string;
  readonly email: string;
  readonly player: Stream<Parameters<typeof playerDecider.decide>[0], PlayerState, DomainEvent>;
  readonly account: Stream<AccountCommand, AccountState, DomainEvent>;
  /** The revision and state of the snapshot the server would have stored last. */
  snapshot: { revision: number; state: AccountState } | null = null;
  registered = false;
  verified = false;
  address: string | null = null;
  /** Sessions started and not ended. */
  private readonly sessions: string[] = [];
  readonly bet: number;

  constructor(
    readonly history: History,
    readonly random: Random,
    index: number,
  ) {
    this.email = `bench-rebuild-${index}@example.com`;
    this.id = playerIdFor(`dev:${this.email}`);
    this.player = new Stream(playerStream(this.id), playerDecider as never, playerDecider.initialState());
    this.account = new Stream(accountStream(this.id), accountDecider as never, accountDecider.initialState());
    this.bet = random.pick([100, 500, 1_000, 2_000, 5_000, 10_000, 25_000]);
  }

  private get standing(): PlayerStanding {
    const p = this.player.state;
    return { banned: p.banned, selfExcluded: p.selfExcluded, phoneVerified: p.verifiedPhoneNumber !== null };
  }

  private nextShoe(): NextShoe {
    const houseSeed = this.random.seed();
    return { shoeId: this.random.uuid(), houseSeed, houseSeedHash: houseSeedHash(houseSeed, sha256) };
  }

  /** A command with a `next` shoe drawn only if the decider reads it (as the server's SeedSource does). */
  private withNext<C extends object>(command: C): C & { next: NextShoe } {
    let next: NextShoe | undefined;
    return Object.defineProperty(command, 'next', { enumerable: true, get: () => (next ??= this.nextShoe()) }) as C & { next: NextShoe };
  }

  private onAccount(command: AccountCommand, now: string, userId = this.id): DomainEvent[] {
    const events = this.history.run(this.account, command, now, userId);
    // The server stores a snapshot once 100 or more events were added since the last one.
    if (events.length && this.account.revision - (this.snapshot?.revision ?? -1) >= SNAPSHOT_EVERY) {
      this.snapshot = { revision: this.account.revision, state: this.account.state };
    }
    return events;
  }

  signIn(now: string): void {
    const sessionId = this.random.uuid();
    this.history.run(
      this.player,
      {
        type: 'SignIn', playerId: this.id, subject: `dev:${this.email}`, email: this.email, name: `Player ${this.email.split('@')[0]}`, photoUrl: null, now,
        session: { sessionId, expiresAt: new Date(Date.parse(now) + 7 * DAY).toISOString() },
      },
      now,
      this.id,
    );
    this.sessions.push(sessionId);
    this.onAccount({ type: 'CommitShoe', next: this.nextShoe(), now }, now);
    this.registered = true;
  }

  verifyPhone(now: string): void {
    const phone = this.history.newPhone();
    const claim = new Stream(phoneClaimStream(phone), phoneClaimDecider as never, phoneClaimDecider.initialState());
    this.history.run(this.player, { type: 'StartPhoneVerification', phoneNumber: phone, now }, now, this.id);
    this.history.run(this.player, { type: 'AttemptPhoneCode', maxAttempts: 5, now }, now, this.id);
    this.history.run(claim, { type: 'ClaimPhone', phoneNumber: phone, playerId: this.id, now } as never, now, this.id);
    this.history.run(this.player, { type: 'ConfirmPhone', now }, now, this.id);
    this.verified = true;
  }

  deposit(now: string): void {
    const amount = this.bet * (20 + this.random.int(200));
    const bonus: BonusTerms = { bonusId: this.random.uuid(), ...BONUS };
    if (this.random.chance(0.75)) {
      const invoiceId = this.random.hex(32);
      const created = this.onAccount(
        {
          type: 'CreateLightningInvoice', invoiceId, amount, paymentRequest: `lnbcrt${amount}n1bench${invoiceId.slice(0, 40)}`, paymentHash: invoiceId,
          expiresAt: new Date(Date.parse(now) + 3_600_000).toISOString(), standing: this.standing, minimum: 1_000, now,
        },
        now,
      );
      if (created.length) this.onAccount({ type: 'SettleLightningInvoice', invoiceId, amountPaid: amount, bonus, maxBank: Number.MAX_SAFE_INTEGER, now }, now, 'system:lightning');
      return;
    }
    if (this.address === null) {
      const derivationIndex = this.history.nextAddressIndex();
      this.history.record(addressStream, [{ type: 'BitcoinAddressIndexReserved', data: { derivationIndex, playerId: this.id, reservedAt: now } }], now, this.id);
      this.address = `bcrt1qbench${this.random.hex(16)}`;
      this.onAccount({ type: 'AssignBitcoinAddress', address: this.address, derivationIndex, standing: this.standing, now }, now);
    }
    const txid = this.random.hex(32);
    const deposit = { type: 'RecordBitcoinDeposit' as const, txid, vout: this.random.int(3), address: this.address, amount, requiredConfirmations: 1, bonus, maxBank: Number.MAX_SAFE_INTEGER };
    this.onAccount({ ...deposit, confirmations: 0, now }, now, 'system:chain');
    const later = new Date(Date.parse(now) + 600_000).toISOString();
    this.onAccount({ ...deposit, confirmations: 1, now: later }, later, 'system:chain');
  }

  answerBonus(now: string): void {
    for (const [bonusId, b] of this.account.state.bonus.bonuses) {
      if (b.status !== 'Offered') continue;
      const accept = this.random.chance(0.4);
      this.onAccount({ type: accept ? 'AcceptBonus' : 'DeclineBonus', bonusId, standing: this.standing, now }, now);
    }
  }

  withdraw(now: string): void {
    const bank = this.account.state.bank;
    const amount = Math.max(1_000, Math.floor((bank * (1 + this.random.int(5))) / 10));
    const withdrawalId = this.random.uuid();
    const lightning = this.random.chance(0.6);
    const requested = this.onAccount(
      {
        type: 'RequestWithdrawal', withdrawalId, method: lightning ? 'lightning' : 'bitcoin', amount,
        target: lightning ? `lnbcrt${amount}n1benchpayout${this.random.hex(20)}` : `bcrt1qpayout${this.random.hex(16)}`, standing: this.standing, minimumBitcoin: 10_000, now,
      },
      now,
    );
    if (!requested.length) return;
    const decided = new Date(Date.parse(now) + 3_600_000).toISOString();
    if (this.random.chance(0.85)) {
      this.onAccount({ type: 'ApproveWithdrawal', withdrawalId, reviewerId: ADMIN_ID, secondApprovalAbove: Number.MAX_SAFE_INTEGER, heldForReview: false, now: decided }, decided, ADMIN_ID);
      this.onAccount({ type: 'StartWithdrawalPayout', startedBy: ADMIN_ID, withdrawalId, now: decided, staleAfterMs: 600_000 }, decided, ADMIN_ID);
      this.onAccount({ type: 'RecordWithdrawalPayout', withdrawalId, reference: this.random.hex(32), now: decided }, decided, ADMIN_ID);
    } else {
      this.onAccount({ type: 'DeclineWithdrawal', withdrawalId, reviewerId: ADMIN_ID, now: decided }, decided, ADMIN_ID);
    }
  }

  /** One hand, dealt and played to its end by basic strategy (insuring now and then), a second between actions. */
  playHand(start: number): number {
    let t = start;
    const now = () => new Date(t).toISOString();
    const bet = Math.min(this.bet, this.account.state.bank);
    if (bet < MIN_BET) return t;
    const dealt = this.onAccount(
      this.withNext({
        type: 'DealHand' as const, handId: this.random.uuid(), bet, playerSeed: this.random.chance(0.1) ? 'not a seed' : this.random.seed(), randomPlayerSeed: this.random.seed(),
        standing: this.standing, requirePhone: false, now: now(),
      }),
      now(),
    );
    if (!dealt.length) return t;
    for (let step = 0; step < 30 && isHandInPlay(this.account.state.game); step++) {
      t += 800 + this.random.int(4000);
      const game = this.account.state.game;
      const hand = game.hand;
      const allowed = allowedActions(hand, this.account.state.bank);
      let action = recommendedActionFor(hand.player[hand.phase === 'PlayerTurn' ? hand.active : 0]!, CARD_VALUE[hand.dealer.cards[0]!]!, allowed, STRATEGY_BY_LEVEL[playerLevel(game)]!);
      if (action === 'NoInsurance' && allowed.includes('Insurance') && this.random.chance(0.15)) action = 'Insurance' as never;
      if (action === 'NoEvenMoney' && this.random.chance(0.3)) action = 'EvenMoney' as never;
      this.onAccount(this.withNext({ type: 'PlayHand' as const, action, standing: this.standing, now: now() }), now());
    }
    return t;
  }

  retireShoe(now: string): void {
    this.onAccount({ type: 'RetireShoe', standing: this.standing, next: this.nextShoe(), now }, now);
  }

  endSession(now: string): void {
    const sessionId = this.sessions.pop();
    if (sessionId) this.history.run(this.player, { type: 'EndSession', sessionId, now }, now, this.id);
  }

  /** What the player does next at time `t`; answers the time it is done. */
  act(t: number): number {
    const now = new Date(t).toISOString();
    if (!this.registered) {
      this.signIn(now);
      return t + 5_000;
    }
    if (!this.verified && this.random.chance(0.9)) {
      this.verifyPhone(now);
      return t + 60_000;
    }
    const state = this.account.state;
    if (!isHandInPlay(state.game)) {
      if ([...state.bonus.bonuses.values()].some((b) => b.status === 'Offered')) {
        this.answerBonus(now);
        return t + 10_000;
      }
      if (state.bank < this.bet * 3) {
        this.deposit(now);
        return t + 30_000;
      }
      const r = this.random.next();
      if (r < 0.004) {
        this.withdraw(now);
        return t + 60_000;
      }
      if (r < 0.006) {
        this.signIn(now);
        return t + 5_000;
      }
      if (r < 0.007) {
        this.endSession(now);
        return t + 5_000;
      }
      if (r < 0.012) {
        this.retireShoe(now);
        return t + 2_000;
      }
    }
    return this.playHand(t) + 1_000;
  }
}

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('bench:rebuild needs a real PostgreSQL server: DATABASE_URL=postgres://user@host:5432/db npm run bench:rebuild');
    return 1;
  }
  const json = process.argv.includes('--json');
  const log = (line = '') => (json ? process.stderr : process.stdout).write(`${line}\n`);
  const target = Math.round(option('events', 1_000_000));
  const playerCount = Math.round(option('players', 300));
  const largest = option('largest', 0.3);
  const hands = Math.round(option('hands', 60));
  const batchSize = Math.round(option('batch', REBUILD_BATCH_SIZE));
  const seed = textOption('seed', 'bahati');
  if (largest >= 1) throw new Error('--largest is a fraction of the events, below 1');

  const schema = `bench_rebuild_${randomBytes(4).toString('hex')}`;
  // Every connection of this process carries the schema's name, so its PostgreSQL backends can be told apart.
  process.env.PGAPPNAME = schema;
  const database = await openDatabase({ url, schema, poolSize: 4 });
  const db = database.kysely as Kysely<ReadModels>;
  let server: ChildProcess | null = null;
  try {
    await migrateReadModels(database.kysely, schema);
    const store = new PostgresEventStore(database);
    await store.init();

    // 1. The store.
    log(`Generating about ${target.toLocaleString('en-US')} events for ${playerCount} players (the largest account ~${Math.round(largest * 100)}%) in schema ${schema}…`);
    const random = new Random(seed);
    const history = new History(random);
    const players = Array.from({ length: playerCount }, (_, i) => new Player(history, random, i));
    const big = players[0]!;
    const end = Date.now() - DAY;
    const span = 365 * DAY;
    const clock = () => end - span + (history.events / target) * span;
    let inserted = 0;
    let insertSeconds = 0;
    // One statement in flight while the next rows are decided: they go in one after the other, in log order.
    let inFlight: Promise<void> = Promise.resolve();
    const flush = async (all = false) => {
      while (history.rows.length >= (all ? 1 : ROWS_PER_INSERT)) {
        const rows = history.rows.splice(0, ROWS_PER_INSERT);
        const json = JSON.stringify(rows);
        await inFlight;
        const started = performance.now();
        inFlight = sql`
          insert into es_events (stream_id, revision, event_id, type, data, metadata, created_at)
          select stream_id, revision, event_id, type, data, metadata, created_at
            from jsonb_to_recordset(${json}::jsonb)
              as r(stream_id text, revision bigint, event_id uuid, type text, data jsonb, metadata jsonb, created_at timestamptz)`
          .execute(database.kysely)
          .then(() => {
            insertSeconds += (performance.now() - started) / 1000;
            inserted += rows.length;
          });
      }
      if (all) await inFlight;
    };
    // Bulk loading: the table's constraints and indexes are dropped first and built again once every row is
    // in (a sorted build instead of a million single-entry inserts), exactly as they were defined.
    const { rows: constraints } = await sql<{ name: string; definition: string }>`
      select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
       where conrelid = 'es_events'::regclass and contype in ('p', 'u')`.execute(database.kysely);
    const { rows: indexes } = await sql<{ name: string; definition: string }>`
      select indexname as name, indexdef as definition from pg_indexes
       where schemaname = current_schema() and tablename = 'es_events' and indexname not in (select conname from pg_constraint where conrelid = 'es_events'::regclass)`.execute(database.kysely);
    for (const c of constraints) await sql`alter table es_events drop constraint ${sql.id(c.name)}`.execute(database.kysely);
    for (const i of indexes) await sql`drop index ${sql.id(i.name)}`.execute(database.kysely);
    const generationStarted = performance.now();
    // Players take turns in time order: the largest account a share `largest` of the turns' events.
    const others = players.slice(1);
    const busy = new Map<Player, number>();
    while (history.events < target) {
      const t = clock();
      const bigShare = big.account.revision + big.player.revision + 2;
      const player = bigShare < largest * (history.events + 1) ? big : random.pick(others);
      const ready = busy.get(player) ?? 0;
      busy.set(player, player.act(Math.max(t, ready)));
      if (history.rows.length >= ROWS_PER_INSERT) await flush();
    }
    await flush(true);
    const indexStarted = performance.now();
    for (const c of constraints) await sql`alter table es_events add constraint ${sql.id(c.name)} ${sql.raw(c.definition)}`.execute(database.kysely);
    for (const i of indexes) await sql.raw(i.definition).execute(database.kysely);
    await sql`analyze es_events`.execute(database.kysely);
    insertSeconds += (performance.now() - indexStarted) / 1000;
    // The snapshots the server would have stored along the way.
    for (const p of players) {
      if (p.snapshot) {
        await sql`insert into snapshots (stream_id, revision, version, state, updated_at)
                  values (${p.account.id}, ${p.snapshot.revision}, ${ACCOUNT_SNAPSHOT_VERSION}, ${serializeState(snapshotCodec.toStored(p.snapshot.state))}::jsonb, now())`.execute(database.kysely);
      }
    }
    const generateSeconds = (performance.now() - generationStarted) / 1000;
    const bigEvents = big.account.revision + 1 + big.player.revision + 1;
    const handsPlayed = players.reduce((n, p) => n + p.account.state.game.handsPlayed, 0);
    log(
      `${inserted.toLocaleString('en-US')} events (${handsPlayed.toLocaleString('en-US')} hands) in ${generateSeconds.toFixed(1)} s; ` +
        `inserting and indexing took ${insertSeconds.toFixed(1)} s (${Math.round(inserted / insertSeconds).toLocaleString('en-US')} events/s); ` +
        `the largest account: ${bigEvents.toLocaleString('en-US')} events, ${big.account.state.game.handsPlayed.toLocaleString('en-US')} hands`,
    );

    // 2. The rebuild.
    const runner = new ProjectionRunner(db, store, allProjections(), { batchSize });
    await runner.init();
    const windowFrom = process.hrtime.bigint() / 1000n;
    const { result: read, seconds: rebuildSeconds, nodeCpu, dbCpu } = await timed(database.kysely, schema, () => runner.rebuild());
    const windowTo = process.hrtime.bigint() / 1000n;
    const rebuildEventsPerSecond = Math.round(read / rebuildSeconds);
    const banks = new Map((await db.selectFrom('banks').select(['player_id', 'bank']).execute()).map((r) => [r.player_id, Number(r.bank)]));
    const wrong = players.filter((p) => p.registered && (banks.get(p.id) ?? 0) !== p.account.state.bank);
    log(
      `rebuilt ${runner.projections.length} read models from ${read.toLocaleString('en-US')} events in ${rebuildSeconds.toFixed(1)} s: ` +
        `${rebuildEventsPerSecond.toLocaleString('en-US')} events/s (batches of ${batchSize}); CPU: this process ${nodeCpu.toFixed(1)} s ` +
        `(${((nodeCpu * 1e6) / read).toFixed(1)} µs/event), its PostgreSQL backends ${dbCpu.toFixed(1)} s (${((dbCpu * 1e6) / read).toFixed(1)} µs/event); ` +
        `banks ${wrong.length === 0 ? 'all match the accounts' : `WRONG for ${wrong.length} players`}`,
    );
    // Run with `node --cpu-prof` (e.g. NODE_OPTIONS=--cpu-prof): `npm run -s cpu-profile -- FILE --window A,B --per EVENTS` reads the rebuild alone.
    log(`rebuild window for the profile: --window ${windowFrom},${windowTo} --per ${read}`);

    // The floor under any rebuild: every event read once through the store in the same batches, nothing folded or written.
    const { result: floorRead, seconds: floorSeconds, nodeCpu: floorNodeCpu, dbCpu: floorDbCpu } = await timed(database.kysely, schema, async () => {
      let n = 0;
      for (let after: string | undefined; ; ) {
        const batch = await store.readAll({ after, maxCount: batchSize });
        if (batch.events.length === 0) return n;
        n += batch.events.length;
        after = batch.checkpoint ?? undefined;
      }
    });
    const readFloorEventsPerSecond = Math.round(floorRead / floorSeconds);
    log(
      `the floor, reading the same events with nothing folded or written: ${readFloorEventsPerSecond.toLocaleString('en-US')} events/s; ` +
        `CPU: this process ${((floorNodeCpu * 1e6) / floorRead).toFixed(1)} µs/event, its PostgreSQL backends ${((floorDbCpu * 1e6) / floorRead).toFixed(1)} µs/event; ` +
        `the rebuild ran at ${(rebuildEventsPerSecond / readFloorEventsPerSecond).toFixed(2)}× the floor`,
    );

    // The figures as one JSON object; the actions' part is null when --no-actions skipped it.
    const printJson = (actions: { bigMs: number; newMs: number; ratio: number; cold: { big: number | null; new: number | null } } | null) => {
      if (!json) return;
      process.stdout.write(
        `${JSON.stringify({
          date: new Date().toISOString().slice(0, 10),
          events: inserted,
          players: playerCount,
          hands: handsPlayed,
          largestAccountEvents: bigEvents,
          generateSeconds: round(generateSeconds, 1),
          insertEventsPerSecond: Math.round(inserted / insertSeconds),
          rebuildSeconds: round(rebuildSeconds, 2),
          rebuildEventsPerSecond,
          rebuildBatch: batchSize,
          rebuildNodeCpuUsPerEvent: round((nodeCpu * 1e6) / read, 1),
          rebuildDatabaseCpuUsPerEvent: round((dbCpu * 1e6) / read, 1),
          readFloorEventsPerSecond,
          readFloorNodeCpuUsPerEvent: round((floorNodeCpu * 1e6) / floorRead, 1),
          readFloorDatabaseCpuUsPerEvent: round((floorDbCpu * 1e6) / floorRead, 1),
          rebuildFloorRatio: round(rebuildEventsPerSecond / readFloorEventsPerSecond, 2),
          banksMatch: wrong.length === 0,
          bigAccountMedianMs: actions ? round(actions.bigMs, 2) : null,
          newAccountMedianMs: actions ? round(actions.newMs, 2) : null,
          bigAccountLatencyRatio: actions ? actions.ratio : null,
          bigAccountFirstActionMs: actions ? round(actions.cold.big ?? 0, 1) : null,
          newAccountFirstActionMs: actions ? round(actions.cold.new ?? 0, 1) : null,
        })}\n`,
      );
    };

    if (process.argv.includes('--no-actions')) {
      printJson(null);
      return wrong.length === 0 ? 0 : 1;
    }
    // 3. One action on the largest account and on a new one, on the server (built at the start).
    log('Timing actions on the largest account and on a new one…');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [join(ROOT, 'server/dist/main.js')], {
      cwd: ROOT,
      stdio: ['ignore', json ? 2 : 'inherit', 'inherit'],
      env: {
        ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATABASE_SCHEMA: schema, LOG_LEVEL: 'warn', DATA_DIR: mkdtempSync(join(tmpdir(), 'bahati-rebuild-')),
        PRICE_SOURCE: 'fixed', GOOGLE_CLIENT_ID: '', EVENTSTORE_URL: '', RATE_LIMITS: 'off', HOUSE_SEED_KEY: HOUSE_SEED_KEY.toString('base64'), DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? String(2 * cpus().length),
      },
    });
    await waitForHealth(base);
    const bigJwt = await signIn(base, big.email);
    const fresh = `bench-rebuild-new-${randomUUID()}@example.com`;
    const newJwt = await signIn(base, fresh);
    await fund(store, playerIdFor(`dev:${fresh}`));
    const timings = { big: [] as number[], new: [] as number[] };
    const cold: { big: number | null; new: number | null } = { big: null, new: null };
    for (let h = 0; h < hands; h++) {
      for (const [which, jwt] of [['big', bigJwt], ['new', newJwt]] as const) {
        for (const latency of await playOneHand(base, jwt)) {
          if (cold[which] === null) cold[which] = latency;
          else timings[which].push(latency);
        }
      }
    }
    const median = (xs: number[]) => {
      const s = xs.slice().sort((a, b) => a - b);
      return s.length ? s[Math.floor(s.length / 2)]! : 0;
    };
    const bigMs = median(timings.big);
    const newMs = median(timings.new);
    const bigAccountLatencyRatio = Math.round((bigMs / newMs) * 100) / 100;
    log(
      `median action: largest account ${bigMs.toFixed(2)} ms, new account ${newMs.toFixed(2)} ms (${timings.big.length} and ${timings.new.length} actions): ` +
        `ratio ${bigAccountLatencyRatio} (target ≤ 1.2); the first action, which loads the account: ${cold.big?.toFixed(1)} ms and ${cold.new?.toFixed(1)} ms`,
    );

    printJson({ bigMs, newMs, ratio: bigAccountLatencyRatio, cold });
    return wrong.length === 0 ? 0 : 1;
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    // --keep leaves the store for a closer look (drop the schema by hand afterwards).
    if (process.argv.includes('--keep')) log(`kept schema ${schema}`);
    else await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.kysely).catch(() => undefined);
    await database.close();
  }
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Runs `work`, timing it and the CPU it took this process and this run's PostgreSQL backends (seconds). */
async function timed<T>(db: Kysely<unknown>, app: string, work: () => Promise<T>): Promise<{ result: T; seconds: number; nodeCpu: number; dbCpu: number }> {
  const dbBefore = await databaseCpu(db, app);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { result, seconds, nodeCpu: (cpu.user + cpu.system) / 1e6, dbCpu: cpuSince(dbBefore, await databaseCpu(db, app)) };
}

/** CPU so far of this run's PostgreSQL backends (by application_name) and of the server's shared writers. */
async function databaseCpu(db: Kysely<unknown>, app: string): Promise<Map<number, number>> {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity where application_name = ${app} or backend_type = any(${SHARED_WRITERS})`.execute(db);
  return cpuOf(rows.map((r) => r.pid));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(base: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await call(base, null, 'GET', '/api/health/ready')).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become ready within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });
function call(base: string, jwt: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> & { hand?: { phase: string } } }> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent, host: url.hostname, port: url.port, path: url.pathname, method,
        headers: { ...(jwt ? { authorization: `Bearer ${jwt}` } : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as never });
          } catch (err) {
            reject(err);
          }
        });
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

/** Credits the new account as a settled Lightning invoice would (the server's own event shapes). */
async function fund(store: PostgresEventStore, playerId: string) {
  const now = new Date().toISOString();
  const invoiceId = randomUUID();
  const amount = 100_000_000;
  await store.appendToStream(`account-${playerId}`, [
    { id: randomUUID(), type: 'LightningInvoiceCreated', data: { invoiceId, amount, paymentRequest: `lnbcrt-bench-${invoiceId}`, paymentHash: randomBytes(32).toString('hex'), createdAt: now, expiresAt: now }, metadata: { correlationId: 'bench:rebuild' } },
    { id: randomUUID(), type: 'LightningInvoiceSettled', data: { invoiceId, amount, settledAt: now }, metadata: { correlationId: 'bench:rebuild' } },
  ]);
}

/** Deals a hand and stands (or answers the offer) until it settles; answers each action's latency in ms. */
async function playOneHand(base: string, jwt: string): Promise<number[]> {
  const latencies: number[] = [];
  const timed = async (method: string, path: string, body?: unknown) => {
    const t = performance.now();
    const res = await call(base, jwt, method, path, body);
    if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    latencies.push(performance.now() - t);
    return res;
  };
  let res = await timed('POST', '/api/hands', { betAmount: 100, playerSeed: null });
  for (let step = 0; res.body.hand && res.body.hand.phase !== 'Settled' && step < 6; step++) {
    const phase = res.body.hand.phase;
    res = await timed('PUT', `/api/hands/${phase === 'InsuranceOffered' ? 'noinsurance' : phase === 'EvenMoneyOffered' ? 'noevenmoney' : 'stand'}`);
  }
  return latencies;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
