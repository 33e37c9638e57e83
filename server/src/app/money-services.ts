import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { MoneyServices } from '../application/money/money-services';
import type { ChainWatcher } from '../application/ports/money';
import { AddressDeriver, devExtendedPublicKey } from '../adapters/bitcoin/addresses';
import { BitcoinCoreChainWatcher } from '../adapters/bitcoin/bitcoin-core';
import { DevChain } from '../adapters/bitcoin/dev-chain';
import { EsploraChainWatcher } from '../adapters/bitcoin/esplora';
import { NetworkPayoutTargets } from '../adapters/bitcoin/payout-targets';
import { DevRails } from '../adapters/dev-rails';
import { DevLightningNode } from '../adapters/lightning/dev-lightning-node';
import { LndLightningNode } from '../adapters/lightning/lnd-node';
import { LoggingPhoneVerifier } from '../adapters/phone/phone-verifier';
import { TwilioPhoneVerifier } from '../adapters/phone/twilio-verifier';
import type { AppConfig } from '../config/config';

/**
 * Chooses each outside service money flows through: the real adapter when configured, else the local
 * stand-in — except in production, where a missing one stays missing (and answers 503).
 */
export async function moneyServicesFor(config: AppConfig): Promise<{ services: MoneyServices; rails: DevRails }> {
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

  const services = new MoneyServices(phone, deriver, chain, node, new NetworkPayoutTargets(config.bitcoin.network));
  new Logger('Money').log(`Outside services — ${services.describe()}`);
  return { services, rails: new DevRails(devPhone, devChain, devNode, config.bitcoin.network) };
}

/** The generated development key is a testnet-family key; mainnet without BITCOIN_XPUB falls back to regtest. */
function devNetwork(config: AppConfig) {
  return config.bitcoin.network === 'mainnet' ? 'regtest' : config.bitcoin.network;
}
