import type { Brand } from '@bahati/contracts';
import { DeciderSpecification } from '../decider.test-support';
import { streamOwner } from '../streams';
import { type BrandCommand, type BrandEvent, brandDecider, brandStream } from './brand';

const t0 = '2026-01-01T10:00:00.000Z';
const t1 = '2026-01-02T10:00:00.000Z';
const svg = (w: number, h: number, fill = '#d9a93b') => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="${fill}"/></svg>`;
const brand = (over: Partial<Brand> = {}): Brand => ({
  id: 'savanna', name: 'Savanna', siteName: 'Savanna Blackjack', colour: '#d9a93b',
  logoSvg: svg(48, 48), taglineSvg: svg(300, 48), cardSvg: svg(60, 80),
  chip1Svg: svg(70, 70, '#f3efe4'), chip2Svg: svg(70, 70, '#c3303c'), chip3Svg: svg(70, 70, '#1f7f6a'), chip4Svg: svg(70, 70, '#17181c'),
  tableLargeSvg: svg(800, 600, '#136a43'), tableSmallSvg: svg(400, 500, '#136a43'),
  ...over,
});
const created = (b = brand(), by = 'admin'): BrandEvent => ({ type: 'BrandCreated', data: { brand: b, createdBy: by, createdAt: t0 } });
const save = (b = brand(), now = t0): BrandCommand => ({ type: 'SaveBrand', brand: b, adminId: 'admin', now });
const seed = (b = brand()): BrandCommand => ({ type: 'SeedBrand', brand: b, seededBy: 'system:brand-seed', now: t0 });

const given = DeciderSpecification.for(brandDecider);

describe('brands', () => {
  it('live in one stream per brand id', () => {
    expect(brandStream('savanna')).toBe('brand-savanna');
    expect(streamOwner(brandStream('savanna'), 'brand')).toBe('savanna');
    expect(streamOwner('account-savanna', 'brand')).toBeUndefined();
  });

  it('are created by the first save, carrying the whole brand', () => {
    given([]).when(save()).then([created()]);
  });

  it('are updated with the whole brand when anything differs', () => {
    const renamed = brand({ name: 'Savanna Nights' });
    given([created()]).when(save(renamed, t1)).then([{ type: 'BrandUpdated', data: { brand: renamed, updatedBy: 'admin', updatedAt: t1 } }]);
    const redrawn = brand({ chip3Svg: svg(70, 70, '#0a4129') });
    given([created()]).when(save(redrawn, t1)).then([{ type: 'BrandUpdated', data: { brand: redrawn, updatedBy: 'admin', updatedAt: t1 } }]);
  });

  it('record nothing when saved unchanged', () => {
    given([created()]).when(save(brand(), t1)).thenNothingHappened();
    const renamed = brand({ name: 'Savanna Nights' });
    given([created(), { type: 'BrandUpdated', data: { brand: renamed, updatedBy: 'admin', updatedAt: t1 } }]).when(save(renamed)).thenNothingHappened();
  });

  it('are seeded only when the stream holds no brand yet, and a seed never overwrites an admin’s changes', () => {
    given([]).when(seed()).then([created(brand(), 'system:brand-seed')]);
    given([created()]).when(seed()).thenNothingHappened();
    given([created(brand({ colour: '#123456' }))]).when(seed()).thenNothingHappened();
  });

  describe('retired', () => {
    const retire = (brandId = 'savanna', reason = 'Campaign over'): BrandCommand => ({ type: 'RetireBrand', brandId, reason, adminId: 'admin', now: t1 });
    const retired: BrandEvent = { type: 'BrandRetired', data: { brandId: 'savanna', reason: 'Campaign over', retiredBy: 'admin', retiredAt: t1 } };

    it('by an admin with a reason', () => {
      given([created()]).when(retire('savanna', '  Campaign over ')).then([retired]);
    });

    it('only with a reason of 3 characters or more', () => {
      given([created()]).when(retire('savanna', ' ok ')).thenThrows('ValidationFailed');
    });

    it('not when there is no such brand, nor twice', () => {
      given([]).when(retire()).thenThrows('NotFound');
      given([created(), retired]).when(retire()).thenThrows('Conflict');
    });

    it('never the default brand', () => {
      given([created(brand({ id: 'bahati' }), 'system:brand-seed')]).when(retire('bahati')).thenThrows('Conflict');
    });

    it('stay retired when saved again', () => {
      const renamed = brand({ name: 'Savanna Nights' });
      given([created(), retired]).when(save(renamed, t1)).then([{ type: 'BrandUpdated', data: { brand: renamed, updatedBy: 'admin', updatedAt: t1 } }]);
      given([created(), retired, { type: 'BrandUpdated', data: { brand: renamed, updatedBy: 'admin', updatedAt: t1 } }]).when(retire()).thenThrows('Conflict');
    });
  });
});
