import { join } from 'node:path';
import { Logger, ServiceUnavailableException } from '@nestjs/common';
import type { AppConfig } from '../../config/config';
import { AddressDeriver, devExtendedPublicKey } from '../../adapters/bitcoin/addresses';
import { BitcoinCoreChainWatcher } from '../../adapters/bitcoin/bitcoin-core';
import type { ChainWatcher } from '../../adapters/bitcoin/chain-watcher';
import { DevChain } from '../../adapters/bitcoin/dev-chain';
import { EsploraChainWatcher } from '../../adapters/bitcoin/esplora';
import { DevLightningNode } from '../../adapters/lightning/dev-lightning-node';
import type { LightningNode } from '../../adapters/lightning/lightning-node';
import { LndLightningNode } from '../../adapters/lightning/lnd-node';
import { LoggingPhoneVerifier, type PhoneVerifier } from '../../adapters/phone/phone-verifier';
import { TwilioPhoneVerifier } from '../../adapters/phone/twilio-verifier';

const notConfigured = (what: string) =>
  new ServiceUnavailableException({ statusCode: 503, error: 'ServiceUnavailable', message: `${what} is not configured on this server.` });

/**
 * The outside services money flows through: each a real adapter when configured, else the local
 * stand-in — except in production, where a missing one answers 503 rather than pretending.
 */
export class MoneyBackends {
  constructor(
    private readonly phone: PhoneVerifier | null,
    private readonly deriver: AddressDeriver | null,
    readonly chain: ChainWatcher | null,
    private readonly node: LightningNode | null,
    /** Stand-ins, for the development rails. */
    readonly dev: { phone: LoggingPhoneVerifier | null; chain: DevChain | null; node: DevLightningNode | null },
  ) {}

  get phoneVerifier(): PhoneVerifier {
    if (!this.phone) throw notConfigured('Phone verification (TWILIO_*)');
    return this.phone;
  }

  get addresses(): AddressDeriver {
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

  static async fromConfig(config: AppConfig): Promise<MoneyBackends> {
    const standIns = !config.production;
    const devPhone = !config.twilio && standIns ? new LoggingPhoneVerifier() : null;
    const phone = config.twilio ? new TwilioPhoneVerifier(config.twilio) : devPhone;

    const xpub = config.bitcoin.xpub ?? (standIns ? await devExtendedPublicKey(config.dataDir) : null);
    const deriver = xpub ? await AddressDeriver.create(xpub, config.bitcoin.xpub ? config.bitcoin.network : devNetwork(config)) : null;

    const devChain = !config.bitcoin.rpcUrl && !config.bitcoin.esploraUrl && standIns ? new DevChain(join(config.dataDir, 'dev-chain.json')) : null;
    const chain: ChainWatcher | null = config.bitcoin.rpcUrl
      ? new BitcoinCoreChainWatcher(config.bitcoin.rpcUrl)
      : config.bitcoin.esploraUrl
        ? new EsploraChainWatcher(config.bitcoin.esploraUrl)
        : devChain;

    const devNode = !config.lnd && standIns ? new DevLightningNode(join(config.dataDir, 'dev-lightning.json'), config.bitcoin.network) : null;
    const node = config.lnd ? new LndLightningNode(config.lnd) : devNode;

    const backends = new MoneyBackends(phone, deriver, chain, node, { phone: devPhone, chain: devChain, node: devNode });
    new Logger('Money').log(`Outside services — ${backends.describe()}`);
    return backends;
  }
}

/** The generated development key is a testnet-family key; mainnet without BITCOIN_XPUB falls back to regtest. */
function devNetwork(config: AppConfig) {
  return config.bitcoin.network === 'mainnet' ? 'regtest' : config.bitcoin.network;
}
