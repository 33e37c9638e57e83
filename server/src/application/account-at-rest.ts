import type { AccountEvent, AccountState } from '../domain/account/account';
import type { ShoeCommitted, ShoeState } from '../domain/account/game';
import { shuffleShoe } from '../domain/fairness';
import type { EventCodec } from './command-path';
import type { SnapshotCodec } from './snapshots';
import { type HouseSeedVault, isSealedHouseSeed, type SealedHouseSeed } from './game/house-seed-vault';

/**
 * How an account is kept at rest. The decider works with the house seed of the shoe in play (it derives the
 * card order from it); the event store and the snapshots hold that seed only sealed (`HouseSeedVault`).
 * `ShoeRetired` carries the plain seed, as the player is shown it then. Events stored before seeds were
 * sealed (a plain `houseSeed` in `ShoeCommitted`) read as they are.
 */

/** `ShoeCommitted` as stored: the seed sealed, everything else as decided. */
export type StoredShoeCommitted = Omit<ShoeCommitted['data'], 'houseSeed'> & { sealedHouseSeed: SealedHouseSeed };

export function accountEventCodec(vault: HouseSeedVault): EventCodec<AccountEvent> {
  return {
    encode(event) {
      if (event.type !== 'ShoeCommitted') return event;
      const { houseSeed, ...rest } = event.data;
      const data: StoredShoeCommitted = { ...rest, sealedHouseSeed: vault.seal(houseSeed, rest.shoeId) };
      return { type: event.type, data };
    },
    decode(stored) {
      if (stored.type !== 'ShoeCommitted') return stored as AccountEvent;
      const data = stored.data as Partial<StoredShoeCommitted> & { houseSeed?: string };
      if (!isSealedHouseSeed(data.sealedHouseSeed)) return stored as AccountEvent;
      const { sealedHouseSeed, ...rest } = data as StoredShoeCommitted;
      return { type: 'ShoeCommitted', data: { ...rest, houseSeed: vault.open(sealedHouseSeed, rest.shoeId) } };
    },
  };
}

/** The shoe as a snapshot stores it: the seed sealed and the card order left out (it follows from the two seeds). */
type StoredShoe = Omit<ShoeState, 'houseSeed' | 'cards'> & { sealedHouseSeed: SealedHouseSeed };

export function accountSnapshotCodec(vault: HouseSeedVault): SnapshotCodec<AccountState> {
  return {
    toStored(state) {
      const shoe = state.game.shoe;
      if (!shoe) return state;
      const { houseSeed, cards: _derived, ...rest } = shoe;
      const stored: StoredShoe = { ...rest, sealedHouseSeed: vault.seal(houseSeed, shoe.shoeId) };
      return { ...state, game: { ...state.game, shoe: stored } };
    },
    fromStored(stored) {
      const state = stored as AccountState;
      const shoe = state.game.shoe as unknown as StoredShoe | null;
      if (!shoe) return state;
      const { sealedHouseSeed, ...rest } = shoe;
      const houseSeed = vault.open(sealedHouseSeed, shoe.shoeId);
      const open: ShoeState = { ...rest, houseSeed, cards: rest.playerSeed === null ? null : shuffleShoe(rest.playerSeed, houseSeed) };
      return { ...state, game: { ...state.game, shoe: open } };
    },
  };
}
