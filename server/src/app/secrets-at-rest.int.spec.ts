import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Kysely, sql } from 'kysely';
import { houseSeedHash, shuffleShoe } from '@bahati/contracts';
import { describeEachStorage } from './app-storage.test-support';
import type { EventStore } from '../application/ports/event-store';
import { AccountCommands } from '../application/account-commands';
import { SeedSource } from '../application/game/seed-source';
import { HouseSeedVault } from '../application/game/house-seed-vault';
import { DatabaseToken, EventStoreToken } from '../config/tokens';
import type { Database } from '../adapters/db/database';
import { accountStream } from '../domain/account/account';
import { ProjectionTiers } from '../projections/tiers';
import { loadConfig } from '../config/config';
import { createApp } from './create-app';

const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());
/** Every way a seed could be written down: as the player sees it, and its 32 bytes in hex. */
const spellings = (seed: string) => [seed, Buffer.from(seed, 'base64').toString('hex'), Buffer.from(seed, 'base64').toString('base64url')];

describeEachStorage('secrets at rest', (storage) => {
  jest.setTimeout(120_000);
  let app: NestFastifyApplication;
  let store: EventStore;
  let kysely: Kysely<unknown>;
  const schema = `rest_${randomBytes(5).toString('hex')}`;

  beforeAll(async () => {
    app = await createApp(
      loadConfig({
        NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'bahati-rest-')), LOG_LEVEL: 'silent', CLIENT_DIST: join(tmpdir(), 'no-client-here'), ...storage.env(schema),
      }),
      { bufferLogs: false },
    );
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    store = app.get<EventStore>(EventStoreToken);
    kysely = app.get<Database>(DatabaseToken).kysely as Kysely<unknown>;
  });

  afterAll(async () => {
    await app?.close();
    await storage.drop(schema);
  });

  async function signIn(email: string) {
    const token = await app.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email: storage.email(email) } });
    const login = await app.inject({ method: 'POST', url: '/api/players/login', payload: { idToken: token.json().idToken, photoUrl: null } });
    const headers = { authorization: `Bearer ${login.json().jwt as string}` };
    const id = (await app.inject({ method: 'GET', url: '/api/players/1234', headers })).json().id as string;
    return { id, headers };
  }

  async function fund(playerId: string, amount: number) {
    const invoiceId = randomUUID();
    const now = new Date().toISOString();
    await store.appendToStream(accountStream(playerId), [
      { id: randomUUID(), type: 'LightningInvoiceCreated', data: { invoiceId, amount, paymentRequest: `lnbcrt${amount}`, paymentHash: randomBytes(32).toString('hex'), createdAt: now, expiresAt: now }, metadata: { correlationId: 'test' } },
      { id: randomUUID(), type: 'LightningInvoiceSettled', data: { invoiceId, amount, settledAt: now }, metadata: { correlationId: 'test' } },
    ]);
  }

  /** Deals a hand and stands until it settles. */
  async function playHand(headers: Record<string, string>) {
    const dealt = await app.inject({ method: 'POST', url: '/api/hands', headers, payload: { betAmount: 1_000, playerSeed: null } });
    expect(dealt.statusCode).toBe(200);
    let hand = dealt.json().hand;
    while (hand.phase !== 'Settled') {
      const action = hand.insuranceOffered ? 'noinsurance' : hand.evenMoneyOffered ? 'noevenmoney' : 'stand';
      const res = await app.inject({ method: 'PUT', url: `/api/hands/${action}`, headers });
      expect(res.statusCode).toBe(200);
      hand = res.json().hand;
    }
  }

  /** Every stored event's data and metadata, read as stored: the table itself on PostgreSQL, the player's streams on EventStoreDB. */
  async function storedEvents(playerId: string): Promise<{ type: string; text: string }[]> {
    if (store.kind === 'eventstoredb') {
      const events = [...(await store.readStream(accountStream(playerId))), ...(await store.readStream(`player-${playerId}`))];
      return events.map((e) => ({ type: e.type, text: JSON.stringify([e.data, e.metadata]) }));
    }
    const { rows } = await sql<{ type: string; text: string }>`select type, jsonb_build_array(data, metadata)::text as text from es_events`.execute(kysely);
    return rows;
  }

  /** Every row of every table of the read-model database, as text. */
  async function databaseDump(): Promise<string> {
    const { rows: tables } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(kysely);
    const parts: string[] = [];
    for (const { name } of tables) {
      const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(kysely);
      parts.push(...rows.map((r) => r.row));
    }
    return parts.join('\n');
  }

  it('keeps the house seed of every shoe in play out of the stored events, the snapshots and the read models, and reveals it at retirement', async () => {
    const p = await signIn('at-rest@example.com');
    await fund(p.id, 1_000_000);
    // Six hands: the first shoe retires after its fourth, the second is in play with two hands dealt; then a snapshot.
    for (let i = 0; i < 6; i++) await playHand(p.headers);
    const accounts = app.get(AccountCommands);
    const { state, revision } = await accounts.load(p.id);
    await accounts.snapshots.store(accountStream(p.id), revision!, state);
    const live = state.game.shoe!;
    expect(live.handCount).toBe(2);
    await app.get(ProjectionTiers).waitForAll((await store.headCheckpoint())!, 10_000);

    const events = await storedEvents(p.id);
    const stored = events.map((e) => e.text).join('\n');
    for (const spelling of spellings(live.houseSeed)) expect(stored).not.toContain(spelling);
    const dump = await databaseDump();
    for (const spelling of spellings(live.houseSeed)) expect(dump).not.toContain(spelling);

    // The retired shoe's seed is there, in ShoeRetired, as the player was shown it: the search would find a seed.
    const retired = events.filter((e) => e.type === 'ShoeRetired').map((e) => JSON.parse(e.text)[0] as { houseSeed: string; shoeId: string });
    expect(retired.length).toBeGreaterThanOrEqual(1);
    expect(stored).toContain(retired[0]!.houseSeed);
    // Each commitment names the key that sealed its seed, and holds no plain seed.
    const committed = events.filter((e) => e.type === 'ShoeCommitted').map((e) => JSON.parse(e.text)[0] as Record<string, unknown>);
    expect(committed.length).toBeGreaterThanOrEqual(2);
    for (const c of committed) {
      expect(c).not.toHaveProperty('houseSeed');
      expect(c.sealedHouseSeed).toMatchObject({ alg: 'A256GCM', keyId: app.get(HouseSeedVault).keyId });
    }
  });

  it('deals the same cards from a sealed seed after a restart: the account is folded again from the stored snapshot and events', async () => {
    const p = await signIn('restart@example.com');
    await fund(p.id, 1_000_000);
    await playHand(p.headers);
    const accounts = app.get(AccountCommands);
    const before = (await accounts.load(p.id)).state;
    const shoe = before.game.shoe!;
    await accounts.snapshots.store(accountStream(p.id), (await accounts.load(p.id)).revision!, before);
    accounts.snapshots.clearCache();

    // What a restarted process folds: the seed opened, the card order the two seeds give.
    const after = (await accounts.load(p.id)).state.game.shoe!;
    expect(after.houseSeed).toBe(shoe.houseSeed);
    expect(after.cards).toEqual(shuffleShoe(shoe.playerSeed!, shoe.houseSeed));

    await playHand(p.headers);
    const retire = await app.inject({ method: 'PUT', url: '/api/shoes/retire', headers: p.headers });
    expect(retire.statusCode).toBe(200);
    const shown = retire.json().retired;
    expect(shown).toMatchObject({ id: shoe.shoeId, houseSeed: shoe.houseSeed, houseSeedHash: houseSeedHash(shoe.houseSeed, sha256) });
  });

  it('still plays a shoe whose commitment was stored with a plain house seed, before seeds were sealed', async () => {
    const p = await signIn('plain-seed@example.com');
    await fund(p.id, 1_000_000);
    // A commitment as it was stored before seeds were sealed; being the newest, it is the shoe in play.
    const houseSeed = app.get(SeedSource).houseSeed();
    const shoeId = randomUUID();
    const now = new Date().toISOString();
    await store.appendToStream(accountStream(p.id), [
      { id: randomUUID(), type: 'ShoeCommitted', data: { shoeId, houseSeed, houseSeedHash: houseSeedHash(houseSeed, sha256), committedAt: now }, metadata: { correlationId: 'test' } },
    ]);
    app.get(AccountCommands).snapshots.clearCache();
    await playHand(p.headers);
    const retired = await app.inject({ method: 'PUT', url: '/api/shoes/retire', headers: p.headers });
    expect(retired.statusCode).toBe(200);
    expect(retired.json().retired).toMatchObject({ id: shoeId, houseSeed, houseSeedHash: houseSeedHash(houseSeed, sha256) });
  });
});
