/**
 * Given/when/then for projections: events recorded as the store records them (stream revisions,
 * global checkpoints, ids, times), applied batch by batch through `applyBatch` the way the runner
 * applies them (only the types the projection handles; what it remembers kept between committed
 * batches), and the rows of its tables read back. One database per spec file; every case starts
 * from empty tables and an empty memory.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import type { Database } from '../adapters/db/database';
import { describeEachDatabase } from '../adapters/db/test-databases';
import type { RecordedEvent } from '../application/ports/event-store';
import type { AccountEvent } from '../domain/account/account';
import type { HandSettlement, HandStarted } from '../domain/hand/hand';
import { rulesForLevel } from '@bahati/contracts';
import type { PlayerEvent } from '../domain/player/player';
import { withWritesTogether } from './batch';
import { migrateReadModels } from './migrations';
import type { Projection, ProjectionLog, ReadModelTable } from './projection';
import { batchMemory } from './runner';
import type { ReadModels } from './schema';

type DataOf<E extends { type: string; data: unknown }, T extends E['type']> = Extract<E, { type: T }>['data'];

/** Deterministic UUIDs for tests: `uuid(7)` → 00000000-0000-4000-8000-000000000007. */
export const uuid = (n: number, prefix = '00000000') => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Two players, and the ids of shoes and hands. */
export const alice = uuid(1, 'a0000000');
export const bob = uuid(2, 'b0000000');
export const shoeId = (n = 1) => uuid(n, 'c0000000');
export const handId = (n: number) => uuid(n, 'd0000000');

/** Events as the store records them: each stream counts its revisions, the log counts checkpoints. */
export class EventLog {
  private position = 0;
  private readonly revisions = new Map<string, number>();

  constructor(private readonly start = Date.parse('2026-01-01T10:00:00.000Z')) {}

  record(streamId: string, type: string, data: unknown): RecordedEvent {
    const revision = (this.revisions.get(streamId) ?? -1) + 1;
    this.revisions.set(streamId, revision);
    const position = this.position++;
    return {
      id: uuid(position, 'e0000000'), type, data, metadata: { correlationId: 'projection-spec' },
      streamId, revision, checkpoint: `0:${position}`, createdAt: new Date(this.start + position * 1000).toISOString(),
    };
  }

  /** Records on `account-<playerId>`. */
  account(playerId: string) {
    return <T extends AccountEvent['type']>(type: T, data: DataOf<AccountEvent, T>) => this.record(`account-${playerId}`, type, data);
  }

  /** Records on `player-<playerId>`. */
  player(playerId: string) {
    return <T extends PlayerEvent['type']>(type: T, data: DataOf<PlayerEvent, T>) => this.record(`player-${playerId}`, type, data);
  }
}

/** HandStarted's data for a bet at level 0. */
export function started(hand: string, shoe: string, bet: number, firstPosition = 0): HandStarted['data'] {
  return { handId: hand, shoeId: shoe, level: 0, rules: rulesForLevel(0), bet, firstPosition };
}

type Credits = Partial<Pick<HandSettlement, 'doubleBet' | 'splitBet' | 'insuranceBet' | 'insuranceWin' | 'win' | 'push' | 'evenMoney'>>;

/** HandSettled's data from the stakes and credits named; the totals follow from them as the hand engine adds them up. */
export function settled(hand: string, shoe: string, bet: number, credits: Credits = {}): HandSettlement {
  const c = { doubleBet: 0, splitBet: 0, insuranceBet: 0, insuranceWin: 0, win: 0, push: 0, evenMoney: 0, ...credits };
  const totalBet = bet + c.doubleBet + c.splitBet + c.insuranceBet;
  const winAmount = c.insuranceWin + c.win + c.push + c.evenMoney;
  return {
    handId: hand, shoeId: shoe, level: 0, bet, ...c, totalBet, winAmount, net: winAmount - totalBet, hands: [], dealerScore: 20, dealerBlackjack: false,
    dealerBust: false, nextPosition: 8,
  };
}

/** A `ProjectionLog` over recorded events (every event of the log so far, in log order). */
export function eventsLog(events: readonly RecordedEvent[]): ProjectionLog {
  const of = (streamId: string) => events.filter((e) => e.streamId === streamId);
  return {
    readStream: async (streamId, from, to) => of(streamId).filter((e) => e.revision >= from && e.revision <= to),
    readBackwards: async (streamId, from, count) => of(streamId).filter((e) => e.revision <= from).reverse().slice(0, count),
  };
}

/** Columns that order each table's rows when read back. */
const ORDER: Record<ReadModelTable, readonly string[]> = {
  projection_checkpoints: ['name'],
  players: ['created_time', 'id'],
  banks: ['player_id'],
  ledger_entries: ['player_id', 'seq'],
  hands: ['created_time', 'id'],
  shoes: ['created_time', 'id'],
  player_stats: ['player_id'],
  bitcoin_addresses: ['derivation_index'],
  bitcoin_deposits: ['time', 'id'],
  lightning_invoices: ['created_time', 'id'],
  withdraw_requests: ['request_time', 'id'],
  bonuses: ['date', 'id'],
  redeem_codes: ['code'],
  brands: ['id'],
  staff_roles: ['email', 'role'],
  suspect_players: ['player_id'],
  suspect_records: ['player_id', 'seq'],
  daily_stats: ['day'],
  daily_players: ['day', 'player_id'],
  sessions: ['started_revision', 'session_id'],
  reconciliation_runs: ['checked_at', 'id'],
  reconciliation_differences: ['run_id', 'player_id'],
  coach_players: ['player_id'],
  coach_hands: ['settled_time', 'hand_id'],
  coach_deviations: ['time', 'seq', 'id'],
  staff_actions: ['at', 'event_id'],
  held_deposits: ['held_time', 'key'],
  session_history: ['started_revision', 'session_id'],
  protection_changes: ['at', 'id'],
  player_activity: ['player_id'],
  liability_commitments: ['committed_at', 'id'],
  liability_balances: ['commitment_id', 'player_id'],
};

type Rows = Partial<Record<ReadModelTable, Record<string, unknown>[]>>;

export interface Scenario {
  /** Another batch, applied after the ones before. */
  when(...events: RecordedEvent[]): Scenario;
  /** Applies the batches, then expects each named table to hold these rows, in order (columns not named are not compared). */
  then(expected: Rows): Promise<void>;
}

export class ProjectionSpec {
  db!: Kysely<ReadModels>;
  private committed = new Map<string, unknown>();
  /** Every event applied so far, whether the projection handles it or not: the log it may read back. */
  private recorded = new Map<string, RecordedEvent>();

  constructor(readonly projection: Projection) {}

  /** Empties the projection's tables and its memory. */
  async reset(): Promise<void> {
    for (const table of this.projection.tables) await this.db.deleteFrom(table).execute();
    this.forget();
    this.recorded = new Map();
  }

  /** Forgets what the projection remembers, as the runner does when another runner wrote. */
  forget(): void {
    this.committed = new Map();
  }

  /** Applies the events the projection handles as one batch in one transaction, as the runner does. */
  async apply(...events: RecordedEvent[]): Promise<void> {
    const handles = new Set(this.projection.handles);
    for (const e of events) if (!this.recorded.has(e.id)) this.recorded.set(e.id, e);
    const batch = events.filter((e) => handles.has(e.type));
    if (batch.length === 0) return;
    const pending = new Map<string, unknown>();
    try {
      await this.projection.recall?.(this.db, batch, batchMemory(this.committed, pending), eventsLog([...this.recorded.values()]));
      await this.db.transaction().execute((trx) => withWritesTogether(trx, () => this.projection.applyBatch(trx, batch, batchMemory(this.committed, pending))));
    } catch (err) {
      this.forget();
      throw err;
    }
    for (const [key, value] of pending) this.committed.set(key, value);
  }

  async rows(table: ReadModelTable): Promise<Record<string, unknown>[]> {
    let query = this.db.selectFrom(table).selectAll();
    for (const column of ORDER[table]) query = query.orderBy(column as never);
    return (await query.execute()) as Record<string, unknown>[];
  }

  /** Every row of every table the projection owns. */
  async tables(): Promise<Rows> {
    const all: Rows = {};
    for (const table of this.projection.tables) all[table] = await this.rows(table);
    return all;
  }

  given(...events: RecordedEvent[]): Scenario {
    const batches = [events];
    const scenario: Scenario = {
      when: (...more) => {
        batches.push(more);
        return scenario;
      },
      then: async (expected) => {
        for (const batch of batches) await this.apply(...batch);
        for (const [table, rows] of Object.entries(expected) as [ReadModelTable, Record<string, unknown>[]][]) {
          expect(await this.rows(table)).toMatchObject(rows);
        }
      },
    };
    return scenario;
  }

  /**
   * Applying the same batches again changes nothing: by this runner (which remembers what it wrote),
   * and by another one (which remembers nothing).
   */
  async expectReplayChangesNothing(...batches: RecordedEvent[][]): Promise<void> {
    await this.reset();
    for (const batch of batches) await this.apply(...batch);
    const once = await this.tables();
    for (const batch of batches) await this.apply(...batch);
    expect(await this.tables()).toEqual(once);
    this.forget();
    for (const batch of batches) await this.apply(...batch);
    expect(await this.tables()).toEqual(once);
    await this.apply(...batches.flat());
    expect(await this.tables()).toEqual(once);
  }

  /**
   * The events give the same rows whether applied as one batch or split in two at any point, by one
   * runner or by two (the second remembering nothing). Returns the rows.
   */
  async expectSameRowsInAnyBatches(events: RecordedEvent[]): Promise<Rows> {
    await this.reset();
    await this.apply(...events);
    const whole = await this.tables();
    for (let at = 1; at < events.length; at++) {
      for (const otherRunner of [false, true]) {
        await this.reset();
        await this.apply(...events.slice(0, at));
        if (otherRunner) this.forget();
        await this.apply(...events.slice(at));
        expect({ at, otherRunner, rows: await this.tables() }).toEqual({ at, otherRunner, rows: whole });
      }
    }
    return whole;
  }

  /**
   * The two cases of every projection: applying the same batch twice changes nothing, and events split
   * across two batches give the same rows as one batch. `check` asserts what the rows show.
   */
  itIsTheSameWhateverTheBatches(events: () => RecordedEvent[], check: (rows: Rows) => void): void {
    it('applying the same batch twice changes nothing', async () => {
      const all = events();
      const half = Math.ceil(all.length / 2);
      await this.expectReplayChangesNothing(all.slice(0, half), all.slice(half));
      await this.expectReplayChangesNothing(all);
      check(await this.tables());
    });
    it('events split across two batches give the same rows as one batch', async () => {
      check(await this.expectSameRowsInAnyBatches(events()));
    });
  }
}

/**
 * `describe` blocks for a projection on every test database (PGlite, and PostgreSQL when DATABASE_URL
 * is set): one database per block, migrated once; each case starts from empty tables.
 */
export function describeProjection(projection: Projection, fn: (spec: ProjectionSpec) => void): void {
  describeEachDatabase(`${projection.name} projection`, (testDb) => {
    const spec = new ProjectionSpec(projection);
    let database: Database;
    beforeAll(async () => {
      database = await testDb.open({ migrated: true });
      spec.db = database.kysely as Kysely<ReadModels>;
      await migrateReadModels(spec.db, database.schema);
    });
    afterAll(() => database.close());
    beforeEach(() => spec.reset());
    fn(spec);
  });
}
