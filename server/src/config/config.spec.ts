import { loadConfig } from './config';

describe('configuration', () => {
  it('refuses to start in production without its secrets, naming each one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET[\s\S]*GOOGLE_CLIENT_ID[\s\S]*DATABASE_URL/);
  });

  it('never offers the development identity provider in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), GOOGLE_CLIENT_ID: 'id', DATABASE_URL: 'postgres://db/bahati' });
    expect(config.devIdentity).toBe(false);
  });

  it('uses the development identity provider when no Google client id is set', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/bahati-config-test' }).devIdentity).toBe(true);
  });

  it('explains a malformed setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short', GOOGLE_CLIENT_ID: 'id', DATABASE_URL: 'postgres://db/x' })).toThrow(/at least 32/);
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
