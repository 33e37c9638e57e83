import { type Kysely, sql } from 'kysely';
import type { AuditEntry, AuditLogQuery } from '@bahati/contracts';
import { StaffAuditReadModel } from '../../application/ports/read-models/staff-audit';
import type { ReadModels } from '../schema';

/** `YYYY-MM-DD` as the start of that UTC day, and the start of the day after it. */
const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`);
const dayAfter = (date: string) => new Date(dayStart(date).getTime() + 86_400_000);

/** A `%` or `_` typed in a search is matched as itself. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Reads of the staff audit log, with the staff member's and the player's e-mail joined from the players read model. */
export class StaffAuditRepository extends StaffAuditReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async entries(query: AuditLogQuery): Promise<{ items: AuditEntry[]; total: number }> {
    let base = this.db
      .selectFrom('staff_actions as a')
      // Player ids are uuid there and text here (a role change names its staff member by e-mail).
      .leftJoin('players as staff', (join) => join.on(sql`staff.id::text`, '=', sql.ref('a.staff_id')))
      .leftJoin('players as player', (join) => join.on(sql`player.id::text`, '=', sql.ref('a.player_id')));
    if (query.action) base = base.where('a.action', '=', query.action);
    if (query.player) base = base.where('a.player_id', '=', query.player);
    if (query.from) base = base.where('a.at', '>=', dayStart(query.from));
    if (query.to) base = base.where('a.at', '<', dayAfter(query.to));
    if (query.staff) {
      const text = likeText(query.staff.toLowerCase());
      // Role changes made from the settings name the staff member by e-mail rather than by id.
      base = base.where((eb) => eb.or([eb(eb.fn('lower', ['staff.email']), 'like', text), eb(eb.fn('lower', ['a.staff_id']), 'like', text)]));
    }
    const [rows, count] = await Promise.all([
      base
        .select(['a.event_id', 'a.at', 'a.action', 'a.staff_id', 'staff.email as staff_email', 'a.subject', 'a.player_id', 'player.email as player_email', 'a.amount', 'a.reason', 'a.before', 'a.after'])
        .orderBy('a.at', 'desc')
        .orderBy('a.event_id', 'desc')
        .offset(query.offset)
        .limit(query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.n),
      items: rows.map((r) => ({
        id: r.event_id,
        at: new Date(r.at).toISOString(),
        action: r.action,
        staffId: r.staff_id,
        staffEmail: r.staff_email ?? (r.staff_id.includes('@') ? r.staff_id : null),
        subject: r.subject,
        playerId: r.player_id,
        playerEmail: r.player_email ?? null,
        amount: r.amount === null ? null : Number(r.amount),
        reason: r.reason,
        before: r.before,
        after: r.after,
      })),
    };
  }
}
