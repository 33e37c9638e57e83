import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type Brand, DEFAULT_BRAND_ID } from '@bahati/contracts';
import { NotFoundError } from '../errors';
import { BrandReadModel } from '../ports/read-models';

/** A brand to draw the product with (public); no id names the default brand. */
export class GetBrandQuery {
  constructor(readonly id: string | null) {}
}

/** Every brand (public: the brands are what every visitor sees anyway). */
export class ListBrandsQuery {}

@QueryHandler(GetBrandQuery)
export class GetBrandHandler implements IQueryHandler<GetBrandQuery, Brand> {
  constructor(private readonly brands: BrandReadModel) {}

  async execute({ id }: GetBrandQuery): Promise<Brand> {
    const wanted = id?.trim() || DEFAULT_BRAND_ID;
    const brand = await this.brands.find(wanted);
    if (!brand) throw new NotFoundError('NotFound', `There is no brand ${wanted}.`);
    return brand;
  }
}

@QueryHandler(ListBrandsQuery)
export class ListBrandsHandler implements IQueryHandler<ListBrandsQuery, Brand[]> {
  constructor(private readonly brands: BrandReadModel) {}

  execute(): Promise<Brand[]> {
    return this.brands.list();
  }
}

export const brandQueryHandlers = [GetBrandHandler, ListBrandsHandler];
