import { DomainError } from '../../domain/decider';
import type { ChainWatcher, DepositAddresses, LightningNode, PayoutTargets, PhoneVerifier } from '../ports/money';

const notConfigured = (what: string) => new DomainError('ServiceUnavailable', `${what} is not configured on this server.`);

/**
 * The outside services money flows through, as `app/money-services.ts` chose them from the
 * configuration: a real adapter, a local stand-in, or none (production without the setting), in which
 * case using it answers ServiceUnavailable rather than pretending.
 */
export class MoneyServices {
  constructor(
    private readonly phone: PhoneVerifier | null,
    private readonly deriver: DepositAddresses | null,
    readonly chain: ChainWatcher | null,
    private readonly node: LightningNode | null,
    readonly targets: PayoutTargets,
  ) {}

  get phoneVerifier(): PhoneVerifier {
    if (!this.phone) throw notConfigured('Phone verification (TWILIO_*)');
    return this.phone;
  }

  get addresses(): DepositAddresses {
    if (!this.deriver) throw notConfigured('Bitcoin deposits (BITCOIN_XPUB)');
    return this.deriver;
  }

  get lightning(): LightningNode {
    if (!this.node) throw notConfigured('Lightning (LND_*)');
    return this.node;
  }

  get hasLightning(): boolean {
    return this.node !== null;
  }

  describe(): string {
    return `phone: ${this.phone?.kind ?? 'none'}; addresses: ${this.deriver ? `${this.deriver.networkName} key` : 'none'}; chain: ${this.chain?.kind ?? 'none'}; lightning: ${this.node?.kind ?? 'none'}`;
  }
}
