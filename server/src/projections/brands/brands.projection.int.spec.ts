import type { Brand } from '@bahati/contracts';
import { expect, it } from '@jest/globals';
import type { BrandEvent } from '../../domain/brand/brand';
import { brandStream } from '../../domain/brand/brand';
import { bob, describeProjection, EventLog } from '../projection.test-support';
import { brandsProjection } from './brands.projection';

const svg = (w: number, h: number, fill: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="${fill}"/></svg>`;
const brand = (id: string, over: Partial<Brand> = {}): Brand => ({
  id, name: id.toUpperCase(), siteName: `${id} casino`, colour: '#d9a93b',
  logoSvg: svg(48, 48, '#111'), taglineSvg: svg(300, 48, '#222'), cardSvg: svg(60, 80, '#333'),
  chip1Svg: svg(70, 70, '#441'), chip2Svg: svg(70, 70, '#442'), chip3Svg: svg(70, 70, '#443'), chip4Svg: svg(70, 70, '#444'),
  tableLargeSvg: svg(800, 600, '#555'), tableSmallSvg: svg(400, 500, '#666'),
  ...over,
});

const t = (minute: number) => `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
function history() {
  const log = new EventLog();
  const on = (id: string, event: BrandEvent) => log.record(brandStream(id), event.type, event.data);
  return [
    on('bahati', { type: 'BrandCreated', data: { brand: brand('bahati'), createdBy: 'system:brand-seed', createdAt: t(0) } }),
    on('savanna', { type: 'BrandCreated', data: { brand: brand('savanna'), createdBy: bob, createdAt: t(1) } }),
    on('savanna', { type: 'BrandUpdated', data: { brand: brand('savanna', { name: 'Savanna Nights' }), updatedBy: bob, updatedAt: t(2) } }),
    on('bahati', { type: 'BrandUpdated', data: { brand: brand('bahati', { colour: '#123456', chip2Svg: svg(70, 70, '#abc') }), updatedBy: bob, updatedAt: t(3) } }),
    on('savanna', { type: 'BrandUpdated', data: { brand: brand('savanna', { name: 'Savanna Dawn', siteName: 'Dawn' }), updatedBy: 'admin-2', updatedAt: t(4) } }),
    on('savanna', { type: 'BrandRetired', data: { brandId: 'savanna', reason: 'Campaign over', retiredBy: 'admin-2', retiredAt: t(5) } }),
  ];
}

describeProjection(brandsProjection, (spec) => {
  it('holds a new brand with every field, who created it and when', async () => {
    const b = brand('bahati');
    await spec.given(history()[0]!).then({
      brands: [
        {
          id: 'bahati', name: b.name, site_name: b.siteName, colour: b.colour, logo_svg: b.logoSvg, tagline_svg: b.taglineSvg, card_svg: b.cardSvg,
          chip1_svg: b.chip1Svg, chip2_svg: b.chip2Svg, chip3_svg: b.chip3Svg, chip4_svg: b.chip4Svg, table_large_svg: b.tableLargeSvg, table_small_svg: b.tableSmallSvg,
          created_by: 'system:brand-seed', created_time: new Date(t(0)), updated_by: 'system:brand-seed', updated_time: new Date(t(0)), revision: 0,
        },
      ],
    });
  });

  it('replaces a brand with the newest save, keeping when and by whom it was created', async () => {
    const events = history();
    await spec.given(...events.slice(0, 2)).when(...events.slice(2)).then({
      brands: [
        { id: 'bahati', colour: '#123456', chip2_svg: svg(70, 70, '#abc'), created_by: 'system:brand-seed', updated_by: bob, updated_time: new Date(t(3)), revision: 1 },
        { id: 'savanna', name: 'Savanna Dawn', site_name: 'Dawn', created_by: bob, created_time: new Date(t(1)), updated_by: 'admin-2', updated_time: new Date(t(4)), revision: 2 },
      ],
    });
  });

  it('never goes back to an older save when an earlier batch is applied again', async () => {
    const events = history();
    await spec.given(...events).when(events[1]!, events[2]!).then({ brands: [{ id: 'bahati', revision: 1 }, { id: 'savanna', name: 'Savanna Dawn', revision: 2 }] });
  });

  it('marks a retired brand with when, by whom and why, and keeps it retired when it is saved again', async () => {
    const log = new EventLog();
    const on = (id: string, event: BrandEvent) => log.record(brandStream(id), event.type, event.data);
    const events = [
      on('savanna', { type: 'BrandCreated', data: { brand: brand('savanna'), createdBy: bob, createdAt: t(1) } }),
      on('savanna', { type: 'BrandRetired', data: { brandId: 'savanna', reason: 'Campaign over', retiredBy: 'admin-2', retiredAt: t(5) } }),
      on('savanna', { type: 'BrandUpdated', data: { brand: brand('savanna', { name: 'Savanna Dusk' }), updatedBy: bob, updatedAt: t(6) } }),
    ];
    await spec.given(events[0]!).when(events[1]!).then({ brands: [{ id: 'savanna', retired_time: new Date(t(5)), retired_by: 'admin-2', retired_reason: 'Campaign over' }] });
    await spec.given(...events).then({ brands: [{ id: 'savanna', name: 'Savanna Dusk', revision: 2, retired_time: new Date(t(5)), retired_reason: 'Campaign over' }] });
  });

  it('leaves a brand that was never retired offered', async () => {
    await spec.given(history()[0]!).then({ brands: [{ id: 'bahati', retired_time: null, retired_by: null, retired_reason: null }] });
  });

  it('ignores events of other streams', async () => {
    const log = new EventLog();
    const stray = log.record('redeem-code-WELCOME', 'BrandCreated', { brand: brand('stray'), createdBy: bob, createdAt: t(0) });
    await spec.given(stray).then({ brands: [] });
  });

  spec.itIsTheSameWhateverTheBatches(history, (rows) =>
    expect(rows.brands!.map((r) => [r.id, r.name, r.colour, r.revision, r.retired_reason])).toEqual([
      ['bahati', 'BAHATI', '#123456', 1, null],
      ['savanna', 'Savanna Dawn', '#d9a93b', 2, 'Campaign over'],
    ]),
  );
});
