import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { brandDecider, brandStream } from '../../domain/brand/brand';
import { CommandPath } from '../command-path';
import { DEFAULT_BRAND } from './default-brand';

const SEEDED_BY = 'system:brand-seed';

/**
 * Creates the default brand at start-up when its stream does not exist, through the command path: the
 * append expects no stream, so when two instances start at once one creates it and the other, retried
 * on the conflict, finds it there and records nothing. A brand an admin changed is never overwritten.
 */
@Injectable()
export class DefaultBrandSeed implements OnApplicationBootstrap {
  private readonly logger = new Logger('Brands');

  constructor(private readonly commands: CommandPath) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.seed();
  }

  /** Answers true when this call created the default brand. */
  async seed(now = new Date()): Promise<boolean> {
    const outcome = await this.commands.handle(
      brandStream(DEFAULT_BRAND.id),
      brandDecider,
      { type: 'SeedBrand', brand: DEFAULT_BRAND, seededBy: SEEDED_BY, now: now.toISOString() },
      { correlationId: 'brand-seed', userId: SEEDED_BY },
    );
    if (outcome.events.length) this.logger.log(`Default brand "${DEFAULT_BRAND.id}" created`);
    return outcome.events.length > 0;
  }
}
