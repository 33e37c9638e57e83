import type { Insertable, Transaction } from 'kysely';
import type { AccountEvent } from '../../domain/account/account';
import { BANK_EVENT_TYPES } from '../../domain/account/ledger';
import { coach, type CoachState, initialCoachState } from '../../domain/coach/coach';
import { HAND_EVENT_TYPES } from '../../domain/hand/hand';
import { streamOwner } from '../../domain/streams';
import { writeRowsAsJson } from '../batch';
import { type Projection, type ProjectionMemory, domainEvent } from '../projection';
import type { ReadModels } from '../schema';
import type { CoachDeviationsTable, CoachHandsTable } from './coach.table';

/** Bump when the rows change shape or meaning (or the figures: the expected-value model or the charts). */
const VERSION = 1;

/** One player's coach: its state and the account revision folded. */
interface CoachRow {
  playerId: string;
  state: CoachState;
  accountRevision: number;
}

async function readRows(trx: Transaction<ReadModels>, playerIds: string[]): Promise<Map<string, CoachRow>> {
  const found = new Map<string, CoachRow>();
  if (playerIds.length === 0) return found;
  const rows = await trx.selectFrom('coach_players').selectAll().where('player_id', 'in', playerIds).execute();
  for (const r of rows) {
    found.set(r.player_id, {
      playerId: r.player_id,
      state: r.state as CoachState,
      accountRevision: r.account_revision,
    });
  }
  return found;
}

/**
 * The strategy coach (`domain/coach`) folded over each player's account events: every decision judged
 * against basic strategy for the hand's level, each one that differed written to `coach_deviations` with
 * its cost in expected value, and each settled hand's totals to `coach_hands` (the player's week is the
 * sum of those). The coach's state (the bank, the hand in play) is kept per player, so a batch never
 * re-reads a stream, and an event at or below the revision folded changes nothing.
 */
export const coachProjection: Projection = {
  name: 'coach',
  version: VERSION,
  handles: [...new Set<string>([...HAND_EVENT_TYPES, ...BANK_EVENT_TYPES])],
  tables: ['coach_deviations', 'coach_hands', 'coach_players'],
  async applyBatch(trx, events, memory: ProjectionMemory) {
    const touched = new Map<string, CoachRow | undefined>();
    for (const event of events) {
      const owner = streamOwner(event.streamId, 'account');
      if (owner !== undefined && !touched.has(owner)) touched.set(owner, memory.get<CoachRow>(owner));
    }
    if (touched.size === 0) return;
    const stored = await readRows(trx, [...touched].filter(([, row]) => row === undefined).map(([id]) => id));

    const before = new Map<string, CoachRow>();
    const now = new Map<string, CoachRow>();
    for (const [playerId, remembered] of touched) {
      const row = remembered ?? stored.get(playerId) ?? { playerId, state: initialCoachState, accountRevision: -1 };
      before.set(playerId, row);
      now.set(playerId, row);
    }

    const deviations: Insertable<CoachDeviationsTable>[] = [];
    const hands: Insertable<CoachHandsTable>[] = [];
    for (const event of events) {
      const owner = streamOwner(event.streamId, 'account');
      if (owner === undefined) continue;
      const row = now.get(owner)!;
      if (event.revision <= row.accountRevision) continue;
      const out = coach(row.state, domainEvent<AccountEvent>(event));
      if (out.deviation) {
        const d = out.deviation;
        deviations.push({
          id: event.id, player_id: owner, hand_id: d.handId, seq: d.seq, time: event.createdAt, hand_index: d.handIndex, cards: d.cards,
          total: d.total, soft: d.soft, dealer_up: d.dealerUp, action: d.action, recommended: d.recommended, stake: d.stake, ev_action: d.evAction,
          ev_recommended: d.evRecommended, cost_msat: d.costMsat,
        });
      }
      if (out.settled) {
        const s = out.settled;
        hands.push({
          hand_id: s.handId, player_id: owner, settled_time: event.createdAt, level: s.level, bet: s.bet, decisions: s.decisions, deviations: s.deviations,
          cost_msat: s.costMsat,
        });
      }
      now.set(owner, { playerId: owner, state: out.state, accountRevision: event.revision });
    }

    const changed = [...now.values()].filter((row) => row !== before.get(row.playerId));
    for (const row of changed) memory.set(row.playerId, row);
    if (changed.length === 0) return;
    await writeRowsAsJson(
      trx,
      { table: 'coach_players', key: ['player_id'], update: ['state', 'account_revision'], newerWhen: ['account_revision'] },
      changed.map((r) => ({ player_id: r.playerId, state: r.state, account_revision: r.accountRevision })),
    );
    await writeRowsAsJson(trx, { table: 'coach_deviations', key: ['id'] }, deviations);
    await writeRowsAsJson(trx, { table: 'coach_hands', key: ['hand_id'] }, hands);
  },
};
