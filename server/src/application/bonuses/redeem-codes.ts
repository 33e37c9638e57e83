import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { BonusDecisionResponse, CreateRedeemCodeRequest, RedeemCodeView } from '@bahati/contracts';
import { DomainError } from '../../domain/decider';
import { refuseBanned } from '../../domain/account/standing';
import { assertRedeemable, normalizeCode, redeemCodeDecider, redeemCodeStream } from '../../domain/redeem-code/redeem-code';
import { type Actor, assertAdmin } from '../actor';
import { AccountCommands } from '../account-commands';
import { CommandPath } from '../command-path';
import { RedeemCodeReadModel, ReadModelProgress } from '../ports/read-models';
import { Standings } from '../standings';
import { BonusSettings } from './bonus-settings';
import { bonusOf } from './commands';
import { keyedId, requestKeyFor } from '../request-keys';
import type { AccountState } from '../../domain/account/account';
import { isRepeatedRequest } from '../../domain/account/request-keys';

/** A player redeems a code: the bonus is accepted and credited at once. */
export class RedeemCodeCommand {
  constructor(readonly actor: Actor, readonly code: string, readonly idempotencyKey: string | undefined, readonly correlationId: string) {}
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

@CommandHandler(RedeemCodeCommand)
export class RedeemCodeHandler implements ICommandHandler<RedeemCodeCommand, BonusDecisionResponse> {
  private readonly logger = new Logger('RedeemCodes');

  constructor(private readonly commands: CommandPath, private readonly accounts: AccountCommands, private readonly standings: Standings) {}

  async execute(c: RedeemCodeCommand): Promise<BonusDecisionResponse> {
    const code = normalizeCode(c.code);
    if (code.length < 5) throw invalid();
    const playerId = c.actor.playerId;
    const context = { correlationId: c.correlationId, userId: playerId };
    const now = new Date().toISOString();
    // With an Idempotency-Key the bonus has the key's id, so every repeat of the request names the same one.
    const bonusId = keyedId('redeem', playerId, c.idempotencyKey) ?? randomUUID();
    const requestKey = requestKeyFor(c.idempotencyKey, 'redeemcode', [code], bonusId);
    if (requestKey) {
      const { state } = await this.accounts.load(playerId);
      if (isRepeatedRequest(state.requestKeys, requestKey)) return firstAnswer(state, requestKey.key);
    }
    // What the player would be told, before a use of the code is taken: standing, the code, the bank.
    const { standing } = await this.standings.of(playerId);
    refuseBanned(standing);
    if (standing.selfExcluded) throw new DomainError('SelfExcluded', 'This account is self-excluded from play; change the setting on your profile.');
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
