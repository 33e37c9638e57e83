import type { PlayerEvent } from '../../domain/player/player';
import type { Projection } from '../projection';
import { eachEvent } from '../batch';

/** One row per player: identity and account flags. */
export const playersProjection: Projection = {
  name: 'players',
  version: 2,
  tables: ['players'],
  ...eachEvent<PlayerEvent, null>(null, {
    PlayerRegistered: (trx, d) =>
      trx
        .insertInto('players')
        .values({ id: d.playerId, subject: d.subject, email: d.email, name: d.name, photo_url: d.photoUrl, created_time: d.registeredAt, verified_phone_number: null })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute(),
    PlayerPhotoChanged: (trx, d) => trx.updateTable('players').set({ photo_url: d.photoUrl }).where('id', '=', d.playerId).execute(),
    PhoneVerified: (trx, d) => trx.updateTable('players').set({ verified_phone_number: d.phoneNumber }).where('id', '=', d.playerId).execute(),
    PlayerBanned: (trx, d) => trx.updateTable('players').set({ banned: true }).where('id', '=', d.playerId).execute(),
    PlayerUnbanned: (trx, d) => trx.updateTable('players').set({ banned: false }).where('id', '=', d.playerId).execute(),
    SelfExclusionChanged: (trx, d) => trx.updateTable('players').set({ self_exclude: d.selfExcluded, self_exclusion_lifts_at: null }).where('id', '=', d.playerId).execute(),
    SelfExclusionLiftRequested: (trx, d) => trx.updateTable('players').set({ self_exclusion_lifts_at: d.liftsAt }).where('id', '=', d.playerId).execute(),
    SelfExclusionLiftCancelled: (trx, d) => trx.updateTable('players').set({ self_exclusion_lifts_at: null }).where('id', '=', d.playerId).execute(),
    AnimationPreferenceChanged: (trx, d) => trx.updateTable('players').set({ animate: d.animate }).where('id', '=', d.playerId).execute(),
  }),
};
