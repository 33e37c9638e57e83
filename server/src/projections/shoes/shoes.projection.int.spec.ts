import { expect, it } from '@jest/globals';
import { EventLog, alice, describeProjection, handId, shoeId } from '../projection.test-support';
import { shoesProjection } from './shoes.projection';

const shoe = shoeId();
const next = shoeId(2);
const t = (minute: number) => `2026-01-01T09:${String(minute).padStart(2, '0')}:00.000Z`;

function shoeLife(log: EventLog) {
  const a = log.account(alice);
  return {
    committed: a('ShoeCommitted', { shoeId: shoe, houseSeed: 'house-secret', houseSeedHash: 'hash-1', committedAt: t(0) }),
    started: a('ShoeStarted', { shoeId: shoe, playerSeed: 'player-seed', playerSeedReplaced: false, startedAt: t(1) }),
    opened: [1, 2].map((n) => a('HandOpened', { handId: handId(n), shoeId: shoe, handNumber: n, openedAt: t(n + 1) })),
    retired: a('ShoeRetired', { shoeId: shoe, houseSeed: 'house-secret', playerSeed: 'player-seed', handCount: 2, early: true, lastHandId: handId(2), retiredAt: t(5) }),
    nextCommitted: a('ShoeCommitted', { shoeId: next, houseSeed: 'house-secret-2', houseSeedHash: 'hash-2', committedAt: t(5) }),
  };
}

const all = (life: ReturnType<typeof shoeLife>) => [life.committed, life.started, ...life.opened, life.retired, life.nextCommitted];

describeProjection(shoesProjection, (spec) => {
  it('shows a committed shoe by its hash only, never its house seed', async () => {
    const life = shoeLife(new EventLog());
    await spec.given(life.committed).then({
      shoes: [
        {
          id: shoe, player_id: alice, house_seed_hash: 'hash-1', house_seed: null, player_seed: null, hand_count: 0, retired: false, retired_early: false,
          created_time: new Date(t(0)), retired_time: null, revision: 0,
        },
      ],
    });
  });

  it('fixes the player seed at the first deal, and leaves the count of hands of a shoe in use to the account', async () => {
    const life = shoeLife(new EventLog());
    await spec
      .given(life.committed)
      .when(life.started, ...life.opened)
      .then({ shoes: [{ id: shoe, player_seed: 'player-seed', house_seed: null, hand_count: 0, retired: false, revision: 1 }] });
  });

  it('reveals the house seed when the shoe retires, beside the next committed shoe', async () => {
    const life = shoeLife(new EventLog());
    await spec.given(life.committed, life.started, ...life.opened).when(life.retired, life.nextCommitted).then({
      shoes: [
        { id: shoe, house_seed: 'house-secret', player_seed: 'player-seed', hand_count: 2, retired: true, retired_early: true, retired_time: new Date(t(5)), revision: 4 },
        { id: next, house_seed_hash: 'hash-2', house_seed: null, retired: false, revision: 5 },
      ],
    });
  });

  it('picks up a shoe another runner committed, reading its row back', async () => {
    const life = shoeLife(new EventLog());
    await spec.apply(life.committed, life.started);
    spec.forget();
    await spec.given(...life.opened, life.retired).then({ shoes: [{ id: shoe, player_seed: 'player-seed', hand_count: 2, retired: true }] });
  });

  spec.itIsTheSameWhateverTheBatches(() => all(shoeLife(new EventLog())), (rows) => expect(rows.shoes!.map((r) => [r.id, r.retired])).toEqual([[shoe, true], [next, false]]));
});
