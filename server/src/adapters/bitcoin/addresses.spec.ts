import { beforeAll, describe, expect, it } from '@jest/globals';
import { networks } from 'bitcoinjs-lib';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AddressDeriver, devExtendedPublicKey, InvalidExtendedKeyError, isValidAddress, loadBip32 } from './addresses';

// BIP84 test vectors: mnemonic "abandon abandon ... about", account 0.
const ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

describe('BIP84 address derivation', () => {
  let deriver: AddressDeriver;
  beforeAll(async () => {
    deriver = await AddressDeriver.create(ZPUB, 'mainnet');
  });

  it.each([
    [0, false, 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'],
    [1, false, 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g'],
    [0, true, 'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el'],
  ])('m/84h/0h/0h/%s (change %s) is %s', (index, change, expected) => {
    expect(deriver.address(index, change)).toBe(expected);
  });

  it('refuses a key of the other network, a private key and garbage', async () => {
    await expect(AddressDeriver.create(ZPUB, 'regtest')).rejects.toThrow(InvalidExtendedKeyError);
    await expect(AddressDeriver.create('zprvAWgYBBk7JR8Gjrh4UJQ2uJdG1r3WNRRfURiABBE3RvMXYSrRJL62XuezvGdPvG6GFBZduosCc1YP5wixPox7zhZLfiUm8aunE96BBa4Kei5', 'mainnet')).rejects.toThrow(InvalidExtendedKeyError);
    await expect(AddressDeriver.create('zpub123', 'mainnet')).rejects.toThrow(InvalidExtendedKeyError);
  });

  it('derives stable development addresses on regtest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xpub-'));
    const key = await devExtendedPublicKey(dir);
    expect(key.startsWith('vpub')).toBe(true);
    expect(await devExtendedPublicKey(dir)).toBe(key);
    const dev = await AddressDeriver.create(key, 'regtest');
    expect(dev.address(0)).toMatch(/^bcrt1q/);
    expect(isValidAddress(dev.address(7), networks.regtest)).toBe(true);
  });
});

describe('withdrawal address validation', () => {
  beforeAll(() => loadBip32());
  it.each([
    ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bitcoin', true],
    ['1BoatSLRHtKNngkdXEeobR76b53LETtpyT', 'bitcoin', true],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'bitcoin', true],
    ['bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', 'bitcoin', true],
    ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'regtest', false],
    ['bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', 'regtest', true],
    ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'testnet', true],
    ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv', 'bitcoin', false],
    ['1BoatSLRHtKNngkdXEeobR76b53LETtpyX', 'bitcoin', false],
    ['not an address', 'bitcoin', false],
    ['', 'bitcoin', false],
  ] as const)('%s on %s is valid: %s', (addr, network, valid) => {
    expect(isValidAddress(addr, networks[network])).toBe(valid);
  });
});
