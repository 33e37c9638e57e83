import { bech32, bech32m } from 'bech32';
import bs58check from 'bs58check';
import type { ClientConfig } from '@/lib/api';

/** The Bitcoin network the server pays on (`GET /api/config`'s `bitcoinNetwork`). */
export type BitcoinNetwork = ClientConfig['bitcoinNetwork'];

/** Per network: the bech32 prefix of addresses and the one of payment requests (`ln` + it), and the base58 version bytes. */
const NETWORKS: Record<BitcoinNetwork, { hrp: string; base58: readonly number[] }> = {
  mainnet: { hrp: 'bc', base58: [0x00, 0x05] },
  testnet: { hrp: 'tb', base58: [0x6f, 0xc4] },
  regtest: { hrp: 'bcrt', base58: [0x6f, 0xc4] },
};

/** The longest text bech32 decodes here: payment requests are far over bech32's 90 characters. */
const BOLT11_LIMIT = 7089;

function decodeSegwit(text: string): { hrp: string; version: number; program: number[] } | null {
  for (const codec of [bech32, bech32m]) {
    const decoded = codec.decodeUnsafe(text, 90);
    if (!decoded || decoded.words.length === 0) continue;
    const version = decoded.words[0]!;
    // Version 0 is checksummed with bech32, later versions with bech32m (BIP 350).
    if ((version === 0) !== (codec === bech32)) return null;
    const program = codec.fromWordsUnsafe(decoded.words.slice(1));
    if (!program) return null;
    return { hrp: decoded.prefix, version, program };
  }
  return null;
}

/** Whether `text` is a Bitcoin address of `network`: base58 (P2PKH, P2SH) or segwit (bech32 / bech32m). */
export function isBitcoinAddress(text: string, network: BitcoinNetwork): boolean {
  const { hrp, base58 } = NETWORKS[network];
  const segwit = decodeSegwit(text);
  if (segwit) {
    if (segwit.hrp !== hrp || segwit.version > 16) return false;
    const length = segwit.program.length;
    return segwit.version === 0 ? length === 20 || length === 32 : length >= 2 && length <= 40;
  }
  try {
    const payload = bs58check.decode(text);
    return payload.length === 21 && base58.includes(payload[0]!);
  } catch {
    return false;
  }
}

/** What a payment request's checked text gives: its amount in sats (null: open), or why it cannot be used. */
export type PaymentRequestCheck = { ok: true; sats: number | null } | { ok: false; problem: 'invalid' | 'network' | 'fraction' };

const MSAT_PER: Record<string, bigint> = { m: 100_000_000n, u: 100_000n, n: 100n };

/** The amount part of a payment request's prefix (`lnbc25u` → 2,500 sats), in millisatoshis; undefined if malformed. */
function prefixMsat(amount: string): bigint | null | undefined {
  if (amount === '') return null;
  const m = /^(\d+)([munp]?)$/.exec(amount);
  if (!m) return undefined;
  const value = BigInt(m[1]!);
  if (m[2] === 'p') return value % 10n === 0n ? value / 10n : -1n;
  return value * (m[2] ? MSAT_PER[m[2]]! : 100_000_000_000n);
}

/**
 * Reads a BOLT11 payment request far enough to refuse it at the field: its bech32 checksum, its network and its
 * amount. The server checks it fully (signature, expiry) when the withdrawal is sent.
 */
export function checkPaymentRequest(text: string, network: BitcoinNetwork): PaymentRequestCheck {
  const raw = text.trim().toLowerCase().replace(/^lightning:/, '');
  const decoded = bech32.decodeUnsafe(raw, BOLT11_LIMIT);
  if (!decoded || !decoded.prefix.startsWith('ln')) return { ok: false, problem: 'invalid' };
  const { hrp } = NETWORKS[network];
  const rest = decoded.prefix.slice(2);
  // `lnbcrt…` is regtest's, not mainnet's: the amount after the network's prefix starts with a digit or is absent.
  if (!rest.startsWith(hrp) || /^[a-z]/.test(rest.slice(hrp.length))) return { ok: false, problem: 'network' };
  const msat = prefixMsat(rest.slice(hrp.length));
  if (msat === undefined) return { ok: false, problem: 'invalid' };
  if (msat === null) return { ok: true, sats: null };
  if (msat < 0n || msat % 1000n !== 0n) return { ok: false, problem: 'fraction' };
  return { ok: true, sats: Number(msat / 1000n) };
}
