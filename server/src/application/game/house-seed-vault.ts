import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A house seed as it is stored while its shoe is in play: AES-256-GCM under a key held outside the database
 * (`HOUSE_SEED_KEY`), so a read of the database or a backup does not tell anyone the cards of a shoe in play.
 * The plain seed is stored only when the shoe retires (`ShoeRetired`), which is when the player sees it.
 */
export interface SealedHouseSeed {
  alg: 'A256GCM';
  /** Which key sealed it (`keyIdOf`), so keys can rotate: older keys stay listed for opening. */
  keyId: string;
  /** base64url: the 12-byte nonce, the ciphertext and the 16-byte tag. */
  iv: string;
  ciphertext: string;
  tag: string;
}

/** The keys a server holds: `current` seals, every one of them opens. */
export interface HouseSeedKeys {
  current: Buffer;
  previous: readonly Buffer[];
}

export class HouseSeedKeyMissingError extends Error {}

/** A short public name for a key: a hash of it, so the event says which key sealed it without saying anything of the key. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('bahati house seed key\0').update(key).digest('hex').slice(0, 16);
}

/** Binds the sealed seed to its shoe: a sealed seed copied into another shoe's event does not open. */
const associatedData = (shoeId: string) => Buffer.from(`bahati:house-seed:${shoeId}`, 'utf8');

export class HouseSeedVault {
  private readonly keys = new Map<string, Buffer>();
  private readonly currentId: string;

  constructor(keys: HouseSeedKeys) {
    for (const key of [keys.current, ...keys.previous]) {
      if (key.length !== 32) throw new Error('A house seed key is 32 bytes.');
      this.keys.set(keyIdOf(key), key);
    }
    this.currentId = keyIdOf(keys.current);
  }

  get keyId(): string {
    return this.currentId;
  }

  seal(houseSeed: string, shoeId: string): SealedHouseSeed {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentId)!, iv);
    cipher.setAAD(associatedData(shoeId));
    const ciphertext = Buffer.concat([cipher.update(houseSeed, 'utf8'), cipher.final()]);
    return { alg: 'A256GCM', keyId: this.currentId, iv: iv.toString('base64url'), ciphertext: ciphertext.toString('base64url'), tag: cipher.getAuthTag().toString('base64url') };
  }

  /** Throws when the key is not held (naming its id and the settings) or the sealed seed was altered. */
  open(sealed: SealedHouseSeed, shoeId: string): string {
    const key = this.keys.get(sealed.keyId);
    if (!key) {
      throw new HouseSeedKeyMissingError(
        `The house seed of shoe ${shoeId} was sealed under key ${sealed.keyId}, which this server does not hold: set it in HOUSE_SEED_KEY or HOUSE_SEED_PREVIOUS_KEYS.`,
      );
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64url'));
    decipher.setAAD(associatedData(shoeId));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}

export const isSealedHouseSeed = (value: unknown): value is SealedHouseSeed =>
  typeof value === 'object' && value !== null && (value as SealedHouseSeed).alg === 'A256GCM' && typeof (value as SealedHouseSeed).keyId === 'string';
