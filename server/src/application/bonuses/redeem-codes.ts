import { randomUUID } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { BonusDecisionResponse, CreateRedeemCodeRequest, RedeemCodeView } from '@bahati/contracts';
import { DomainError } from '../../domain/decider';
import { refuseBanned } from '../../domain/account/standing';
import { assertRedeemable, normalizeCode, redeemCodeDecider, redeemCodeStream } from '../../domain/redeem-code/redeem-code';
import { type Actor, assertAdmin } from '../actor';
import { AccountCommands } from '../account-commands';
import { CommandPath } from '../command-path';
import { RateLimiter, type RateReservation } from '../ports/rate-limits';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { RedeemCodeReadModel, ReadModelProgress } from '../ports/read-models';
import { Standings } from '../standings';
import { BonusSettings } from './bonus-settings';
import { bonusOf } from './commands';
import { keyedId, requestKeyFor } from '../request-keys';
import type { AccountState } from '../../domain/account/account';
import { isRepeatedRequest, type RequestKey } from '../../domain/account/request-keys';

/** A player redeems a code: the bonus is accepted and credited at once. */
export class RedeemCodeCommand {
  constructor(
    readonly actor: Actor,
    readonly code: string,
    readonly idempotencyKey: string | undefined,
    readonly correlationId: string,
    /** The client's IP as Fastify sees it (X-Forwarded-For only from TRUST_PROXY proxies), for the limit on failures per IP. */
    readonly clientIp?: string,
  ) {}
}
/** An admin creates a code. */
export class CreateRedeemCodeCommand {
  constructor(readonly actor: Actor, readonly input: CreateRedeemCodeRequest, readonly correlationId: string) {}
}
/** Every code with its uses (admins). */
export class ListRedeemCodesQuery {
  constructor(readonly actor: Actor) {}
}

const invalid = () => new DomainError('InvalidRedeemCode', 'That code is not valid.');

/** The answer the first request with this key was given: the bonus as it was accepted, and the bank right after. */
function firstAnswer(state: AccountState, key: string): BonusDecisionResponse {
  const { ref, bankAfter } = state.requestKeys.get(key)!;
  return { bonus: { ...bonusOf(state, ref), status: 'Accepted', playthrough: 0, endedBy: null, endedAt: null }, bank: bankAfter };
}

/** Refusals that say nothing about the code (the standing changed, the key was reused): they do not count as failed guesses. */
const NOT_ABOUT_THE_CODE: ReadonlySet<string> = new Set(['Banned', 'SelfExcluded', 'IdempotencyKeyReused', 'InvalidPlayer']);

@CommandHandler(RedeemCodeCommand)
export class RedeemCodeHandler implements ICommandHandler<RedeemCodeCommand, BonusDecisionResponse> {
  private readonly logger = new Logger('RedeemCodes');

  constructor(
    private readonly commands: CommandPath,
    private readonly accounts: AccountCommands,
    private readonly standings: Standings,
    private readonly limiter: RateLimiter,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  async execute(c: RedeemCodeCommand): Promise<BonusDecisionResponse> {
    const code = normalizeCode(c.code);
    const playerId = c.actor.playerId;
    // With an Idempotency-Key the bonus has the key's id, so every repeat of the request names the same one.
    const bonusId = keyedId('redeem', playerId, c.idempotencyKey) ?? randomUUID();
    const requestKey = requestKeyFor(c.idempotencyKey, 'redeemcode', [code], bonusId);
    if (requestKey) {
      const { state } = await this.accounts.load(playerId);
      if (isRepeatedRequest(state.requestKeys, requestKey)) return firstAnswer(state, requestKey.key);
    }
    const { standing } = await this.standings.of(playerId);
    refuseBanned(standing);
    if (standing.selfExcluded) throw new DomainError('SelfExcluded', 'This account is self-excluded from play; change the setting on your profile.');
    // Every try counts as a failure until it succeeds, so concurrent guesses cannot pass the limit together; past
    // it the code is not even looked up, and the right code is refused like a wrong one: guessing learns nothing.
    const failure = await this.reserveFailure(playerId, c.clientIp);
    try {
      const answer = await this.redeem(c, code, bonusId, requestKey);
      await failure.release();
      return answer;
    } catch (err) {
      if (err instanceof DomainError && NOT_ABOUT_THE_CODE.has(err.code)) await failure.release();
      throw err;
    }
  }

  /** One failure reserved against the player and one against their IP; refused when either is used up. */
  private async reserveFailure(playerId: string, clientIp: string | undefined): Promise<RateReservation> {
    const limits = this.config.rateLimits;
    if (!limits) return { release: async () => undefined };
    const player = await this.limiter.reserve('redeem-failures-player', playerId, limits.redeemFailuresPerPlayer);
    let ip: RateReservation | undefined;
    try {
      if (clientIp) ip = await this.limiter.reserve('redeem-failures-ip', clientIp, limits.redeemFailuresPerIp);
    } catch (err) {
      await player.release();
      throw err;
    }
    return { release: async () => void (await Promise.all([player.release(), ip?.release()])) };
  }

  private async redeem(c: RedeemCodeCommand, code: string, bonusId: string, requestKey: RequestKey | undefined): Promise<BonusDecisionResponse> {
    if (code.length < 5) throw invalid();
    const playerId = c.actor.playerId;
    const context = { correlationId: c.correlationId, userId: playerId };
    const now = new Date().toISOString();
    // What the player would be told, before a use of the code is taken: the code, then the bank.
    const stream = redeemCodeStream(code);
    const codeState = (await this.commands.load(stream, redeemCodeDecider)).state;
    // A use this very request already claimed (a repeat racing it, or one whose first try stopped short of the account) is kept.
    const claimedByThisRequest = requestKey !== undefined && codeState.redeemedBy.get(playerId) === bonusId;
    const terms = claimedByThisRequest ? codeState.terms! : assertRedeemable(codeState, playerId, now);
    if ((await this.accounts.load(playerId)).state.bank < terms.minBank) {
      throw new DomainError('BankTooLowToRedeem', `The bank must hold at least ${terms.minBank} satoshis to redeem this code.`);
    }
    // The claim is appended with the code stream's expected revision: of two players racing for the last use, one gets it.
    if (!claimedByThisRequest) await this.commands.handle(stream, redeemCodeDecider, { type: 'ClaimRedeemCode', playerId, bonusId, now }, context);
    try {
      const { state } = await this.accounts.run(
        playerId,
        (_s, current) => ({
          type: 'RedeemBonus', bonusId, code, amount: terms.bonusAmount, playthroughTarget: terms.playthroughTarget, minBank: terms.minBank, standing: current,
          requestKey, now,
        }),
        context,
      );
      return requestKey ? firstAnswer(state, requestKey.key) : { bonus: bonusOf(state, bonusId), bank: state.bank };
    } catch (err) {
      await this.commands
        .handle(stream, redeemCodeDecider, { type: 'ReleaseRedeemCode', playerId, bonusId, now: new Date().toISOString() }, context)
        .catch((e) => this.logger.error(`Could not release the use of a redeem code claimed for bonus ${bonusId}: ${String(e)}`));
      throw err;
    }
  }
}

@CommandHandler(CreateRedeemCodeCommand)
export class CreateRedeemCodeHandler implements ICommandHandler<CreateRedeemCodeCommand, RedeemCodeView> {
  constructor(private readonly commands: CommandPath, private readonly progress: ReadModelProgress, private readonly settings: BonusSettings) {}

  async execute(c: CreateRedeemCodeCommand): Promise<RedeemCodeView> {
    assertAdmin(c.actor);
    const i = c.input;
    const code = normalizeCode(i.code);
    const per = this.settings.settings.playthrough === 'bonus125' ? 125 : 100;
    const terms = {
      code, bonusAmount: i.bonusAmount, playthroughTarget: i.playthroughTarget ?? Math.min(per * i.bonusAmount, Number.MAX_SAFE_INTEGER), maxRedemptions: i.maxRedemptions ?? null,
      expiresAt: i.expiresAt ? new Date(i.expiresAt).toISOString() : null, minBank: i.minBank ?? 1,
    };
    const now = new Date().toISOString();
    const outcome = await this.commands.handle(redeemCodeStream(code), redeemCodeDecider, { type: 'CreateRedeemCode', terms, adminId: c.actor.playerId, now }, {
      correlationId: c.correlationId, userId: c.actor.playerId,
    });
    await this.progress.waitFor(outcome.checkpoint);
    return { ...terms, redemptions: 0, createdTime: now };
  }
}

@QueryHandler(ListRedeemCodesQuery)
export class ListRedeemCodesHandler implements IQueryHandler<ListRedeemCodesQuery, RedeemCodeView[]> {
  constructor(private readonly codes: RedeemCodeReadModel) {}

  async execute({ actor }: ListRedeemCodesQuery): Promise<RedeemCodeView[]> {
    assertAdmin(actor);
    return this.codes.list();
  }
}

export const redeemCodeHandlers = [RedeemCodeHandler, CreateRedeemCodeHandler, ListRedeemCodesHandler];
