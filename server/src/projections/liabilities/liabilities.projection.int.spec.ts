import { expect, it } from '@jest/globals';
import { EventLog, alice, bob, describeProjection, uuid } from '../projection.test-support';
import { liabilitiesProjection } from './liabilities.projection';

const t = (day: number) => `2026-03-0${day}T00:00:00.000Z`;
const salt = (c: string) => c.repeat(64);

function history() {
  const log = new EventLog();
  const commit = (n: number, balances: [string, number, string, string][]) =>
    log.record('liabilities', 'LiabilitiesCommitted', {
      commitmentId: uuid(n, 'c0000000'), position: `9:${n}`, rootHash: String(n).repeat(64).slice(0, 64), total: balances.reduce((s, b) => s + b[1], 0),
      players: balances.length, balances, committedBy: 'system:liabilities', committedAt: t(n),
    });
  return [
    commit(1, [[alice, 50_000, salt('a'), salt('b')]]),
    commit(2, [[alice, 40_000, salt('c'), salt('d')], [bob, 7_000, salt('e'), salt('f')]]),
  ];
}

describeProjection(liabilitiesProjection, (spec) => {
  it('keeps each commitment with its root, total and position, and the balances and salts it was built from', async () => {
    await spec.given(...history()).then({
      liability_commitments: [
        { id: uuid(1, 'c0000000'), position: '9:1', total: 50_000, players: 1, committed_by: 'system:liabilities', committed_at: new Date(t(1)) },
        { id: uuid(2, 'c0000000'), position: '9:2', total: 47_000, players: 2 },
      ],
      liability_balances: [
        { commitment_id: uuid(1, 'c0000000'), player_id: alice, balance: 50_000, salt_a: salt('a'), salt_z: salt('b') },
        { commitment_id: uuid(2, 'c0000000'), player_id: alice, balance: 40_000 },
        { commitment_id: uuid(2, 'c0000000'), player_id: bob, balance: 7_000 },
      ],
    });
  });

  spec.itIsTheSameWhateverTheBatches(history, (rows) => expect(rows.liability_balances).toHaveLength(3));
});
