import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OAuth2Client } from 'google-auth-library';
import { type AppConfig, loadConfig } from '../config/config';
import { describeEachStorage } from './app-storage.test-support';
import { createApp } from './create-app';

const GOOGLE_CLIENT_ID = 'client-id.apps.googleusercontent.com';

/**
 * Signs in through the Google verifier with Google's answer stood in (the ID token's e-mail is its text):
 * a production server has no development sign-in, and a session must be recorded for its token to count.
 * The ID token is the e-mail, padded to an ID token's least length.
 */
async function signInWithGoogle(app: NestFastifyApplication, email: string): Promise<{ authorization: string }> {
  const certs = jest.spyOn(OAuth2Client.prototype, 'getFederatedSignonCertsAsync').mockResolvedValue({ certs: {}, format: 'PEM' as never, res: null } as never);
  const verify = jest
    .spyOn(OAuth2Client.prototype, 'verifySignedJwtWithCertsAsync')
    .mockImplementation(async (token: string) => ({ getPayload: () => ({ sub: `sub-${token.trim()}`, email: token.trim(), email_verified: true }) }) as never);
  try {
    const login = await app.inject({ method: 'POST', url: '/api/players/login', payload: { idToken: email.padEnd(40, ' '), photoUrl: null } });
    expect(login.statusCode).toBe(200);
    return { authorization: `Bearer ${login.json().jwt as string}` };
  } finally {
    certs.mockRestore();
    verify.mockRestore();
  }
}

async function started(config: AppConfig): Promise<NestFastifyApplication> {
  const app = await createApp(config, { bufferLogs: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/** Every line the server logs at warn or error level while `fn` runs. */
async function logged(fn: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const error = jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => void lines.push(String(message)));
  const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void lines.push(String(message)));
  try {
    await fn();
  } finally {
    error.mockRestore();
    warn.mockRestore();
  }
  return lines.join('\n');
}

describeEachStorage('the operator', (storage) => {
  const schema = `op_${randomBytes(5).toString('hex')}`;
  const base = (): NodeJS.ProcessEnv => ({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bahati-op-')),
    ADMIN_EMAILS: 'boss@example.com',
    LOG_LEVEL: 'silent',
    CLIENT_DIST: join(tmpdir(), 'no-client-here'),
    PRICE_SOURCE: 'fixed',
    PROJECTIONS: 'off',
    ...storage.env(schema),
  });

  afterAll(async () => {
    await storage.drop(schema);
  });

  describe('with Google sign-in on a server without NODE_ENV', () => {
    let app: NestFastifyApplication;

    beforeAll(async () => {
      // NODE_ENV unset is development: the development rails are there, the development identity is not.
      app = await started(loadConfig({ ...base(), GOOGLE_CLIENT_ID }));
    });

    afterAll(async () => {
      await app?.close();
    });

    afterEach(() => {
      jest.restoreAllMocks();
    });

    it('starts, offers Google sign-in and has no development ID tokens', async () => {
      const config = await app.inject({ method: 'GET', url: '/api/config' });
      expect(config.statusCode).toBe(200);
      expect(config.json()).toMatchObject({ googleClientId: GOOGLE_CLIENT_ID, devIdentity: false, environment: 'development' });
      const token = await app.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email: 'ana@example.com' } });
      expect(token.statusCode).toBe(404);
    });

    it('answers a sign-in while Google cannot be reached with a plain 503, and logs why', async () => {
      jest
        .spyOn(OAuth2Client.prototype, 'getFederatedSignonCertsAsync')
        .mockRejectedValue(Object.assign(new Error('request to https://www.googleapis.com/oauth2/v1/certs failed, reason: getaddrinfo ENOTFOUND oauth2.googleapis.com'), { code: 'ENOTFOUND' }));
      const idToken = `eyJhbGciOiJSUzI1NiJ9.${'e30'}.${'s'.repeat(40)}`;
      let res!: Awaited<ReturnType<NestFastifyApplication['inject']>>;
      const log = await logged(async () => {
        res = await app.inject({ method: 'POST', url: '/api/players/login', payload: { idToken, photoUrl: null } });
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'ServiceUnavailable' });
      expect(res.body).not.toMatch(/ENOTFOUND|googleapis|getaddrinfo/);
      expect(log).toContain('getaddrinfo ENOTFOUND oauth2.googleapis.com');
      expect(log).not.toContain(idToken);
    });

    it('refuses a forged ID token with 401 without quoting the token back, and logs only the reason', async () => {
      jest.spyOn(OAuth2Client.prototype, 'getFederatedSignonCertsAsync').mockResolvedValue({ certs: {}, format: 'PEM' as never, res: null } as never);
      const idToken = `${Buffer.from('{"alg":"RS256","kid":"k"}').toString('base64url')}.${Buffer.from('{"sub":"1"}').toString('base64url')}.${'s'.repeat(40)}`;
      let res!: Awaited<ReturnType<NestFastifyApplication['inject']>>;
      const log = await logged(async () => {
        res = await app.inject({ method: 'POST', url: '/api/players/login', payload: { idToken, photoUrl: null } });
      });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain(idToken);
      expect(log).toMatch(/Sign-in refused/);
      expect(log).not.toContain(idToken);
    });
  });

  describe('in production', () => {
    let app: NestFastifyApplication;
    let admin: { authorization: string };
    let player: { authorization: string };

    beforeAll(async () => {
      // Production needs PostgreSQL (DATABASE_URL); on embedded PGlite the same settings with its switch on.
      const env = { ...base(), GOOGLE_CLIENT_ID, JWT_SECRET: 'p'.repeat(40), BITCOIN_NETWORK: 'testnet', HOUSE_SEED_KEY: randomBytes(32).toString('base64') };
      const config = storage.name === 'postgres' ? loadConfig({ ...env, NODE_ENV: 'production' }) : { ...loadConfig(env), env: 'production' as const, production: true };
      app = await started(config);
      admin = await signInWithGoogle(app, 'boss@example.com');
      player = await signInWithGoogle(app, storage.email('ana@example.com'));
    });

    afterAll(async () => {
      await app?.close();
    });

    it('keeps the API description and the detailed health for admins', async () => {
      for (const url of ['/api/docs', '/api/docs-json', '/api/health']) {
        expect({ url, status: (await app.inject({ method: 'GET', url })).statusCode }).toEqual({ url, status: 401 });
        expect({ url, status: (await app.inject({ method: 'GET', url, headers: player })).statusCode }).toEqual({ url, status: 403 });
        expect({ url, status: (await app.inject({ method: 'GET', url, headers: admin })).statusCode }).toEqual({ url, status: 200 });
      }
      const health = await app.inject({ method: 'GET', url: '/api/health', headers: admin });
      expect(health.json()).toMatchObject({ status: 'ok', info: { database: { status: 'up' }, eventStore: { status: 'up' } } });
      const docs = await app.inject({ method: 'GET', url: '/api/docs-json' });
      expect(docs.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      expect(docs.body).not.toContain('/api/players/login');
    });

    it('answers liveness and readiness probes to anyone, with nothing but the status', async () => {
      for (const url of ['/api/health/live', '/api/health/ready']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ status: 'ok' });
      }
    });
  });

  describe('in development', () => {
    let app: NestFastifyApplication;

    beforeAll(async () => {
      app = await started(loadConfig({ ...base(), NODE_ENV: 'test' }));
    });

    afterAll(async () => {
      await app?.close();
    });

    it('keeps the API description and the detailed health open', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/docs-json' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });

    it('tells caches to keep no answer given to a signed-in person, errors included', async () => {
      const signIn = async (email: string) => {
        const token = await app.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email } });
        const login = await app.inject({ method: 'POST', url: '/api/players/login', payload: { idToken: token.json().idToken, photoUrl: null } });
        expect(login.statusCode).toBe(200);
        expect(login.headers['cache-control']).toBe('no-store');
        return { authorization: `Bearer ${login.json().jwt as string}` };
      };
      const auth = await signIn(storage.email('cache@example.com'));
      const admin = await signIn('boss@example.com');
      const answers = [
        await app.inject({ method: 'GET', url: '/api/players/1234', headers: auth }),
        await app.inject({ method: 'GET', url: '/api/admin/roles', headers: admin }),
        await app.inject({ method: 'GET', url: '/api/players', headers: auth }),
        await app.inject({ method: 'GET', url: '/api/players/1234' }),
        await app.inject({ method: 'POST', url: '/api/hands/', headers: auth, payload: { bet: 'lots' } }),
      ];
      expect(answers.map((r) => [r.statusCode, r.headers['cache-control']])).toEqual([
        [200, 'no-store'],
        [200, 'no-store'],
        [403, 'no-store'],
        [401, 'no-store'],
        [400, 'no-store'],
      ]);
      // Public answers stay cacheable as before.
      expect((await app.inject({ method: 'GET', url: '/api/config' })).headers['cache-control']).not.toBe('no-store');
    });
  });
});
