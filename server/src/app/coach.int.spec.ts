import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Kysely, sql } from 'kysely';
import { playValues, rulesForLevel } from '@bahati/contracts';
import { accountStream } from '../domain/account/account';
import { describeEachStorage } from './app-storage.test-support';
import type { EventStore } from '../application/ports/event-store';
import { SeedSource } from '../application/game/seed-source';
import { DatabaseToken, EventStoreToken } from '../config/tokens';
import type { Database } from '../adapters/db/database';
import { ProjectionTiers } from '../projections/tiers';
import type { ReadModels } from '../projections/schema';
import { loadConfig } from '../config/config';
import { createApp } from './create-app';

type Fixture = { playerSeed: string; houseSeed: string };
const seeds = JSON.parse(readFileSync(join(__dirname, '../../../e2e/fixtures/seeds.json'), 'utf8')) as Record<'plain' | 'insuranceDealerBlackjack', Fixture>;

/** The strategy coach through the API: a hand's report once it has settled, and the player's week. */
describeEachStorage('the strategy coach API', (storage) => {
  jest.setTimeout(60_000);
  let app: NestFastifyApplication;
  let store: EventStore;
  let runner: ProjectionTiers;
  let kysely: Kysely<ReadModels>;
  const schema = `coach_${randomBytes(5).toString('hex')}`;

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bahati-coach-')),
      LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
      CLIENT_DIST: join(tmpdir(), 'no-client-here'),
      ...storage.env(schema),
    };
    app = await createApp(loadConfig(env), { bufferLogs: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    store = app.get<EventStore>(EventStoreToken);
    runner = app.get(ProjectionTiers);
    kysely = app.get<Database>(DatabaseToken).kysely as Kysely<ReadModels>;
  });

  afterAll(async () => {
    await app?.close();
    await storage.drop(schema);
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
  type Json = any;
  interface Player {
    id: string;
    get(url: string): Promise<{ status: number; body: Json }>;
    put(url: string): Promise<{ status: number; body: Json }>;
    post(url: string, payload: object): Promise<{ status: number; body: Json }>;
  }

  async function player(houseSeed?: string): Promise<Player> {
    const seedSource = app.get(SeedSource);
    const spy = houseSeed ? jest.spyOn(seedSource, 'houseSeed').mockReturnValueOnce(houseSeed) : null;
    const token = await app.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email: storage.email(`c-${randomUUID()}@example.com`) } });
    const login = await app.inject({ method: 'POST', url: '/api/players/login', payload: { idToken: token.json().idToken, photoUrl: null } });
    spy?.mockRestore();
    const headers = { authorization: `Bearer ${login.json().jwt as string}` };
    const wrap = async (p: Promise<{ statusCode: number; body: string }>) => {
      const r = await p;
      return { status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined };
    };
    const p: Player = {
      id: '',
      get: (url) => wrap(app.inject({ method: 'GET', url, headers })),
      put: (url) => wrap(app.inject({ method: 'PUT', url, headers })),
      post: (url, payload) => wrap(app.inject({ method: 'POST', url, headers, payload })),
    };
    p.id = (await p.get('/api/players/1234')).body.id;
    return p;
  }

  async function fund(p: Player, amount: number) {
    const invoiceId = randomUUID();
    const now = new Date().toISOString();
    await store.appendToStream(accountStream(p.id), [
      { id: randomUUID(), type: 'LightningInvoiceCreated', data: { invoiceId, amount, paymentRequest: `lnbcrt${amount}`, paymentHash: randomBytes(32).toString('hex'), createdAt: now, expiresAt: now }, metadata: { correlationId: 'test' } },
      { id: randomUUID(), type: 'LightningInvoiceSettled', data: { invoiceId, amount, settledAt: now }, metadata: { correlationId: 'test' } },
    ]);
  }

  async function caughtUp() {
    const head =
      store.kind === 'eventstoredb'
        ? await store.headCheckpoint()
        : (await sql<{ checkpoint: string }>`select transaction_id::text || ':' || position as checkpoint from es_events order by transaction_id desc, position desc limit 1`.execute(kysely)).rows[0]?.checkpoint ?? null;
    expect(await runner.waitForAll(head, 10_000)).toBe(true);
  }

  it('reports a hit where the chart doubles, with its cost in expected value, and adds it to the week', async () => {
    const p = await player(seeds.plain.houseSeed);
    await fund(p, 100_000);
    // 2H 9C (11) against a 4: the chart doubles; the player hits (9H: 20), then stands.
    const dealt = await p.post('/api/hands', { betAmount: 10_000, playerSeed: seeds.plain.playerSeed });
    expect(dealt.status).toBe(200);
    const handId = dealt.body.hand.id as string;
    expect(await p.get(`/api/players/coach/hands/${handId}`)).toMatchObject({ status: 200, body: { handId, ready: false, deviations: [] } });
    expect((await p.put('/api/hands/hit')).status).toBe(200);
    expect((await p.put('/api/hands/stand')).body.hand.phase).toBe('Settled');
    await caughtUp();

    const v = playValues({ rules: rulesForLevel(0), dealerUp: 4, cards: [2, 9], fromSplit: false, handCount: 1, pendingPairs: 0 });
    const report = await p.get(`/api/players/coach/hands/${handId}`);
    expect(report.status).toBe(200);
    expect(report.body).toEqual({
      handId,
      ready: true,
      level: 0,
      decisions: 2,
      costMsat: Math.round((v.Double! - v.Hit!) * 10_000 * 1000),
      deviations: [
        {
          seq: 1, handIndex: 0, cards: [2, 9], total: 11, soft: false, dealerUp: 4, action: 'Hit', recommended: 'Double', stake: 10_000,
          evAction: v.Hit, evRecommended: v.Double, costMsat: Math.round((v.Double! - v.Hit!) * 10_000 * 1000),
        },
      ],
    });
    const week = await p.get('/api/players/coach/week');
    expect(week.status).toBe(200);
    expect(week.body).toMatchObject({ hands: 1, decisions: 2, deviations: 1, costMsat: report.body.costMsat });
    expect(Date.parse(week.body.to) - Date.parse(week.body.from)).toBe(7 * 86_400_000);

    // Another player neither reads it nor counts it.
    const other = await player();
    expect(await other.get(`/api/players/coach/hands/${handId}`)).toMatchObject({ status: 404, body: { error: 'NotFound' } });
    expect((await other.get('/api/players/coach/week')).body).toMatchObject({ hands: 0, decisions: 0, deviations: 0, costMsat: 0 });
  });

  it('reports insurance taken against a dealer blackjack as costing 1/13 of it, though it paid', async () => {
    const p = await player(seeds.insuranceDealerBlackjack.houseSeed);
    await fund(p, 100_000);
    const dealt = await p.post('/api/hands', { betAmount: 10_000, playerSeed: seeds.insuranceDealerBlackjack.playerSeed });
    const settled = await p.put('/api/hands/insurance');
    expect(settled.body.hand).toMatchObject({ phase: 'Settled', insuranceBet: 5_000, insuranceWin: 15_000, dealerBlackjack: true });
    await caughtUp();
    const report = await p.get(`/api/players/coach/hands/${dealt.body.hand.id}`);
    expect(report.body).toMatchObject({ ready: true, decisions: 1, deviations: [{ action: 'Insurance', recommended: 'NoInsurance', costMsat: Math.round((5_000 / 13) * 1000) }] });
  });

  it('answers 400 for a malformed hand id and 401 without a session', async () => {
    const p = await player();
    expect(await p.get('/api/players/coach/hands/not-a-uuid')).toMatchObject({ status: 400, body: { error: 'ValidationFailed' } });
    expect((await app.inject({ method: 'GET', url: '/api/players/coach/week' })).statusCode).toBe(401);
  });
});
