import type { Insertable } from 'kysely';
import type { AuditAction } from '@bahati/contracts';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { MoneyEvent } from '../../domain/account/money';
import type { BrandEvent } from '../../domain/brand/brand';
import type { PlayerEvent } from '../../domain/player/player';
import type { RedeemCodeEvent } from '../../domain/redeem-code/redeem-code';
import type { StaffRoleEvent } from '../../domain/staff/staff-roles';
import type { SupportEvent } from '../../domain/support/support';
import type { LiabilitiesEvent } from '../../domain/liabilities/liabilities';
import { streamOwner } from '../../domain/streams';
import { writeRowsAsJson } from '../batch';
import { type Projection, domainEvent } from '../projection';
import type { StaffActionsTable } from './staff-audit.table';

type StaffEvent = PlayerEvent | MoneyEvent | RedeemCodeEvent | BrandEvent | StaffRoleEvent | SupportEvent | LiabilitiesEvent;
type Row = Insertable<StaffActionsTable>;

/** What the player streams' and the support stream's owner is: the player the decision was about. */
const supportOwner = (streamId: string) => (streamId.startsWith('support-') ? streamId.slice('support-'.length) : undefined);

/**
 * The row a staff decision's event writes, or null for an event that is not one (a payout's first attempt,
 * which the approval already records; the brand seeded at start-up).
 */
function rowOf(event: RecordedEvent): Row | null {
  const e = domainEvent<StaffEvent>(event);
  const player = streamOwner(event.streamId, 'player') ?? streamOwner(event.streamId, 'account') ?? supportOwner(event.streamId) ?? null;
  const row = (action: AuditAction, staffId: string, subject: string, fields: Partial<Row> = {}): Row => ({
    event_id: event.id,
    at: event.createdAt,
    action,
    staff_id: staffId,
    subject,
    player_id: player,
    amount: null,
    reason: null,
    before: null,
    after: null,
    ...fields,
  });
  switch (e.type) {
    case 'PlayerBanned':
      return row('Ban', e.data.adminId, e.data.playerId, { reason: e.data.reason ?? null, before: 'active', after: 'banned' });
    case 'PlayerUnbanned':
      return row('Unban', e.data.adminId, e.data.playerId, { reason: e.data.reason ?? null, before: 'banned', after: 'active' });
    case 'SuspectLevelSet':
      return row('SuspectLevel', e.data.adminId, e.data.playerId, {
        reason: e.data.reason ?? null,
        before: e.data.from === undefined || e.data.from === null ? null : String(e.data.from),
        after: String(e.data.level),
      });
    case 'WithdrawalFirstApproved':
      return row('WithdrawalFirstApproved', e.data.reviewerId, e.data.withdrawalId, { amount: e.data.amount, reason: e.data.reason ?? null, before: 'Created', after: 'FirstApproval' });
    case 'WithdrawalApproved':
      return row('WithdrawalApproved', e.data.reviewerId, e.data.withdrawalId, {
        reason: e.data.reason ?? null,
        before: e.data.firstReviewerId ? 'FirstApproval' : 'Created',
        after: 'Approved',
      });
    case 'WithdrawalDeclined':
      return row('WithdrawalDeclined', e.data.reviewerId, e.data.withdrawalId, {
        amount: e.data.amount, reason: e.data.reason ?? null, before: e.data.afterFailedPayout ? 'Failed' : 'Created', after: 'Declined',
      });
    case 'WithdrawalPayoutStarted':
      // The first attempt follows the approval (its row); a later one is an admin retrying a failed payout.
      return e.data.startedBy && (e.data.attempt ?? 1) > 1
        ? row('PayoutRetried', e.data.startedBy, e.data.withdrawalId, { before: 'Failed', after: `attempt ${e.data.attempt}` })
        : null;
    case 'HeldDepositReleased':
      return row('HeldDepositReleased', e.data.reviewerId, e.data.id, { amount: e.data.amount, reason: e.data.reason ?? null, before: 'Held', after: 'Credited' });
    case 'HeldDepositRefundRequested':
      return row('HeldDepositRefunded', e.data.reviewerId, e.data.id, { amount: e.data.amount, reason: e.data.reason, before: 'Held', after: 'Returned' });
    case 'HeldDepositRefundStarted':
      // The first attempt follows the refund's request (its row); a later one is an admin retrying a failed refund.
      return e.data.attempt > 1 ? row('PayoutRetried', e.data.startedBy, e.data.id, { before: 'Failed', after: `attempt ${e.data.attempt}` }) : null;
    case 'RedeemCodeCreated':
      return row('RedeemCodeCreated', e.data.createdBy, e.data.code, { amount: e.data.bonusAmount });
    case 'BrandCreated':
      return e.data.createdBy.startsWith('system:') ? null : row('BrandCreated', e.data.createdBy, e.data.brand.id, { after: e.data.brand.name });
    case 'BrandUpdated':
      return row('BrandUpdated', e.data.updatedBy, e.data.brand.id, { after: e.data.brand.name });
    case 'BrandRetired':
      return row('BrandRetired', e.data.retiredBy, e.data.brandId, { reason: e.data.reason, before: 'offered', after: 'retired' });
    case 'LedgerDayRepaired':
      return row('LedgerDayRepaired', e.data.repairedBy, e.data.playerId, {
        reason: e.data.reason ?? null,
        after: `${e.data.date} (UTC${e.data.tz})`,
      });
    case 'PlayerReadModelsRebuilt':
      return row('ReadModelsRebuilt', e.data.repairedBy, e.data.playerId, { reason: e.data.reason, before: String(e.data.bank.from), after: String(e.data.bank.to) });
    case 'StaffNoteAdded':
      // The note is what the staff member wrote: the log shows it where a decision shows its reason.
      return row('StaffNote', e.data.by, e.data.playerId, { reason: e.data.note });
    case 'LiabilitiesCommitted':
      // The daily commitment is the system's; an admin's on demand is listed.
      return e.data.committedBy.startsWith('system:') ? null : row('LiabilitiesCommitted', e.data.committedBy, e.data.commitmentId, { amount: e.data.total, after: e.data.rootHash });
    case 'StaffRoleGranted':
      return row('RoleGranted', e.data.grantedBy, e.data.email, { before: null, after: e.data.role });
    case 'StaffRoleRevoked':
      return row('RoleRevoked', e.data.revokedBy, e.data.email, { before: e.data.role, after: null });
    default:
      return null;
  }
}

/**
 * The staff audit log: every staff command is already an event (a ban, a suspect level, a withdrawal decision,
 * a payout retried, a held deposit released or refunded, a code created, a brand saved or retired, a ledger day repaired, a role
 * granted or revoked, a note left on a player); this read model lists them with who, on whom, when, why, and the state before and after.
 * Rows are keyed by the event's id, so applying a batch again writes nothing twice.
 */
export const staffAuditProjection: Projection = {
  name: 'staff-audit',
  version: 4,
  writesHeld: true,
  handles: [
    'PlayerBanned', 'PlayerUnbanned', 'SuspectLevelSet', 'WithdrawalFirstApproved', 'WithdrawalApproved', 'WithdrawalDeclined', 'WithdrawalPayoutStarted', 'HeldDepositReleased',
    'HeldDepositRefundRequested', 'HeldDepositRefundStarted', 'RedeemCodeCreated', 'BrandCreated', 'BrandUpdated', 'BrandRetired', 'LedgerDayRepaired', 'PlayerReadModelsRebuilt', 'StaffRoleGranted', 'StaffRoleRevoked', 'StaffNoteAdded', 'LiabilitiesCommitted',
  ],
  tables: ['staff_actions'],
  async applyBatch(trx, events: readonly RecordedEvent[]) {
    const rows = events.map(rowOf).filter((r): r is Row => r !== null);
    if (rows.length === 0) return;
    await writeRowsAsJson(trx, { table: 'staff_actions', key: ['event_id'] }, rows);
  },
};
