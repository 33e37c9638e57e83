import type { AdminBrand } from '@bahati/contracts';

/** The `brands` read model: every brand, retired ones with when, by whom and why. */
export abstract class BrandReadModel {
  /** The brand as last saved, or null when there is none of that id. */
  abstract find(id: string): Promise<AdminBrand | null>;
  /** Every brand, in the order they were created. */
  abstract list(): Promise<AdminBrand[]>;
}
