import { Module } from '@nestjs/common';
import { brandCommandHandlers } from '../application/brands/commands';
import { DefaultBrandSeed } from '../application/brands/default-brand-seed';
import { brandQueryHandlers } from '../application/brands/queries';
import { SvgSanitizer } from '../application/ports/svg-sanitizer';
import { BrandsController } from '../adapters/http/brands.controller';
import { DomPurifySvgSanitizer } from '../adapters/svg/dompurify-svg-sanitizer';

/** Brands: the public reads, the admins' save with its SVG sanitiser, and the default brand seeded at start-up. */
@Module({
  controllers: [BrandsController],
  providers: [
    { provide: SvgSanitizer, useClass: DomPurifySvgSanitizer },
    DefaultBrandSeed,
    ...brandCommandHandlers,
    ...brandQueryHandlers,
  ],
})
export class BrandsModule {}
