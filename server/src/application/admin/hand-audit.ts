import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AuditMismatch, HandAudit, LedgerEntry } from '@bahati/contracts';
import { accountStream } from '../../domain/account/account';
import { replayHand } from '../../domain/audit/hand-audit';
import { EventStoreToken } from '../../config/tokens';
import { type Actor, assertStaff } from '../actor';
import { NotFoundError } from '../errors';
import type { EventStore } from '../ports/event-store';
import { HandsReadModel, LedgerReadModel, ReadModelProgress } from '../ports/read-models';
import { handOwner } from '../game/hand-owner';

const sha256 = (bytes: Uint8Array): Uint8Array => new Uint8Array(createHash('sha256').update(bytes).digest());

/** A hand audited by replay from the event store (admins and support). */
export class AuditHandQuery {
  constructor(readonly actor: Actor, readonly handId: string) {}
}

/** The ledger read model's lines for a hand against the lines its events give: missing, extra and changed rows. */
export function ledgerMismatches(fromEvents: readonly { id: string; type: string; amount: number; reference: string | null; handId: string | null; revision: number }[], stored: readonly LedgerEntry[]): AuditMismatch[] {
  const out: AuditMismatch[] = [];
  const storedById = new Map(stored.map((s) => [s.id, s]));
  for (const line of fromEvents) {
    const row = storedById.get(line.id);
    if (!row) {
      out.push({ kind: 'ledger', revision: line.revision, position: null, field: null, expected: line, actual: null, message: `The ledger lacks the ${line.type} line of ${line.amount} that the event at revision ${line.revision} gives.` });
      continue;
    }
    for (const field of ['type', 'amount', 'reference', 'handId'] as const) {
      if (row[field] !== line[field]) {
        out.push({
          kind: 'ledger', revision: line.revision, position: null, field, expected: line[field], actual: row[field],
          message: `The ledger's ${line.type} line ${line.id} records ${field} = ${JSON.stringify(row[field])}; the event at revision ${line.revision} gives ${JSON.stringify(line[field])}.`,
        });
      }
    }
  }
  const known = new Set(fromEvents.map((l) => l.id));
  for (const row of stored) {
    if (!known.has(row.id)) {
      out.push({ kind: 'ledger', revision: null, position: null, field: null, expected: null, actual: row, message: `The ledger holds a ${row.type} line of ${row.amount} (${row.id}) for this hand that no event gives.` });
    }
  }
  return out;
}

@QueryHandler(AuditHandQuery)
export class AuditHandHandler implements IQueryHandler<AuditHandQuery, HandAudit> {
  constructor(
    private readonly hands: HandsReadModel,
    private readonly ledger: LedgerReadModel,
    @Inject(EventStoreToken) private readonly store: EventStore,
    private readonly progress: ReadModelProgress,
  ) {}

  async execute({ actor, handId }: AuditHandQuery): Promise<HandAudit> {
    assertStaff(actor);
    // The read model only says whose account to read; everything audited comes from the event store.
    const { playerId } = await handOwner(this.hands, this.progress, actor, handId);
    if (!playerId) throw new NotFoundError('NotFound', 'Hand not found.');
    const events = await this.store.readStream(accountStream(playerId));
    const replay = replayHand(events, handId, sha256);
    if (!replay) throw new NotFoundError('NotFound', 'Hand not found.');

    const ids = replay.ledgerFromEvents.map((l) => l.id);
    const stored = await this.ledger.rowsOfHand(playerId, handId, ids);
    const ledger = ledgerMismatches(replay.ledgerFromEvents, stored);
    const mismatches = [...replay.mismatches, ...ledger];
    return {
      handId, playerId, shoeId: replay.shoeId, handNumber: replay.handNumber, settled: replay.settled, shoe: replay.shoe,
      timeline: replay.timeline, cards: replay.cards, payouts: replay.payouts, settlement: replay.settlement,
      ledger: { fromEvents: replay.ledgerFromEvents, readModel: stored },
      checks: { ...replay.checks, ledger: ledger.length ? 'failed' : 'passed' },
      verified: mismatches.length === 0,
      mismatches,
      notes: replay.notes,
    };
  }
}
