import type { DevChain } from './bitcoin/dev-chain';
import type { DevLightningNode } from './lightning/dev-lightning-node';
import type { LoggingPhoneVerifier } from './phone/phone-verifier';

/** The local stand-ins in use, which the development rails (`/api/dev/*`) drive; null where a real service is configured. */
export class DevRails {
  constructor(
    readonly phone: LoggingPhoneVerifier | null,
    readonly chain: DevChain | null,
    readonly node: DevLightningNode | null,
  ) {}
}
