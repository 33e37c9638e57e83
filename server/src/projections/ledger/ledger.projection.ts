import type { RecordedEvent } from '../../application/ports/event-store';
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

type Row = { id: string; player_id: string; type: LedgerLine['type']; created_time: string; hand_id: string | null; reference: string | null; amount: number; seq: number };

/** Lines of the current batch, inserted together at the end of the batch. */
const batches = new WeakMap<object, Row[]>();

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
    let rows = batches.get(trx);
    if (!rows) batches.set(trx, (rows = []));
    lines.forEach((line, i) =>
      rows.push({
        id: `${event.id}:${i}`, player_id: playerId, type: line.type, created_time: event.createdAt, hand_id: line.handId,
        reference: line.reference, amount: line.amount, seq: event.revision * 16 + i,
      }),
    );
  },

  async flush(trx) {
    const rows = batches.get(trx);
    batches.delete(trx);
    // Ids are `<event id>:<n>`: a replayed event inserts nothing.
    for (let i = 0; rows && i < rows.length; i += 1000) {
      await trx.insertInto('ledger_entries').values(rows.slice(i, i + 1000)).onConflict((oc) => oc.column('id').doNothing()).execute();
    }
  },
};
