import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import { type Kysely, sql } from 'kysely';
import { Client } from 'pg';
import type { AuditLogPage, HandAudit, LedgerDayReport, LedgerRepairResponse, PlayerPage, SuspectRecordPage } from '@bahati/contracts';
import type { Database } from '../adapters/db/database';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { SetStaffRoleCommand } from '../application/admin/staff';
import type { EventStore } from '../application/ports/event-store';
import { DatabaseToken, EventStoreToken } from '../config/tokens';
import { accountStream } from '../domain/account/account';
import { supportStream } from '../domain/support/support';
import { STAFF_ROLES_STREAM } from '../domain/staff/staff-roles';
import type { ReadModels } from '../projections/schema';
import { type Auth, TestApi } from './app.test-support';

type Fixture = { playerSeed: string; houseSeed: string };
const seeds = JSON.parse(readFileSync(join(__dirname, '../../../e2e/fixtures/seeds.json'), 'utf8')) as Record<'plain' | 'insurance' | 'split', Fixture>;

describeEachDatabase('admins and support', (db) => {
  const api = new TestApi(db, `admin_${randomBytes(5).toString('hex')}`, { ADMIN_EMAILS: 'boss@example.com', SUPPORT_EMAILS: 'help@example.com' });
  let admin: { auth: Auth; id: string };
  let support: { auth: Auth; id: string };
  let kysely: Kysely<ReadModels>;
  let store: EventStore;

  beforeAll(async () => {
    await api.start();
    admin = await api.signIn('boss@example.com');
    support = await api.signIn('help@example.com');
    kysely = api.app.get<Database>(DatabaseToken).kysely as Kysely<ReadModels>;
    store = api.app.get<EventStore>(EventStoreToken);
  });
  afterAll(() => api.stop());

  const put = (auth: Auth, url: string) => api.inject({ method: 'PUT', url, headers: auth });

  /** A signed-in player with a verified phone and `funds` deposited. */
  async function funded(email: string, funds = 100_000) {
    const player = await api.signIn(email);
    await api.verifyPhone(player.auth);
    await api.deposit(player.auth, funds);
    return player;
  }

  /** Deals one hand on a shoe of the fixture's seeds and plays `actions`; returns the hand's id. */
  async function play(auth: Auth, fixture: Fixture, ...actions: string[]): Promise<string> {
    expect((await api.post(auth, '/api/dev/shoe', { houseSeed: fixture.houseSeed })).statusCode).toBe(200);
    const dealt = await api.post(auth, '/api/hands', { betAmount: 1_000, playerSeed: fixture.playerSeed });
    expect(dealt.statusCode).toBe(200);
    for (const action of actions) expect((await put(auth, `/api/hands/${action}`)).statusCode).toBe(200);
    return dealt.json().hand.id as string;
  }

  describe('roles', () => {
    it('tells each user their staff roles; admins are admins on their player too', async () => {
      const player = await api.signIn('roles-player@example.com');
      expect((await api.get(player.auth, '/api/admin/roles')).json()).toEqual({ roles: [] });
      expect((await api.get(support.auth, '/api/admin/roles')).json()).toEqual({ roles: ['support'] });
      expect((await api.get(admin.auth, '/api/admin/roles')).json()).toEqual({ roles: ['admin'] });
      expect((await api.get(admin.auth, '/api/players/1234')).json()).toMatchObject({ isAdmin: true });
      expect((await api.get(support.auth, '/api/players/1234')).json()).toMatchObject({ isAdmin: false });
    });

    it('refuses support what only admins decide, with 403: bans, suspect levels, withdrawals, codes, brands, analytics', async () => {
      const target = await api.signIn('target@example.com');
      const refused = [
        await api.post(support.auth, `/api/players/${target.id}/ban`, { reason: 'Ban for the test' }),
        await api.post(support.auth, `/api/players/${target.id}/unban`),
        await api.post(support.auth, `/api/players/${target.id}/suspect/10`, { reason: 'Set for the test' }),
        await put(support.auth, `/api/players/approvewithdrawrequest?id=${randomUUID()}`),
        await put(support.auth, `/api/players/declinewithdrawrequest?id=${randomUUID()}`),
        await api.post(support.auth, '/api/admin/redeem-codes', { code: 'SUPPORT1', bonusAmount: 1000 }),
        await api.post(support.auth, '/api/players/brand', { id: 'sneaky', name: 'x' }),
        await api.get(support.auth, '/api/admin/analytics?from=2026-01-01&to=2026-01-02'),
      ];
      for (const res of refused) expect({ url: res.raw.req.url, status: res.statusCode, error: res.json().error }).toEqual({ url: res.raw.req.url, status: 403, error: 'Forbidden' });
      expect((await api.get(admin.auth, `/api/players?q=target@example.com`)).json<PlayerPage>().items[0]).toMatchObject({ banned: false, suspectLevel: 0 });
    });

    it('refuses a player every staff read (403) and anyone without a session (401)', async () => {
      const player = await api.signIn('nosy@example.com');
      const urls = ['/api/players', `/api/players/${admin.id}/suspect`, `/api/admin/hands/${randomUUID()}/audit`, `/api/admin/players/${admin.id}/ledger?date=2026-03-01`];
      for (const url of urls) {
        expect({ url, status: (await api.get(player.auth, url)).statusCode }).toEqual({ url, status: 403 });
        expect({ url, status: (await api.inject({ method: 'GET', url })).statusCode }).toEqual({ url, status: 401 });
      }
      expect((await api.post(player.auth, `/api/admin/players/${admin.id}/ledger?date=2026-03-01`, { repair: true, reason: 'Repair for the test' })).statusCode).toBe(403);
      expect((await api.get(player.auth, `/api/players/${admin.id}/hands`)).statusCode).toBe(404);
    });

    it('grants and revokes a role by event through the command bus, taking effect on the next request', async () => {
      const helper = await api.signIn('helper@example.com');
      expect((await api.get(helper.auth, '/api/players')).statusCode).toBe(403);
      const bus = api.app.get(CommandBus);
      const operator = { playerId: 'system:roles', roles: ['admin' as const] };
      expect(await bus.execute(new SetStaffRoleCommand(operator, 'Helper@Example.com', 'support', true, 'spec'))).toEqual({ email: 'helper@example.com', role: 'support', granted: true, changed: true });
      expect(await bus.execute(new SetStaffRoleCommand(operator, 'helper@example.com', 'support', true, 'spec'))).toMatchObject({ changed: false });
      expect((await api.get(helper.auth, '/api/players')).statusCode).toBe(200);
      expect((await api.get(helper.auth, '/api/admin/roles')).json()).toEqual({ roles: ['support'] });
      await expect(bus.execute(new SetStaffRoleCommand({ playerId: support.id, roles: ['support'] }, 'x@example.com', 'admin', true, 'spec'))).rejects.toMatchObject({ code: 'Forbidden' });

      await bus.execute(new SetStaffRoleCommand(operator, 'helper@example.com', 'support', false, 'spec'));
      expect((await api.get(helper.auth, '/api/players')).statusCode).toBe(403);
      const events = (await store.readStream(STAFF_ROLES_STREAM)).filter((e) => (e.data as { email: string }).email === 'helper@example.com');
      expect(events.map((e) => [e.type, e.metadata.userId])).toEqual([['StaffRoleGranted', 'system:roles'], ['StaffRoleRevoked', 'system:roles']]);
    });
  });

  describe('players', () => {
    it('lists players for admins and support, newest first, searched by e-mail or id, paged with the total', async () => {
      const p1 = await funded('list-one@example.com', 50_000);
      await play(p1.auth, seeds.plain, 'stand');
      const p2 = await api.signIn('List-Two@Example.com');
      await api.caughtUp();

      const all = (await api.get(support.auth, '/api/players?q=LIST-')).json<PlayerPage>();
      expect(all).toMatchObject({ total: 2, offset: 0, limit: 50 });
      expect(all.items.map((p) => p.id)).toEqual([p2.id, p1.id]);
      expect(all.items[1]).toEqual({
        id: p1.id, email: 'list-one@example.com', name: expect.any(String), createdTime: expect.any(String), banned: false, suspectLevel: expect.any(Number),
        handsPlayed: 1, totalBetAmount: 1_000, level: 0, bank: 51_000, selfExclude: false, lastActive: expect.any(String),
      });
      const second = (await api.get(admin.auth, '/api/players?q=list-&offset=1&limit=1')).json<PlayerPage>();
      expect(second).toMatchObject({ total: 2, offset: 1, limit: 1, items: [{ id: p1.id }] });
      expect((await api.get(admin.auth, `/api/players?q=${p2.id}`)).json<PlayerPage>().items.map((p) => p.email)).toEqual(['list-two@example.com']);
      expect((await api.get(admin.auth, '/api/players?q=%25')).json<PlayerPage>().total).toBe(0);
      expect((await api.get(admin.auth, '/api/players')).json<PlayerPage>().total).toBeGreaterThanOrEqual(4);
      for (const bad of ['limit=0', 'limit=501', 'offset=-1', 'limit=ten']) expect((await api.get(admin.auth, `/api/players?${bad}`)).json()).toMatchObject({ statusCode: 400, error: 'ValidationFailed' });
      // The static player paths are never taken for the list or an id.
      expect((await api.get(p1.auth, '/api/players/1234')).json()).toMatchObject({ id: p1.id });
      expect((await api.get(p1.auth, '/api/players/bank')).json()).toBe(51_000);
    });

    it("reads a player's hands for support, newest first, paged, with X-Total-Count; an unknown player is 404", async () => {
      const p = await funded('hands@example.com');
      const first = await play(p.auth, seeds.plain, 'stand');
      const second = await play(p.auth, seeds.plain, 'hit', 'stand');
      await api.caughtUp();
      const page = await api.get(support.auth, `/api/players/${p.id}/hands?limit=1`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-total-count']).toBe('2');
      expect(page.json().map((h: { id: string }) => h.id)).toEqual([second]);
      expect((await api.get(support.auth, `/api/players/${p.id}/hands?offset=1`)).json().map((h: { id: string }) => h.id)).toEqual([first]);
      expect((await api.get(p.auth, '/api/players/1234/hands')).json()).toHaveLength(2);
      expect((await api.get(support.auth, `/api/players/${randomUUID()}/hands`)).statusCode).toBe(404);
      expect((await api.get(support.auth, '/api/players/nobody/hands')).statusCode).toBe(400);
    });
  });

  describe('suspects', () => {
    it("sets a level as an AdminManualChange naming the admin; the player's level shows it", async () => {
      const p = await api.signIn('suspect@example.com');
      const set = await api.post(admin.auth, `/api/players/${p.id}/suspect/37`, { reason: 'Set for the test' });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ id: p.id, suspectLevel: 37 });
      expect((await api.post(admin.auth, `/api/players/${p.id}/suspect/30`, { reason: 'Set for the test' })).json()).toEqual({ id: p.id, suspectLevel: 30 });
      const records = (await api.get(support.auth, `/api/players/${p.id}/suspect`)).json<SuspectRecordPage>();
      expect(records).toMatchObject({ playerId: p.id, suspectLevel: 30, total: 2 });
      expect(records.items).toEqual([
        expect.objectContaining({ reason: 'AdminManualChange', suspectChange: -7, adminId: admin.id, handId: null }),
        expect.objectContaining({ reason: 'AdminManualChange', suspectChange: 37, adminId: admin.id }),
      ]);
      expect((await api.get(admin.auth, '/api/players?q=suspect@')).json<PlayerPage>().items[0]).toMatchObject({ suspectLevel: 30 });
      expect((await api.get(p.auth, '/api/players/1234')).json()).toMatchObject({ suspectLevel: 30 });
      const events = await store.readStream(`player-${p.id}`);
      expect(events.filter((e) => e.type === 'SuspectLevelSet').map((e) => [e.data, e.metadata.userId])).toEqual([
        [expect.objectContaining({ level: 37, adminId: admin.id }), admin.id],
        [expect.objectContaining({ level: 30, adminId: admin.id }), admin.id],
      ]);
    });

    it('answers 400 for a level that is not a whole number from 0 to 100, 404 for an unknown player', async () => {
      const p = await api.signIn('levels@example.com');
      for (const level of ['101', '-1', 'abc', '2.5', '1e1', '%20']) {
        const res = await api.post(admin.auth, `/api/players/${p.id}/suspect/${level}`, { reason: 'Set for the test' });
        expect({ level, status: res.statusCode, error: res.json().error }).toEqual({ level, status: 400, error: 'ValidationFailed' });
      }
      expect((await api.post(admin.auth, `/api/players/${p.id}/suspect/0`, { reason: 'Set for the test' })).statusCode).toBe(200);
      expect((await api.post(admin.auth, `/api/players/${p.id}/suspect/100`, { reason: 'Set for the test' })).statusCode).toBe(200);
      expect((await api.post(admin.auth, `/api/players/${randomUUID()}/suspect/5`, { reason: 'Set for the test' })).json()).toMatchObject({ statusCode: 404, error: 'NotFound' });
      expect((await api.post(admin.auth, '/api/players/nobody/suspect/5')).statusCode).toBe(400);
      expect((await api.get(support.auth, `/api/players/${randomUUID()}/suspect`)).statusCode).toBe(404);
    });

    it('detects play that leaves basic strategy from the hands played, and a win after it', async () => {
      const p = await funded('deviant@example.com');
      // 2 9 (11) against a 4: the book doubles; standing wins when the dealer busts.
      const hand = await play(p.auth, seeds.plain, 'stand');
      const records = (await api.get(admin.auth, `/api/players/${p.id}/suspect`)).json<SuspectRecordPage>();
      expect(records.items).toEqual([
        expect.objectContaining({ reason: 'WinAfterPlayDeviation', handId: hand, suspectChange: 3 }),
        expect.objectContaining({ reason: 'PlayDeviation', handId: hand, playerHandValue: 11, dealerHandValue: 4, expectedAction: 'Double', actualAction: 'Stand', suspectChange: 1, adminId: null }),
      ]);
      expect(records.suspectLevel).toBe(4);
    });
  });

  describe('hand audit', () => {
    it('verifies a hand of a retired shoe by replay from the event store', async () => {
      const p = await funded('audited@example.com');
      const hand = await play(p.auth, seeds.plain, 'stand');
      expect((await put(p.auth, '/api/shoes/retire')).statusCode).toBe(200);
      const res = await api.get(support.auth, `/api/admin/hands/${hand}/audit`);
      expect(res.statusCode).toBe(200);
      const audit = res.json<HandAudit>();
      expect(audit).toMatchObject({
        handId: hand, playerId: p.id, verified: true, mismatches: [], settled: true,
        checks: { seeds: 'passed', cards: 'passed', decisions: 'passed', payouts: 'passed', ledger: 'passed' },
        shoe: { inPlay: false, houseSeed: seeds.plain.houseSeed, playerSeed: seeds.plain.playerSeed },
        payouts: [{ outcome: 'Win', returned: 2_000, expectedReturned: 2_000, matches: true }],
      });
      expect(audit.cards.map((c) => c.position)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(audit.timeline.map((e) => e.type)).toEqual(expect.arrayContaining(['HandOpened', 'HandStarted', 'PlayerStood', 'HandSettled', 'ShoeRetired']));
      expect(audit.timeline.every((e) => typeof e.revision === 'number' && typeof e.time === 'string')).toBe(true);
      expect(audit.ledger.fromEvents.map((l) => [l.type, l.amount])).toEqual([['Bet', -1_000], ['Win', 2_000], ['ShowShoe', 0]]);
      expect(audit.ledger.readModel.map((l) => [l.type, l.amount])).toEqual([['Bet', -1_000], ['Win', 2_000], ['ShowShoe', 0]]);
    });

    it('names a tampered card and a tampered payout written straight into the event store', async () => {
      const p = await funded('tampered@example.com');
      const hand = await play(p.auth, seeds.plain, 'stand');
      await put(p.auth, '/api/shoes/retire');
      // The card at position 2 (the player's 9 of clubs) becomes the 10 of hearts, straight in the store.
      // The deal carries its four cards; the third (index 2) is at shoe position 2.
      await sql`update es_events set data = jsonb_set(data, '{cards,2,card}', '9'::jsonb) where stream_id = ${accountStream(p.id)} and data->>'handId' = ${hand} and type = 'HandStarted' and (data#>>'{cards,2,position}')::int = 2`.execute(kysely);
      let audit = (await api.get(admin.auth, `/api/admin/hands/${hand}/audit`)).json<HandAudit>();
      expect(audit.verified).toBe(false);
      expect(audit.checks).toMatchObject({ cards: 'failed', payouts: 'passed' });
      expect(audit.mismatches).toEqual([expect.objectContaining({ kind: 'card', position: 2, actual: 9 })]);
      expect(audit.mismatches[0]!.message).toMatch(/shoe position 2/);

      await sql`update es_events set data = jsonb_set(data, '{win}', '3000'::jsonb) where stream_id = ${accountStream(p.id)} and data->>'handId' = ${hand} and type = 'HandSettled'`.execute(kysely);
      audit = (await api.get(admin.auth, `/api/admin/hands/${hand}/audit`)).json<HandAudit>();
      expect(audit.verified).toBe(false);
      expect(audit.mismatches).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: 'card', position: 2 }), expect.objectContaining({ kind: 'payout', field: 'win', expected: 2_000, actual: 3_000 })]),
      );
      // The ledger the events now give (a Win of 3,000) is not what the read model holds.
      expect(audit.mismatches).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'ledger', field: 'amount', expected: 3_000, actual: 2_000 })]));
    });

    it('says a shoe still in play cannot have its cards checked, and checks the rest', async () => {
      const p = await funded('inplay@example.com');
      const hand = await play(p.auth, seeds.plain, 'stand');
      const audit = (await api.get(admin.auth, `/api/admin/hands/${hand}/audit`)).json<HandAudit>();
      expect(audit).toMatchObject({ verified: true, shoe: { inPlay: true, houseSeed: null }, checks: { seeds: 'unchecked', cards: 'unchecked', payouts: 'passed', ledger: 'passed' } });
      expect(audit.notes.join(' ')).toMatch(/house seed/);
      expect(JSON.stringify(audit)).not.toContain(seeds.plain.houseSeed);
    });

    it("shows staff a hand in play as its player sees it: the dealer's hole card face down in the audit, the hands list and the hand, all of it once settled", async () => {
      const p = await funded('insured@example.com');
      // An ace up with the 7 of hearts in the hole: insurance is offered and the hand waits on the player.
      const hand = await play(p.auth, seeds.insurance);
      const seen = (await api.get(p.auth, `/api/hands/${hand}`)).json().dealerHand.cards;
      expect(seen.map((c: { rank: number; faceDown: boolean }) => [c.rank, c.faceDown])).toEqual([[1, false], [0, true]]);
      for (const staff of [support, admin]) {
        const audit = (await api.get(staff.auth, `/api/admin/hands/${hand}/audit`)).json<HandAudit>();
        const dealer = audit.cards.filter((c) => c.to === 'Dealer');
        expect(dealer.map((c) => [c.card.rank, c.card.faceDown, c.expected])).toEqual([[1, false, null], [0, true, null]]);
        const carried = audit.timeline.flatMap((e) => (e.data as { cards?: { faceDown: boolean; card: unknown }[] }).cards ?? []);
        expect(carried.filter((c) => c.faceDown).map((c) => c.card)).toEqual([null]);
        expect(audit.checks).toMatchObject({ decisions: 'unchecked', payouts: 'unchecked' });
        expect(audit.notes.join(' ')).toMatch(/face-down card stays hidden/);
        // The hand itself and the player's hands list, as staff read them.
        expect((await api.get(staff.auth, `/api/hands/${hand}`)).json().dealerHand.cards).toEqual(seen);
        const listed = (await api.get(staff.auth, `/api/players/${p.id}/hands`)).json<{ id: string; dealerHand: { cards: unknown[] } }[]>().find((h) => h.id === hand)!;
        expect(listed.dealerHand.cards).toEqual(seen);
      }
      expect((await put(p.auth, '/api/hands/noinsurance')).statusCode).toBe(200);
      if ((await api.get(p.auth, `/api/hands/${hand}`)).json().phase !== 'Settled') expect((await put(p.auth, '/api/hands/stand')).statusCode).toBe(200);
      const settled = (await api.get(support.auth, `/api/admin/hands/${hand}/audit`)).json<HandAudit>();
      expect(settled.cards.filter((c) => c.to === 'Dealer').map((c) => [c.card.rank, c.card.suit])).toEqual(expect.arrayContaining([[1, 'Diamond'], [7, 'Heart']]));
      expect(settled.checks).toMatchObject({ decisions: 'passed', payouts: 'passed' });
    });

    it('answers 404 for an unknown hand and 400 for a malformed id', async () => {
      expect((await api.get(support.auth, `/api/admin/hands/${randomUUID()}/audit`)).json()).toMatchObject({ statusCode: 404, error: 'NotFound' });
      expect((await api.get(support.auth, '/api/admin/hands/12/audit')).json()).toMatchObject({ statusCode: 400, error: 'ValidationFailed' });
    });
  });

  describe('a ledger day rebuilt from events', () => {
    it('finds deleted, altered and invented ledger rows and repairs them in one go, recorded as an event; repeating it changes nothing', async () => {
      const p = await funded('ledger-day@example.com', 40_000);
      await play(p.auth, seeds.plain, 'stand');
      await play(p.auth, seeds.plain, 'hit', 'stand');
      await api.caughtUp();
      const [first] = await store.readStream(accountStream(p.id));
      const date = first!.createdAt.slice(0, 10);
      const url = `/api/admin/players/${p.id}/ledger?date=${date}&tz=%2B00:00`;

      const clean = (await api.get(support.auth, url)).json<LedgerDayReport>();
      expect(clean).toMatchObject({ playerId: p.id, date, tz: '+00:00', matches: true, difference: { missing: [], extra: [], changed: [] } });
      // The deposit, the first hand (a win), the first shoe shown when the second hand's shoe was forced, the second hand.
      expect(clean.fromEvents.map((e) => e.type).slice(0, 5)).toEqual(['LightningDeposit', 'Bet', 'Win', 'ShowShoe', 'Bet']);
      expect(clean.readModel).toEqual(clean.fromEvents);

      const [deleted, altered] = [clean.fromEvents[1]!, clean.fromEvents[2]!];
      await kysely.deleteFrom('ledger_entries').where('id', '=', deleted.id).execute();
      await kysely.updateTable('ledger_entries').set({ amount: 999_999 }).where('id', '=', altered.id).execute();
      await kysely.insertInto('ledger_entries').values({ id: 'invented:0', player_id: p.id, type: 'Bonus', created_time: deleted.createdTime, hand_id: null, reference: null, amount: 5_000, seq: 1 }).execute();

      const broken = (await api.get(support.auth, url)).json<LedgerDayReport>();
      expect(broken.matches).toBe(false);
      expect(broken.difference.missing.map((r) => r.id)).toEqual([deleted.id]);
      expect(broken.difference.extra.map((r) => r.id)).toEqual(['invented:0']);
      expect(broken.difference.changed).toEqual([{ id: altered.id, fields: ['amount'], fromEvents: altered, readModel: { ...altered, amount: 999_999 } }]);

      const repaired = await api.post(support.auth, url, { repair: true, reason: 'Repair for the test' });
      expect(repaired.statusCode).toBe(200);
      expect(repaired.json<LedgerRepairResponse>()).toMatchObject({ repaired: true, fixed: broken.difference, report: { matches: true } });
      expect(repaired.json<LedgerRepairResponse>().report.readModel).toEqual(clean.fromEvents);
      const recorded = await store.readStream(supportStream(p.id));
      expect(recorded.map((e) => [e.type, e.metadata.userId])).toEqual([['LedgerDayRepaired', support.id]]);
      expect(recorded[0]!.data).toMatchObject({ playerId: p.id, date, tz: '+00:00', missing: [deleted.id], extra: ['invented:0'], changed: [altered.id], repairedBy: support.id });

      const again = (await api.post(admin.auth, url, { repair: true, reason: 'Repair for the test' })).json<LedgerRepairResponse>();
      expect(again).toMatchObject({ repaired: false, fixed: { missing: [], extra: [], changed: [] }, report: { matches: true } });
      expect(await store.readStream(supportStream(p.id))).toHaveLength(1);
      // The player's own ledger shows the repaired day.
      const [y, m, d] = date.split('-').map(Number);
      expect((await api.get(p.auth, `/api/players/ledger?d=${d}&m=${m}&y=${y}&o=0`)).json()).toEqual(clean.fromEvents);
    });

    it("reads the day at the player's offset; a `+` sent unencoded still reads as +", async () => {
      const p = await funded('offset@example.com', 10_000);
      await api.caughtUp();
      const [first] = await store.readStream(accountStream(p.id));
      const at = new Date(first!.createdAt);
      const local = new Date(at.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
      const plus = (await api.get(support.auth, `/api/admin/players/${p.id}/ledger?date=${local}&tz=+14:00`)).json<LedgerDayReport>();
      expect(plus).toMatchObject({ tz: '+14:00', matches: true });
      expect(plus.fromEvents.map((e) => e.type)).toEqual(['LightningDeposit']);
      const minus = new Date(at.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
      expect((await api.get(support.auth, `/api/admin/players/${p.id}/ledger?date=${minus}&tz=-12:00`)).json<LedgerDayReport>().fromEvents).toHaveLength(1);
    });

    it('answers 400 for a malformed date, offset or body and 404 for an unknown player, never a 5xx', async () => {
      const base = `/api/admin/players/${admin.id}/ledger`;
      for (const query of ['', '?date=2026-02-30', '?date=03/01/2026', '?date=2026-03-01&tz=3', '?date=2026-03-01&tz=%2B15:00', '?date=2026-03-01&tz=UTC', '?date[]=x']) {
        const res = await api.get(support.auth, `${base}${query}`);
        expect({ query, status: res.statusCode, error: res.json().error }).toEqual({ query, status: 400, error: 'ValidationFailed' });
      }
      for (const body of [{}, { repair: false }, { repair: 'yes' }]) expect((await api.post(support.auth, `${base}?date=2026-03-01`, body)).statusCode).toBe(400);
      expect((await api.get(support.auth, `/api/admin/players/${randomUUID()}/ledger?date=2026-03-01`)).json()).toMatchObject({ statusCode: 404, error: 'NotFound' });
      expect((await api.post(support.auth, `/api/admin/players/${randomUUID()}/ledger?date=2026-03-01`, { repair: true, reason: 'Repair for the test' })).statusCode).toBe(404);
      expect((await api.get(support.auth, '/api/admin/players/x/ledger?date=2026-03-01')).statusCode).toBe(400);
    });
  });

  describe('analytics', () => {
    it("gives admins each day's hands, wagers, gross gaming revenue, edges, deposits, withdrawals and active players", async () => {
      const p = await funded('analytics@example.com', 30_000);
      await play(p.auth, seeds.plain, 'stand');
      await api.caughtUp();
      const [first] = await store.readStream(accountStream(p.id));
      const today = first!.createdAt.slice(0, 10);
      const before = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
      const res = await api.get(admin.auth, `/api/admin/analytics?from=${before}&to=${today}`);
      expect(res.statusCode).toBe(200);
      const report = res.json();
      expect(report.days.map((d: { date: string }) => d.date)).toEqual([before, today]);
      const day = report.days[1];
      expect(day.hands).toBeGreaterThanOrEqual(1);
      expect(day.activePlayers).toBeGreaterThanOrEqual(1);
      expect(day.deposits).toBeGreaterThanOrEqual(30_000);
      expect(day.grossGamingRevenue).toBe(day.wagered - day.returned);
      expect(day.realisedEdgePercent).toBeCloseTo(((day.wagered - day.returned) / day.wagered) * 100, 3);
      expect(day.publishedEdgePercent).toBeCloseTo(0.504, 2);
      expect(report.totals).toMatchObject({ hands: day.hands + report.days[0].hands, wagered: day.wagered + report.days[0].wagered });
      // The edge's sample is the hands read model's: the same hands and stakes as the days'.
      expect(report.detail.edge).toMatchObject({ hands: report.totals.hands, staked: report.totals.wagered, houseNet: report.totals.grossGamingRevenue });
      expect(report.detail.levels.reduce((n: number, band: { hands: number }) => n + band.hands, 0)).toBe(report.totals.hands);

      const csv = await api.get(admin.auth, `/api/admin/analytics.csv?from=${before}&to=${today}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toBe('attachment; filename="analytics.csv"');
      expect(csv.body.split('\r\n')).toEqual(expect.arrayContaining(['days', 'withdrawals', 'edge', 'suspect levels', expect.stringMatching(new RegExp(`^${today},${day.hands},`))]));
      expect((await api.get(support.auth, `/api/admin/analytics.csv?from=${before}&to=${today}`)).statusCode).toBe(403);
      for (const bad of ['from=2026-01-02&to=2026-01-01', 'from=2024-01-01&to=2026-01-01', 'from=x&to=2026-01-01', 'to=2026-01-01']) {
        expect((await api.get(admin.auth, `/api/admin/analytics?${bad}`)).statusCode).toBe(400);
      }
    });
  });
  describe('the audit log', () => {
    it('needs a reason for a ban and a suspect level, and lists every decision with it; the CSV has the same rows', async () => {
      const target = await api.signIn('logged@example.com');
      // No reason, or one too short: refused at the edge, nothing recorded.
      expect((await api.post(admin.auth, `/api/players/${target.id}/ban`)).statusCode).toBe(400);
      expect((await api.post(admin.auth, `/api/players/${target.id}/ban`, { reason: ' x ' })).json()).toMatchObject({ statusCode: 400, error: 'ValidationFailed' });
      expect((await api.post(admin.auth, `/api/players/${target.id}/suspect/20`, {})).statusCode).toBe(400);
      expect((await api.get(admin.auth, `/api/players/${target.id}/suspect`)).json()).toMatchObject({ suspectLevel: 0 });

      expect((await api.post(admin.auth, `/api/players/${target.id}/suspect/20`, { reason: 'Bets follow the count' })).statusCode).toBe(200);
      expect((await api.post(admin.auth, `/api/players/${target.id}/suspect/35`, { reason: 'Second look' })).statusCode).toBe(200);
      expect((await api.post(admin.auth, `/api/players/${target.id}/ban`, { reason: 'Shares an address, with "quotes", commas' })).statusCode).toBe(200);
      expect((await api.post(admin.auth, `/api/players/${target.id}/unban`)).statusCode).toBe(200);

      const page = (await api.get(admin.auth, `/api/admin/audit-log?player=${target.id}`)).json() as AuditLogPage;
      expect(page.total).toBe(4);
      expect(page.items.map((e) => [e.action, e.before, e.after, e.reason, e.staffEmail, e.playerEmail])).toEqual([
        ['Unban', 'banned', 'active', null, 'boss@example.com', 'logged@example.com'],
        ['Ban', 'active', 'banned', 'Shares an address, with "quotes", commas', 'boss@example.com', 'logged@example.com'],
        ['SuspectLevel', '20', '35', 'Second look', 'boss@example.com', 'logged@example.com'],
        ['SuspectLevel', '0', '20', 'Bets follow the count', 'boss@example.com', 'logged@example.com'],
      ]);
      // Filters: by action, by part of the staff member's e-mail, by day.
      expect((await api.get(admin.auth, `/api/admin/audit-log?player=${target.id}&action=Ban`)).json()).toMatchObject({ total: 1 });
      expect((await api.get(admin.auth, `/api/admin/audit-log?player=${target.id}&staff=BOSS`)).json()).toMatchObject({ total: 4 });
      expect((await api.get(admin.auth, `/api/admin/audit-log?player=${target.id}&staff=help`)).json()).toMatchObject({ total: 0 });
      expect((await api.get(admin.auth, `/api/admin/audit-log?player=${target.id}&to=2001-01-01`)).json()).toMatchObject({ total: 0 });
      expect((await api.get(admin.auth, '/api/admin/audit-log?action=Nothing')).statusCode).toBe(400);

      const csv = await api.get(admin.auth, `/api/admin/audit-log.csv?player=${target.id}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
      const lines = csv.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('at,action,staffEmail,staffId,subject,playerEmail,playerId,amount,reason,before,after,id');
      expect(lines).toHaveLength(1 + page.items.length);
      expect(lines[2]).toBe(
        [page.items[1]!.at, 'Ban', 'boss@example.com', admin.id, target.id, 'logged@example.com', target.id, '', '"Shares an address, with ""quotes"", commas"', 'active', 'banned', page.items[1]!.id].join(','),
      );
      expect(lines.slice(1).map((l) => l.split(',').at(-1))).toEqual(page.items.map((e) => e.id));

      // Support reads ledgers, not the audit log.
      expect((await api.get(support.auth, '/api/admin/audit-log')).statusCode).toBe(403);
      expect((await api.get(support.auth, '/api/admin/audit-log.csv')).statusCode).toBe(403);
    });
  });
});

describeEachDatabase('staff reading a hand in play before the analytic read models catch up', (db) => {
  // Analytic read models a minute apart: the players' statistics (who holds a hand in play) would not know the hand yet.
  const api = new TestApi(db, `admin_slow_${randomBytes(5).toString('hex')}`, { SUPPORT_EMAILS: 'help@example.com', PROJECTIONS_ANALYTIC_STEP_MS: '60000' });
  beforeAll(() => api.start());
  afterAll(() => api.stop());

  it('finds whose hand it is by making them catch up, and shows it with the hole card face down', async () => {
    const support = await api.signIn('help@example.com');
    const p = await api.signIn('slow@example.com');
    await api.verifyPhone(p.auth);
    await api.deposit(p.auth, 100_000);
    expect((await api.post(p.auth, '/api/dev/shoe', { houseSeed: seeds.insurance.houseSeed })).statusCode).toBe(200);
    // On PostgreSQL, a transaction older than the hand's still runs somewhere on the server (another schema's, say):
    // the log gives the hand's events only once it ends, a moment after the staff member asks.
    const older = db.name === 'postgres' ? new Client({ connectionString: process.env.DATABASE_URL }) : null;
    if (older) {
      await older.connect();
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
    }
    const dealt = await api.post(p.auth, '/api/hands', { betAmount: 1_000, playerSeed: seeds.insurance.playerSeed });
    const hand = dealt.json().hand.id as string;
    const ended = older && new Promise((resolve) => setTimeout(resolve, 300)).then(() => older.query('commit')).finally(() => older.end());
    // Read at once, without waiting for any read model.
    const read = (url: string) => api.inject({ method: 'GET', url, headers: support.auth });
    const seen = (await read(`/api/hands/${hand}`)).json();
    await ended;
    expect(seen).toMatchObject({ id: hand, phase: 'InsuranceOffered' });
    expect(seen.dealerHand.cards.map((c: { faceDown: boolean }) => c.faceDown)).toEqual([false, true]);
    expect((await read(`/api/admin/hands/${hand}/audit`)).json<HandAudit>()).toMatchObject({ handId: hand, playerId: p.id, settled: false });
  });
});
