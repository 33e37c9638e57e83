import type { Insertable } from 'kysely';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { HandOpened } from '../../domain/account/game';
import type { LimitEvent } from '../../domain/account/limits';
import type { PlayerEvent } from '../../domain/player/player';
import { streamOwner } from '../../domain/streams';
import { writeAsJson } from '../batch';
import { type Projection, domainEvent } from '../projection';

/** When each player was last active: only ever later (a batch applied again changes nothing). */
const LAST_ACTIVE = `insert into player_activity (player_id, last_active_at)
  select player_id, last_active_at from json_to_recordset($1::json) as v(player_id uuid, last_active_at timestamptz)
  on conflict (player_id) do update set last_active_at = greatest(player_activity.last_active_at, excluded.last_active_at)`;
import type { ProtectionChangesTable } from './player-history.table';

type HistoryEvent = PlayerEvent | LimitEvent | HandOpened;
type ProtectionRow = Insertable<ProtectionChangesTable>;

/** The rows a change of the player's own protections writes: one per limit changed, one for a self-exclusion change. */
function protectionRows(event: RecordedEvent, playerId: string): ProtectionRow[] {
  const e = domainEvent<HistoryEvent>(event);
  const row = (n: number, at: string, kind: ProtectionRow['kind'], value: number | null, effectiveAt: string | null): ProtectionRow => ({
    id: `${event.id}:${n}`, player_id: playerId, at, kind, value, effective_at: effectiveAt === at ? null : effectiveAt,
  });
  switch (e.type) {
    case 'LimitsChanged':
      return e.data.changes.map((c, n) => row(n, e.data.changedAt, c.kind, c.value, c.effectiveAt));
    case 'SelfExclusionChanged':
      // An old `false` ended the exclusion at once: it reads as a lift that took effect when it was asked.
      return [e.data.selfExcluded ? row(0, e.data.changedAt, 'selfExclusion', null, null) : row(0, e.data.changedAt, 'selfExclusionLiftRequested', null, null)];
    case 'SelfExclusionLiftRequested':
      return [row(0, e.data.requestedAt, 'selfExclusionLiftRequested', null, e.data.liftsAt)];
    case 'SelfExclusionLiftCancelled':
      return [row(0, e.data.cancelledAt, 'selfExclusionLiftCancelled', null, null)];
    default:
      return [];
  }
}

/**
 * A player's history as the back office's 360 view reads it: every session with the address it signed in from (the
 * `sessions` read model forgets expired ones), every change of a limit or of the self-exclusion, and when the player
 * was last active (the newest sign-in or hand, for the players list's sort and filter). Sessions and protection
 * changes are keyed by the event, so a batch applied again writes nothing twice; the last activity only moves forward.
 */
export const playerHistoryProjection: Projection = {
  name: 'player-history',
  tier: 'analytic',
  version: 1,
  handles: ['SessionStarted', 'SessionEnded', 'AllSessionsEnded', 'LimitsChanged', 'SelfExclusionChanged', 'SelfExclusionLiftRequested', 'SelfExclusionLiftCancelled', 'HandOpened'],
  tables: ['session_history', 'protection_changes', 'player_activity'],
  // Hands opened only move when a player was last active, a held write; the rest write a statement each.
  writesHeld: (events) => events.every((e) => e.type === 'HandOpened'),
  async applyBatch(trx, events: readonly RecordedEvent[]) {
    const protections: ProtectionRow[] = [];
    const active = new Map<string, string>();
    const seen = (playerId: string, at: string) => {
      const before = active.get(playerId);
      if (!before || before < at) active.set(playerId, at);
    };
    for (const event of events) {
      const playerId = streamOwner(event.streamId, 'player') ?? streamOwner(event.streamId, 'account');
      if (playerId === undefined) continue;
      const e = domainEvent<HistoryEvent>(event);
      switch (e.type) {
        case 'SessionStarted':
          seen(playerId, e.data.startedAt);
          await trx
            .insertInto('session_history')
            .values({
              session_id: e.data.sessionId, player_id: playerId, started_at: e.data.startedAt, expires_at: e.data.expiresAt, started_revision: event.revision,
              ended_at: null, end_reason: null, address: e.data.address ?? null,
            })
            .onConflict((oc) => oc.column('session_id').doNothing())
            .execute();
          break;
        case 'SessionEnded':
          await trx
            .updateTable('session_history')
            .set({ ended_at: e.data.endedAt, end_reason: e.data.reason })
            .where('session_id', '=', e.data.sessionId)
            .where('player_id', '=', playerId)
            .where('ended_at', 'is', null)
            .execute();
          break;
        case 'AllSessionsEnded':
          await trx
            .updateTable('session_history')
            .set({ ended_at: e.data.endedAt, end_reason: e.data.reason })
            .where('player_id', '=', playerId)
            .where('started_revision', '<', event.revision)
            .where('ended_at', 'is', null)
            .execute();
          break;
        case 'HandOpened':
          seen(playerId, e.data.openedAt);
          break;
        default:
          protections.push(...protectionRows(event, playerId));
      }
    }
    if (protections.length > 0) await trx.insertInto('protection_changes').values(protections).onConflict((oc) => oc.column('id').doNothing()).execute();
    if (active.size > 0) {
      await writeAsJson(trx, LAST_ACTIVE, [...active].map(([player_id, at]) => ({ player_id, last_active_at: at })));
    }
  },
};
