import { expect, it } from '@jest/globals';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { AccountEvent } from '../../domain/account/account';
import type { PlayerAction } from '../../domain/hand/decide';
import { Table } from '../../domain/hand/hand.test-support';
import { alice, bob, describeProjection, EventLog, uuid } from '../projection.test-support';
import { COACH_STORED_EVERY, coachProjection } from './coach.projection';

let hands = 0;

/** Account events as the store records them: deposits, and hands on crafted shoes ("T T 6 7": player, dealer up, player, hole, draws). */
class Account {
  constructor(
    private readonly log: EventLog,
    private readonly player: string,
  ) {}

  deposit(amount = 1_000_000): RecordedEvent {
    return this.log.account(this.player)('LightningInvoiceSettled', { invoiceId: `i-${amount}`, amount, settledAt: '2026-01-01T10:00:00.000Z' });
  }

  hand(cards: string, ...actions: PlayerAction[]): RecordedEvent[] {
    const table = new Table(cards);
    table.deal(1000, { handId: uuid(++hands, 'd0000000') });
    for (const a of actions) table.act(a);
    return (table.history as AccountEvent[]).map((e) => this.log.record(`account-${this.player}`, e.type, e.data));
  }
}

const handIdOf = (events: RecordedEvent[]) => (events[0]!.data as { handId: string }).handId;

describeProjection(coachProjection, (spec) => {
  it('records standing on 16 against a 10 as a deviation with its cost, and the hand with its totals', async () => {
    const log = new EventLog();
    const a = new Account(log, alice);
    const funded = a.deposit();
    const hand = a.hand('T T 6 7', 'Stand');
    const stood = hand.find((e) => e.type === 'PlayerStood')!;
    const settled = hand.find((e) => e.type === 'HandSettled')!;
    await spec.given(funded).when(...hand).then({
      coach_deviations: [
        {
          id: stood.id, player_id: alice, hand_id: handIdOf(hand), seq: 1, time: new Date(stood.createdAt), hand_index: 0, cards: [10, 6], total: 16, soft: false,
          dealer_up: 10, action: 'Stand', recommended: 'Hit', stake: 1000, cost_msat: 604,
        },
      ],
      coach_hands: [{ hand_id: handIdOf(hand), player_id: alice, settled_time: new Date(settled.createdAt), level: 0, bet: 1000, decisions: 1, deviations: 1, cost_msat: 604 }],
      // The state is stored at the first event between hands of a block of revisions: here the deposit's.
      coach_players: [{ player_id: alice, account_revision: funded.revision, state: { bank: 1_000_000, hand: null } }],
    });
  });

  it('records a hand played by the chart with its decisions and no deviation', async () => {
    const log = new EventLog();
    const a = new Account(log, alice);
    const funded = a.deposit();
    const hand = a.hand('T T 6 7 3', 'Hit', 'Stand');
    await spec.given(funded, ...hand).then({
      coach_deviations: [],
      coach_hands: [{ hand_id: handIdOf(hand), decisions: 2, deviations: 0, cost_msat: 0 }],
    });
  });

  it('stores a player\'s state between hands only, and finishes a hand in play after a restart from the account events', async () => {
    const log = new EventLog();
    const a = new Account(log, alice);
    const funded = a.deposit();
    const hand = a.hand('T 6 7 T 2 5', 'Hit', 'Stand');
    const hit = hand.findIndex((e) => e.type === 'PlayerHit');
    await spec.given(funded).when(...hand.slice(0, hit + 2)).then({
      coach_hands: [],
      coach_deviations: [{ action: 'Hit', recommended: 'Stand', total: 17, dealer_up: 6 }],
      coach_players: [{ account_revision: funded.revision, state: { bank: 1_000_000, hand: null } }],
    });
    spec.forget();
    await spec.given(...hand.slice(hit + 2)).then({
      coach_hands: [{ decisions: 2, deviations: 1 }],
      coach_players: [{ account_revision: funded.revision, state: { hand: null, decisions: 0 } }],
    });
  });

  it(`stores the state once in ${COACH_STORED_EVERY} account events, at the first between hands, and the same across a restart mid-hand`, async () => {
    const log = new EventLog();
    const a = new Account(log, alice);
    const funded = a.deposit();
    const events: RecordedEvent[] = [funded];
    while (events.at(-1)!.revision < COACH_STORED_EVERY + 8) events.push(...a.hand('T T 6 7', 'Stand'));
    const due = events.find((e) => e.revision >= COACH_STORED_EVERY && e.type === 'HandSettled')!;
    const hands = events.filter((e) => e.type === 'HandSettled').length;
    // Stopped with the hand that crosses the block's start in play: the state stored is still the deposit's.
    const cut = events.indexOf(due) - 1;
    await spec.given(...events.slice(0, cut)).then({ coach_players: [{ account_revision: funded.revision }] });
    spec.forget();
    await spec.given(...events.slice(cut)).then({
      coach_players: [{ account_revision: due.revision, state: { hand: null, bank: 1_000_000 - 1000 * (events.slice(0, events.indexOf(due) + 1).filter((e) => e.type === 'HandSettled').length) } }],
      coach_hands: Array.from({ length: hands }, () => ({ deviations: 1 })),
    });
  });

  it('judges insurance, and a double the bank could not afford is no deviation', async () => {
    const log = new EventLog();
    const a = new Account(log, alice);
    const funded = a.deposit();
    const insured = a.hand('T A 6 7 3', 'Insurance', 'Hit', 'Stand');
    await spec.given(funded, ...insured).then({
      coach_deviations: [{ seq: 1, action: 'Insurance', recommended: 'NoInsurance', cost_msat: Math.round((500 / 13) * 1000) }],
      coach_hands: [{ decisions: 3, deviations: 1 }],
    });
    await spec.reset();
    const poor = new Account(log, bob);
    // 11 against a 6 with only the bet in the bank: hitting is all the chart could ask.
    const little = poor.deposit(1000);
    await spec.given(little, ...poor.hand('6 6 5 T 5 T', 'Hit', 'Stand')).then({ coach_deviations: [], coach_hands: [{ player_id: bob, decisions: 2 }] });
  });

  it("keeps each player's hands to themselves", async () => {
    const log = new EventLog();
    const a = new Account(log, alice);
    const b = new Account(log, bob);
    await spec.given(a.deposit(), b.deposit(), ...b.hand('T T 6 7', 'Stand'), ...a.hand('T 7 T T', 'Stand')).then({
      coach_deviations: [{ player_id: bob }],
      coach_hands: [
        { player_id: bob, deviations: 1 },
        { player_id: alice, deviations: 0, decisions: 1 },
      ],
    });
  });

  spec.itIsTheSameWhateverTheBatches(
    () => {
      const log = new EventLog();
      const a = new Account(log, alice);
      const b = new Account(log, bob);
      const played = [a.deposit(), ...a.hand('T T 6 7', 'Stand'), b.deposit(), ...b.hand('8 T 8 7 3 9 T', 'Split', 'Hit', 'Stand'), ...a.hand('T 6 7 T 2 5', 'Hit', 'Stand')];
      // Alice's account runs past the first block of stored states.
      while (played.at(-1)!.revision < COACH_STORED_EVERY + 4) played.push(...a.hand('T 7 T T', 'Stand'));
      // Bob's last hand is still in play: his stored state is the one after his last hand, whatever the batches.
      const inPlay = b.hand('T 6 7 T 2 5', 'Hit', 'Stand');
      return [...played, ...inPlay.slice(0, inPlay.findIndex((e) => e.type === 'PlayerStood'))];
    },
    (rows) => {
      expect(rows.coach_deviations!.map((r) => [r.action, r.recommended])).toEqual([
        ['Stand', 'Hit'],
        ['Hit', 'Double'],
        ['Hit', 'Stand'],
        ['Hit', 'Stand'],
      ]);
      expect(rows.coach_players!.map((r) => [r.player_id, (r.state as { hand: unknown }).hand])).toEqual([
        [alice, null],
        [bob, null],
      ]);
      expect(rows.coach_hands!.slice(0, 4).map((r) => [r.decisions, r.deviations])).toEqual([
        [1, 1],
        [3, 1],
        [2, 1],
        [1, 0],
      ]);
    },
  );
});
