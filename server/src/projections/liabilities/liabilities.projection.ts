import type { LiabilitiesEvent } from '../../domain/liabilities/liabilities';
import type { Projection } from '../projection';
import { eachEvent } from '../batch';

/** Each commitment to what the site owes, newest last, and the balances it was built from (to give each player their proof). */
export const liabilitiesProjection: Projection = {
  name: 'liabilities',
  version: 1,
  tables: ['liability_commitments', 'liability_balances'],
  ...eachEvent<LiabilitiesEvent, null>(null, {
    LiabilitiesCommitted: async (trx, d) => {
      await trx
        .insertInto('liability_commitments')
        .values({ id: d.commitmentId, position: d.position, root_hash: d.rootHash, total: d.total, players: d.players, committed_by: d.committedBy, committed_at: d.committedAt })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      for (let i = 0; i < d.balances.length; i += 1_000) {
        const rows = d.balances.slice(i, i + 1_000).map(([player_id, balance, salt_a, salt_z]) => ({ commitment_id: d.commitmentId, player_id, balance, salt_a, salt_z }));
        await trx.insertInto('liability_balances').values(rows).onConflict((oc) => oc.columns(['commitment_id', 'player_id']).doNothing()).execute();
      }
    },
  }),
};
