import type { RecordedEvent } from '../../application/ports/event-store';
import type { PlayerEvent } from '../../domain/player/player';
import { streamOwner } from '../../domain/streams';
import { type Projection, domainEvent } from '../projection';

/**
 * Players' sessions: one row per session token issued, marked ended by a logout, a logout everywhere or a
 * ban. One statement per event (sessions start once per sign-in, so they are rare next to the game's
 * events); each is idempotent: a started session is inserted once, an ended one is never reopened, and
 * "every session" means those started before the event (by revision), so replaying a batch cannot end a
 * session started after it.
 *
 * The table keeps only sessions that may still be used: each sign-in deletes every session (of anyone)
 * whose token expired before it started. That goes by the events' own times, never the clock, so a
 * rebuild keeps exactly the same rows; a token past its expiry is refused before its session is read.
 */
export const sessionsProjection: Projection = {
  name: 'sessions',
  version: 2,
  handles: ['SessionStarted', 'SessionEnded', 'AllSessionsEnded'],
  tables: ['sessions'],
  async applyBatch(trx, events: readonly RecordedEvent[]) {
    for (const event of events) {
      const playerId = streamOwner(event.streamId, 'player');
      if (playerId === undefined) continue;
      const e = domainEvent<PlayerEvent>(event);
      switch (e.type) {
        case 'SessionStarted':
          await trx.deleteFrom('sessions').where('expires_time', '<', new Date(e.data.startedAt)).execute();
          await trx
            .insertInto('sessions')
            .values({ session_id: e.data.sessionId, player_id: playerId, started_time: e.data.startedAt, expires_time: e.data.expiresAt, started_revision: event.revision, ended_time: null, end_reason: null })
            .onConflict((oc) => oc.column('session_id').doNothing())
            .execute();
          break;
        case 'SessionEnded':
          await trx
            .updateTable('sessions')
            .set({ ended_time: e.data.endedAt, end_reason: e.data.reason })
            .where('session_id', '=', e.data.sessionId)
            .where('player_id', '=', playerId)
            .where('ended_time', 'is', null)
            .execute();
          break;
        case 'AllSessionsEnded':
          await trx
            .updateTable('sessions')
            .set({ ended_time: e.data.endedAt, end_reason: e.data.reason })
            .where('player_id', '=', playerId)
            .where('started_revision', '<', event.revision)
            .where('ended_time', 'is', null)
            .execute();
          break;
        default:
          break;
      }
    }
  },
};
