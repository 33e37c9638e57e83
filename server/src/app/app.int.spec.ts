import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Pool } from 'pg';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { describeEachStorage } from './app-storage.test-support';
import { loadConfig } from '../config/config';
import { createApp } from './create-app';

type Inject = NestFastifyApplication['inject'];

describeEachStorage('the foundation API', (storage) => {
  let app: NestFastifyApplication;
  let inject: Inject;
  const schema = `app_${randomBytes(5).toString('hex')}`;

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bahati-app-')),
      ADMIN_EMAILS: storage.email('boss@example.com'),
      LOG_LEVEL: 'silent',
      CLIENT_DIST: join(tmpdir(), 'no-client-here'),
      ...storage.env(schema),
    };
    app = await createApp(loadConfig(env), { bufferLogs: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    inject = app.inject.bind(app);
  });

  afterAll(async () => {
    await app.close();
    await storage.drop(schema);
  });

  async function signIn(email: string, name?: string): Promise<string> {
    const token = await inject({ method: 'POST', url: '/api/dev/id-token', payload: { email: storage.email(email), name } });
    expect(token.statusCode).toBe(200);
    const login = await inject({ method: 'POST', url: '/api/players/login', payload: { idToken: token.json().idToken, photoUrl: null } });
    expect(login.statusCode).toBe(200);
    return login.json().jwt as string;
  }

  it('sends the security headers, with the content security policy that allows Google sign-in', async () => {
    for (const url of ['/api/health', '/api/players/1234', '/api/no-such-route']) {
      const res = await inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['content-security-policy']).toContain("script-src 'self' https://accounts.google.com/gsi/client");
      expect(res.headers['x-request-id']).toEqual(expect.any(String));
    }
  });

  it('registers a player on first sign-in and shows their empty account', async () => {
    const jwt = await signIn('Ana@Example.com', 'Ana');
    const me = await inject({ method: 'GET', url: '/api/players/1234', headers: { authorization: `Bearer ${jwt}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: storage.email('ana@example.com'), name: 'Ana', banned: false, suspectLevel: 0, handsPlayed: 0, totalBetAmount: 0,
      activeHandId: null, shoeId: expect.stringMatching(/^(?!00000000-0000-0000-0000-000000000000)[0-9a-f-]{36}$/), selfExclude: false, verifiedPhoneNumber: null, isAdmin: false,
    });
    const bank = await inject({ method: 'GET', url: '/api/players/bank', headers: { authorization: `Bearer ${jwt}` } });
    expect(bank.json()).toBe(0);
  });

  it('tells a signed-out visitor how to sign in, which mailboxes the information pages name and the Bitcoin network', async () => {
    const res = await inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      googleClientId: null,
      devIdentity: true,
      environment: 'test',
      contactEmails: {
        support: 'support@bahati.example',
        privacy: 'privacy@bahati.example',
        dataProtection: 'dataprotection@bahati.example',
        marketing: 'marketing@bahati.example',
      },
      bitcoinNetwork: 'regtest',
    });
  });

  it('signs the same person in again as the same player', async () => {
    const a = await signIn('same@example.com');
    const b = await signIn('same@example.com');
    const id = async (jwt: string) => (await inject({ method: 'GET', url: '/api/players/1234', headers: { authorization: `Bearer ${jwt}` } })).json().id;
    expect(await id(a)).toBe(await id(b));
  });

  it('marks the e-mails of ADMIN_EMAILS as admins', async () => {
    const jwt = await signIn('boss@example.com');
    const me = await inject({ method: 'GET', url: '/api/players/1234', headers: { authorization: `Bearer ${jwt}` } });
    expect(me.json().isAdmin).toBe(true);
  });

  it('answers 401 without a token, with a tampered one, or with alg none', async () => {
    const jwt = await signIn('eve@example.com');
    const [h, p, s] = jwt.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'someone-else' })).toString('base64url')}.${s}`;
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    for (const headers of [{}, { authorization: `Bearer ${tampered}` }, { authorization: `Bearer ${none}` }, { authorization: 'Basic abc' }]) {
      const res = await inject({ method: 'GET', url: '/api/players/1234', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
  });

  it('refuses a sign-in whose ID token does not verify', async () => {
    const res = await inject({ method: 'POST', url: '/api/players/login', payload: { idToken: 'x'.repeat(40), photoUrl: null } });
    expect(res.statusCode).toBe(401);
  });

  it('answers bad input with 400 and says what is wrong', async () => {
    const res = await inject({ method: 'POST', url: '/api/dev/id-token', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'ValidationFailed', message: expect.stringContaining('email') });
    const broken = await inject({ method: 'POST', url: '/api/players/login', headers: { 'content-type': 'application/json' }, payload: '{"idToken":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toEqual(expect.any(String));
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'NotFound' });
  });

  it('gives the price figure, marked fixed', async () => {
    const jwt = await signIn('price@example.com');
    const res = await inject({ method: 'GET', url: '/api/players/bcvalue', headers: { authorization: `Bearer ${jwt}` } });
    expect(res.json()).toMatchObject({ value: 100000, fixed: true, source: 'fixed' });
  });

  it('reports database, event store and projection lag on /api/health', async () => {
    const res = await inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', info: { database: { status: 'up' }, eventStore: { status: 'up' }, projections: { status: 'up' } } });
    expect(res.json().info.projections.players).toMatchObject({ pendingEvents: expect.any(Number) });
  });

  it('serves the OpenAPI document and sends security headers and a request id', async () => {
    const res = await inject({ method: 'GET', url: '/api/docs-json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/players/login', '/api/players/1234']));
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describeEachDatabase('production mode', (db) => {
  // Production needs a real PostgreSQL server, so this runs where one is configured.
  if (db.name !== 'postgres') return;
  it('has no development endpoints', async () => {
    const schema = `prod_${randomBytes(5).toString('hex')}`;
    const app = await createApp(
      loadConfig({
        NODE_ENV: 'production', DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema, GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
        JWT_SECRET: 'p'.repeat(40), LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'bahati-prod-')), PROJECTIONS: 'off',
        BITCOIN_NETWORK: 'testnet', HOUSE_SEED_KEY: randomBytes(32).toString('base64'),
      }),
      { bufferLogs: false },
    );
    try {
      await app.init();
      const res = await app.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email: 'ana@example.com' } });
      expect(res.statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({ devIdentity: false, googleClientId: 'client-id.apps.googleusercontent.com' });
    } finally {
      await app.close();
      const pool = new Pool({ connectionString: process.env.DATABASE_URL });
      await pool.query(`drop schema if exists ${schema} cascade`);
      await pool.end();
    }
  });
});
