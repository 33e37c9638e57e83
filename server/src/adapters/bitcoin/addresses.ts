import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ecc from '@bitcoinerlab/secp256k1';
import { type BIP32API, BIP32Factory, type BIP32Interface } from 'bip32';
import { address as btcAddress, initEccLib, networks, payments, type Network } from 'bitcoinjs-lib';
import { DepositAddresses } from '../../application/ports/money';

export type BitcoinNetworkName = 'mainnet' | 'testnet' | 'regtest';

let bip32: BIP32API | null = null;

/** Sets the curve up once (BIP32 self-tests it) and lets bitcoinjs-lib validate Taproot addresses too. */
export async function loadBip32(): Promise<BIP32API> {
  if (bip32) return bip32;
  initEccLib(ecc);
  bip32 = BIP32Factory(ecc);
  return bip32;
}

export function bitcoinNetwork(name: BitcoinNetworkName): Network {
  return name === 'mainnet' ? networks.bitcoin : name === 'testnet' ? networks.testnet : networks.regtest;
}

/** SLIP-132 version bytes: zpub/vpub name the same keys as xpub/tpub, marked for BIP84. */
const VERSIONS: Record<string, { public: number; private: number; mainnet: boolean }> = {
  xpub: { public: 0x0488b21e, private: 0x0488ade4, mainnet: true },
  zpub: { public: 0x04b24746, private: 0x04b2430c, mainnet: true },
  tpub: { public: 0x043587cf, private: 0x04358394, mainnet: false },
  vpub: { public: 0x045f1cf6, private: 0x045f18bc, mainnet: false },
};

export class InvalidExtendedKeyError extends Error {}

/**
 * Derives BIP84 (native segwit, P2WPKH) receive addresses `<account key>/0/<index>` from a watch-only
 * account-level extended public key (m/84'/coin'/account'). No private key is ever held.
 */
export class AddressDeriver extends DepositAddresses {
  private readonly account: BIP32Interface;
  readonly network: Network;

  static async create(extendedPublicKey: string, networkName: BitcoinNetworkName): Promise<AddressDeriver> {
    return new AddressDeriver(await loadBip32(), extendedPublicKey, networkName);
  }

  private constructor(bip32: BIP32API, extendedPublicKey: string, readonly networkName: BitcoinNetworkName) {
    super();
    const prefix = extendedPublicKey.slice(0, 4);
    const version = VERSIONS[prefix];
    if (!version) throw new InvalidExtendedKeyError('BITCOIN_XPUB must be an extended public key (zpub, vpub, xpub or tpub)');
    if (version.mainnet !== (networkName === 'mainnet')) {
      throw new InvalidExtendedKeyError(`BITCOIN_XPUB is a ${version.mainnet ? 'mainnet' : 'testnet'} key but BITCOIN_NETWORK is ${networkName}`);
    }
    this.network = bitcoinNetwork(networkName);
    try {
      this.account = bip32.fromBase58(extendedPublicKey, { ...this.network, bip32: { public: version.public, private: version.private } });
    } catch (err) {
      throw new InvalidExtendedKeyError(`BITCOIN_XPUB does not decode: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!this.account.isNeutered()) throw new InvalidExtendedKeyError('BITCOIN_XPUB must be a public key, never a private one');
  }

  address(index: number, change = false): string {
    if (!Number.isSafeInteger(index) || index < 0 || index >= 0x80000000) throw new RangeError(`derivation index out of range: ${index}`);
    const child = this.account.derive(change ? 1 : 0).derive(index);
    const { address } = payments.p2wpkh({ pubkey: child.publicKey, network: this.network });
    return address!;
  }
}

/** True when `addr` is a valid address of `network` (any standard script type). */
export function isValidAddress(addr: string, network: Network): boolean {
  try {
    btcAddress.toOutputScript(addr, network);
    return true;
  } catch {
    return false;
  }
}

/**
 * A development-only account key (vpub) kept under DATA_DIR so addresses stay stable across restarts.
 * Its seed is thrown away at once: the stand-in chain needs no signatures.
 */
export async function devExtendedPublicKey(dataDir: string): Promise<string> {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'dev-bitcoin-vpub.txt');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const testnet = { ...networks.testnet, bip32: { public: VERSIONS.vpub!.public, private: VERSIONS.vpub!.private } };
  const key = (await loadBip32()).fromSeed(randomBytes(32), testnet).derivePath("m/84'/1'/0'").neutered().toBase58();
  writeFileSync(file, key);
  return key;
}
