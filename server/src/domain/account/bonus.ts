import { DomainError, type DomainEvent } from '../decider';
import { type PlayerStanding, refuseBanned } from './standing';
import type { RequestKey } from './request-keys';

/**
 * Bonuses on the account: the first credited deposit offers one, a redeem code grants one. An accepted
 * bonus is credited to the bank at once and locks withdrawals until enough has been wagered (its
 * playthrough target); every stake counts toward the oldest accepted bonus. When the bank reaches 0
 * with no hand in play and no withdrawal in review, every accepted bonus is forgiven. A first-deposit offer is
 * accepted only while the bank still holds the deposit it matches.
 */
export type BonusStatus = 'Offered' | 'Accepted' | 'Expired' | 'Declined' | 'Complete' | 'Forgiven';

export type BonusEvent =
  | DomainEvent<'BonusOffered', { bonusId: string; depositAmount: number; bonusAmount: number; playthroughTarget: number; offeredAt: string; expiresAt: string }>
  /** Credits the bank (ledger `Bonus`). A redeemed code is accepted at once: `redeemCode` names it. */
  | DomainEvent<'BonusAccepted', { bonusId: string; amount: number; playthroughTarget: number; redeemCode: string | null; acceptedAt: string }>
  | DomainEvent<'BonusDeclined', { bonusId: string; declinedAt: string }>
  | DomainEvent<'BonusExpired', { bonusId: string; expiredAt: string }>
  /**
   * An offer still open when the player requested a withdrawal, in the same append as `WithdrawalRequested`:
   * Expired, so a withdrawn deposit leaves no bonus to play with the house's money.
   */
  | DomainEvent<'BonusOfferLapsed', { bonusId: string; withdrawalId: string; lapsedAt: string }>
  /** A stake counted toward the bonus; `playthrough` is its total after this one. */
  | DomainEvent<'WagerCounted', { bonusId: string; amount: number; playthrough: number }>
  | DomainEvent<'BonusCompleted', { bonusId: string; completedAt: string }>
  | DomainEvent<'BonusForgiven', { bonusId: string; forgivenAt: string }>;

export const BONUS_EVENT_TYPES = [
  'BonusOffered', 'BonusAccepted', 'BonusDeclined', 'BonusExpired', 'BonusOfferLapsed', 'WagerCounted', 'BonusCompleted', 'BonusForgiven',
] as const satisfies readonly BonusEvent['type'][];

/** How the first-deposit bonus is sized (settings, passed in with the deposit commands). */
export interface BonusTerms {
  /** The id the offer gets if this deposit is the first credited one. */
  bonusId: string;
  /** Cap of the bonus (BONUS_MAX_SATS). */
  maxSats: number;
  /** `deposit100`: 100 × (bonus + deposit) must be wagered; `bonus125`: 125 × bonus. */
  playthrough: 'deposit100' | 'bonus125';
  /** Days an offer stays open (BONUS_OFFER_DAYS). */
  offerDays: number;
}

export type BonusCommand =
  | { type: 'AcceptBonus'; bonusId: string; standing: PlayerStanding; now: string }
  | { type: 'DeclineBonus'; bonusId: string; standing: PlayerStanding; now: string }
  /** Expires the offers whose time is up (the sweep sends it). */
  | { type: 'ExpireBonuses'; now: string }
  /** A redeem code the code's stream already granted to this player: credited at once when the bank allows. */
  | {
      type: 'RedeemBonus'; bonusId: string; code: string; amount: number; playthroughTarget: number; minBank: number; standing: PlayerStanding; requestKey?: RequestKey;
      now: string;
    };


export interface BonusRecord {
  status: BonusStatus;
  /** When it was offered, or accepted for a redeemed code. */
  date: string;
  redeemCode: string | null;
  amount: number;
  /** The deposit a first-deposit offer matches (accepted only while the bank holds as much); null for a redeemed code. */
  depositAmount: number | null;
  playthrough: number;
  playthroughTarget: number;
  expiresAt: string | null;
  /** `withdrawal`: the offer lapsed because a withdrawal was requested; null for every other end. */
  endedBy: 'withdrawal' | null;
  /** When it was declined, expired, lapsed, completed or forgiven; null while offered or accepted. */
  endedAt: string | null;
}

export interface BonusState {
  /** Credited deposits so far: the first one offers the bonus. */
  depositsCredited: number;
  bonuses: ReadonlyMap<string, BonusRecord>;
  /** Ids of the Accepted bonuses, oldest first: stakes count toward the first. */
  accepted: readonly string[];
}

export const initialBonusState = (): BonusState => ({ depositsCredited: 0, bonuses: new Map(), accepted: [] });

/** The first-deposit offer for a deposit of `depositAmount`. */
export function firstDepositOffer(depositAmount: number, terms: BonusTerms, now: string): BonusEvent {
  const bonusAmount = Math.min(depositAmount, terms.maxSats);
  // Bounded so that even a deposit of all bitcoin leaves an exact (safe) integer target.
  const playthroughTarget = Math.min(terms.playthrough === 'bonus125' ? 125 * bonusAmount : 100 * (bonusAmount + depositAmount), Number.MAX_SAFE_INTEGER);
  const expiresAt = new Date(Date.parse(now) + terms.offerDays * 86_400_000).toISOString();
  return { type: 'BonusOffered', data: { bonusId: terms.bonusId, depositAmount, bonusAmount, playthroughTarget, offeredAt: now, expiresAt } };
}

function offered(state: BonusState, bonusId: string, now: string): BonusRecord {
  const bonus = state.bonuses.get(bonusId);
  if (!bonus) throw new DomainError('NotFound', 'No such bonus on this account.');
  if (bonus.endedBy === 'withdrawal') {
    throw new DomainError(
      'BonusNotOffered',
      `This offer lapsed when you requested a withdrawal on ${bonus.endedAt?.slice(0, 10)}: it can no longer be accepted or declined.`,
    );
  }
  if (bonus.status !== 'Offered') throw new DomainError('BonusNotOffered', `This bonus is ${bonus.status.toLowerCase()}: only an offered bonus can be accepted or declined.`);
  if (bonus.expiresAt !== null && bonus.expiresAt <= now) throw new DomainError('BonusNotOffered', 'This bonus offer has expired.');
  return bonus;
}

export function decideBonus(command: BonusCommand, state: { readonly bank: number; readonly bonus: BonusState }): BonusEvent[] {
  const bonus = state.bonus;
  switch (command.type) {
    case 'AcceptBonus': {
      refuseBanned(command.standing);
      const b = offered(bonus, command.bonusId, command.now);
      // No free roll: a deposit played and lost cannot then be matched. The offer stays open for a bank that holds it again.
      if (b.depositAmount !== null && state.bank < b.depositAmount) {
        throw new DomainError(
          'BonusNotOffered',
          `This offer matches a deposit of ${b.depositAmount} satoshis: it can be accepted while the bank holds at least that much, and it holds ${state.bank}.`,
          { reason: 'DepositSpent', deposit: b.depositAmount, bank: state.bank },
        );
      }
      return [{ type: 'BonusAccepted', data: { bonusId: command.bonusId, amount: b.amount, playthroughTarget: b.playthroughTarget, redeemCode: null, acceptedAt: command.now } }];
    }
    case 'DeclineBonus': {
      refuseBanned(command.standing);
      offered(bonus, command.bonusId, command.now);
      return [{ type: 'BonusDeclined', data: { bonusId: command.bonusId, declinedAt: command.now } }];
    }
    case 'ExpireBonuses': {
      const out: BonusEvent[] = [];
      for (const [bonusId, b] of bonus.bonuses) {
        if (b.status === 'Offered' && b.expiresAt !== null && b.expiresAt <= command.now) out.push({ type: 'BonusExpired', data: { bonusId, expiredAt: command.now } });
      }
      return out;
    }
    case 'RedeemBonus': {
      const { standing } = command;
      refuseBanned(standing);
      if (standing.selfExcluded) throw new DomainError('SelfExcluded', 'This account is self-excluded from play; change the setting on your profile.');
      if (bonus.bonuses.has(command.bonusId)) return [];
      if (state.bank < command.minBank) throw new DomainError('BankTooLowToRedeem', `The bank must hold at least ${command.minBank} satoshis to redeem this code.`);
      return [{ type: 'BonusAccepted', data: { bonusId: command.bonusId, amount: command.amount, playthroughTarget: command.playthroughTarget, redeemCode: command.code, acceptedAt: command.now } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** The stake an event places (bet, double, split, insurance), or 0. */
function stakeOf(event: { type: string; data: unknown }): number {
  switch (event.type) {
    case 'HandStarted':
      return (event.data as { bet: number }).bet;
    case 'PlayerDoubled':
    case 'HandSplit':
    case 'InsuranceTaken':
      return (event.data as { amount: number }).amount;
    default:
      return 0;
  }
}

const CREDITED_DEPOSITS: ReadonlySet<string> = new Set(['BitcoinDepositConfirmed', 'LightningInvoiceSettled']);

/**
 * What the bonus rules add to the events a command decided: the first credited deposit's offer, the
 * lapse of every offer still open when a withdrawal is requested, the stakes counted toward the oldest
 * accepted bonus (and its completion), and the forgiveness of every accepted bonus when the command
 * leaves the bank at 0 with no hand in play and no withdrawal in review: money asked for and not yet paid is
 * still the player's (a cancel or a decline brings it back), so it is not a bank at zero.
 */
export function bonusConsequences(
  events: readonly { type: string; data: unknown }[],
  state: { readonly bonus: BonusState },
  context: { bankAfter: number; handInPlayAfter: boolean; withdrawalInReviewAfter: () => boolean; terms: BonusTerms | null; now: string },
): BonusEvent[] {
  const out: BonusEvent[] = [];
  const bonus = state.bonus;
  if (context.terms && bonus.depositsCredited === 0) {
    const first = events.find((e) => CREDITED_DEPOSITS.has(e.type));
    if (first) out.push(firstDepositOffer((first.data as { amount: number }).amount, context.terms, context.now));
  }
  const withdrawal = events.find((e) => e.type === 'WithdrawalRequested');
  if (withdrawal) {
    const { withdrawalId, requestedAt } = withdrawal.data as { withdrawalId: string; requestedAt: string };
    for (const [bonusId, b] of bonus.bonuses) {
      // An offer already past its time is the expiry sweep's: it ended by its date, not by this request.
      if (b.status === 'Offered' && (b.expiresAt === null || b.expiresAt > requestedAt)) {
        out.push({ type: 'BonusOfferLapsed', data: { bonusId, withdrawalId, lapsedAt: requestedAt } });
      }
    }
  }
  if (bonus.accepted.length === 0) return out;

  const accepted = [...bonus.accepted];
  const progress = new Map<string, number>();
  for (const e of events) {
    let stake = stakeOf(e);
    while (stake > 0 && accepted.length) {
      const bonusId = accepted[0]!;
      const b = bonus.bonuses.get(bonusId)!;
      const before = progress.get(bonusId) ?? b.playthrough;
      const counted = Math.min(stake, b.playthroughTarget - before);
      const playthrough = before + counted;
      progress.set(bonusId, playthrough);
      out.push({ type: 'WagerCounted', data: { bonusId, amount: counted, playthrough } });
      stake -= counted;
      if (playthrough >= b.playthroughTarget) {
        out.push({ type: 'BonusCompleted', data: { bonusId, completedAt: context.now } });
        accepted.shift();
      }
    }
  }
  // Asked last: whether a withdrawal is in review reads every request of the account.
  if (context.bankAfter === 0 && !context.handInPlayAfter && !context.withdrawalInReviewAfter()) {
    for (const bonusId of accepted) out.push({ type: 'BonusForgiven', data: { bonusId, forgivenAt: context.now } });
  }
  return out;
}

export function evolveBonus(state: BonusState, event: { type: string; data: unknown }): BonusState {
  switch (event.type) {
    case 'BitcoinDepositConfirmed':
    case 'LightningInvoiceSettled':
      return { ...state, depositsCredited: state.depositsCredited + 1 };
    case 'BonusOffered': {
      const d = (event as Extract<BonusEvent, { type: 'BonusOffered' }>).data;
      return { ...state, bonuses: withBonus(state.bonuses, d.bonusId, {
        status: 'Offered', date: d.offeredAt, redeemCode: null, amount: d.bonusAmount, depositAmount: d.depositAmount, playthrough: 0, playthroughTarget: d.playthroughTarget,
        expiresAt: d.expiresAt,
        endedBy: null, endedAt: null,
      }) };
    }
    case 'BonusAccepted': {
      const d = (event as Extract<BonusEvent, { type: 'BonusAccepted' }>).data;
      const offer = state.bonuses.get(d.bonusId);
      const date = offer?.date ?? d.acceptedAt;
      return {
        ...state,
        bonuses: withBonus(state.bonuses, d.bonusId, {
          status: 'Accepted', date, redeemCode: d.redeemCode, amount: d.amount, depositAmount: offer?.depositAmount ?? null, playthrough: 0, playthroughTarget: d.playthroughTarget,
          expiresAt: null,
          endedBy: null, endedAt: null,
        }),
        accepted: [...state.accepted, d.bonusId],
      };
    }
    case 'WagerCounted': {
      const d = (event as Extract<BonusEvent, { type: 'WagerCounted' }>).data;
      const b = state.bonuses.get(d.bonusId);
      return b ? { ...state, bonuses: withBonus(state.bonuses, d.bonusId, { ...b, playthrough: d.playthrough }) } : state;
    }
    case 'BonusDeclined': {
      const d = (event as Extract<BonusEvent, { type: 'BonusDeclined' }>).data;
      return withStatus(state, d.bonusId, 'Declined', d.declinedAt);
    }
    case 'BonusExpired': {
      const d = (event as Extract<BonusEvent, { type: 'BonusExpired' }>).data;
      return withStatus(state, d.bonusId, 'Expired', d.expiredAt);
    }
    case 'BonusOfferLapsed': {
      const d = (event as Extract<BonusEvent, { type: 'BonusOfferLapsed' }>).data;
      return withStatus(state, d.bonusId, 'Expired', d.lapsedAt, 'withdrawal');
    }
    case 'BonusCompleted': {
      const d = (event as Extract<BonusEvent, { type: 'BonusCompleted' }>).data;
      return withStatus(state, d.bonusId, 'Complete', d.completedAt);
    }
    case 'BonusForgiven': {
      const d = (event as Extract<BonusEvent, { type: 'BonusForgiven' }>).data;
      return withStatus(state, d.bonusId, 'Forgiven', d.forgivenAt);
    }
    default:
      return state;
  }
}

function withBonus(bonuses: ReadonlyMap<string, BonusRecord>, bonusId: string, record: BonusRecord): ReadonlyMap<string, BonusRecord> {
  const next = new Map(bonuses);
  next.set(bonusId, record);
  return next;
}

function withStatus(state: BonusState, bonusId: string, status: BonusStatus, endedAt: string, endedBy: BonusRecord['endedBy'] = null): BonusState {
  const b = state.bonuses.get(bonusId);
  if (!b) return state;
  return {
    ...state,
    bonuses: withBonus(state.bonuses, bonusId, { ...b, status, expiresAt: null, endedBy, endedAt }),
    accepted: state.accepted.filter((id) => id !== bonusId),
  };
}

/**
 * What is still to wager across every accepted bonus (each one's target less its playthrough): withdrawals stay
 * locked while it is above 0 (or until the bonuses are forgiven). The bonuses screen and the withdraw lock show
 * the same sum, from the playthrough read model.
 */
export const wageringLeft = (state: BonusState): number =>
  state.accepted.reduce((left, id) => {
    const b = state.bonuses.get(id)!;
    return left + Math.max(b.playthroughTarget - b.playthrough, 0);
  }, 0);
