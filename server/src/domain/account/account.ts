import { DomainError, type Decider } from '../decider';
import { type MoneyCommand, type MoneyEvent, type MoneyState, ALL_BITCOIN_SATS, decideMoney, evolveMoney, initialMoneyState, isMoneyEvent, openInvoiceSats } from './money';
import { type GameCommand, type GameEvent, type GameState, decideGame, evolveGame, initialGameState, isGameEvent, isHandInPlay } from './game';
import { type BonusCommand, type BonusEvent, type BonusState, type BonusTerms, bonusConsequences, decideBonus, evolveBonus, initialBonusState, wageringLeft } from './bonus';
import { ledgerLines } from './ledger';
import { type LimitCommand, type LimitEvent, type LimitsState, assertWithinLimits, decideLimits, evolveLimits, initialLimitsState } from './limits';
import { type RequestKey, type RequestKeyEvent, type RequestKeysState, evolveRequestKeys, isRepeatedRequest } from './request-keys';

/**
 * Stream `account-<playerId>`: the player's bank, deposits, withdrawals, current shoe and active hand.
 * They live in one stream so that every change to the bank is decided against the latest bank and
 * appended with the expected revision: two actions can never spend the same satoshis, on any server.
 */
export const accountStream = (playerId: string) => `account-${playerId}`;

export type AccountEvent = MoneyEvent | GameEvent | BonusEvent | LimitEvent | RequestKeyEvent;
export type AccountCommand = MoneyCommand | GameCommand | BonusCommand | LimitCommand;

export interface AccountState {
  /** Satoshis the player can stake or withdraw; never negative. */
  bank: number;
  money: MoneyState;
  game: GameState;
  bonus: BonusState;
  /** The limits the player set on themself, and the recent deposits and results they count. */
  limits: LimitsState;
  /** The Idempotency-Keys of the player's money-moving requests, each bound to its request. */
  requestKeys: RequestKeysState;
}

/** The bank change an event records (the amounts are in the event; nothing is recomputed). */
export function bankDelta(event: AccountEvent): number {
  return ledgerLines(event).reduce((sum, line) => sum + line.amount, 0);
}

/** Each command to the part of the account that decides it; a new command fails to compile until it is routed. */
function decidePart(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'SetLimits':
      return decideLimits(command, state);
    case 'AcceptBonus':
    case 'DeclineBonus':
    case 'ExpireBonuses':
    case 'RedeemBonus':
      return decideBonus(command, state);
    case 'AssignBitcoinAddress':
    case 'RecordBitcoinDeposit':
    case 'CreateLightningInvoice':
    case 'SettleLightningInvoice':
    case 'CancelLightningInvoice':
    case 'ReleaseHeldDeposit':
    case 'RequestHeldDepositRefund':
    case 'StartHeldDepositRefund':
    case 'FailHeldDepositRefund':
    case 'RecordHeldDepositRefund':
    case 'RequestWithdrawal':
    case 'ApproveWithdrawal':
    case 'StartWithdrawalPayout':
    case 'FailWithdrawalPayout':
    case 'RecordWithdrawalPayout':
    case 'DeclineWithdrawal':
    case 'CancelWithdrawal':
      return decideMoney(command, { bank: state.bank, money: state.money, wageringLeft: wageringLeft(state.bonus) });
    case 'CommitShoe':
    case 'DealHand':
    case 'PlayHand':
    case 'RetireShoe':
      return decideGame(command, state);
    default: {
      const unrouted: never = command;
      return unrouted;
    }
  }
}

/** Whether a withdrawal is still in review (requested, not yet approved, declined or cancelled) once `events` are applied. */
function withdrawalInReviewAfter(money: AccountState['money'], events: readonly AccountEvent[]): boolean {
  const inReview = new Set<string>();
  for (const [id, w] of money.withdrawals) if (w.status === 'Created') inReview.add(id);
  for (const e of events) {
    if (e.type === 'WithdrawalRequested') inReview.add(e.data.withdrawalId);
    else if (e.type === 'WithdrawalApproved' || e.type === 'WithdrawalDeclined' || e.type === 'WithdrawalCanceled') inReview.delete(e.data.withdrawalId);
  }
  return inReview.size > 0;
}

/** Whether a hand is in play once `events` are applied to a game where one was (`before`) or was not. */
function handInPlayAfter(before: boolean, events: readonly AccountEvent[]): boolean {
  let inPlay = before;
  for (const e of events) {
    if (e.type === 'HandStarted') inPlay = true;
    else if (e.type === 'HandSettled') inPlay = false;
  }
  return inPlay;
}

export const accountDecider: Decider<AccountCommand, AccountState, AccountEvent> = {
  initialState: () => ({ bank: 0, money: initialMoneyState(), game: initialGameState(), bonus: initialBonusState(), limits: initialLimitsState(), requestKeys: new Map() }),

  decide(command, state) {
    const requestKey: RequestKey | undefined = 'requestKey' in command ? command.requestKey : undefined;
    // The same key with the same request: it took effect once already, and is answered from its record.
    if (isRepeatedRequest(state.requestKeys, requestKey)) return [];
    const decided = decidePart(command, state);
    if (decided.length === 0) return decided;
    let bank = state.bank;
    for (const e of decided) {
      bank += bankDelta(e);
      if (bank < 0) throw new DomainError('BankTooLow', 'The bank is too low for that.');
      if (bank > ALL_BITCOIN_SATS) throw new DomainError('InvalidAmount', 'No bank can hold more than all bitcoin.');
    }
    assertWithinLimits(decided, state.limits, command.now, () => openInvoiceSats(state.money, command.now));
    const terms = 'bonus' in command ? (command.bonus as BonusTerms) : null;
    const consequences = bonusConsequences(decided, state, {
      bankAfter: bank, handInPlayAfter: handInPlayAfter(isHandInPlay(state.game), decided), withdrawalInReviewAfter: () => withdrawalInReviewAfter(state.money, decided), terms,
      now: command.now,
    });
    const events = consequences.length ? [...decided, ...consequences] : decided;
    if (!requestKey) return events;
    const bankAfter = consequences.reduce((sum, e) => sum + bankDelta(e), bank);
    const { key, fingerprint, ref } = requestKey;
    return [...events, { type: 'RequestKeyRecorded', data: { key, fingerprint, ref, bankAfter, recordedAt: command.now } }];
  },

  evolve(state, event) {
    return {
      bank: state.bank + bankDelta(event),
      money: isMoneyEvent(event) ? evolveMoney(state.money, event) : state.money,
      game: isGameEvent(event) ? evolveGame(state.game, event) : state.game,
      bonus: evolveBonus(state.bonus, event),
      limits: evolveLimits(state.limits, event),
      requestKeys: evolveRequestKeys(state.requestKeys, event),
    };
  },
};
