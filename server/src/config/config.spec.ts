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
    });
    expect(loadConfig(env).phoneCodeAttempts).toBe(5);
    expect(loadConfig(env).redis).toBeNull();
    expect(loadConfig({ ...env, RATE_LIMIT_CODE_SENDS_NUMBER: '3/86400' }).rateLimits?.codeSendsPerNumber).toEqual({ limit: 3, seconds: 86_400 });
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
