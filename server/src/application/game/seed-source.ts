import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { NextShoe } from '../../domain/account/game';
import { encodeSeed, houseSeedHash } from '../../domain/fairness';

export const sha256 = (bytes: Uint8Array): Uint8Array => createHash('sha256').update(bytes).digest();

/** Where seeds come from: the CSPRNG. Tests replace `houseSeed` to force a card order. */
@Injectable()
export class SeedSource {
  houseSeed(): string {
    return encodeSeed(randomBytes(32));
  }

  playerSeed(): string {
    return encodeSeed(randomBytes(32));
  }

  nextShoe(): NextShoe {
    const houseSeed = this.houseSeed();
    return { shoeId: randomUUID(), houseSeed, houseSeedHash: houseSeedHash(houseSeed, sha256) };
  }

  /**
   * `command` with a `next` shoe that is drawn the first time the decider reads it, and is the same on
   * every later read: most hand actions never retire a shoe, and need no fresh seed or hash.
   */
  withNextShoe<C extends object>(command: C): C & { readonly next: NextShoe } {
    let next: NextShoe | undefined;
    return Object.defineProperty(command, 'next', { enumerable: true, get: () => (next ??= this.nextShoe()) }) as C & { readonly next: NextShoe };
  }

  /**
   * `command` with a `randomPlayerSeed` drawn the first time the decider reads it: only a deal that
   * starts a shoe without a valid player seed of its own needs one.
   */
  withRandomPlayerSeed<C extends object>(command: C): C & { readonly randomPlayerSeed: string } {
    let seed: string | undefined;
    return Object.defineProperty(command, 'randomPlayerSeed', { enumerable: true, get: () => (seed ??= this.playerSeed()) }) as C & { readonly randomPlayerSeed: string };
  }
}

/** Game settings from the configuration (REQUIRE_PHONE_TO_PLAY: a deal needs a verified phone). */
export class GameSettings {
  constructor(public requirePhoneToPlay = false) {}
}
