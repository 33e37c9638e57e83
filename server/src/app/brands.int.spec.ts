import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Brand, BRAND_SVG_FIELDS, BRAND_SVG_SIZES, type BrandSvgField, DEFAULT_BRAND_ID, MAX_BRAND_SVG_BYTES } from '@bahati/contracts';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { drawing, elementNames, executableParts, SVG_ATTACKS } from '../adapters/svg/svg-attacks.test-support';
import { DEFAULT_BRAND } from '../application/brands/default-brand';
import type { EventStore } from '../application/ports/event-store';
import { EventStoreToken } from '../config/tokens';
import { brandStream } from '../domain/brand/brand';
import { type Auth, TestApi } from './app.test-support';

const savanna: Brand = { ...DEFAULT_BRAND, id: 'savanna', name: 'Savanna', siteName: 'Savanna Blackjack', colour: '#1f8a59' };

describeEachDatabase('brands', (db) => {
  const api = new TestApi(db, `brands_${randomBytes(5).toString('hex')}`, { ADMIN_EMAILS: 'boss@example.com' });
  let admin: Auth;
  let player: Auth;

  beforeAll(async () => {
    await api.start();
    admin = (await api.signIn('boss@example.com')).auth;
    player = (await api.signIn('player@example.com')).auth;
  });
  afterAll(() => api.stop());

  const read = async (url: string) => {
    await api.caughtUp();
    return api.inject({ method: 'GET', url });
  };
  const save = (auth: Auth | undefined, brand: unknown) => api.inject({ method: 'POST', url: '/api/players/brand', ...(auth ? { headers: auth } : {}), payload: brand as object });
  const eventsOf = (id: string) => api.app.get<EventStore>(EventStoreToken).readStream(brandStream(id));

  it('serves the default brand, seeded at start-up, to anyone: without an id, with an empty one, and by its id', async () => {
    for (const url of ['/api/players/brand', '/api/players/brand?id=', `/api/players/brand?id=${DEFAULT_BRAND_ID}`]) {
      const res = await read(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.json()).toEqual(DEFAULT_BRAND);
    }
    expect((await read('/api/players/brands')).json()).toEqual(expect.arrayContaining([DEFAULT_BRAND]));
    expect((await eventsOf(DEFAULT_BRAND_ID)).map((e) => [e.type, e.metadata.userId])).toEqual([['BrandCreated', 'system:brand-seed']]);
    // The static brand paths sit beside `players/:id/…` and `players/1234` without taking each other's requests.
    expect((await api.get(player, '/api/players/1234')).json()).toMatchObject({ email: 'player@example.com' });
  });

  it('answers 404 NotFound for a brand id nobody saved', async () => {
    const res = await read('/api/players/brand?id=nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'NotFound' });
  });

  it('lets only admins save a brand: 401 without a session, 403 Forbidden for a player', async () => {
    expect((await save(undefined, { ...savanna, id: 'sneaky' })).statusCode).toBe(401);
    const refused = await save(player, { ...savanna, id: 'sneaky' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect((await read('/api/players/brand?id=sneaky')).statusCode).toBe(404);
    expect(await eventsOf('sneaky')).toEqual([]);
  });

  it('creates a brand, replaces it whole, and records nothing when it is saved unchanged', async () => {
    const created = await save(admin, savanna);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ brand: savanna, created: true, removed: [] });
    expect((await read('/api/players/brand?id=savanna')).json()).toEqual(savanna);

    const again = await save(admin, savanna);
    expect(again.json()).toEqual({ brand: savanna, created: false, removed: [] });
    expect((await eventsOf('savanna')).map((e) => e.type)).toEqual(['BrandCreated']);

    const renamed = { ...savanna, name: 'Savanna Nights', chip4Svg: DEFAULT_BRAND.chip1Svg };
    expect((await save(admin, renamed)).json()).toEqual({ brand: renamed, created: false, removed: [] });
    expect((await read('/api/players/brand?id=savanna')).json()).toEqual(renamed);
    expect((await eventsOf('savanna')).map((e) => e.type)).toEqual(['BrandCreated', 'BrandUpdated']);
    const ids = ((await read('/api/players/brands')).json() as Brand[]).map((b) => b.id);
    expect(ids.indexOf(DEFAULT_BRAND_ID)).toBeLessThan(ids.indexOf('savanna'));
  });

  it('answers 400 ValidationFailed with one issue per field problem: missing, not an SVG, over 100 KB, wrong size', async () => {
    const { tableLargeSvg: _missing, ...withoutTable } = savanna;
    const res = await save(admin, {
      ...withoutTable,
      id: 'broken',
      logoSvg: '<html xmlns="http://www.w3.org/1999/xhtml"/>',
      cardSvg: '<svg width="60" height="80"/>',
      chip2Svg: drawing('chip2Svg', `<path d="M0 0${' L1 1'.repeat(MAX_BRAND_SVG_BYTES / 5)}"/>`),
      chip3Svg: drawing('chip1Svg', '').replace('width="70" height="70" viewBox="0 0 70 70"', 'width="72" height="70"'),
      tableSmallSvg: DEFAULT_BRAND.tableLargeSvg,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'ValidationFailed' });
    expect(body.issues).toEqual([
      { path: 'logoSvg', message: expect.stringMatching(/^Not an SVG: the root must be <svg xmlns="http:\/\/www.w3.org\/2000\/svg">/) },
      { path: 'cardSvg', message: expect.stringMatching(/^Not an SVG: .* without a namespace$/) },
      { path: 'chip2Svg', message: expect.stringMatching(/^Larger than 100 KB \(\d{3},\d{3} bytes\)$/) },
      { path: 'chip3Svg', message: 'Must be 70×70 (its width and height, or its viewBox), not 72×70' },
      { path: 'tableLargeSvg', message: 'Required' },
      { path: 'tableSmallSvg', message: 'Must be 400×500 (its width and height, or its viewBox), not 800×600' },
    ]);
    expect(body.message).toContain('tableLargeSvg: Required');
    expect(await eventsOf('broken')).toEqual([]);
  });

  it('takes a brand of nine drawings of almost 100 KB each', async () => {
    const full = (field: BrandSvgField) => {
      const frame = drawing(field, '<path d="M0 0"/>');
      const room = MAX_BRAND_SVG_BYTES - Buffer.byteLength(frame) - 64;
      return drawing(field, `<path d="M0 0${' L1 1'.repeat(Math.floor(room / 5))}"/>`);
    };
    const heavy: Brand = { ...savanna, id: 'heavy', ...Object.fromEntries(BRAND_SVG_FIELDS.map((f) => [f, full(f)])) };
    const res = await save(admin, heavy);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: true, removed: [] });
    expect((await read('/api/players/brand?id=heavy')).json()).toEqual(heavy);
    for (const f of BRAND_SVG_FIELDS) expect(Buffer.byteLength(heavy[f])).toBeGreaterThan(MAX_BRAND_SVG_BYTES - 100);
    expect(BRAND_SVG_SIZES.tableLargeSvg).toEqual({ width: 800, height: 600 });
  });

  it('does not serve POST /api/players/: a player is created by signing in (POST /api/players/login)', async () => {
    for (const url of ['/api/players/', '/api/players']) {
      for (const headers of [{}, admin]) {
        const res = await api.inject({ method: 'POST', url, headers, payload: { email: 'new@example.com' } });
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 404, body: expect.objectContaining({ statusCode: 404, error: 'NotFound' }) });
      }
    }
  });

  describe('previewed before saving, and retired', () => {
    const preview = (auth: Auth, brand: unknown) => api.inject({ method: 'POST', url: '/api/admin/brands/preview', headers: auth, payload: brand as object });
    const onlyScript = '<svg xmlns="http://www.w3.org/2000/svg" width="70" height="70"><script>alert(1)</script><foreignObject width="70" height="70"><p>hi</p></foreignObject></svg>';

    it('previews a brand sanitised as a save would, names each drawing left blank, and stores nothing', async () => {
      const res = await preview(admin, { ...savanna, id: 'preview-only', chip2Svg: onlyScript, logoSvg: DEFAULT_BRAND.logoSvg.replace('<defs>', '<script>alert(1)</script><defs>') });
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer.blanked).toEqual(['chip2Svg']);
      expect(answer.removed).toEqual(expect.arrayContaining(['logoSvg: <script> element', expect.stringMatching(/^chip2Svg: /)]));
      expect(answer.brand.logoSvg).toBe(DEFAULT_BRAND.logoSvg);
      expect(executableParts(answer.brand.chip2Svg)).toEqual([]);
      expect((await read('/api/players/brand?id=preview-only')).statusCode).toBe(404);
      expect(await eventsOf('preview-only')).toEqual([]);
    });

    it('answers a preview with the same 400 ValidationFailed issues as a save; only admins may preview', async () => {
      const { tableLargeSvg: _missing, ...withoutTable } = savanna;
      const previewed = await preview(admin, { ...withoutTable, colour: 'gold' });
      const saved = await save(admin, { ...withoutTable, colour: 'gold' });
      expect(previewed.statusCode).toBe(400);
      expect(previewed.json().issues).toEqual(saved.json().issues);
      expect((await preview(player, savanna)).statusCode).toBe(403);
    });

    it('retires a brand with a reason: players asking for it get the default brand, the public list leaves it out, admins see it retired', async () => {
      await save(admin, { ...savanna, id: 'dusk', name: 'Dusk' });
      expect((await api.post(admin, '/api/admin/brands/dusk/retire', { reason: 'x' })).json()).toMatchObject({ statusCode: 400, error: 'ValidationFailed' });
      expect((await api.post(player, '/api/admin/brands/dusk/retire', { reason: 'Campaign over' })).statusCode).toBe(403);

      const retired = await api.post(admin, '/api/admin/brands/dusk/retire', { reason: 'Campaign over' });
      expect(retired.statusCode).toBe(200);
      expect(retired.json()).toMatchObject({ id: 'dusk', retired: { reason: 'Campaign over', by: expect.any(String), at: expect.any(String) } });
      expect((await read('/api/players/brand?id=dusk')).json()).toEqual(DEFAULT_BRAND);
      expect(((await read('/api/players/brands')).json() as Brand[]).map((b) => b.id)).not.toContain('dusk');
      const listed = (await api.get(admin, '/api/admin/brands')).json() as { id: string; retired: unknown }[];
      expect(listed.find((b) => b.id === 'dusk')?.retired).toMatchObject({ reason: 'Campaign over' });
      expect(listed.find((b) => b.id === DEFAULT_BRAND_ID)?.retired).toBeNull();
      expect((await api.get(player, '/api/admin/brands')).statusCode).toBe(403);
      expect((await eventsOf('dusk')).map((e) => e.type)).toEqual(['BrandCreated', 'BrandRetired']);

      const audit = (await api.get(admin, '/api/admin/audit-log?action=BrandRetired')).json() as { items: { subject: string; reason: string; after: string }[] };
      expect(audit.items).toEqual([expect.objectContaining({ subject: 'dusk', reason: 'Campaign over', before: 'offered', after: 'retired' })]);
    });

    it('refuses to retire the default brand, a retired brand again, or a brand nobody saved', async () => {
      expect((await api.post(admin, `/api/admin/brands/${DEFAULT_BRAND_ID}/retire`, { reason: 'Tired of it' })).json()).toMatchObject({ statusCode: 409, error: 'Conflict' });
      expect((await read('/api/players/brand')).json()).toEqual(DEFAULT_BRAND);
      expect((await api.post(admin, '/api/admin/brands/dusk/retire', { reason: 'Once more' })).json()).toMatchObject({ statusCode: 409, error: 'Conflict' });
      expect((await api.post(admin, '/api/admin/brands/nobody/retire', { reason: 'Not there' })).json()).toMatchObject({ statusCode: 404, error: 'NotFound' });
    });
  });

  describe.each(SVG_ATTACKS.map((attack, n) => ({ ...attack, id: `attack-${n + 1}` })))('saved with $name', (attack) => {
    it('stores nothing that could run or load, keeps the rest of the drawing, and lists what it removed', async () => {
      const res = await save(admin, { ...savanna, id: attack.id, [attack.field]: attack.markup });
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer.created).toBe(true);
      expect(answer.removed).toEqual(attack.removed.map((line) => `${attack.field}: ${line}`));

      const stored = (await read(`/api/players/brand?id=${attack.id}`)).json() as Brand;
      expect(stored).toEqual(answer.brand);
      expect(executableParts(stored[attack.field])).toEqual([]);
      expect(elementNames(stored[attack.field])).toContain(attack.keeps);
      for (const field of BRAND_SVG_FIELDS.filter((f) => f !== attack.field)) expect(stored[field]).toBe(savanna[field]);
    });
  });
});
