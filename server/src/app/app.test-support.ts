import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Pool } from 'pg';
import type { EventStore } from '../application/ports/event-store';
import type { TestDatabase } from '../adapters/db/test-databases';
import { copyMigratedPglite } from '../adapters/db/pglite-templates';
import { loadConfig } from '../config/config';
import { EventStoreToken } from '../config/tokens';
import { ProjectionTiers } from '../projections/tiers';
import { createApp } from './create-app';

export type Auth = { authorization: string };

/**
 * The whole API on one test database (its own schema on a real server), with the development stand-ins,
 * and the steps a player takes: sign in, verify a phone, deposit over Lightning.
 */
export class TestApi {
  app!: NestFastifyApplication;
  private phoneSeq = 0;

  constructor(
    private readonly db: TestDatabase,
    private readonly schema: string,
    private readonly env: NodeJS.ProcessEnv = {},
  ) {}

  async start(): Promise<void> {
    const dataDir = this.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bahati-api-'));
    // PGlite under DATA_DIR: start from a migrated copy (initdb and the migrations cost seconds each time).
    if (this.db.name === 'pglite' && !existsSync(join(dataDir, 'pglite'))) await copyMigratedPglite(join(dataDir, 'pglite'));
    this.app = await createApp(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        CLIENT_DIST: join(tmpdir(), 'no-client-here'),
        PRICE_SOURCE: 'fixed',
        // The analytic read models step apart at a short step here: a spec reads them right after acting.
        PROJECTIONS_ANALYTIC_STEP_MS: '50',
        ...(this.db.name === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: this.schema } : {}),
        ...this.env,
      }),
      { bufferLogs: false },
    );
    await this.app.init();
    await this.app.getHttpAdapter().getInstance().ready();
  }

  async stop(): Promise<void> {
    // A spec that failed before starting this app still drops its schema.
    await this.app?.close();
    if (this.db.name === 'postgres') {
      const pool = new Pool({ connectionString: process.env.DATABASE_URL });
      await pool.query(`drop schema if exists ${this.schema} cascade`);
      await pool.end();
    }
  }

  inject: NestFastifyApplication['inject'] = ((...args: Parameters<NestFastifyApplication['inject']>) => this.app.inject(...args)) as NestFastifyApplication['inject'];

  async signIn(email: string): Promise<{ auth: Auth; id: string }> {
    const token = await this.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email } });
    const login = await this.inject({ method: 'POST', url: '/api/players/login', payload: { idToken: token.json().idToken, photoUrl: null } });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().jwt as string}` };
    const me = await this.inject({ method: 'GET', url: '/api/players/1234', headers: auth });
    return { auth, id: me.json().id };
  }

  async verifyPhone(auth: Auth): Promise<void> {
    const phone = `+1415556${String(1000 + this.phoneSeq++).padStart(4, '0')}`;
    await this.inject({ method: 'POST', url: '/api/players/beginphoneverify', headers: auth, payload: { phoneNumber: phone, countryCode: 'us' } });
    const code = await this.inject({ method: 'GET', url: `/api/dev/phone-code?phoneNumber=${encodeURIComponent(phone)}` });
    const res = await this.inject({ method: 'POST', url: '/api/players/verifycode', headers: auth, payload: { code: code.json().code } });
    expect(res.json()).toEqual({ status: 'Approved' });
  }

  async deposit(auth: Auth, amount: number): Promise<void> {
    const inv = await this.inject({ method: 'POST', url: '/api/players/lightningaddinvoice', headers: auth, payload: { amount: String(amount) } });
    expect(inv.statusCode).toBe(200);
    const settled = await this.inject({ method: 'POST', url: '/api/dev/lightning/settle', payload: { paymentRequest: inv.json().paymentRequest } });
    expect(settled.statusCode).toBe(200);
  }

  /** Waits until every read model holds every event stored so far. */
  async caughtUp(): Promise<void> {
    const store = this.app.get<EventStore>(EventStoreToken);
    // On PostgreSQL the newest event stored, even while an older transaction still hides it from readers.
    const head = await store.headCheckpoint({ committed: true });
    expect(await this.app.get(ProjectionTiers).waitForAll(head, 10_000)).toBe(true);
  }

  async get(auth: Auth, url: string) {
    await this.caughtUp();
    return this.inject({ method: 'GET', url, headers: auth });
  }

  post(auth: Auth, url: string, payload?: object) {
    return this.inject({ method: 'POST', url, headers: auth, ...(payload ? { payload } : {}) });
  }
}
