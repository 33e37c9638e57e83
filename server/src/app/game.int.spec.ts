import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Kysely, sql } from 'kysely';
import { accountDecider, accountStream } from '../domain/account/account';
import { shuffleShoe } from '@bahati/contracts';
import { describeEachStorage } from './app-storage.test-support';
import type { EventStore } from '../application/ports/event-store';
import { AccountCommands } from '../application/account-commands';
import { GameSettings, SeedSource } from '../application/game/seed-source';
import { reviveState } from '../application/snapshots';
import { accountEventCodec } from '../application/account-at-rest';
import { HouseSeedVault } from '../application/game/house-seed-vault';
import { DatabaseToken, EventStoreToken } from '../config/tokens';
import type { Database } from '../adapters/db/database';
import { ProjectionTiers } from '../projections/tiers';
import type { ReadModels } from '../projections/schema';
import { loadConfig } from '../config/config';
import { createApp } from './create-app';

type Fixture = { playerSeed: string; houseSeed: string; houseSeedHash: string };
const seeds = JSON.parse(readFileSync(join(__dirname, '../../../e2e/fixtures/seeds.json'), 'utf8')) as Record<'insurance' | 'insuranceDealerBlackjack' | 'evenMoney' | 'split' | 'plain', Fixture>;

describeEachStorage('the game API', (storage) => {
  jest.setTimeout(60_000);
  let app: NestFastifyApplication;
  let store: EventStore;
  let runner: ProjectionTiers;
  let kysely: Kysely<ReadModels>;
  let stored: ReturnType<typeof accountEventCodec>;
  const schema = `game_${randomBytes(5).toString('hex')}`;

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bahati-game-')),
      ADMIN_EMAILS: storage.email('boss@example.com'),
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
    // Accounts are stored with the seed of the shoe in play sealed: a fold of the stored events opens it as the server does.
    stored = accountEventCodec(app.get(HouseSeedVault));
  });

  afterAll(async () => {
    await app?.close();
    await storage.drop(schema);
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
  type Json = any;

  interface Player {
    id: string;
    jwt: string;
    get(url: string): Promise<{ status: number; body: Json }>;
    put(url: string): Promise<{ status: number; body: Json }>;
    post(url: string, payload: object): Promise<{ status: number; body: Json }>;
  }

  /** Signs a new player in; `houseSeed` forces the first shoe's house seed. */
  async function player(houseSeed?: string, email = `p-${randomUUID()}@example.com`): Promise<Player> {
    const seeds = app.get(SeedSource);
    const spy = houseSeed ? jest.spyOn(seeds, 'houseSeed').mockReturnValueOnce(houseSeed) : null;
    const token = await app.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email: storage.email(email) } });
    const login = await app.inject({ method: 'POST', url: '/api/players/login', payload: { idToken: token.json().idToken, photoUrl: null } });
    expect(login.statusCode).toBe(200);
    spy?.mockRestore();
    const jwt = login.json().jwt as string;
    const headers = { authorization: `Bearer ${jwt}` };
    const wrap = async (p: Promise<{ statusCode: number; body: string }>) => {
      const r = await p;
      return { status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined };
    };
    const p: Player = {
      id: '',
      jwt,
      get: (url) => wrap(app.inject({ method: 'GET', url, headers })),
      put: (url) => wrap(app.inject({ method: 'PUT', url, headers })),
      post: (url, payload) => wrap(app.inject({ method: 'POST', url, headers, payload })),
    };
    p.id = (await p.get('/api/players/1234')).body.id;
    return p;
  }

  /** Credits the account as a settled Lightning invoice would. */
  async function fund(p: Player, amount: number) {
    const invoiceId = randomUUID();
    const now = new Date().toISOString();
    await store.appendToStream(accountStream(p.id), [
      { id: randomUUID(), type: 'LightningInvoiceCreated', data: { invoiceId, amount, paymentRequest: `lnbcrt${amount}`, paymentHash: randomBytes(32).toString('hex'), createdAt: now, expiresAt: now }, metadata: { correlationId: 'test' } },
      { id: randomUUID(), type: 'LightningInvoiceSettled', data: { invoiceId, amount, settledAt: now }, metadata: { correlationId: 'test' } },
    ]);
  }

  /** Waits until every read model has applied every event appended so far. */
  async function caughtUp() {
    // In PostgreSQL, the newest event stored, even while an older transaction still hides it from readers.
    const head =
      store.kind === 'eventstoredb'
        ? await store.headCheckpoint()
        : (await sql<{ checkpoint: string }>`select transaction_id::text || ':' || position as checkpoint from es_events order by transaction_id desc, position desc limit 1`.execute(kysely)).rows[0]?.checkpoint ?? null;
    expect(await runner.waitForAll(head, 10_000)).toBe(true);
  }

  async function ledgerToday(p: Player) {
    await caughtUp();
    const now = new Date();
    const res = await p.get(`/api/players/ledger?d=${now.getUTCDate()}&m=${now.getUTCMonth() + 1}&y=${now.getUTCFullYear()}&o=0`);
    expect(res.status).toBe(200);
    return res.body as { type: string; amount: number; handId: string | null; reference: string | null }[];
  }

  const deal = (p: Player, betAmount: number, playerSeed: string | null = seeds.plain.playerSeed) => p.post('/api/hands', { betAmount, playerSeed });

  it('commits a shoe at sign-in: its hash is visible, its house seed is not', async () => {
    const p = await player();
    const me = (await p.get('/api/players/1234')).body;
    expect(me.shoeId).not.toBe('00000000-0000-0000-0000-000000000000');
    const shoe = await p.get(`/api/shoes/${me.shoeId}`);
    expect(shoe.status).toBe(200);
    expect(shoe.body).toMatchObject({ id: me.shoeId, houseSeed: '', playerSeed: '', handCount: 0, retired: false, cards: [] });
    expect(shoe.body.houseSeedHash).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('refuses bets the spec refuses, with its messages, and moves no money', async () => {
    const p = await player();
    expect(await deal(p, 1000)).toMatchObject({ status: 400, body: { error: 'BankTooLow', message: 'Deposit before you play.' } });
    await fund(p, 100_000);
    for (const bet of [0, -5, 1.5, 500_001]) expect(await deal(p, bet)).toMatchObject({ status: 400, body: { error: 'InvalidBetAmount' } });
    expect(await deal(p, 100_001)).toMatchObject({ status: 400, body: { error: 'BankTooLow', message: 'The bank is too low for that bet.' } });
    expect(await p.post('/api/hands', { betAmount: 'lots' })).toMatchObject({ status: 400, body: { error: 'InvalidBetAmount' } });
    expect(await p.put('/api/hands/hit')).toMatchObject({ status: 400, body: { error: 'NoActiveHand' } });
    expect(await p.put('/api/hands/stand')).toMatchObject({ status: 400, body: { error: 'NoActiveHand' } });
    expect(await p.put('/api/hands/insurance')).toMatchObject({ status: 400, body: { error: 'NoActiveHand' } });
    expect((await p.put('/api/hands/surrender')).status).toBe(400);
    await caughtUp();
    expect((await p.get('/api/players/bank')).body).toBe(100_000);
  });

  it('deals from the committed shoe, fixes the seeds, resumes the hand and settles a double', async () => {
    const p = await player(seeds.plain.houseSeed);
    await fund(p, 50_000);
    const res = await deal(p, 2_000);
    expect(res.status).toBe(200);
    const { hand, bank, winAmount, playerSeed, houseSeedHash } = res.body;
    expect({ bank, winAmount, playerSeed, houseSeedHash }).toEqual({ bank: 48_000, winAmount: null, playerSeed: seeds.plain.playerSeed, houseSeedHash: seeds.plain.houseSeedHash });
    expect(hand).toMatchObject({ baseBetAmount: 2_000, handNumber: 1, phase: 'PlayerTurn', activeHandIndex: 0, insuranceOffered: false, winAmount: null });
    expect(hand.allowedActions).toEqual(['hit', 'stand', 'double']);
    expect(hand.playerHands[0]).toMatchObject({ cardIndices: [0, 2], score: 11, displayScore: '11', handState: 'Active', doubleBet: false });
    expect(hand.dealerHand.cards[1]).toMatchObject({ rank: 0, faceDown: true, suit: null, id: null });
    expect(hand.dealerHand.cardIndices).toEqual([1]);

    expect(await deal(p, 1_000)).toMatchObject({ status: 409, body: { error: 'ActiveHand' } });
    expect((await p.get(`/api/hands/${hand.id}`)).body).toMatchObject({ id: hand.id, phase: 'PlayerTurn', allowedActions: ['hit', 'stand', 'double'] });
    expect(await p.get(`/api/hands/${hand.id}/shoe`)).toMatchObject({ status: 409, body: { error: 'ActiveHand' } });
    // The player's own figures come from the account: nothing to wait for.
    expect((await p.get('/api/players/1234')).body).toMatchObject({ activeHandId: hand.id, handsPlayed: 0, totalBetAmount: 0 });
    expect(await p.put('/api/hands/split')).toMatchObject({ status: 400, body: { error: 'SplitNotAllowed' } });
    expect(await p.put('/api/hands/insurance')).toMatchObject({ status: 400, body: { error: 'InsuranceNotAllowed' } });

    const doubled = await p.put('/api/hands/double');
    expect(doubled.status).toBe(200);
    const h = doubled.body.hand;
    expect(h.phase).toBe('Settled');
    expect(h.playerHands[0]).toMatchObject({ doubleBet: true, betAmount: 4_000, score: 20, cardIndices: [0, 2, 4] });
    expect(h.dealerHand.cards.every((c: { faceDown: boolean }) => !c.faceDown)).toBe(true);
    expect(doubled.body.winAmount).toBe(h.winAmount);
    expect(doubled.body.bank).toBe(46_000 + h.winAmount);
    expect(h.allowedActions).toEqual([]);

    const lines = await ledgerToday(p);
    expect(lines.filter((l) => l.handId === hand.id).map((l) => l.type)).toEqual(['Bet', 'Double', ...(h.winAmount > 0 ? [h.winAmount === 4_000 ? 'Push' : 'Win'] : [])]);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(doubled.body.bank);
    expect((await p.get('/api/players/1234')).body).toMatchObject({
      handsPlayed: 1, totalBetAmount: 4_000, totalWonAmount: h.winAmount, netAmount: h.winAmount - 4_000, level: 0, activeHandId: null,
    });
    expect((await p.get('/api/players/bank')).body).toBe(doubled.body.bank);
    const history = await p.get('/api/players/1234/hands');
    expect(history.body.map((x: { id: string }) => x.id)).toEqual([hand.id]);
    // The answer stamps the settle time when deciding, the read model when storing: a few ms apart.
    expect({ ...history.body[0], finishedTime: null }).toEqual({ ...h, finishedTime: null });
  });

  it('replaces an invalid player seed with a random one at the deal', async () => {
    const p = await player();
    await fund(p, 10_000);
    const res = await deal(p, 1_000, 'not a seed');
    expect(res.status).toBe(200);
    expect(res.body.playerSeed).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('offers insurance against an ace: takes half the bet, refuses the other answers', async () => {
    const p = await player(seeds.insurance.houseSeed);
    await fund(p, 10_000);
    const dealt = await deal(p, 1_001, seeds.insurance.playerSeed);
    expect(dealt.body.hand).toMatchObject({ phase: 'InsuranceOffered', insuranceOffered: true, allowedActions: ['insurance', 'noinsurance'] });
    expect(dealt.body.hand.dealerHand).toMatchObject({ displayScore: '1/11', cards: [{ rank: 1 }, { rank: 0 }] });
    expect(await p.put('/api/hands/hit')).toMatchObject({ status: 400, body: { error: 'NoActiveHand' } });
    expect(await p.put('/api/hands/evenmoney')).toMatchObject({ status: 400, body: { error: 'EvenMoneyNotAllowed' } });
    expect(await p.put('/api/hands/noevenmoney')).toMatchObject({ status: 400, body: { error: 'NoEvenMoneyNotAllowed' } });
    const insured = await p.put('/api/hands/insurance');
    expect(insured.status).toBe(200);
    expect(insured.body.bank).toBe(10_000 - 1_001 - 500);
    expect(insured.body.hand).toMatchObject({ phase: 'PlayerTurn', insuranceBet: 500, playerHands: [{ insurance: true }] });
    expect(await p.put('/api/hands/noinsurance')).toMatchObject({ status: 400, body: { error: 'NoInsuranceNotAllowed' } });
    const stood = await p.put('/api/hands/stand');
    expect(stood.body.hand).toMatchObject({ phase: 'Settled', dealerBlackjack: false, insuranceWin: 0 });
    const lines = await ledgerToday(p);
    expect(lines.map((l) => l.type)).toEqual(['LightningDeposit', 'Bet', 'InsuranceBet', ...(stood.body.winAmount ? ['Win'] : [])]);
  });

  it('pays insurance 2:1 when the dealer has blackjack', async () => {
    const p = await player(seeds.insuranceDealerBlackjack.houseSeed);
    await fund(p, 10_000);
    await deal(p, 1_000, seeds.insuranceDealerBlackjack.playerSeed);
    const res = await p.put('/api/hands/insurance');
    expect(res.body.hand).toMatchObject({ phase: 'Settled', dealerBlackjack: true, insuranceWin: 1_500, winAmount: 1_500 });
    expect(res.body.bank).toBe(10_000);
    expect((await ledgerToday(p)).map((l) => [l.type, l.amount])).toEqual([['LightningDeposit', 10_000], ['Bet', -1_000], ['InsuranceBet', -500], ['InsuranceWin', 1_500]]);
  });

  it('pays even money on a blackjack against an ace', async () => {
    const p = await player(seeds.evenMoney.houseSeed);
    await fund(p, 10_000);
    const dealt = await deal(p, 2_000, seeds.evenMoney.playerSeed);
    expect(dealt.body.hand).toMatchObject({ phase: 'EvenMoneyOffered', evenMoneyOffered: true, allowedActions: ['evenmoney', 'noevenmoney'] });
    expect(await p.put('/api/hands/insurance')).toMatchObject({ status: 400, body: { error: 'InsuranceNotAllowed' } });
    const res = await p.put('/api/hands/evenmoney');
    expect(res.body).toMatchObject({ winAmount: 4_000, bank: 12_000, hand: { playerHands: [{ handState: 'EvenMoney', hasBlackjack: true }] } });
    expect((await ledgerToday(p)).map((l) => l.type)).toEqual(['LightningDeposit', 'Bet', 'EvenMoney']);
  });

  it('splits a pair into two hands, each staked, and refuses a split or double the bank cannot cover', async () => {
    const p = await player(seeds.split.houseSeed);
    await fund(p, 3_000);
    await deal(p, 1_000, seeds.split.playerSeed);
    const split = await p.put('/api/hands/split');
    expect(split.status).toBe(200);
    expect(split.body.bank).toBe(1_000);
    expect(split.body.hand.playerHands).toHaveLength(2);
    expect(split.body.hand.playerHands.map((h: { cardIndices: number[] }) => h.cardIndices)).toEqual([[0, 4], [2, 5]]);
    expect(split.body.hand.activeHandIndex).toBe(0);
    const doubled = await p.put('/api/hands/double');
    expect(doubled.body.bank).toBe(0);
    expect(await p.put('/api/hands/double')).toMatchObject({ status: 400, body: { error: 'BankTooLow', message: 'The bank is too low to double.' } });
    const done = await p.put('/api/hands/stand');
    expect(done.body.hand.phase).toBe('Settled');
    const lines = await ledgerToday(p);
    expect(lines.map((l) => l.type).slice(0, 4)).toEqual(['LightningDeposit', 'Bet', 'Split', 'Double']);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(done.body.bank);
  });

  it('retires the shoe after its fourth hand, reveals the house seed and commits the next shoe', async () => {
    const p = await player(seeds.plain.houseSeed);
    await fund(p, 100_000);
    const handIds: string[] = [];
    let last: Json;
    for (let i = 0; i < 4; i++) {
      const dealt = await deal(p, 1_000);
      handIds.push(dealt.body.hand.id);
      last = dealt.body.hand.phase === 'Settled' ? dealt.body : (await p.put('/api/hands/stand')).body;
      expect(last.hand.phase).toBe('Settled');
      if (i < 3) expect(last.nextShoe).toBeNull();
      if (i === 1) {
        // A shoe in use: its count of hands is the account's (the read model stores it when the shoe retires).
        await caughtUp();
        expect((await p.get(`/api/shoes/${last.hand.shoeId}`)).body).toMatchObject({ handCount: 2, retired: false, houseSeed: '' });
      }
    }
    const oldShoeId = last.hand.shoeId;
    expect(last.nextShoe).toMatchObject({ id: expect.any(String), houseSeedHash: expect.any(String) });
    await caughtUp();
    const shoe = (await p.get(`/api/hands/${handIds[0]}/shoe`)).body;
    expect(shoe).toMatchObject({ id: oldShoeId, houseSeed: seeds.plain.houseSeed, playerSeed: seeds.plain.playerSeed, handCount: 4, retired: true, retiredEarly: false });
    expect(shoe.cards.map((c: { id: number }) => c.id)).toEqual(shuffleShoe(seeds.plain.playerSeed, seeds.plain.houseSeed));
    expect((await p.get(`/api/shoes/${oldShoeId}`)).body).toEqual(shoe);
    expect((await p.get('/api/players/1234')).body.shoeId).toBe(last.nextShoe.id);
    const lines = await ledgerToday(p);
    expect(lines.at(-1)).toMatchObject({ type: 'ShowShoe', amount: 0, reference: oldShoeId, handId: handIds[3] });
    const next = await deal(p, 1_000, null);
    expect(next.body).toMatchObject({ hand: { shoeId: last.nextShoe.id, handNumber: 1 }, houseSeedHash: last.nextShoe.houseSeedHash });
  });

  it('lets the player retire a started shoe early between hands', async () => {
    const p = await player();
    await fund(p, 10_000);
    expect(await p.put('/api/shoes/retire')).toMatchObject({ status: 404, body: { error: 'ShoeNotFound' } });
    const dealt = await deal(p, 1_000);
    if (dealt.body.hand.phase !== 'Settled') {
      expect(await p.put('/api/shoes/retire')).toMatchObject({ status: 409, body: { error: 'ActiveHand' } });
      // The house seed is random here: an ace up asks for the insurance / even-money answer first.
      let hand = dealt.body.hand;
      if (hand.phase === 'InsuranceOffered') hand = (await p.put('/api/hands/noinsurance')).body.hand;
      if (hand.phase === 'EvenMoneyOffered') hand = (await p.put('/api/hands/noevenmoney')).body.hand;
      if (hand.phase !== 'Settled') expect((await p.put('/api/hands/stand')).status).toBe(200);
    }
    const res = await p.put('/api/shoes/retire');
    expect(res).toMatchObject({ status: 200 });
    expect(res.body.retired).toMatchObject({ id: dealt.body.hand.shoeId, retired: true, retiredEarly: true, handCount: 1, playerSeed: seeds.plain.playerSeed });
    expect(res.body.retired.cards).toHaveLength(208);
    await caughtUp();
    expect((await p.get(`/api/shoes/${dealt.body.hand.shoeId}`)).body).toMatchObject({ houseSeed: res.body.retired.houseSeed, retiredEarly: true });
    expect((await p.get('/api/players/1234')).body.shoeId).toBe(res.body.next.id);
    expect((await ledgerToday(p)).at(-1)).toMatchObject({ type: 'ShowShoe', amount: 0 });
  });

  it('shows a player only their own hands and shoes; an admin may read any', async () => {
    const ana = await player();
    await fund(ana, 10_000);
    const hand = (await deal(ana, 1_000)).body.hand;
    await caughtUp();
    const eve = await player();
    expect(await eve.get(`/api/hands/${hand.id}`)).toMatchObject({ status: 404, body: { error: 'NotFound' } });
    expect(await eve.get(`/api/hands/${hand.id}/shoe`)).toMatchObject({ status: 404, body: { error: 'ShoeNotFound' } });
    expect(await eve.get(`/api/shoes/${hand.shoeId}`)).toMatchObject({ status: 404, body: { error: 'ShoeNotFound', message: 'Shoe not found.' } });
    expect((await eve.get(`/api/players/${ana.id}/hands`)).status).toBe(404);
    expect(await eve.get('/api/shoes/not-a-shoe')).toMatchObject({ status: 400, body: { message: 'Invalid ShoeId.' } });
    expect((await eve.get('/api/hands/nope')).status).toBe(400);
    const boss = await player(undefined, 'boss@example.com');
    expect((await boss.get(`/api/players/${ana.id}/hands`)).body.map((h: { id: string }) => h.id)).toEqual([hand.id]);
    expect((await boss.get(`/api/hands/${hand.id}`)).body.id).toBe(hand.id);
  });

  it('asks for a verified phone before a deal when the setting demands it', async () => {
    const settings = app.get(GameSettings);
    const p = await player();
    await fund(p, 10_000);
    settings.requirePhoneToPlay = true;
    try {
      expect(await deal(p, 1_000)).toMatchObject({ status: 403, body: { error: 'PhoneVerifyRequired' } });
    } finally {
      settings.requirePhoneToPlay = false;
    }
    await caughtUp();
    expect((await p.get('/api/players/bank')).body).toBe(10_000);
  });

  it('decides on what the account and player streams hold, even when they moved outside this process', async () => {
    const settings = app.get(GameSettings);
    const p = await player();
    /** Answers offers and stands until the hand is settled; the bank then. */
    const playOut = async (res: { status: number; body: Json }): Promise<number> => {
      expect(res.status).toBe(200);
      for (let i = 0; i < 6 && res.body.hand.phase !== 'Settled'; i++) {
        const phase = res.body.hand.phase as string;
        res = await p.put(`/api/hands/${phase === 'InsuranceOffered' ? 'noinsurance' : phase === 'EvenMoneyOffered' ? 'noevenmoney' : 'stand'}`);
        expect(res.status).toBe(200);
      }
      return res.body.bank as number;
    };
    await fund(p, 1_000);
    const left = await playOut(await deal(p, 1_000)); // the account is now remembered with what is left of 1,000
    // Money arrives by another writer: a bet beyond the remembered bank is taken, not refused.
    await fund(p, 50_000);
    const big = await deal(p, left + 20_000);
    expect(big.status).toBe(200);
    // The bet left 30,000 in the bank (more at once if the deal was a blackjack and paid out).
    if (big.body.hand.phase === 'Settled') expect(big.body.bank).toBeGreaterThanOrEqual(30_000);
    else expect(big.body.bank).toBe(30_000);
    await playOut(big);

    settings.requirePhoneToPlay = true;
    try {
      expect(await deal(p, 1_000)).toMatchObject({ status: 403, body: { error: 'PhoneVerifyRequired' } });
      // The phone is verified on the player stream; the next deal sees it.
      const phone = storage.phone(0);
      expect((await p.post('/api/players/beginphoneverify', { phoneNumber: phone.slice(2), countryCode: 'us' })).status).toBe(200);
      const code = await app.inject({ method: 'GET', url: `/api/dev/phone-code?phoneNumber=${encodeURIComponent(phone)}` });
      expect((await p.post('/api/players/verifycode', { code: code.json().code })).body).toEqual({ status: 'Approved' });
      expect((await deal(p, 1_000)).status).toBe(200);
    } finally {
      settings.requirePhoneToPlay = false;
    }
  });

  it("reads the ledger of the player's local day by time-zone offset", async () => {
    const p = await player();
    await fund(p, 5_000);
    await caughtUp();
    const now = new Date();
    // A day that ends before now in every zone has nothing; today at the offsets either side of UTC has the deposit.
    const behind = new Date(now.getTime() - 14 * 3600_000);
    const day = (d: Date, o: number) => `d=${d.getUTCDate()}&m=${d.getUTCMonth() + 1}&y=${d.getUTCFullYear()}&o=${o}`;
    const local = new Date(now.getTime() - 600 * 60_000);
    expect((await p.get(`/api/players/ledger?${day(local, 600)}`)).body).toHaveLength(1);
    expect((await p.get(`/api/players/ledger?d=1&m=1&y=2001&o=0`)).body).toEqual([]);
    expect((await p.get(`/api/players/ledger?${day(behind, 0)}`)).status).toBe(200);
    expect((await p.get('/api/players/ledger?d=31&m=2&y=2026&o=0')).status).toBe(400);
    expect((await p.get('/api/players/ledger?d=1&m=13&y=2026&o=0')).status).toBe(400);
  });

  it('never spends the same satoshis twice under parallel actions on one account', async () => {
    const p = await player();
    await fund(p, 5_000);
    const actions = ['deal', 'double', 'split', 'hit', 'stand', 'insurance', 'noinsurance'];
    const statuses = new Map<number, number>();
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => {
          const a = actions[(i + round) % actions.length]!;
          return a === 'deal' ? deal(p, 1_000 + (i % 3) * 500, null) : p.put(`/api/hands/${a}`);
        }),
      );
      for (const r of results) {
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status === 200) expect(r.body.bank).toBeGreaterThanOrEqual(0);
      }
    }
    expect([...statuses.keys()].every((s) => [200, 400, 409].includes(s))).toBe(true);
    expect(statuses.get(200)).toBeGreaterThan(0);
    const { state } = await app.get(AccountCommands).load(p.id);
    const folded = (await store.readStream(accountStream(p.id))).reduce((s, e) => accountDecider.evolve(s, stored.decode(e)), accountDecider.initialState());
    expect(state.bank).toBe(folded.bank);
    expect(state.bank).toBeGreaterThanOrEqual(0);
    const lines = await ledgerToday(p);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(state.bank);
    expect((await p.get('/api/players/bank')).body).toBe(state.bank);
  });

  it('folds a long account from a snapshot to the same state as from its first event', async () => {
    const p = await player();
    for (let i = 0; i < 60; i++) await fund(p, 1_000);
    const accounts = app.get(AccountCommands);
    await accounts.run(p.id, { type: 'CommitShoe', next: app.get(SeedSource).nextShoe(), now: new Date().toISOString() }, { correlationId: 'test' });
    await accounts.run(p.id, { type: 'CommitShoe', next: app.get(SeedSource).nextShoe(), replace: true, now: new Date().toISOString() }, { correlationId: 'test' });
    const row = await kysely.selectFrom('snapshots' as never).selectAll().where('stream_id' as never, '=', accountStream(p.id) as never).executeTakeFirst() as { revision: number; state: unknown } | undefined;
    expect(row?.revision).toBeGreaterThanOrEqual(100);
    await fund(p, 1_000);
    accounts.snapshots.clearCache();
    const fromSnapshot = await accounts.load(p.id);
    const folded = (await store.readStream(accountStream(p.id))).reduce((s, e) => accountDecider.evolve(s, stored.decode(e)), accountDecider.initialState());
    expect(fromSnapshot.state).toEqual(folded);
    expect(fromSnapshot.state.bank).toBe(61_000);
    expect(reviveState<{ money: { invoices: Map<string, unknown> } }>(row!.state).money.invoices).toBeInstanceOf(Map);
  });

  it('documents the game endpoints in the OpenAPI document', async () => {
    const paths = Object.keys((await app.inject({ method: 'GET', url: '/api/docs-json' })).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/hands', '/api/hands/{action}', '/api/hands/{id}', '/api/hands/{id}/shoe', '/api/shoes/{id}', '/api/shoes/retire', '/api/players/ledger', '/api/players/{id}/hands']));
  });

  describe('read models', () => {
    it('rebuild from the first event into identical tables', async () => {
      await caughtUp();
      const tables = ['hands', 'shoes', 'player_stats', 'ledger_entries', 'banks'] as const;
      const order: Record<(typeof tables)[number], string> = { hands: 'id', shoes: 'id', player_stats: 'player_id', ledger_entries: 'id', banks: 'player_id' };
      const dump = async () => Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await kysely.selectFrom(t).selectAll().orderBy(order[t] as never).execute()])));
      const before = await dump();
      expect(before.hands.length).toBeGreaterThan(10);
      await runner.stop();
      try {
        await runner.rebuild();
        const after = await dump();
        expect(after).toEqual(before);
      } finally {
        runner.start();
      }
    });
  });
});
