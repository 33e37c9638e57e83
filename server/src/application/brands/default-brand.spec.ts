import { Logger } from '@nestjs/common';
import { BRAND_SVG_FIELDS, BRAND_SVG_SIZES, Brand, DEFAULT_BRAND_ID, MAX_BRAND_SVG_BYTES } from '@bahati/contracts';
import { DomPurifySvgSanitizer } from '../../adapters/svg/dompurify-svg-sanitizer';
import { executableParts } from '../../adapters/svg/svg-attacks.test-support';
import { brandStream } from '../../domain/brand/brand';
import { CommandPath } from '../command-path';
import { InMemoryEventStore } from '../in-memory-event-store.test-support';
import { checkBrand } from './brand-check';
import { DEFAULT_BRAND } from './default-brand';
import { DefaultBrandSeed } from './default-brand-seed';

const sanitizer = new DomPurifySvgSanitizer();

describe('the default brand', () => {
  it('is the Bahati brand in its gold, a valid brand', () => {
    expect(Brand.parse(DEFAULT_BRAND)).toEqual(DEFAULT_BRAND);
    expect(DEFAULT_BRAND).toMatchObject({ id: DEFAULT_BRAND_ID, name: 'Bahati', siteName: 'Bahati', colour: '#d9a93b' });
  });

  it.each(BRAND_SVG_FIELDS)('draws %s at its size and passes the sanitiser unchanged', async (field) => {
    const markup = DEFAULT_BRAND[field];
    const { width, height } = BRAND_SVG_SIZES[field];
    expect(markup).toMatch(new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`));
    expect(await sanitizer.sanitize(markup, { width, height, maxBytes: MAX_BRAND_SVG_BYTES })).toEqual({ ok: true, svg: markup, removed: [] });
    expect(executableParts(markup)).toEqual([]);
  });

  it('gives each gradient and pattern an id of its own across the drawings', () => {
    const ids = BRAND_SVG_FIELDS.flatMap((field) => [...DEFAULT_BRAND[field].matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    expect(ids.length).toBeGreaterThan(10);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('leaves the printed rules to the client: the tables carry no text but the name', () => {
    for (const field of ['tableLargeSvg', 'tableSmallSvg'] as const) expect([...DEFAULT_BRAND[field].matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])).toEqual(['BAHATI']);
  });

  it('is saved by checkBrand as it is, with nothing removed', async () => {
    expect(await checkBrand(DEFAULT_BRAND, sanitizer)).toEqual({ brand: DEFAULT_BRAND, removed: [], blanked: [] });
  });
});

describe('seeding the default brand', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']));

  it('creates it once, even when two instances start at the same time', async () => {
    const store = new InMemoryEventStore();
    const commands = new CommandPath(store);
    const [a, b] = await Promise.all([new DefaultBrandSeed(commands).seed(), new DefaultBrandSeed(commands).seed()]);
    expect([a, b].sort()).toEqual([false, true]);
    expect(await new DefaultBrandSeed(commands).seed()).toBe(false);
    const events = await store.readStream(brandStream(DEFAULT_BRAND_ID));
    expect(events.map((e) => e.type)).toEqual(['BrandCreated']);
    expect(events[0]!.data).toMatchObject({ brand: DEFAULT_BRAND, createdBy: 'system:brand-seed' });
    expect(events[0]!.metadata).toMatchObject({ userId: 'system:brand-seed' });
  });

  it('never overwrites the brand once an admin changed it', async () => {
    const store = new InMemoryEventStore();
    const commands = new CommandPath(store);
    await new DefaultBrandSeed(commands).seed();
    const changed = { ...DEFAULT_BRAND, colour: '#123456' };
    await store.appendToStream(brandStream(DEFAULT_BRAND_ID), [{ id: 'e1', type: 'BrandUpdated', data: { brand: changed, updatedBy: 'admin', updatedAt: new Date().toISOString() }, metadata: { correlationId: 'spec' } }]);
    expect(await new DefaultBrandSeed(commands).seed()).toBe(false);
    expect((await store.readStream(brandStream(DEFAULT_BRAND_ID))).map((e) => e.type)).toEqual(['BrandCreated', 'BrandUpdated']);
  });
});
