import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './config';

const houseSeedKey = randomBytes(32).toString('base64');
/** Everything production asks for, so each test changes one thing. */
const production = {
  NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), GOOGLE_CLIENT_ID: 'id', DATABASE_URL: 'postgres://db/bahati', BITCOIN_NETWORK: 'mainnet', HOUSE_SEED_KEY: houseSeedKey,
} as const;

describe('configuration', () => {
  it('refuses to start in production without its secrets, naming each one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET[\s\S]*GOOGLE_CLIENT_ID[\s\S]*DATABASE_URL[\s\S]*BITCOIN_NETWORK[\s\S]*HOUSE_SEED_KEY/);
    expect(loadConfig(production).production).toBe(true);
  });

  it('refuses to start in production on a network it was not told, or on regtest, naming BITCOIN_NETWORK', () => {
    const { BITCOIN_NETWORK: _network, ...unnamed } = production;
    expect(() => loadConfig(unnamed)).toThrow(/BITCOIN_NETWORK \(mainnet or testnet/);
    expect(() => loadConfig({ ...production, BITCOIN_NETWORK: 'regtest' })).toThrow(/BITCOIN_NETWORK other than regtest/);
    expect(() => loadConfig({ ...production, BITCOIN_NETWORK: '', HOUSE_SEED_KEY: '' })).toThrow(/BITCOIN_NETWORK \(mainnet or testnet[\s\S]*HOUSE_SEED_KEY \(32 random bytes/);
    expect(loadConfig({ ...production, BITCOIN_NETWORK: 'testnet' }).bitcoin.network).toBe('testnet');
    // Outside production regtest stays the default, for the development chain.
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'bahati-config-')) }).bitcoin.network).toBe('regtest');
  });

  it('refuses to start in production without the key that seals house seeds, and refuses a key that is not 32 bytes without printing it', () => {
    const { HOUSE_SEED_KEY: _key, ...keyless } = production;
    expect(() => loadConfig(keyless)).toThrow(/HOUSE_SEED_KEY \(32 random bytes/);
    const short = randomBytes(16).toString('base64');
    let message = '';
    try {
      loadConfig({ ...production, HOUSE_SEED_KEY: short });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/HOUSE_SEED_KEY: must be 32 bytes in base64/);
    expect(message).not.toContain(short);
    expect(loadConfig(production).houseSeedKeys.current.equals(Buffer.from(houseSeedKey, 'base64'))).toBe(true);
  });

  it('keeps a development house-seed key under DATA_DIR, the same on every start, and takes older keys for opening', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bahati-config-'));
    const first = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).houseSeedKeys.current;
    expect(first).toHaveLength(32);
    expect(existsSync(join(dataDir, 'house-seed-key.txt'))).toBe(true);
    expect(Buffer.from(readFileSync(join(dataDir, 'house-seed-key.txt'), 'utf8'), 'base64').equals(first)).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).houseSeedKeys.current.equals(first)).toBe(true);
    const older = randomBytes(32).toString('base64');
    expect(loadConfig({ ...production, HOUSE_SEED_PREVIOUS_KEYS: ` ${older} ` }).houseSeedKeys.previous.map((k) => k.toString('base64'))).toEqual([older]);
  });

  it('never offers the development identity provider in production', () => {
    const config = loadConfig(production);
    expect(config.devIdentity).toBe(false);
  });

  it('uses the development identity provider when no Google client id is set', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/bahati-config-test' }).devIdentity).toBe(true);
  });

  it('reconciles every 15 minutes unless told otherwise; 0 turns the schedule off', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/bahati-config-test' } as const;
    expect(loadConfig(env).reconcileIntervalMinutes).toBe(15);
    expect(loadConfig({ ...env, RECONCILE_INTERVAL_MINUTES: '0' }).reconcileIntervalMinutes).toBe(0);
    expect(loadConfig({ ...env, RECONCILE_INTERVAL_MINUTES: '60' }).reconcileIntervalMinutes).toBe(60);
    expect(() => loadConfig({ ...env, RECONCILE_INTERVAL_MINUTES: '-1' })).toThrow(/RECONCILE_INTERVAL_MINUTES/);
    expect(() => loadConfig({ ...env, RECONCILE_INTERVAL_MINUTES: 'often' })).toThrow(/RECONCILE_INTERVAL_MINUTES/);
  });

  it('explains a malformed setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ...production, JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('cuts off slow requests by default: headers within 10 s, the whole request within 30 s, idle connections after 72 s', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/bahati-config-test' } as const;
    expect(loadConfig(env).httpTimeouts).toEqual({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 72_000 });
    const set = { ...env, HTTP_HEADERS_TIMEOUT_SECONDS: '5', HTTP_REQUEST_TIMEOUT_SECONDS: '60', HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '650' };
    expect(loadConfig(set).httpTimeouts).toEqual({ headersMs: 5_000, requestMs: 60_000, keepAliveMs: 650_000 });
    expect(() => loadConfig({ ...env, HTTP_HEADERS_TIMEOUT_SECONDS: '0' })).toThrow(/HTTP_HEADERS_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ ...env, HTTP_HEADERS_TIMEOUT_SECONDS: '40' })).toThrow(/HTTP_HEADERS_TIMEOUT_SECONDS \(40\) must not be more than HTTP_REQUEST_TIMEOUT_SECONDS \(30\)/);
  });

  it('names the four contact mailboxes, each with a default and each settable', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/bahati-config-test' } as const;
    expect(loadConfig(env).contactEmails).toEqual({
      support: 'support@bahati.example',
      privacy: 'privacy@bahati.example',
      dataProtection: 'dataprotection@bahati.example',
      marketing: 'marketing@bahati.example',
    });
    expect(loadConfig({ ...env, CONTACT_EMAILS_SUPPORT: 'help@bahati.co.ke', CONTACT_EMAILS_DATA_PROTECTION: 'dpo@bahati.co.ke' }).contactEmails).toMatchObject({
      support: 'help@bahati.co.ke',
      privacy: 'privacy@bahati.example',
      dataProtection: 'dpo@bahati.co.ke',
    });
    expect(() => loadConfig({ ...env, CONTACT_EMAILS_MARKETING: 'not an address' })).toThrow(/CONTACT_EMAILS_MARKETING/);
  });

  it('reads rate limits as limit/seconds with documented defaults, refuses a malformed one, and turns them off', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/bahati-config-test' } as const;
    expect(loadConfig(env).rateLimits).toEqual({
      requests: { limit: 600, seconds: 60 },
      signInPerIp: { limit: 60, seconds: 60 },
      signInPerPlayer: { limit: 20, seconds: 600 },
      codeSendsPerNumber: { limit: 5, seconds: 3600 },
      codeSendsPerPlayer: { limit: 5, seconds: 3600 },
      redeemFailuresPerPlayer: { limit: 10, seconds: 3600 },
      redeemFailuresPerIp: { limit: 10, seconds: 3600 },
    });
    expect(loadConfig(env).phoneCodeAttempts).toBe(5);
    expect(loadConfig(env).redis).toBeNull();
    expect(loadConfig({ ...env, RATE_LIMIT_CODE_SENDS_NUMBER: '3/86400' }).rateLimits?.codeSendsPerNumber).toEqual({ limit: 3, seconds: 86_400 });
    expect(loadConfig({ ...env, RATE_LIMIT_REDEEM_FAILURES_PLAYER: '3/600', RATE_LIMIT_REDEEM_FAILURES_IP: '20/7200' }).rateLimits).toMatchObject({
      redeemFailuresPerPlayer: { limit: 3, seconds: 600 },
      redeemFailuresPerIp: { limit: 20, seconds: 7200 },
    });
    expect(() => loadConfig({ ...env, RATE_LIMIT_REDEEM_FAILURES_IP: '10' })).toThrow(/RATE_LIMIT_REDEEM_FAILURES_IP/);
    for (const bad of ['5', '5/0', '0/60', 'five/60', '5/60/1']) expect(() => loadConfig({ ...env, RATE_LIMIT_REQUESTS: bad })).toThrow(/RATE_LIMIT_REQUESTS/);
    expect(loadConfig({ ...env, RATE_LIMITS: 'off' }).rateLimits).toBeNull();
    expect(loadConfig({ ...env, REDIS_URL: 'redis://cache:6379' }).redis).toEqual({ url: 'redis://cache:6379', keyPrefix: 'bahati:' });
    expect(() => loadConfig({ ...env, REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL/);
  });

  it('reads admin e-mails case-insensitively', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/bahati-config-test', ADMIN_EMAILS: 'Boss@Example.com, ops@example.com' }).adminEmails).toEqual(
      new Set(['boss@example.com', 'ops@example.com']),
    );
  });
});
