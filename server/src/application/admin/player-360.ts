import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type AuditEntry, OVERVIEW_ROWS_MAX, type PlayerOverview, type StaffNoteView } from '@bahati/contracts';
import { supportDecider, supportStream } from '../../domain/support/support';
import { type Actor, assertStaff, isAdmin } from '../actor';
import { CommandPath } from '../command-path';
import { NotFoundError } from '../errors';
import { ledgerFigures } from '../money/withdrawal-risk';
import { supportWithdrawView } from '../money/withdraw-views';
import {
  BonusReadModel, DepositsReadModel, InvoicesReadModel, LedgerReadModel, PlayerHistoryReadModel, PlayerReadModel, ReadModelProgress, StaffAuditReadModel, WithdrawalsReadModel,
} from '../ports/read-models';

const EVER = { from: new Date(0), to: new Date(Date.UTC(9999, 0, 1)) };
const newest = <T>(rows: readonly T[]) => rows.slice(0, OVERVIEW_ROWS_MAX);
const noSuchPlayer = () => new NotFoundError('NotFound', 'No such player.');

const noteOf = (entry: AuditEntry): StaffNoteView => ({ id: entry.id, at: entry.at, staffId: entry.staffId, staffEmail: entry.staffEmail, note: entry.reason ?? '' });

/**
 * The player 360 view (admins and support): money in and out, bonuses and the codes redeemed, sessions with their
 * addresses, the changes of limits and self-exclusion, staff notes, and — for admins only, as the audit log is theirs —
 * every staff decision about the player. Each section is read from its read model; nothing here reads the events.
 */
export class GetPlayerOverviewQuery {
  constructor(readonly actor: Actor, readonly playerId: string) {}
}

@QueryHandler(GetPlayerOverviewQuery)
export class GetPlayerOverviewHandler implements IQueryHandler<GetPlayerOverviewQuery, PlayerOverview> {
  constructor(
    private readonly players: PlayerReadModel,
    private readonly ledger: LedgerReadModel,
    private readonly deposits: DepositsReadModel,
    private readonly invoices: InvoicesReadModel,
    private readonly withdrawals: WithdrawalsReadModel,
    private readonly bonuses: BonusReadModel,
    private readonly history: PlayerHistoryReadModel,
    private readonly audit: StaffAuditReadModel,
  ) {}

  async execute({ actor, playerId }: GetPlayerOverviewQuery): Promise<PlayerOverview> {
    assertStaff(actor);
    if (!(await this.players.findPlayer(playerId))) throw noSuchPlayer();
    const page = { staff: '', player: playerId, offset: 0, limit: OVERVIEW_ROWS_MAX };
    const [ledger, deposits, invoices, withdrawals, bonuses, sessions, protections, notes, actions] = await Promise.all([
      this.ledger.ledgerPage(playerId, EVER.from, EVER.to, { offset: 0, limit: 1 }),
      this.deposits.deposits(playerId),
      this.invoices.invoices(playerId),
      this.withdrawals.withdrawRequests({ playerId }),
      this.bonuses.bonusesOf(playerId),
      this.history.sessions(playerId, OVERVIEW_ROWS_MAX),
      this.history.protectionChanges(playerId, OVERVIEW_ROWS_MAX),
      this.audit.entries({ ...page, action: 'StaffNote' }),
      isAdmin(actor) ? this.audit.entries(page) : null,
    ]);
    const { deposited, withdrawn, bonuses: bonusTotal } = ledgerFigures(ledger.byType);
    return {
      playerId,
      totals: { deposited, withdrawn, bonuses: bonusTotal },
      deposits: newest(deposits),
      invoices: newest(invoices),
      // Support reads the requests; the admins' decisions on them (first approvals, reasons, node failures) are theirs.
      withdrawals: newest(isAdmin(actor) ? withdrawals : withdrawals.map(supportWithdrawView)),
      bonuses: newest(bonuses),
      sessions: sessions.items,
      protections: protections.items,
      notes: notes.items.map(noteOf),
      // The notes have their own section; the decisions are the rest of the audit trail.
      staffActions: actions ? actions.items.filter((a) => a.action !== 'StaffNote') : null,
    };
  }
}

/** Staff (an admin or support) leave a note on a player: `StaffNoteAdded` on the support stream, listed in the 360 view and the audit log; answers the player's notes, newest first. */
export class AddStaffNoteCommand {
  constructor(readonly actor: Actor, readonly playerId: string, readonly note: string, readonly correlationId: string) {}
}

@CommandHandler(AddStaffNoteCommand)
export class AddStaffNoteHandler implements ICommandHandler<AddStaffNoteCommand, StaffNoteView[]> {
  constructor(
    private readonly commands: CommandPath,
    private readonly progress: ReadModelProgress,
    private readonly players: PlayerReadModel,
    private readonly audit: StaffAuditReadModel,
  ) {}

  async execute({ actor, playerId, note, correlationId }: AddStaffNoteCommand): Promise<StaffNoteView[]> {
    assertStaff(actor);
    if (!(await this.players.findPlayer(playerId))) throw noSuchPlayer();
    const now = new Date().toISOString();
    const outcome = await this.commands.handle(
      supportStream(playerId),
      supportDecider,
      { type: 'AddStaffNote', playerId, note, by: actor.playerId, now },
      { correlationId, userId: actor.playerId },
    );
    await this.progress.waitFor(outcome.checkpoint);
    const notes = await this.audit.entries({ action: 'StaffNote', player: playerId, staff: '', offset: 0, limit: OVERVIEW_ROWS_MAX });
    return notes.items.map(noteOf);
  }
}

export const player360Handlers = [GetPlayerOverviewHandler, AddStaffNoteHandler];
