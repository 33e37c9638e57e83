import type { GameEvent } from '../../domain/account/game';
import type { LedgerLine } from './money-entries';

/**
 * Ledger lines of the game (spec §4 types): stakes as debits when they are placed, each kind of credit
 * from the settlement, and a 0 ShowShoe line when a shoe that dealt hands is retired.
 */
export function gameLedgerLines(event: GameEvent): LedgerLine[] {
  switch (event.type) {
    case 'HandStarted':
      return [{ type: 'Bet', amount: -event.data.bet, reference: event.data.shoeId, handId: event.data.handId }];
    case 'InsuranceTaken':
      return [{ type: 'InsuranceBet', amount: -event.data.amount, reference: null, handId: event.data.handId }];
    case 'PlayerDoubled':
      return [{ type: 'Double', amount: -event.data.amount, reference: null, handId: event.data.handId }];
    case 'HandSplit':
      return [{ type: 'Split', amount: -event.data.amount, reference: null, handId: event.data.handId }];
    case 'HandSettled': {
      const d = event.data;
      const credits: [LedgerLine['type'], number][] = [['InsuranceWin', d.insuranceWin], ['Win', d.win], ['Push', d.push], ['EvenMoney', d.evenMoney]];
      return credits.filter(([, amount]) => amount > 0).map(([type, amount]) => ({ type, amount, reference: null, handId: d.handId }));
    }
    case 'ShoeRetired':
      return event.data.handCount > 0 ? [{ type: 'ShowShoe', amount: 0, reference: event.data.shoeId, handId: event.data.lastHandId }] : [];
    default:
      return [];
  }
}
