import type { RecordedEvent } from '../../application/ports/event-store';
import type { PlayerEvent } from '../../domain/player/player';
import type { Projection } from '../projection';

type Data<T extends PlayerEvent['type']> = Extract<PlayerEvent, { type: T }>['data'];

/** One row per player: identity and account flags. */
export const playersProjection: Projection = {
  name: 'players',
  version: 2,
  handles: ['PlayerRegistered', 'PlayerPhotoChanged', 'PhoneVerified'],
  tables: ['players'],
  async apply(trx, event: RecordedEvent) {
    switch (event.type) {
      case 'PlayerRegistered': {
        const d = event.data as Data<'PlayerRegistered'>;
        await trx
          .insertInto('players')
          .values({ id: d.playerId, subject: d.subject, email: d.email, name: d.name, photo_url: d.photoUrl, created_time: d.registeredAt, verified_phone_number: null })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return;
      }
      case 'PlayerPhotoChanged': {
        const d = event.data as Data<'PlayerPhotoChanged'>;
        await trx.updateTable('players').set({ photo_url: d.photoUrl }).where('id', '=', d.playerId).execute();
        return;
      }
      case 'PhoneVerified': {
        const d = event.data as Data<'PhoneVerified'>;
        await trx.updateTable('players').set({ verified_phone_number: d.phoneNumber }).where('id', '=', d.playerId).execute();
        return;
      }
    }
  },
};
