import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminBrand, BrandPreviewResponse, BrandSaveResponse } from '@bahati/contracts';
import { brandDecider, brandStream } from '../../domain/brand/brand';
import { type Actor, assertAdmin } from '../actor';
import { CommandPath } from '../command-path';
import { NotFoundError } from '../errors';
import { BrandReadModel, ReadModelProgress } from '../ports/read-models';
import { SvgSanitizer } from '../ports/svg-sanitizer';
import { checkBrand } from './brand-check';

/**
 * An admin stores a whole brand (spec §7 `POST players/brand`): created when its id is new, replaced
 * otherwise. `input` is the request body as sent: the brand is checked and its drawings sanitised here.
 */
export class SaveBrandCommand {
  constructor(readonly actor: Actor, readonly input: unknown, readonly correlationId: string) {}
}

@CommandHandler(SaveBrandCommand)
export class SaveBrandHandler implements ICommandHandler<SaveBrandCommand, BrandSaveResponse> {
  constructor(private readonly commands: CommandPath, private readonly progress: ReadModelProgress, private readonly sanitizer: SvgSanitizer) {}

  async execute(c: SaveBrandCommand): Promise<BrandSaveResponse> {
    assertAdmin(c.actor);
    const { brand, removed } = await checkBrand(c.input, this.sanitizer);
    const outcome = await this.commands.handle(
      brandStream(brand.id),
      brandDecider,
      { type: 'SaveBrand', brand, adminId: c.actor.playerId, now: new Date().toISOString() },
      { correlationId: c.correlationId, userId: c.actor.playerId },
    );
    // The admin's list and every page drawn with this brand read it next.
    await this.progress.waitFor(outcome.checkpoint);
    return { brand: outcome.state.brand ?? brand, created: outcome.events.some((e) => e.type === 'BrandCreated'), removed };
  }
}

/**
 * An admin previews a brand before saving it: checked and sanitised exactly as a save is (the same
 * `ValidationFailed` issues), nothing stored; the answer names the drawings the sanitiser left blank.
 */
export class PreviewBrandQuery {
  constructor(readonly actor: Actor, readonly input: unknown) {}
}

@QueryHandler(PreviewBrandQuery)
export class PreviewBrandHandler implements IQueryHandler<PreviewBrandQuery, BrandPreviewResponse> {
  constructor(private readonly sanitizer: SvgSanitizer) {}

  async execute({ actor, input }: PreviewBrandQuery): Promise<BrandPreviewResponse> {
    assertAdmin(actor);
    return checkBrand(input, this.sanitizer);
  }
}

/** An admin retires a brand with a reason (`BrandRetired`): players asking for it get the default brand. */
export class RetireBrandCommand {
  constructor(readonly actor: Actor, readonly brandId: string, readonly reason: string, readonly correlationId: string) {}
}

@CommandHandler(RetireBrandCommand)
export class RetireBrandHandler implements ICommandHandler<RetireBrandCommand, AdminBrand> {
  constructor(private readonly commands: CommandPath, private readonly progress: ReadModelProgress, private readonly brands: BrandReadModel) {}

  async execute(c: RetireBrandCommand): Promise<AdminBrand> {
    assertAdmin(c.actor);
    const outcome = await this.commands.handle(
      brandStream(c.brandId),
      brandDecider,
      { type: 'RetireBrand', brandId: c.brandId, reason: c.reason, adminId: c.actor.playerId, now: new Date().toISOString() },
      { correlationId: c.correlationId, userId: c.actor.playerId },
    );
    await this.progress.waitFor(outcome.checkpoint);
    const brand = await this.brands.find(c.brandId);
    if (!brand) throw new NotFoundError('NotFound', `There is no brand ${c.brandId}.`);
    return brand;
  }
}

export const brandCommandHandlers = [SaveBrandHandler, PreviewBrandHandler, RetireBrandHandler];
