import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import type { Database } from '../adapters/db/database';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { PostgresEventStore } from '../adapters/event-store/postgres-event-store';
import { Table } from '../domain/hand/hand.test-support';
import { COACH_STORED_EVERY, coachProjection } from './coach/coach.projection';
import { handsProjection } from './hands/hands.projection';
import { migrateReadModels } from './migrations';
import { alice, handId } from './projection.test-support';
import { ProjectionRunner } from './runner';
import type { ReadModels } from './schema';

/**
 * The hands and the coach keep a hand in play in the runner's memory only. A runner started in the middle of
 * a hand (after a restart) folds it again from the account's events, read from the same store, which on
 * PGlite shares the read models' one connection.
 */
describeEachDatabase('a hand in play across a restart of the projections', (database) => {
  let db: Database;
  let store: PostgresEventStore;

  beforeEach(async () => {
    db = await database.open();
    await migrateReadModels(db.kysely, db.schema);
    store = new PostgresEventStore(db);
    await store.init();
  });
  afterEach(() => db.close());

  const append = (events: { type: string; data: unknown }[]) =>
    store.appendToStream(`account-${alice}`, events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: { correlationId: 'recall-spec' } })));

  /** A deposit, then a hand of 1,000 sat dealt: 17 against a 6 (a hit is a deviation; 19 then loses to the dealer's 21). */
  async function dealHand(): Promise<Table> {
    await append([{ type: 'LightningInvoiceSettled', data: { invoiceId: 'i-1', amount: 1_000_000, settledAt: '2026-01-01T10:00:00.000Z' } }]);
    const table = new Table('T 6 7 T 2 5');
    const opened = { type: 'HandOpened', data: { handId: handId(1), shoeId: randomUUID(), handNumber: 1, openedAt: '2026-01-01T10:00:01.000Z' } };
    await append([opened, ...table.deal(1000, { handId: handId(1) })]);
    return table;
  }

  it('finishes the hand and its coach report from the events applied before the restart', async () => {
    const kysely = db.kysely as Kysely<ReadModels>;
    const table = await dealHand();
    await append(table.hit());

    const before = new ProjectionRunner(kysely, store, [handsProjection, coachProjection]);
    await before.init();
    expect(await before.caughtUpAll(10_000)).toBe(true);
    expect(await kysely.selectFrom('hands').selectAll().execute()).toEqual([]);
    expect(await kysely.selectFrom('coach_deviations').select(['action', 'recommended']).execute()).toEqual([{ action: 'Hit', recommended: 'Stand' }]);

    // Stopped in the middle of the hand: a new runner remembers nothing of it.
    const { nextExpectedRevision: last } = await append(table.stand());
    const after = new ProjectionRunner(kysely, store, [handsProjection, coachProjection]);
    await after.init();
    expect(await after.caughtUpAll(10_000)).toBe(true);

    const [hand] = await kysely.selectFrom('hands').selectAll().execute();
    expect(hand).toMatchObject({ id: handId(1), phase: 'Settled', total_bet: 1000, win_amount: 0, net: -1000, revision: last });
    expect((hand!.state as { player: { cards: number[] }[] }).player[0]!.cards).toHaveLength(3);
    expect(await kysely.selectFrom('coach_hands').select(['hand_id', 'decisions', 'deviations']).execute()).toEqual([{ hand_id: handId(1), decisions: 2, deviations: 1 }]);
    // The coach's state is stored at the first event between hands of each block of revisions: the first event's.
    expect(await kysely.selectFrom('coach_players').select(['account_revision']).execute()).toEqual([{ account_revision: 0 }]);
    expect(last).toBeLessThan(COACH_STORED_EVERY);
  });

  it('finishes the hand right on an API instance that learned from its health check that the projections process moved on', async () => {
    const kysely = db.kysely as Kysely<ReadModels>;
    const table = await dealHand();
    // The instance's runner is not started; it catches up itself when a reader waits for a write.
    const api = new ProjectionRunner(kysely, store, [handsProjection, coachProjection]);
    await api.init();
    await api.catchUp();
    // The projections process applies the hit, and the instance's health check reads where it left the checkpoints.
    await append(table.hit());
    const projections = new ProjectionRunner(kysely, store, [handsProjection, coachProjection]);
    await projections.init();
    await projections.catchUp();
    await api.lag();

    const { nextExpectedRevision: last } = await append(table.stand());
    // Every event stored, even while another test's transaction keeps the newest from the log's readers for a moment.
    expect(await api.caughtUpAll(10_000)).toBe(true);
    const [hand] = await kysely.selectFrom('hands').selectAll().execute();
    expect(hand).toMatchObject({ id: handId(1), phase: 'Settled', revision: last });
    expect((hand!.state as { player: { cards: number[] }[] }).player[0]!.cards).toHaveLength(3);
    expect(await kysely.selectFrom('coach_hands').select(['hand_id', 'decisions', 'deviations']).execute()).toEqual([{ hand_id: handId(1), decisions: 2, deviations: 1 }]);
  });
});
