import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { type LiabilityCommitmentView, type LiabilityProofView, type ReservesView, verifyLiabilityProof } from '@bahati/contracts';
import { DEV_NODE_FLOAT } from '../adapters/lightning/dev-lightning-node';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { type AccountEvent, bankDelta } from '../domain/account/account';
import { streamOwner } from '../domain/streams';
import { type EventStore, compareCheckpoints } from '../application/ports/event-store';
import { EventStoreToken } from '../config/tokens';
import { LiabilitiesSchedule } from '../application/liabilities/liabilities';
import { type Auth, TestApi } from './app.test-support';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describeEachDatabase('proof of liabilities', (db) => {
  const api = new TestApi(db, `liabilities_${randomBytes(5).toString('hex')}`, { ADMIN_EMAILS: 'boss@example.com' });
  const players: { auth: Auth; id: string }[] = [];
  let boss: { auth: Auth; id: string };

  beforeAll(async () => {
    await api.start();
    boss = await api.signIn('boss@example.com');
    for (const [n, deposit] of [[1, 60_000], [2, 25_000], [3, 9_000]] as const) {
      const p = await api.signIn(`p${n}@example.com`);
      await api.verifyPhone(p.auth);
      await api.deposit(p.auth, deposit);
      for (let i = 0; i < n; i++) {
        let hand = (await api.post(p.auth, '/api/hands', { betAmount: 1_000 })).json() as { hand: { phase: string; allowedActions: string[] } };
        for (let step = 0; step < 8 && hand.hand.phase !== 'Settled'; step++) {
          const move = ['noinsurance', 'noevenmoney', 'stand'].find((a) => hand.hand.allowedActions.includes(a)) ?? 'stand';
          hand = (await api.inject({ method: 'PUT', url: `/api/hands/${move}`, headers: p.auth })).json() as typeof hand;
        }
      }
      players.push(p);
    }
    await api.post(players[0]!.auth, '/api/players/withdraw', { amount: 5_000, address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' });
  });
  afterAll(() => api.stop());

  it('commits to a total equal to the banks folded from the events at its position, and every player’s proof verifies', async () => {
    await api.caughtUp();
    expect((await api.post(players[0]!.auth, '/api/admin/liabilities')).statusCode).toBe(403);
    const committed = await api.post(boss.auth, '/api/admin/liabilities');
    expect(committed.statusCode).toBe(200);
    const commitment = committed.json() as LiabilityCommitmentView;
    expect(commitment.players).toBe(3);

    // The banks as the events decide them, up to the commitment's position.
    const store = api.app.get<EventStore>(EventStoreToken);
    const banks = new Map<string, number>();
    for (let after: string | null = null; ; ) {
      const { events, checkpoint } = await store.readAll({ after, maxCount: 500 });
      const upTo = events.filter((e) => compareCheckpoints(e.checkpoint, commitment.position) <= 0);
      for (const e of upTo) {
        const owner = streamOwner(e.streamId, 'account');
        if (owner) banks.set(owner, (banks.get(owner) ?? 0) + bankDelta({ type: e.type, data: e.data } as AccountEvent));
      }
      if (events.length < 500 || upTo.length < events.length) break;
      after = checkpoint;
    }
    expect(commitment.total).toBe([...banks.values()].reduce((s, b) => s + b, 0));

    const published = (await api.get(players[1]!.auth, '/api/liabilities')).json() as LiabilityCommitmentView[];
    expect(published[0]).toEqual(commitment);
    for (const p of players) {
      const proof = (await api.get(p.auth, '/api/players/liabilities/proof')).json() as LiabilityProofView;
      expect(proof.commitment).toEqual(commitment);
      expect(proof.balance).toBe(banks.get(p.id));
      expect(proof.root).toEqual({ hash: commitment.rootHash, sum: commitment.total });
      expect(await verifyLiabilityProof(proof, { hash: commitment.rootHash, sum: commitment.total }, sha256Hex)).toBe(true);
      // Nothing of another player's in it.
      for (const other of players) if (other.id !== p.id) expect(JSON.stringify(proof)).not.toContain(other.id);
    }
    // A player with an empty bank is in no commitment; the admin (no bank) is told so.
    expect((await api.get(boss.auth, '/api/players/liabilities/proof')).statusCode).toBe(404);
    expect((await api.get(players[0]!.auth, `/api/players/liabilities/proof?commitment=${commitment.id}`)).statusCode).toBe(200);
    expect((await api.get(players[0]!.auth, '/api/players/liabilities/proof?commitment=yesterday')).statusCode).toBe(400);
  });

  it('commits once a day at its hour, unless a commitment was made since', async () => {
    const schedule = api.app.get(LiabilitiesSchedule);
    const now = new Date();
    expect(await schedule.tick(now)).toBeNull();
    const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 5));
    const daily = await schedule.tick(tomorrow);
    expect(daily).toMatchObject({ players: 3 });
    const published = (await api.get(players[0]!.auth, '/api/liabilities')).json() as LiabilityCommitmentView[];
    expect(published.map((c) => c.id)).toContain(daily!.id);
  });

  it('shows admins the reserves a watch-only server sees beside the newest commitment, with the ratio', async () => {
    // One on-chain deposit confirmed, one still in the mempool (not a reserve yet).
    const p = players[2]!;
    const { address } = (await api.get(p.auth, '/api/players/getbitcoinaddress')).json() as { address: string };
    await api.inject({ method: 'POST', url: '/api/dev/bitcoin/pay', payload: { address, amount: 40_000, confirmations: 6 } });
    await api.inject({ method: 'POST', url: '/api/dev/bitcoin/pay', payload: { address, amount: 7_000, confirmations: 0 } });
    expect((await api.get(p.auth, '/api/admin/reserves')).statusCode).toBe(403);
    const answer = await api.get(boss.auth, '/api/admin/reserves');
    expect(answer.statusCode).toBe(200);
    const reserves = answer.json() as ReservesView;
    expect(reserves.onChain).toEqual({ confirmed: 40_000, outputs: 1, addresses: 1, source: 'development chain' });
    // The development node: its float, plus the Lightning deposits, less the on-chain payout (paid once approved: not yet).
    expect(reserves.lightning).toEqual({ channels: DEV_NODE_FLOAT + 60_000 + 25_000 + 9_000, wallet: DEV_NODE_FLOAT, source: 'development node' });
    expect(reserves.total).toBe(40_000 + 2 * DEV_NODE_FLOAT + 94_000);
    const [latest] = (await api.get(boss.auth, '/api/liabilities')).json() as LiabilityCommitmentView[];
    expect(reserves.liabilities).toEqual(latest);
    expect(reserves.ratio).toBeCloseTo(reserves.total / latest!.total, 12);
    expect(reserves.errors).toEqual([]);
    // The banks now include the confirmed deposit the commitment predates.
    expect(reserves.banksNow).toBe(latest!.total + 40_000);
  });
});
