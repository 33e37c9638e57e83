import { type Decider, DomainError, type DomainEvent } from '../decider';

/**
 * Stream `redeem-code-<CODE>`: a code an admin created and who redeemed it. Claims are appended with the
 * stream's expected revision, so of two players racing for the last use exactly one gets it. A claim the
 * account then refused (bank too low, banned) is released. Codes compare case-insensitively.
 */
export const normalizeCode = (code: string): string => code.trim().toUpperCase();
export const redeemCodeStream = (code: string) => `redeem-code-${normalizeCode(code)}`;

export interface RedeemCodeTerms {
  code: string;
  bonusAmount: number;
  playthroughTarget: number;
  /** Null: no limit. */
  maxRedemptions: number | null;
  expiresAt: string | null;
  minBank: number;
}

export type RedeemCodeEvent =
  | DomainEvent<'RedeemCodeCreated', RedeemCodeTerms & { createdBy: string; createdAt: string }>
  /** `redemptions`: the code's uses after this one. */
  | DomainEvent<'RedeemCodeRedeemed', { code: string; playerId: string; bonusId: string; redemptions: number; redeemedAt: string }>
  | DomainEvent<'RedeemCodeReleased', { code: string; playerId: string; bonusId: string; redemptions: number; releasedAt: string }>;

export type RedeemCodeCommand =
  | { type: 'CreateRedeemCode'; terms: RedeemCodeTerms; adminId: string; now: string }
  | { type: 'ClaimRedeemCode'; playerId: string; bonusId: string; now: string }
  | { type: 'ReleaseRedeemCode'; playerId: string; bonusId: string; now: string };

export interface RedeemCodeState {
  terms: RedeemCodeTerms | null;
  /** Player id → the bonus their redemption granted. */
  redeemedBy: ReadonlyMap<string, string>;
}

const invalid = () => new DomainError('InvalidRedeemCode', 'That code is not valid.');

/** Checks a claim against the code without deciding it: what the player would be told. */
export function assertRedeemable(state: RedeemCodeState, playerId: string, now: string): RedeemCodeTerms {
  const terms = state.terms;
  if (!terms || (terms.expiresAt !== null && terms.expiresAt <= now)) throw invalid();
  if (state.redeemedBy.has(playerId)) throw new DomainError('CodeAlreadyRedeemed', 'You have already redeemed this code.', { reason: 'AlreadyRedeemed' });
  if (terms.maxRedemptions !== null && state.redeemedBy.size >= terms.maxRedemptions) {
    throw new DomainError('CodeAlreadyRedeemed', 'This code has been used up by other players: it is no longer available.', { reason: 'UsedUp' });
  }
  return terms;
}

export const redeemCodeDecider: Decider<RedeemCodeCommand, RedeemCodeState, RedeemCodeEvent> = {
  initialState: () => ({ terms: null, redeemedBy: new Map() }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateRedeemCode': {
        if (state.terms) throw new DomainError('Conflict', `The code ${state.terms.code} exists already.`);
        const t = command.terms;
        if (normalizeCode(t.code).length < 5) throw new DomainError('ValidationFailed', 'A code has at least 5 characters.');
        return [{ type: 'RedeemCodeCreated', data: { ...t, code: normalizeCode(t.code), createdBy: command.adminId, createdAt: command.now } }];
      }
      case 'ClaimRedeemCode': {
        // The same claim again (a repeat of one keyed request): it holds its use already.
        if (state.redeemedBy.get(command.playerId) === command.bonusId) return [];
        const terms = assertRedeemable(state, command.playerId, command.now);
        return [{
          type: 'RedeemCodeRedeemed',
          data: { code: terms.code, playerId: command.playerId, bonusId: command.bonusId, redemptions: state.redeemedBy.size + 1, redeemedAt: command.now },
        }];
      }
      case 'ReleaseRedeemCode': {
        if (!state.terms || state.redeemedBy.get(command.playerId) !== command.bonusId) return [];
        return [{
          type: 'RedeemCodeReleased',
          data: { code: state.terms.code, playerId: command.playerId, bonusId: command.bonusId, redemptions: state.redeemedBy.size - 1, releasedAt: command.now },
        }];
      }
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'RedeemCodeCreated': {
        const { createdBy: _by, createdAt: _at, ...terms } = event.data;
        return { ...state, terms };
      }
      case 'RedeemCodeRedeemed': {
        const redeemedBy = new Map(state.redeemedBy);
        redeemedBy.set(event.data.playerId, event.data.bonusId);
        return { ...state, redeemedBy };
      }
      case 'RedeemCodeReleased': {
        const redeemedBy = new Map(state.redeemedBy);
        redeemedBy.delete(event.data.playerId);
        return { ...state, redeemedBy };
      }
      default:
        return state;
    }
  },
};
