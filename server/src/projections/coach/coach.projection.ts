import type { Insertable, Kysely } from 'kysely';
import type { AccountEvent } from '../../domain/account/account';
import { BANK_EVENT_TYPES } from '../../domain/account/ledger';
import { coach, type CoachState, initialCoachState } from '../../domain/coach/coach';
import { HAND_EVENT_TYPES } from '../../domain/hand/hand';
import { streamOwner } from '../../domain/streams';
import { writeRowsAsJson } from '../batch';
import type { RecordedEvent } from '../../application/ports/event-store';
import { type Projection, type ProjectionLog, type ProjectionMemory, domainEvent } from '../projection';
import type { ReadModels } from '../schema';
import type { CoachDeviationsTable, CoachHandsTable } from './coach.table';

/** Bump when the rows change shape or meaning (or the figures: the expected-value model or the charts). */
const VERSION = 1;

/**
 * A player's state is stored once in every this many account events, not after every hand: its one reader is
 * the runner itself after a restart, which folds the events since the stored state again (`foldAgain`).
 */
export const COACH_STORED_EVERY = 64;

/** One player's coach: its state, the account revision folded, and the last revision folded that left no hand in play. */
interface CoachRow {
  playerId: string;
  state: CoachState;
  accountRevision: number;
  /** -1 before the first. */
  lastBetween: number;
}

const blockOf = (revision: number) => Math.floor(revision / COACH_STORED_EVERY);

/**
 * `row` with `event` folded. An event that leaves no hand in play is `stored` when it is the first such event of
 * its block of `COACH_STORED_EVERY` revisions: which events those are follows from the account's events alone,
 * so the live steps and a rebuild store the same states whatever their batches, and so does a restart.
 */
function fold(row: CoachRow, event: RecordedEvent): { row: CoachRow; out: ReturnType<typeof coach>; stored: boolean } {
  const out = coach(row.state, domainEvent<AccountEvent>(event));
  const between = out.state.hand === null;
  const stored = between && blockOf(event.revision) > blockOf(row.lastBetween);
  return { row: { playerId: row.playerId, state: out.state, accountRevision: event.revision, lastBetween: between ? event.revision : row.lastBetween }, out, stored };
}

const firstRow = (playerId: string): CoachRow => ({ playerId, state: initialCoachState, accountRevision: -1, lastBetween: -1 });

async function readRows(db: Kysely<ReadModels>, playerIds: string[]): Promise<Map<string, CoachRow>> {
  const found = new Map<string, CoachRow>();
  if (playerIds.length === 0) return found;
  const rows = await db.selectFrom('coach_players').selectAll().where('player_id', 'in', playerIds).execute();
  for (const r of rows) {
    found.set(r.player_id, {
      playerId: r.player_id,
      state: r.state as CoachState,
      accountRevision: r.account_revision,
      // A stored state is one between hands.
      lastBetween: r.account_revision,
    });
  }
  return found;
}

const HANDLES: ReadonlySet<string> = new Set<string>([...HAND_EVENT_TYPES, ...BANK_EVENT_TYPES]);

/** `row` with the account's events after it and before `first` folded in (they were applied in earlier batches). */
async function foldAgain(row: CoachRow, first: RecordedEvent, log: ProjectionLog): Promise<CoachRow> {
  let again = row;
  for (const event of await log.readStream(first.streamId, row.accountRevision + 1, first.revision - 1)) {
    if (HANDLES.has(event.type)) again = fold(again, event).row;
  }
  return again;
}

/**
 * The strategy coach (`domain/coach`) folded over each player's account events: every decision judged
 * against basic strategy for the hand's level, each one that differed written to `coach_deviations` with
 * its cost in expected value, and each settled hand's totals to `coach_hands` (the player's week is the
 * sum of those). The coach's state (the bank, the hand in play) is kept per player in the runner's memory
 * and stored between hands, about once in `COACH_STORED_EVERY` account events (`fold`): a hand in play is never
 * written, and after a restart the state is folded again from the stored one and the account's events since.
 * An event at or below the revision folded changes nothing.
 */
export const coachProjection: Projection = {
  name: 'coach',
  version: VERSION,
  writesHeld: true,
  handles: [...HANDLES],
  tables: ['coach_deviations', 'coach_hands', 'coach_players'],
  async recall(db, events, memory, log) {
    if (memory.complete) return;
    const forgotten = new Map<string, RecordedEvent>();
    for (const event of events) {
      const owner = streamOwner(event.streamId, 'account');
      if (owner !== undefined && !forgotten.has(owner) && memory.get<CoachRow>(owner) === undefined) forgotten.set(owner, event);
    }
    if (forgotten.size === 0) return;
    const stored = await readRows(db, [...forgotten.keys()]);
    // The stored row is the state between two hands; the events applied since, up to this batch's, are folded again.
    for (const [playerId, first] of forgotten) {
      memory.set(playerId, await foldAgain(stored.get(playerId) ?? firstRow(playerId), first, log));
    }
  },
  async applyBatch(trx, events, memory: ProjectionMemory) {
    const touched = new Map<string, CoachRow | undefined>();
    for (const event of events) {
      const owner = streamOwner(event.streamId, 'account');
      if (owner !== undefined && !touched.has(owner)) touched.set(owner, memory.get<CoachRow>(owner));
    }
    if (touched.size === 0) return;
    const stored = memory.complete ? new Map<string, CoachRow>() : await readRows(trx, [...touched].filter(([, row]) => row === undefined).map(([id]) => id));

    const before = new Map<string, CoachRow>();
    const now = new Map<string, CoachRow>();
    for (const [playerId, remembered] of touched) {
      const row = remembered ?? stored.get(playerId) ?? firstRow(playerId);
      before.set(playerId, row);
      now.set(playerId, row);
    }

    // A player's state is stored as it was after the batch's last event that `fold` says to store (one between
    // hands), whatever the batches (a rebuild writes what the live steps wrote): a hand in play lives in memory only.
    const between = new Map<string, CoachRow>();
    const deviations: Insertable<CoachDeviationsTable>[] = [];
    const hands: Insertable<CoachHandsTable>[] = [];
    for (const event of events) {
      const owner = streamOwner(event.streamId, 'account');
      if (owner === undefined) continue;
      const row = now.get(owner)!;
      if (event.revision <= row.accountRevision) continue;
      const { row: next, out, stored: storedHere } = fold(row, event);
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
      now.set(owner, next);
      if (storedHere) between.set(owner, next);
    }

    const changed = [...now.values()].filter((row) => row !== before.get(row.playerId));
    for (const row of changed) memory.set(row.playerId, row);
    await writeRowsAsJson(
      trx,
      { table: 'coach_players', key: ['player_id'], update: ['state', 'account_revision'], newerWhen: ['account_revision'] },
      [...between.values()].map((r) => ({ player_id: r.playerId, state: r.state, account_revision: r.accountRevision })),
    );
    await writeRowsAsJson(trx, { table: 'coach_deviations', key: ['id'] }, deviations);
    await writeRowsAsJson(trx, { table: 'coach_hands', key: ['hand_id'] }, hands);
  },
};
