import type { Brand } from '@bahati/contracts';
import { BRAND_SVG_FIELDS, DEFAULT_BRAND_ID } from '@bahati/contracts';
import { type Decider, DomainError, type DomainEvent } from '../decider';
import { staffReason } from '../staff/reason';

/**
 * Stream `brand-<id>`: a brand (skin) an admin saved, or the default one seeded at start-up. Every event
 * carries the whole brand as stored, its drawings already sanitised: the sanitising happens before the
 * command is decided, so the markup arrives here as command data.
 */
export const brandStream = (id: string) => `brand-${id}`;

export type BrandEvent =
  | DomainEvent<'BrandCreated', { brand: Brand; createdBy: string; createdAt: string }>
  | DomainEvent<'BrandUpdated', { brand: Brand; updatedBy: string; updatedAt: string }>
  /** No longer offered to players: a page asking for it is drawn with the default brand. Admins still see and edit it. */
  | DomainEvent<'BrandRetired', { brandId: string; reason: string; retiredBy: string; retiredAt: string }>;

export type BrandCommand =
  /** An admin stores the whole brand: created when new, updated when anything differs, nothing when equal. */
  | { type: 'SaveBrand'; brand: Brand; adminId: string; now: string }
  /** The brand is created unless it exists (the default brand at start-up); an existing one is left as it is. */
  | { type: 'SeedBrand'; brand: Brand; seededBy: string; now: string }
  /** An admin retires a brand, giving a reason; the default brand cannot be retired. */
  | { type: 'RetireBrand'; brandId: string; reason: string; adminId: string; now: string };

export interface BrandState {
  brand: Brand | null;
  retired: boolean;
}

const FIELDS = ['id', 'name', 'siteName', 'colour', ...BRAND_SVG_FIELDS] as const satisfies readonly (keyof Brand)[];

export const sameBrand = (a: Brand, b: Brand): boolean => FIELDS.every((f) => a[f] === b[f]);

export const brandDecider: Decider<BrandCommand, BrandState, BrandEvent> = {
  initialState: () => ({ brand: null, retired: false }),

  decide(command, state) {
    switch (command.type) {
      case 'SaveBrand': {
        if (!state.brand) return [{ type: 'BrandCreated', data: { brand: command.brand, createdBy: command.adminId, createdAt: command.now } }];
        if (sameBrand(state.brand, command.brand)) return [];
        return [{ type: 'BrandUpdated', data: { brand: command.brand, updatedBy: command.adminId, updatedAt: command.now } }];
      }
      case 'SeedBrand': {
        if (state.brand) return [];
        return [{ type: 'BrandCreated', data: { brand: command.brand, createdBy: command.seededBy, createdAt: command.now } }];
      }
      case 'RetireBrand': {
        const reason = staffReason(command.reason);
        if (!state.brand) throw new DomainError('NotFound', `There is no brand ${command.brandId}.`);
        if (state.brand.id === DEFAULT_BRAND_ID) throw new DomainError('Conflict', 'The default brand cannot be retired: it is what every other page falls back to.');
        if (state.retired) throw new DomainError('Conflict', 'This brand is already retired.');
        return [{ type: 'BrandRetired', data: { brandId: state.brand.id, reason, retiredBy: command.adminId, retiredAt: command.now } }];
      }
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'BrandCreated':
      case 'BrandUpdated':
        return { ...state, brand: event.data.brand };
      case 'BrandRetired':
        return { ...state, retired: true };
      default:
        return state;
    }
  },
};
