import type { Brand } from '@bahati/contracts';
import { BRAND_SVG_FIELDS } from '@bahati/contracts';
import type { Decider, DomainEvent } from '../decider';

/**
 * Stream `brand-<id>`: a brand (skin) an admin saved, or the default one seeded at start-up. Every event
 * carries the whole brand as stored, its drawings already sanitised: the sanitising happens before the
 * command is decided, so the markup arrives here as command data.
 */
export const brandStream = (id: string) => `brand-${id}`;

export type BrandEvent =
  | DomainEvent<'BrandCreated', { brand: Brand; createdBy: string; createdAt: string }>
  | DomainEvent<'BrandUpdated', { brand: Brand; updatedBy: string; updatedAt: string }>;

export type BrandCommand =
  /** An admin stores the whole brand: created when new, updated when anything differs, nothing when equal. */
  | { type: 'SaveBrand'; brand: Brand; adminId: string; now: string }
  /** The brand is created unless it exists (the default brand at start-up); an existing one is left as it is. */
  | { type: 'SeedBrand'; brand: Brand; seededBy: string; now: string };

export interface BrandState {
  brand: Brand | null;
}

const FIELDS = ['id', 'name', 'siteName', 'colour', ...BRAND_SVG_FIELDS] as const satisfies readonly (keyof Brand)[];

export const sameBrand = (a: Brand, b: Brand): boolean => FIELDS.every((f) => a[f] === b[f]);

export const brandDecider: Decider<BrandCommand, BrandState, BrandEvent> = {
  initialState: () => ({ brand: null }),

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
        return { brand: event.data.brand };
      default:
        return state;
    }
  },
};
