import { DomainError, type Decider } from '../decider';
import { type MoneyCommand, type MoneyEvent, type MoneyState, MONEY_COMMANDS, decideMoney, evolveMoney, initialMoneyState } from './money';
import { type GameCommand, type GameEvent, type GameState, decideGame, evolveGame, initialGameState } from './game';
import { ledgerLines } from './ledger';

/**
 * Stream `account-<playerId>`: the player's bank, deposits, withdrawals, current shoe and active hand.
 * They live in one stream so that every change to the bank is decided against the latest bank and
 * appended with the expected revision: two actions can never spend the same satoshis, on any server.
 */
export const accountStream = (playerId: string) => `account-${playerId}`;

export type AccountEvent = MoneyEvent | GameEvent;
export type AccountCommand = MoneyCommand | GameCommand;

export interface AccountState {
  /** Satoshis the player can stake or withdraw; never negative. */
  bank: number;
  money: MoneyState;
  game: GameState;
}

/** The bank change an event records (the amounts are in the event; nothing is recomputed). */
export function bankDelta(event: AccountEvent): number {
  return ledgerLines(event).reduce((sum, line) => sum + line.amount, 0);
}

const moneyCommands: ReadonlySet<string> = new Set(MONEY_COMMANDS);

export const accountDecider: Decider<AccountCommand, AccountState, AccountEvent> = {
  initialState: () => ({ bank: 0, money: initialMoneyState(), game: initialGameState() }),

  decide(command, state) {
    const events: AccountEvent[] = moneyCommands.has(command.type)
      ? decideMoney(command as MoneyCommand, state)
      : decideGame(command as GameCommand, state);
    let bank = state.bank;
    for (const e of events) {
      bank += bankDelta(e);
      if (bank < 0) throw new DomainError('BankTooLow', 'The bank is too low for that.');
    }
    return events;
  },

  evolve(state, event) {
    return {
      bank: state.bank + bankDelta(event),
      money: evolveMoney(state.money, event as MoneyEvent),
      game: evolveGame(state.game, event as GameEvent),
    };
  },
};
