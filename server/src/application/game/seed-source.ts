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
}

/** Game settings from the configuration (REQUIRE_PHONE_TO_PLAY: a deal needs a verified phone). */
export class GameSettings {
  constructor(public requirePhoneToPlay = false) {}
}
