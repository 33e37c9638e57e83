import type { Brand } from '@bahati/contracts';

/** The `brands` read model. */
export abstract class BrandReadModel {
  /** The brand as last saved, or null when there is none of that id. */
  abstract find(id: string): Promise<Brand | null>;
  /** Every brand, in the order they were created. */
  abstract list(): Promise<Brand[]>;
}
