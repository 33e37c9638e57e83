import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import jwt from 'jsonwebtoken';
import { describeEachStorage } from './app-storage.test-support';
import { loadConfig } from '../config/config';
import { SESSION_RECHECK_MS } from '../application/players/sessions';
import { createApp } from './create-app';

jest.setTimeout(60_000);

const JWT_SECRET = 's'.repeat(40);
/** Instances of one deployment share their secrets: the house seed key opens the accounts' sealed seeds on either. */
const HOUSE_SEED_KEY = Buffer.alloc(32, 7).toString('base64');

describeEachStorage('sessions', (storage) => {
  let app: NestFastifyApplication;
  const schema = `sessions_${randomBytes(5).toString('hex')}`;
  const env = (more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bahati-sessions-')),
    ADMIN_EMAILS: storage.email('boss@example.com'),
    LOG_LEVEL: 'silent',
    CLIENT_DIST: join(tmpdir(), 'no-client-here'),
    PRICE_SOURCE: 'fixed',
    JWT_SECRET,
    HOUSE_SEED_KEY,
    ...storage.env(schema),
    ...more,
  });

  beforeAll(async () => {
    app = await createApp(loadConfig(env()), { bufferLogs: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await app.close();
    await storage.drop(schema);
  });

  async function signIn(email: string, on = app): Promise<{ jwt: string; auth: { authorization: string } }> {
    const token = await on.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email: storage.email(email) } });
    const login = await on.inject({ method: 'POST', url: '/api/players/login', payload: { idToken: token.json().idToken, photoUrl: null } });
    expect(login.statusCode).toBe(200);
    const issued = login.json().jwt as string;
    return { jwt: issued, auth: { authorization: `Bearer ${issued}` } };
  }

  const me = (auth: { authorization: string }, on = app) => on.inject({ method: 'GET', url: '/api/players/1234', headers: auth });

  /** Opens the player's event stream over a real socket; `text()` resolves with everything it said once the server closes it. */
  async function openStream(auth: { authorization: string }, on = app): Promise<{ text: () => Promise<string> }> {
    const server = on.getHttpServer();
    if (!server.listening) await on.listen(0, '127.0.0.1');
    const address = server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${address.port}/api/players/events`, { headers: auth });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let said = '';
    while (!said.includes(': connected')) {
      const { value, done } = await reader.read();
      if (done) break;
      said += decoder.decode(value, { stream: true });
    }
    const rest = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return said;
        said += decoder.decode(value, { stream: true });
      }
    })();
    return { text: () => rest };
  }

  it('ends the session on logout: the same token answers 401 at once, another session of the player stays signed in', async () => {
    const phone = await signIn('logout@example.com');
    const laptop = await signIn('logout@example.com');
    expect((await me(phone.auth)).statusCode).toBe(200);

    const out = await app.inject({ method: 'POST', url: '/api/players/logout', headers: phone.auth });
    expect(out.statusCode).toBe(204);
    const after = await me(phone.auth);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'Unauthorized' });
    expect((await app.inject({ method: 'GET', url: '/api/players/bank', headers: phone.auth })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/players/events?token=${phone.jwt}` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/players/logout', headers: phone.auth })).statusCode).toBe(401);

    expect((await me(laptop.auth)).statusCode).toBe(200);
    expect((await me((await signIn('logout@example.com')).auth)).statusCode).toBe(200);
  });

  it('ends every session of the player on logout everywhere, and a new sign-in works afterwards', async () => {
    const first = await signIn('everywhere@example.com');
    const second = await signIn('everywhere@example.com');
    const other = await signIn('bystander@example.com');
    expect((await me(first.auth)).statusCode).toBe(200);
    expect((await me(second.auth)).statusCode).toBe(200);

    expect((await app.inject({ method: 'POST', url: '/api/players/logout-all', headers: second.auth })).statusCode).toBe(204);
    expect((await me(first.auth)).statusCode).toBe(401);
    expect((await me(second.auth)).statusCode).toBe(401);
    expect((await me(other.auth)).statusCode).toBe(200);
    expect((await me((await signIn('everywhere@example.com')).auth)).statusCode).toBe(200);
  });

  it("ends the banned player's sessions with the ban; the player may sign in again to see the suspension", async () => {
    const boss = await signIn('boss@example.com');
    const one = await signIn('cheat@example.com');
    const two = await signIn('cheat@example.com');
    const id = (await me(one.auth)).json().id as string;
    expect((await me(two.auth)).statusCode).toBe(200);

    expect((await app.inject({ method: 'POST', url: `/api/players/${id}/ban`, headers: boss.auth, payload: { reason: 'Ban for the test' } })).json()).toEqual({ id, banned: true });
    expect((await me(one.auth)).statusCode).toBe(401);
    expect((await me(two.auth)).statusCode).toBe(401);
    expect((await me(boss.auth)).statusCode).toBe(200);

    const again = await signIn('cheat@example.com');
    expect((await me(again.auth)).json()).toMatchObject({ id, banned: true });
  });

  it('closes an open event stream when its session ends (logout), telling the screen why; another session keeps its stream', async () => {
    const phone = await signIn('stream-logout@example.com');
    const laptop = await signIn('stream-logout@example.com');
    const ending = await openStream(phone.auth);
    const staying = await openStream(laptop.auth);
    let stayingClosed = false;
    void staying.text().then(() => (stayingClosed = true));

    expect((await app.inject({ method: 'POST', url: '/api/players/logout', headers: phone.auth })).statusCode).toBe(204);
    expect(await ending.text()).toMatch(/event: SessionEnded\ndata: \{"type":"SessionEnded","reason":"logout"\}\n\n$/);
    expect((await me(laptop.auth)).statusCode).toBe(200);
    expect(stayingClosed).toBe(false);
    expect((await app.inject({ method: 'POST', url: '/api/players/logout-all', headers: laptop.auth })).statusCode).toBe(204);
    expect(await staying.text()).toContain('data: {"type":"SessionEnded","reason":"logout-all"}');
  });

  it("closes the banned player's open event streams with the ban", async () => {
    const boss = await signIn('boss@example.com');
    const player = await signIn('stream-ban@example.com');
    const id = (await me(player.auth)).json().id as string;
    const stream = await openStream(player.auth);
    expect((await app.inject({ method: 'POST', url: `/api/players/${id}/ban`, headers: boss.auth, payload: { reason: 'Ban for the test' } })).statusCode).toBe(200);
    // The screen is told it was a ban: it goes to the suspension page, not to sign-in.
    expect(await stream.text()).toContain('data: {"type":"SessionEnded","reason":"ban"}');
  });

  it('refuses a token issued before sessions were recorded (no session id): the player signs in again', async () => {
    const { auth } = await signIn('old-token@example.com');
    const id = (await me(auth)).json().id as string;
    const old = jwt.sign({ email: storage.email('old-token@example.com') }, JWT_SECRET, { algorithm: 'HS256', subject: id, expiresIn: 3600, issuer: 'bahati' });
    expect((await me({ authorization: `Bearer ${old}` })).statusCode).toBe(401);
    const forged = jwt.sign({ email: storage.email('old-token@example.com'), sid: randomBytes(16).toString('hex') }, JWT_SECRET, { algorithm: 'HS256', subject: id, expiresIn: 3600, issuer: 'bahati' });
    expect((await me({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);
  });

  // Two server instances need one database both can open: a PostgreSQL server.
  if (storage.name !== 'pglite') {
    it(`ends a session on every instance within ${SESSION_RECHECK_MS} ms of the logout's answer`, async () => {
      const other = await createApp(loadConfig(env({ PROJECTIONS: 'off' })), { bufferLogs: false });
      try {
        await other.init();
        await other.getHttpAdapter().getInstance().ready();
        const { auth } = await signIn('two-servers@example.com');
        // Instance B has read the session as open (and may trust that for a while).
        expect((await me(auth, other)).statusCode).toBe(200);
        expect((await app.inject({ method: 'POST', url: '/api/players/logout', headers: auth })).statusCode).toBe(204);
        const deadline = Date.now() + SESSION_RECHECK_MS;
        let status = (await me(auth, other)).statusCode;
        while (status !== 401 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          status = (await me(auth, other)).statusCode;
        }
        // A request made after the deadline is refused whatever instance B remembered.
        if (status !== 401) status = (await me(auth, other)).statusCode;
        expect(status).toBe(401);

        // A stream open on instance B ends when the session is ended on instance A.
        const second = await signIn('two-servers@example.com');
        const stream = await openStream(second.auth, other);
        expect((await app.inject({ method: 'POST', url: '/api/players/logout', headers: second.auth })).statusCode).toBe(204);
        expect(await stream.text()).toContain('event: SessionEnded');
      } finally {
        await other.close();
      }
    });
  }
});
