import { Inject, Injectable, Logger } from '@nestjs/common';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { PhoneVerifyStatus } from '@bahati/contracts';
import { DomainError } from '../../domain/decider';
import { phoneClaimDecider, phoneClaimStream, playerDecider, playerStream } from '../../domain/player/player';
import { type CommandContext, CommandPath } from '../command-path';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { RateLimiter } from '../ports/rate-limits';
import { ReadModelProgress } from '../ports/read-models';
import { MoneyServices } from './money-services';

/** Normalises a number typed in the dialog (national digits and a country, or full E.164) to E.164. */
export function toE164(phoneNumber: string, countryCode: string): string {
  const parsed = parsePhoneNumberFromString(phoneNumber.trim(), countryCode.toUpperCase() as CountryCode);
  if (!parsed || !parsed.isValid()) throw new DomainError('InvalidPhoneNumber', 'That phone number is not valid; check it and try again.');
  return parsed.number;
}

@Injectable()
export class PhoneVerification {
  private readonly logger = new Logger('PhoneVerification');

  constructor(
    private readonly commands: CommandPath,
    private readonly projections: ReadModelProgress,
    private readonly backends: MoneyServices,
    private readonly limiter: RateLimiter,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  async begin(playerId: string, phoneNumber: string, countryCode: string, context: CommandContext): Promise<{ phoneNumber: string }> {
    const e164 = toE164(phoneNumber, countryCode);
    // Every SMS costs money and reaches someone's phone: limited per player and per number, whoever asks.
    const limits = this.config.rateLimits;
    if (limits) {
      await this.limiter.take('code-sends-player', playerId, limits.codeSendsPerPlayer);
      await this.limiter.take('code-sends-number', e164, limits.codeSendsPerNumber);
    }
    const verifier = this.backends.phoneVerifier;
    const claim = await this.commands.load(phoneClaimStream(e164), phoneClaimDecider);
    if (claim.state.playerId && claim.state.playerId !== playerId) throw new DomainError('DuplicatePhone', 'This phone number is linked to another account.');
    await this.commands.handle(playerStream(playerId), playerDecider, { type: 'StartPhoneVerification', phoneNumber: e164, now: new Date().toISOString() }, context);
    try {
      await verifier.start(e164);
    } catch (err) {
      // Twilio 60200: invalid parameter `To` — the number passed our checks but not the carrier's.
      if ((err as { code?: number }).code === 60200) throw new DomainError('InvalidPhoneNumber', 'That phone number cannot receive a code; check it and try again.');
      this.logger.error(`Could not send a code to ${e164}: ${err instanceof Error ? err.message : String(err)}`);
      throw new DomainError('UnknownTwilioError', 'The code could not be sent; please try again later.');
    }
    return { phoneNumber: e164 };
  }

  async verify(playerId: string, code: string, context: CommandContext): Promise<{ status: PhoneVerifyStatus }> {
    // Counted before it is checked, so a flood of guesses cannot outrun the count; past the last attempt
    // the code is void (PhoneCodeLocked) and the verifier is not asked any more.
    const attempt = await this.commands.handle(
      playerStream(playerId),
      playerDecider,
      { type: 'AttemptPhoneCode', maxAttempts: this.config.phoneCodeAttempts, now: new Date().toISOString() },
      context,
    );
    const phoneNumber = attempt.state.pendingPhoneNumber!;
    const status = await this.backends.phoneVerifier.check(phoneNumber, code);
    if (status !== 'Approved') return { status };
    const now = new Date().toISOString();
    await this.commands.handle(phoneClaimStream(phoneNumber), phoneClaimDecider, { type: 'ClaimPhone', phoneNumber, playerId, now }, context);
    const outcome = await this.commands.handle(playerStream(playerId), playerDecider, { type: 'ConfirmPhone', now }, context);
    await this.projections.waitFor(outcome.checkpoint);
    return { status };
  }
}
