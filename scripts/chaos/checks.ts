/**
 * What must hold after the load-and-fault run, checked against the event store itself (never a read
 * model): every acknowledged action is there with the state that was answered, no account ever spent
 * money it did not have, no withdrawal was paid twice or both paid and refunded, and the read models'
 * banks and ledgers say what the events say.
 */
import { bankDelta, type AccountEvent } from '../../server/src/domain/account/account';

export interface StoredEvent {
  streamId: string;
  revision: number;
  type: string;
  data: Record<string, unknown>;
  correlationId: string | null;
}

/** An answer of 200 the load driver received: what the server promised happened. */
export type Ack =
  /** A deal or a move: events with this correlation id are on the account, and the bank right after them is `bank`. */
  | { kind: 'hand'; requestId: string; playerId: string; bank: number | null }
  /** A keyed Lightning invoice: recorded under its key, as that invoice. */
  | { kind: 'invoice'; requestId: string; playerId: string; key: string; invoiceId: string }
  /** The development rail settled the invoice: the account credited it (or held it for review). */
  | { kind: 'settle'; requestId: string; playerId: string; invoiceId: string }
  /** A keyed withdrawal: recorded under its key, answered with the bank right after it. */
  | { kind: 'withdraw'; requestId: string; playerId: string; key: string; bank: number }
  /** An admin's approval or decline of a withdrawal, or its player's cancel. */
  | { kind: 'approve' | 'decline' | 'cancel'; requestId: string; playerId: string; withdrawalId: string };

export interface Violation {
  check: string;
  detail: string;
}

const accountOf = (streamId: string) => (streamId.startsWith('account-') ? streamId.slice('account-'.length) : null);

/** Events by account, each in revision order. */
export function accounts(events: readonly StoredEvent[]): Map<string, StoredEvent[]> {
  const byAccount = new Map<string, StoredEvent[]>();
  for (const e of events) {
    const playerId = accountOf(e.streamId);
    if (playerId === null) continue;
    let list = byAccount.get(playerId);
    if (!list) byAccount.set(playerId, (list = []));
    list.push(e);
  }
  for (const list of byAccount.values()) list.sort((a, b) => a.revision - b.revision);
  return byAccount;
}

const delta = (e: StoredEvent) => bankDelta({ type: e.type, data: e.data } as unknown as AccountEvent);

/** The bank after every account's last event. */
export function foldedBanks(byAccount: ReadonlyMap<string, readonly StoredEvent[]>): Map<string, number> {
  const banks = new Map<string, number>();
  for (const [playerId, list] of byAccount) banks.set(playerId, list.reduce((bank, e) => bank + delta(e), 0));
  return banks;
}

/** Every acknowledged action is in the store, with the bank it was answered with. */
export function lostAcknowledgements(acks: readonly Ack[], byAccount: ReadonlyMap<string, readonly StoredEvent[]>): Violation[] {
  const out: Violation[] = [];
  // The bank right after the last event each request appended to each account.
  const bankAfter = new Map<string, number>();
  const keys = new Map<string, Record<string, unknown>>();
  const kinds = new Map<string, Set<string>>();
  for (const [playerId, list] of byAccount) {
    let bank = 0;
    for (const e of list) {
      bank += delta(e);
      if (e.correlationId) bankAfter.set(`${playerId}/${e.correlationId}`, bank);
      if (e.type === 'RequestKeyRecorded') keys.set(`${playerId}/${String(e.data.key)}`, e.data);
      const id = (e.data.invoiceId ?? e.data.withdrawalId) as string | undefined;
      if (id !== undefined) {
        let set = kinds.get(`${playerId}/${id}`);
        if (!set) kinds.set(`${playerId}/${id}`, (set = new Set()));
        set.add(e.type);
      }
    }
  }
  const has = (playerId: string, id: string, ...types: string[]) => types.some((t) => kinds.get(`${playerId}/${id}`)?.has(t));
  for (const ack of acks) {
    const lost = (what: string) => out.push({ check: 'acknowledged action stored', detail: `${ack.kind} ${ack.requestId} of ${ack.playerId}: ${what}` });
    switch (ack.kind) {
      case 'hand': {
        const bank = bankAfter.get(`${ack.playerId}/${ack.requestId}`);
        if (bank === undefined) lost('no event carries its correlation id');
        else if (ack.bank !== null && bank !== ack.bank) lost(`answered bank ${ack.bank}, the events give ${bank}`);
        break;
      }
      case 'invoice': {
        const record = keys.get(`${ack.playerId}/${ack.key}`);
        if (!record) lost(`no RequestKeyRecorded for key ${ack.key}`);
        else if (record.ref !== ack.invoiceId) lost(`key ${ack.key} names invoice ${String(record.ref)}, answered ${ack.invoiceId}`);
        if (!has(ack.playerId, ack.invoiceId, 'LightningInvoiceCreated')) lost(`invoice ${ack.invoiceId} was never created`);
        break;
      }
      case 'settle':
        if (!has(ack.playerId, ack.invoiceId, 'LightningInvoiceSettled', 'DepositHeldForReview')) lost(`invoice ${ack.invoiceId} was never credited`);
        break;
      case 'withdraw': {
        const record = keys.get(`${ack.playerId}/${ack.key}`);
        if (!record) lost(`no RequestKeyRecorded for key ${ack.key}`);
        else if (record.bankAfter !== ack.bank) lost(`answered bank ${ack.bank}, the key recorded ${String(record.bankAfter)}`);
        else if (!has(ack.playerId, String(record.ref), 'WithdrawalRequested')) lost(`withdrawal ${String(record.ref)} was never requested`);
        break;
      }
      case 'approve':
        if (!has(ack.playerId, ack.withdrawalId, 'WithdrawalApproved')) lost(`withdrawal ${ack.withdrawalId} was never approved`);
        break;
      case 'decline':
        if (!has(ack.playerId, ack.withdrawalId, 'WithdrawalDeclined')) lost(`withdrawal ${ack.withdrawalId} was never declined`);
        break;
      case 'cancel':
        if (!has(ack.playerId, ack.withdrawalId, 'WithdrawalCanceled')) lost(`withdrawal ${ack.withdrawalId} was never cancelled`);
        break;
      default: {
        const _exhaustive: never = ack;
        return _exhaustive;
      }
    }
  }
  return out;
}

/**
 * No account spent what it did not have (the bank never below 0 after any event), and every withdrawal
 * left once: requested once, approved or declined (never both), paid at most once, never paid once
 * declined, and never claimed for a payout while another claim of it was open.
 */
export function moneyViolations(byAccount: ReadonlyMap<string, readonly StoredEvent[]>): Violation[] {
  const out: Violation[] = [];
  for (const [playerId, list] of byAccount) {
    let bank = 0;
    const withdrawals = new Map<string, { requested: number; approved: boolean; declined: boolean; paid: number; claimOpen: boolean }>();
    for (const e of list) {
      const before = bank;
      bank += delta(e);
      if (bank < 0 && before >= 0) out.push({ check: 'no overdraft', detail: `account ${playerId} at ${bank} after ${e.type} (revision ${e.revision})` });
      const id = e.data.withdrawalId as string | undefined;
      if (id === undefined || !e.type.startsWith('Withdrawal')) continue;
      let w = withdrawals.get(id);
      if (!w) withdrawals.set(id, (w = { requested: 0, approved: false, declined: false, paid: 0, claimOpen: false }));
      const wrong = (what: string) => out.push({ check: 'one payout per withdrawal', detail: `withdrawal ${id} of ${playerId}: ${what} (revision ${e.revision})` });
      switch (e.type) {
        case 'WithdrawalRequested':
          if (++w.requested > 1) wrong('requested twice');
          break;
        case 'WithdrawalApproved':
          if (w.declined) wrong('approved after it was declined');
          w.approved = true;
          break;
        case 'WithdrawalDeclined':
        case 'WithdrawalCanceled':
          // Declined by an admin or cancelled by its player: refunded either way, once, and never after an approval.
          if (w.approved || w.declined) wrong(w.declined ? 'refunded twice (declined or cancelled twice)' : `${e.type === 'WithdrawalCanceled' ? 'cancelled' : 'declined'} after it was approved`);
          w.declined = true;
          break;
        case 'WithdrawalPayoutStarted':
          if (w.claimOpen) wrong('a second payout claimed while one was under way');
          if (w.paid) wrong('claimed for a payout after it was paid');
          w.claimOpen = true;
          break;
        case 'WithdrawalPayoutFailed':
          w.claimOpen = false;
          break;
        case 'WithdrawalPaid':
          if (++w.paid > 1) wrong('paid twice');
          if (w.declined) wrong('paid after it was declined and refunded');
          w.claimOpen = false;
          break;
        default:
          break;
      }
    }
  }
  return out;
}

/** The bank read model, the ledger read model and the events agree for every account. */
export function bankLedgerMismatches(
  folded: ReadonlyMap<string, number>,
  bankRows: ReadonlyMap<string, number>,
  ledgerSums: ReadonlyMap<string, number>,
): Violation[] {
  const out: Violation[] = [];
  const players = new Set([...folded.keys(), ...bankRows.keys(), ...ledgerSums.keys()]);
  for (const playerId of players) {
    const events = folded.get(playerId) ?? 0;
    const bank = bankRows.get(playerId) ?? 0;
    const ledger = ledgerSums.get(playerId) ?? 0;
    if (events !== bank || bank !== ledger) out.push({ check: 'bank = ledger = events', detail: `player ${playerId}: events ${events}, bank ${bank}, ledger ${ledger}` });
  }
  return out;
}

/** Tables whose rows differ between the live read models and a rebuild from the events. */
export function readModelDifferences(live: ReadonlyMap<string, readonly string[]>, rebuilt: ReadonlyMap<string, readonly string[]>): Violation[] {
  const out: Violation[] = [];
  for (const table of new Set([...live.keys(), ...rebuilt.keys()])) {
    const a = live.get(table) ?? [];
    const b = rebuilt.get(table) ?? [];
    if (a.length !== b.length) {
      out.push({ check: 'read models = rebuild', detail: `${table}: ${a.length} rows live, ${b.length} rebuilt` });
      continue;
    }
    const i = a.findIndex((row, n) => row !== b[n]);
    if (i >= 0) out.push({ check: 'read models = rebuild', detail: `${table}: row ${i} differs:\n  live    ${a[i]}\n  rebuilt ${b[i]}` });
  }
  return out;
}
