import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type AdminBrand, type Brand, DEFAULT_BRAND_ID } from '@bahati/contracts';
import { type Actor, assertAdmin } from '../actor';
import { NotFoundError } from '../errors';
import { BrandReadModel } from '../ports/read-models';

/** The brand as players see it: without its retirement. */
const offered = ({ retired: _retired, ...brand }: AdminBrand): Brand => brand;

/** A brand to draw the product with (public); no id, or a retired brand's, names the default brand. */
export class GetBrandQuery {
  constructor(readonly id: string | null) {}
}

/** Every brand offered (public: the brands are what every visitor sees anyway); retired ones are left out. */
export class ListBrandsQuery {}

/** Every brand, retired ones too, with when, by whom and why (admins). */
export class ListAdminBrandsQuery {
  constructor(readonly actor: Actor) {}
}

@QueryHandler(GetBrandQuery)
export class GetBrandHandler implements IQueryHandler<GetBrandQuery, Brand> {
  constructor(private readonly brands: BrandReadModel) {}

  async execute({ id }: GetBrandQuery): Promise<Brand> {
    const wanted = id?.trim() || DEFAULT_BRAND_ID;
    const brand = await this.brands.find(wanted);
    if (!brand) throw new NotFoundError('NotFound', `There is no brand ${wanted}.`);
    if (!brand.retired) return offered(brand);
    const fallback = await this.brands.find(DEFAULT_BRAND_ID);
    if (!fallback) throw new NotFoundError('NotFound', `There is no brand ${DEFAULT_BRAND_ID}.`);
    return offered(fallback);
  }
}

@QueryHandler(ListBrandsQuery)
export class ListBrandsHandler implements IQueryHandler<ListBrandsQuery, Brand[]> {
  constructor(private readonly brands: BrandReadModel) {}

  async execute(): Promise<Brand[]> {
    return (await this.brands.list()).filter((b) => !b.retired).map(offered);
  }
}

@QueryHandler(ListAdminBrandsQuery)
export class ListAdminBrandsHandler implements IQueryHandler<ListAdminBrandsQuery, AdminBrand[]> {
  constructor(private readonly brands: BrandReadModel) {}

  execute({ actor }: ListAdminBrandsQuery): Promise<AdminBrand[]> {
    assertAdmin(actor);
    return this.brands.list();
  }
}

export const brandQueryHandlers = [GetBrandHandler, ListBrandsHandler, ListAdminBrandsHandler];
