import type { Transaction } from 'kysely';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { AccountEvent } from '../../domain/account/account';
import { BANK_EVENT_TYPES } from '../../domain/account/ledger';
import type { PlayerEvent } from '../../domain/player/player';
import { HAND_EVENT_TYPES } from '../../domain/hand/hand';
import { streamOwner } from '../../domain/streams';
import { DEFAULT_SUSPECT_SETTINGS, detect, initialSuspectState, type SuspectRecord, type SuspectSettings, type SuspectState } from '../../domain/suspect/detect';
import { writeRowsAsJson } from '../batch';
import { type Projection, type ProjectionMemory, domainEvent } from '../projection';
import type { ReadModels } from '../schema';
import type { SuspectRecordsTable } from './suspect.table';
import type { Insertable } from 'kysely';

/** Bump when the rows this projection writes change shape or meaning (2: the window's bets with their two counts, `WindowBet`). */
const SHAPE_VERSION = 2;
const LEVEL_MIN = 0;
const LEVEL_MAX = 100;

/** One player's detector: its state, the level now, how many records it raised, and the revisions folded. */
interface SuspectRow {
  playerId: string;
  level: number;
  records: number;
  state: SuspectState;
  accountRevision: number;
  playerRevision: number;
}

/** A row built field by field, always in one shape (a fold runs at every event; V8 copies a spread on its slow path). */
const suspectRow = (playerId: string, level: number, records: number, state: SuspectState, accountRevision: number, playerRevision: number): SuspectRow => ({
  playerId, level, records, state, accountRevision, playerRevision,
});

const clamp = (level: number) => Math.min(LEVEL_MAX, Math.max(LEVEL_MIN, level));

/** FNV-1a of the settings, so that other thresholds or weights make another version (and a rebuild). */
function fingerprint(settings: SuspectSettings): number {
  const text = JSON.stringify(Object.keys(settings).sort().map((k) => [k, settings[k as keyof SuspectSettings]]));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 1_000_000;
}

function recordRow(playerId: string, seq: number, id: string, record: SuspectRecord, adminId: string | null): Insertable<SuspectRecordsTable> {
  return {
    id, player_id: playerId, seq, time: record.time, hand_id: record.handId, player_hand_value: record.playerHandValue,
    dealer_hand_value: record.dealerHandValue, expected_action: record.expectedAction, actual_action: record.actualAction,
    suspect_change: record.suspectChange, reason: record.reason, admin_id: adminId,
  };
}

/**
 * Folds one event into a player's row; returns the row (the same object when the event was seen before)
 * and appends the records it raised. Changes add to the level within 0-100; an admin's change sets it
 * and is recorded as an AdminManualChange of the difference.
 */
function fold(row: SuspectRow, event: RecordedEvent, account: boolean, settings: SuspectSettings, out: Insertable<SuspectRecordsTable>[]): SuspectRow {
  if (account) {
    if (event.revision <= row.accountRevision) return row;
    const { state, records } = detect(row.state, domainEvent<AccountEvent>(event), event.createdAt, settings);
    let { level, records: count } = row;
    records.forEach((record, i) => {
      count++;
      level = clamp(level + record.suspectChange);
      out.push(recordRow(row.playerId, count, `${event.id}:${i}`, record, null));
    });
    return suspectRow(row.playerId, level, count, state, event.revision, row.playerRevision);
  }
  if (event.revision <= row.playerRevision) return row;
  const e = domainEvent<PlayerEvent>(event);
  if (e.type !== 'SuspectLevelSet') return suspectRow(row.playerId, row.level, row.records, row.state, row.accountRevision, event.revision);
  const level = clamp(e.data.level);
  const record: SuspectRecord = {
    time: event.createdAt, handId: null, playerHandValue: null, dealerHandValue: null, expectedAction: null, actualAction: null,
    suspectChange: level - row.level, reason: 'AdminManualChange',
  };
  const next = suspectRow(row.playerId, level, row.records + 1, row.state, row.accountRevision, event.revision);
  out.push(recordRow(next.playerId, next.records, `${event.id}:0`, record, e.data.adminId));
  return next;
}

async function readRows(trx: Transaction<ReadModels>, playerIds: string[]): Promise<Map<string, SuspectRow>> {
  const found = new Map<string, SuspectRow>();
  if (playerIds.length === 0) return found;
  const rows = await trx.selectFrom('suspect_players').selectAll().where('player_id', 'in', playerIds).execute();
  for (const r of rows) {
    found.set(r.player_id, suspectRow(r.player_id, r.suspect_level, r.records, r.state as SuspectState, r.account_revision, r.player_revision));
  }
  return found;
}

/**
 * Suspect detection per player (spec §3, §4): the detector (`domain/suspect/detect`) folded over the
 * player's account events, its state kept per player between batches (a batch never re-reads a stream),
 * the records it raises in `suspect_records`, and the level in `suspect_players`. An admin's
 * `SuspectLevelSet` on the player stream sets the level. Deterministic: the records depend only on the
 * events and their recorded times, so a rebuild gives the same table. The settings are part of the
 * version: other thresholds or weights rebuild the table from the first event.
 */
export function suspectProjection(settings: SuspectSettings = DEFAULT_SUSPECT_SETTINGS): Projection {
  return {
    name: 'suspect',
    tier: 'analytic',
    version: SHAPE_VERSION * 1_000_000 + fingerprint(settings),
    writesHeld: true,
    handles: [...new Set<string>([...HAND_EVENT_TYPES, ...BANK_EVENT_TYPES, 'SuspectLevelSet'])],
    tables: ['suspect_records', 'suspect_players'],
    async applyBatch(trx, events, memory: ProjectionMemory) {
      const touched = new Map<string, SuspectRow | undefined>();
      for (const event of events) {
        const owner = streamOwner(event.streamId, 'account') ?? streamOwner(event.streamId, 'player');
        if (owner !== undefined && !touched.has(owner)) touched.set(owner, memory.get<SuspectRow>(owner));
      }
      const stored = memory.complete ? new Map<string, SuspectRow>() : await readRows(trx, [...touched].filter(([, row]) => row === undefined).map(([id]) => id));

      const before = new Map<string, SuspectRow>();
      const now = new Map<string, SuspectRow>();
      for (const [playerId, remembered] of touched) {
        const row = remembered ?? stored.get(playerId) ?? suspectRow(playerId, 0, 0, initialSuspectState, -1, -1);
        before.set(playerId, row);
        now.set(playerId, row);
      }
      const records: Insertable<SuspectRecordsTable>[] = [];
      for (const event of events) {
        const accountOwner = streamOwner(event.streamId, 'account');
        const owner = accountOwner ?? streamOwner(event.streamId, 'player');
        if (owner === undefined) continue;
        now.set(owner, fold(now.get(owner)!, event, accountOwner !== undefined, settings, records));
      }

      const changed = [...now.values()].filter((row) => row !== before.get(row.playerId));
      for (const row of changed) memory.set(row.playerId, row);
      if (changed.length === 0) return;
      await writeRowsAsJson(
        trx,
        {
          table: 'suspect_players', key: ['player_id'], update: ['suspect_level', 'records', 'state', 'account_revision', 'player_revision'],
          newerWhen: ['account_revision', 'player_revision'],
        },
        changed.map((r) => ({
          player_id: r.playerId, suspect_level: r.level, records: r.records, state: r.state, account_revision: r.accountRevision, player_revision: r.playerRevision,
        })),
      );
      await writeRowsAsJson(trx, { table: 'suspect_records', key: ['id'] }, records);
    },
  };
}
