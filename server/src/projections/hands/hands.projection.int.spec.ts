import { expect, it } from '@jest/globals';
import { cardId } from '@bahati/contracts';
import type { RecordedEvent } from '../../application/ports/event-store';
import { fold } from '../../domain/decider';
import { type HandCommand, type PlayerAction, decide } from '../../domain/hand/decide';
import { type HandState, evolve, initialState } from '../../domain/hand/hand';
import { EventLog, alice, bob, describeProjection, handId, shoeId } from '../projection.test-support';
import { handsProjection } from './hands.projection';

const shoe = shoeId();
const openedAt = (n: number) => `2026-01-01T09:0${n}:00.000Z`;

/** Cards in dealing order (player, dealer up, player, dealer hole, then draws), by rank. */
const cards = (...ranks: number[]) => ranks.map((rank, i) => cardId(rank, i % 2 ? 'Club' : 'Heart', Math.floor(i / 2) % 4));

/** A hand as the account records it: HandOpened, then the hand engine's events for the deal and each action. */
function play(record: ReturnType<EventLog['account']>, n: number, shoeCards: number[], actions: PlayerAction[], bet = 1_000): RecordedEvent[] {
  const id = handId(n);
  const events: RecordedEvent[] = [record('HandOpened', { handId: id, shoeId: shoe, handNumber: n, openedAt: openedAt(n) })];
  let state: HandState = initialState();
  const commands: HandCommand[] = [
    { type: 'Deal', data: { handId: id, shoeId: shoe, bet, bank: 1_000_000, cards: shoeCards, firstPosition: 0, level: 0 } },
    ...actions.map((action) => ({ type: action, data: { bank: 1_000_000, cards: shoeCards } }) as HandCommand),
  ];
  for (const command of commands) {
    const out = decide(command, state);
    state = fold(evolve, state, out);
    events.push(...out.map((e) => record(e.type, e.data as never)));
  }
  return events;
}

const won = (log: EventLog, n = 1) => play(log.account(alice), n, cards(10, 10, 9, 7), ['Stand']);
const lost = (log: EventLog, n = 1) => play(log.account(alice), n, cards(10, 10, 6, 8), ['Stand']);
const doubled = (log: EventLog, n = 1) => play(log.account(alice), n, cards(5, 10, 6, 7, 10), ['Double']);

describeProjection(handsProjection, (spec) => {
  it('shows a won hand settled with its return and net', async () => {
    const events = won(new EventLog());
    const settledAt = events.at(-1)!.createdAt;
    await spec.given(...events).then({
      hands: [
        {
          id: handId(1), player_id: alice, shoe_id: shoe, hand_number: 1, created_time: new Date(openedAt(1)), settled_time: new Date(settledAt),
          phase: 'Settled', base_bet: 1_000, total_bet: 1_000, win_amount: 2_000, net: 1_000, level: 0, revision: events.at(-1)!.revision,
        },
      ],
    });
    const [row] = await spec.rows('hands');
    expect(row!.state).toMatchObject({ phase: 'Settled', settlement: { winAmount: 2_000 } });
  });

  it('shows a lost hand with nothing returned', async () => {
    await spec.given(...lost(new EventLog())).then({ hands: [{ phase: 'Settled', total_bet: 1_000, win_amount: 0, net: -1_000 }] });
  });

  it('counts the double in the total bet', async () => {
    await spec.given(...doubled(new EventLog())).then({ hands: [{ phase: 'Settled', base_bet: 1_000, total_bet: 2_000, win_amount: 4_000, net: 2_000 }] });
  });

  it('writes a hand once, when it settles: the hand in play is answered from the account', async () => {
    const events = won(new EventLog());
    const dealt = events.findIndex((e) => e.type === 'PlayerStood');
    await spec.given(...events.slice(0, dealt)).then({ hands: [] });
    await spec.given(...events.slice(dealt)).then({ hands: [{ id: handId(1), phase: 'Settled', settled_time: new Date(events.at(-1)!.createdAt), win_amount: 2_000 }] });
  });

  it('finishes a hand whose start it no longer remembers (a restart) from the account events already applied', async () => {
    const log = new EventLog();
    const first = lost(log, 1);
    const hit = play(log.account(alice), 2, cards(5, 10, 6, 7, 9), ['Hit', 'Stand']);
    const other = won(new EventLog(), 3).map((e) => ({ ...e, streamId: `account-${bob}`, id: `${e.id.slice(0, -1)}b` }));
    const stood = hit.findIndex((e) => e.type === 'PlayerStood');
    await spec.apply(...first, ...hit.slice(0, stood - 1), ...other.slice(0, 4));
    spec.forget();
    await spec.given(...hit.slice(stood - 1)).then({
      hands: [
        { id: handId(1), phase: 'Settled', net: -1_000 },
        { id: handId(2), phase: 'Settled', total_bet: 1_000, win_amount: 2_000, net: 1_000, revision: hit.at(-1)!.revision },
      ],
    });
    const [, row] = await spec.rows('hands');
    expect((row!.state as HandState).player[0]!.cards).toHaveLength(3);
  });

  it('finishes a hand written by an older version in play, from its row and the events after it', async () => {
    const events = doubled(new EventLog());
    const dealt = events.findIndex((e) => e.type === 'PlayerDoubled');
    await spec.apply(...events.slice(0, dealt));
    const start = events.slice(0, dealt).reduce((s, e) => (e.type === 'HandOpened' ? s : evolve(s, e as never)), initialState());
    await spec.db.insertInto('hands').values({
      id: handId(1), player_id: alice, shoe_id: shoe, hand_number: 1, created_time: openedAt(1), settled_time: null, phase: start.phase, base_bet: 1_000,
      total_bet: 1_000, win_amount: null, net: null, level: 0, state: start as never, revision: events[dealt - 1]!.revision,
    }).execute();
    spec.forget();
    await spec.given(...events.slice(dealt)).then({ hands: [{ id: handId(1), phase: 'Settled', total_bet: 2_000, win_amount: 4_000 }] });
  });

  it('keeps every player to their own hands', async () => {
    const log = new EventLog();
    const first = won(log, 1);
    const second = play(log.account(bob), 2, cards(10, 10, 6, 8), ['Stand']);
    await spec.given(...first, ...second).then({
      hands: [
        { id: handId(1), player_id: alice, net: 1_000 },
        { id: handId(2), player_id: bob, net: -1_000 },
      ],
    });
  });

  const history = () => {
    const log = new EventLog();
    return [...won(log, 1), ...lost(log, 2), ...doubled(log, 3)];
  };

  spec.itIsTheSameWhateverTheBatches(history, (rows) => expect(rows.hands!.map((r) => r.net)).toEqual([1_000, -1_000, 2_000]));
});
