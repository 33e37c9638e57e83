import { expect, it } from '@jest/globals';
import { EventLog, alice, bob, describeProjection, handId, settled, shoeId } from '../projection.test-support';
import { statsProjection } from './stats.projection';

const shoe = shoeId();
const t = '2026-01-01T09:00:00.000Z';

function history(log: EventLog) {
  const a = log.account(alice);
  return [
    a('ShoeCommitted', { shoeId: shoe, houseSeed: 'h', houseSeedHash: 'hash', committedAt: t }),
    a('HandOpened', { handId: handId(1), shoeId: shoe, handNumber: 1, openedAt: t }),
    a('HandSettled', settled(handId(1), shoe, 1_000, { doubleBet: 1_000, win: 4_000 })),
    a('HandOpened', { handId: handId(2), shoeId: shoe, handNumber: 2, openedAt: t }),
    a('HandSettled', settled(handId(2), shoe, 5_000_000, { doubleBet: 4_998_000 })),
    a('HandOpened', { handId: handId(3), shoeId: shoe, handNumber: 3, openedAt: t }),
  ];
}

describeProjection(statsProjection, (spec) => {
  it('names the committed shoe before any hand is played', async () => {
    const [committed] = history(new EventLog());
    await spec.given(committed!).then({
      player_stats: [{ player_id: alice, shoe_id: shoe, hands_played: 0, total_bet_amount: 0, total_won_amount: 0, level: 0, active_hand_id: null, revision: 0 }],
    });
  });

  it('shows the hand in play, then counts it and its stakes once settled', async () => {
    const events = history(new EventLog());
    await spec.given(...events.slice(0, 2)).then({ player_stats: [{ active_hand_id: handId(1), hands_played: 0 }] });
    await spec.given(events[2]!).then({ player_stats: [{ active_hand_id: null, hands_played: 1, total_bet_amount: 2_000, total_won_amount: 4_000, level: 0, revision: 2 }] });
  });

  it('raises the level once the total bet reaches the next threshold', async () => {
    await spec.given(...history(new EventLog())).then({
      player_stats: [{ hands_played: 2, total_bet_amount: 10_000_000, level: 1, active_hand_id: handId(3), shoe_id: shoe, revision: 5 }],
    });
  });

  it('continues from the stored row when another runner wrote it', async () => {
    const events = history(new EventLog());
    await spec.apply(...events.slice(0, 3));
    spec.forget();
    await spec.given(...events.slice(3)).then({ player_stats: [{ hands_played: 2, total_bet_amount: 10_000_000, level: 1 }] });
  });

  it('keeps one row per player', async () => {
    const log = new EventLog();
    const events = history(log);
    const b = log.account(bob);
    await spec
      .given(...events.slice(0, 3), b('HandOpened', { handId: handId(9), shoeId: shoe, handNumber: 1, openedAt: t }))
      .then({ player_stats: [{ player_id: alice, hands_played: 1 }, { player_id: bob, hands_played: 0, active_hand_id: handId(9), shoe_id: null }] });
  });

  spec.itIsTheSameWhateverTheBatches(() => history(new EventLog()), (rows) => expect(rows.player_stats).toMatchObject([{ hands_played: 2, total_bet_amount: 10_000_000, level: 1 }]));
});
