import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { accountDecider, type AccountEvent, type AccountState } from '../../domain/account/account';
import { accountEventCodec, accountSnapshotCodec } from '../account-at-rest';
import { reviveState, serializeState } from '../snapshots';
import { HouseSeedKeyMissingError, HouseSeedVault, keyIdOf } from './house-seed-vault';
import { SeedSource } from './seed-source';

const seeds = new SeedSource();
const shoeId = '11111111-1111-4111-8111-111111111111';

describe('the house seed vault', () => {
  it('opens what it sealed, and the sealed form shows neither the seed nor the key', () => {
    const key = randomBytes(32);
    const vault = new HouseSeedVault({ current: key, previous: [] });
    const seed = seeds.houseSeed();
    const sealed = vault.seal(seed, shoeId);
    expect(JSON.stringify(sealed)).not.toContain(seed);
    expect(JSON.stringify(sealed)).not.toContain(key.toString('base64'));
    expect(sealed.keyId).toBe(keyIdOf(key));
    expect(vault.open(sealed, shoeId)).toBe(seed);
    // A fresh nonce each time: the same seed sealed twice does not look the same.
    expect(vault.seal(seed, shoeId).ciphertext).not.toBe(sealed.ciphertext);
  });

  it('opens seeds sealed under an earlier key after a rotation, and names the key it does not hold', () => {
    const [old, current] = [randomBytes(32), randomBytes(32)];
    const sealed = new HouseSeedVault({ current: old, previous: [] }).seal('seed', shoeId);
    expect(new HouseSeedVault({ current, previous: [old] }).open(sealed, shoeId)).toBe('seed');
    const without = new HouseSeedVault({ current, previous: [] });
    expect(() => without.open(sealed, shoeId)).toThrow(HouseSeedKeyMissingError);
    expect(() => without.open(sealed, shoeId)).toThrow(new RegExp(`${keyIdOf(old)}.*HOUSE_SEED_KEY or HOUSE_SEED_PREVIOUS_KEYS`));
  });

  it('refuses a sealed seed that was altered or moved to another shoe', () => {
    const vault = new HouseSeedVault({ current: randomBytes(32), previous: [] });
    const sealed = vault.seal(seeds.houseSeed(), shoeId);
    const flipped = Buffer.from(sealed.ciphertext, 'base64url');
    flipped[0]! ^= 1;
    expect(() => vault.open({ ...sealed, ciphertext: flipped.toString('base64url') }, shoeId)).toThrow();
    expect(() => vault.open(sealed, '22222222-2222-4222-8222-222222222222')).toThrow();
  });
});

describe('an account at rest', () => {
  const vault = new HouseSeedVault({ current: randomBytes(32), previous: [] });
  const next = seeds.nextShoe();
  const committed: AccountEvent = { type: 'ShoeCommitted', data: { shoeId: next.shoeId, houseSeed: next.houseSeed, houseSeedHash: next.houseSeedHash, committedAt: '2026-11-28T09:00:00.000Z' } };

  it('stores a shoe commitment with its seed sealed and reads it back as decided; a plain commitment of before reads as it is', () => {
    const codec = accountEventCodec(vault);
    const stored = codec.encode(committed);
    expect(JSON.stringify(stored)).not.toContain(next.houseSeed);
    expect(stored.data).toMatchObject({ shoeId: next.shoeId, houseSeedHash: next.houseSeedHash, sealedHouseSeed: { alg: 'A256GCM', keyId: vault.keyId } });
    expect(codec.decode(JSON.parse(JSON.stringify(stored)))).toEqual(committed);
    expect(codec.decode(committed)).toEqual(committed);
    const other: AccountEvent = { type: 'ShoeRetired', data: { shoeId: next.shoeId, houseSeed: next.houseSeed, playerSeed: null, handCount: 0, early: true, lastHandId: null, retiredAt: 'now' } };
    expect(codec.encode(other)).toBe(other);
  });

  it('snapshots an account with its shoe seed sealed and its card order left out, and restores both', () => {
    let state: AccountState = accountDecider.evolve(accountDecider.initialState(), committed);
    state = accountDecider.evolve(state, { type: 'ShoeStarted', data: { shoeId: next.shoeId, playerSeed: seeds.playerSeed(), playerSeedReplaced: false, startedAt: 'now' } });
    const codec = accountSnapshotCodec(vault);
    const row = serializeState(codec.toStored(state));
    expect(row).not.toContain(next.houseSeed);
    expect(JSON.parse(row).game.shoe).not.toHaveProperty('cards');
    expect(codec.fromStored(reviveState(row))).toEqual(state);
  });
});
