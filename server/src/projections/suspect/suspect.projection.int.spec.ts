import { expect, it } from '@jest/globals';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { AccountEvent } from '../../domain/account/account';
import type { PlayerAction } from '../../domain/hand/decide';
import { Table } from '../../domain/hand/hand.test-support';
import { DEFAULT_SUSPECT_SETTINGS } from '../../domain/suspect/detect';
import { alice, bob, describeProjection, uuid } from '../projection.test-support';
import { suspectProjection } from './suspect.projection';

const admin = uuid(9, 'f0000000');
let hands = 0;

/**
 * Events as the store records them, `stepMs` apart: one hand on a crafted shoe per call ("T 6 T 9":
 * player, dealer up, player, dealer hole, then the draws), each with its own hand id.
 */
class Log {
  private position = 0;
  private readonly revisions = new Map<string, number>();
  constructor(private readonly stepMs = 1000, private readonly start = Date.parse('2026-03-01T12:00:00.000Z')) {}

  record(streamId: string, type: string, data: unknown): RecordedEvent {
    const revision = (this.revisions.get(streamId) ?? -1) + 1;
    this.revisions.set(streamId, revision);
    const position = this.position++;
    return {
      id: uuid(position, 'e0000000'), type, data, metadata: { correlationId: 'suspect-spec' }, streamId, revision, checkpoint: `0:${position}`,
      createdAt: new Date(this.start + position * this.stepMs).toISOString(),
    };
  }

  deposit(player: string, amount = 10_000_000): RecordedEvent {
    return this.record(`account-${player}`, 'LightningInvoiceSettled', { invoiceId: `i-${this.position}`, amount, settledAt: '2026-03-01T12:00:00.000Z' });
  }

  hand(player: string, cards: string, ...actions: PlayerAction[]): RecordedEvent[] {
    const table = new Table(cards);
    table.deal(1000, { handId: uuid(++hands, 'd0000000') });
    for (const a of actions) table.act(a);
    return (table.history as AccountEvent[]).map((e) => this.record(`account-${player}`, e.type, e.data));
  }

  setLevel(player: string, level: number): RecordedEvent {
    return this.record(`player-${player}`, 'SuspectLevelSet', { playerId: player, level, adminId: admin, setAt: '2026-03-01T12:00:00.000Z' });
  }
}

describeProjection(suspectProjection(), (spec) => {
  it('records hitting a hard 20 and standing on a hard 8 as play deviations, and raises the level by their weight', async () => {
    const log = new Log();
    const funded = log.deposit(alice);
    const twenty = log.hand(alice, 'T 6 T 9 2 T', 'Hit');
    const eight = log.hand(alice, '5 T 3 9 T T', 'Stand');
    await spec.given(funded, ...twenty).when(...eight).then({
      suspect_records: [
        { player_id: alice, seq: 1, reason: 'PlayDeviation', hand_id: (twenty[0]!.data as { handId: string }).handId, player_hand_value: 20, dealer_hand_value: 6, expected_action: 'Stand', actual_action: 'Hit', suspect_change: 1, admin_id: null },
        { player_id: alice, seq: 2, reason: 'PlayDeviation', player_hand_value: 8, dealer_hand_value: 10, expected_action: 'Hit', actual_action: 'Stand', suspect_change: 1 },
      ],
      suspect_players: [{ player_id: alice, suspect_level: 2, records: 2 }],
    });
  });

  it('records a deviating hand that wins, with its weight', async () => {
    const log = new Log();
    // Hard 20 against a 10, hit: an ace makes 21; the dealer stands on 19.
    await spec.given(log.deposit(alice), ...log.hand(alice, 'T T T 9 A', 'Hit')).then({
      suspect_records: [{ reason: 'PlayDeviation' }, { reason: 'WinAfterPlayDeviation', player_hand_value: 21, dealer_hand_value: 19, suspect_change: 3 }],
      suspect_players: [{ player_id: alice, suspect_level: 4 }],
    });
  });

  it("records an admin's change as AdminManualChange naming the admin: the level is set, and detection adds to it from there", async () => {
    const log = new Log();
    const first = [log.deposit(alice), ...log.hand(alice, 'T 6 T 9 2 T', 'Hit')];
    const set = log.setLevel(alice, 40);
    const again = log.hand(alice, '5 T 3 9 T T', 'Stand');
    await spec.given(...first).when(set).when(...again).then({
      suspect_records: [
        { seq: 1, reason: 'PlayDeviation', suspect_change: 1 },
        { seq: 2, reason: 'AdminManualChange', suspect_change: 39, admin_id: admin, hand_id: null, expected_action: null, time: new Date(set.createdAt) },
        { seq: 3, reason: 'PlayDeviation', suspect_change: 1 },
      ],
      suspect_players: [{ player_id: alice, suspect_level: 41, records: 3 }],
    });
  });

  it('keeps the level within 0 and 100; lowering it is a negative change', async () => {
    const log = new Log();
    await spec.given(log.setLevel(alice, 100), log.deposit(alice), ...log.hand(alice, 'T 6 T 9 2 T', 'Hit')).then({ suspect_players: [{ suspect_level: 100 }] });
    await spec.reset();
    await spec.given(log.setLevel(bob, 30), log.setLevel(bob, 0)).then({
      suspect_records: [{ suspect_change: 30 }, { suspect_change: -30 }],
      suspect_players: [{ player_id: bob, suspect_level: 0 }],
    });
  });

  it('keeps each player to their own records and level', async () => {
    const log = new Log();
    await spec.given(log.deposit(alice), log.deposit(bob), ...log.hand(bob, 'T 6 T 9 2 T', 'Hit'), ...log.hand(alice, 'T 7 T T', 'Stand')).then({
      suspect_records: [{ player_id: bob, reason: 'PlayDeviation' }],
      suspect_players: [{ player_id: alice, suspect_level: 0, records: 0 }, { player_id: bob, suspect_level: 1, records: 1 }],
    });
  });

  it('records a bot playing 30 hands in a minute once as RateOfPlay', async () => {
    const bot = new Log(2000 / 8);
    const session = [bot.deposit(alice), ...Array.from({ length: 30 }, () => bot.hand(alice, 'T 7 T T', 'Stand')).flat()];
    await spec.given(...session.slice(0, 100)).when(...session.slice(100)).then({
      suspect_records: [{ reason: 'RateOfPlay', suspect_change: DEFAULT_SUSPECT_SETTINGS.rateOfPlayWeight, expected_action: null }],
      suspect_players: [{ player_id: alice, suspect_level: DEFAULT_SUSPECT_SETTINGS.rateOfPlayWeight }],
    });
    await spec.expectReplayChangesNothing(session.slice(0, 120), session.slice(120));
  });

  it('is built with the settings: other weights are another version (a rebuild) and other records', async () => {
    const heavier = suspectProjection({ ...DEFAULT_SUSPECT_SETTINGS, playDeviationWeight: 7 });
    expect(heavier.version).not.toBe(suspectProjection().version);
    expect(suspectProjection({ ...DEFAULT_SUSPECT_SETTINGS }).version).toBe(suspectProjection().version);
    const log = new Log();
    const events = [log.deposit(alice), ...log.hand(alice, 'T 6 T 9 2 T', 'Hit')];
    await spec.db.transaction().execute((trx) => heavier.applyBatch(trx, events.filter((e) => heavier.handles.includes(e.type)), { get: () => undefined, set: () => undefined }));
    expect(await spec.rows('suspect_players')).toMatchObject([{ suspect_level: 7 }]);
  });

  spec.itIsTheSameWhateverTheBatches(
    () => {
      const log = new Log();
      return [
        log.deposit(alice), ...log.hand(alice, 'T 6 T 9 2 T', 'Hit'), log.setLevel(alice, 50), ...log.hand(alice, 'T T T 9 A', 'Hit'), log.deposit(bob),
        ...log.hand(bob, '5 T 3 9 T T', 'Stand'), log.setLevel(bob, 0),
      ];
    },
    (rows) => {
      expect(rows.suspect_records!.map((r) => r.reason)).toEqual(['PlayDeviation', 'AdminManualChange', 'PlayDeviation', 'WinAfterPlayDeviation', 'PlayDeviation', 'AdminManualChange']);
      expect(rows.suspect_players!.map((r) => r.suspect_level)).toEqual([54, 0]);
    },
  );
});
