import type { RecordedEvent } from '../../adapters/event-store/event-store';
import type { MoneyEvent } from '../../domain/account/money';
import type { Projection } from '../projection';
import type { GameEvent } from '../../domain/account/game';
import { gameLedgerLines } from './game-entries';
import { type LedgerLine, moneyLedgerLines } from './money-entries';

const ACCOUNT = /^account-(.+)$/;

/** Every line that moved a player's bank, for the daily ledger screen. */
export function ledgerLines(event: RecordedEvent): LedgerLine[] {
  const e = { type: event.type, data: event.data };
  return [...moneyLedgerLines(e as MoneyEvent), ...gameLedgerLines(e as GameEvent)];
}

export const ledgerProjection: Projection = {
  name: 'ledger',
  version: 2,
  handles: [
    'BitcoinDepositConfirmed', 'LightningInvoiceSettled', 'WithdrawalRequested', 'WithdrawalDeclined',
    'HandStarted', 'InsuranceTaken', 'PlayerDoubled', 'HandSplit', 'HandSettled', 'ShoeRetired',
  ],
  tables: ['ledger_entries'],
  async apply(trx, event) {
    const playerId = ACCOUNT.exec(event.streamId)?.[1];
    if (!playerId) return;
    const lines = ledgerLines(event);
    if (!lines.length) return;
    await trx
      .insertInto('ledger_entries')
      .values(
        lines.map((line, i) => ({
          id: `${event.id}:${i}`,
          player_id: playerId,
          type: line.type,
          created_time: event.createdAt,
          hand_id: line.handId,
          reference: line.reference,
          amount: line.amount,
          seq: event.revision * 16 + i,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },
};
