import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BrandSaveResponse } from '@bahati/contracts';
import { brandDecider, brandStream } from '../../domain/brand/brand';
import { type Actor, assertAdmin } from '../actor';
import { CommandPath } from '../command-path';
import { ReadModelProgress } from '../ports/read-models';
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

export const brandCommandHandlers = [SaveBrandHandler];
