import type { CoachAction } from '@bahati/contracts';
import type { Kysely } from 'kysely';
import { CoachReadModel, type CoachHandRecord, type CoachTotals } from '../../application/ports/read-models/coach';
import type { ReadModels } from '../schema';

/** Reads of the strategy coach's read model. */
export class CoachRepository extends CoachReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async hand(handId: string): Promise<CoachHandRecord | null> {
    const row = await this.db.selectFrom('coach_hands').selectAll().where('hand_id', '=', handId).executeTakeFirst();
    if (!row) return null;
    const deviations = await this.db.selectFrom('coach_deviations').selectAll().where('hand_id', '=', handId).orderBy('seq').execute();
    return {
      playerId: row.player_id,
      handId: row.hand_id,
      level: row.level,
      decisions: row.decisions,
      costMsat: Number(row.cost_msat),
      deviations: deviations.map((d) => ({
        seq: d.seq,
        handIndex: d.hand_index,
        cards: typeof d.cards === 'string' ? (JSON.parse(d.cards) as number[]) : d.cards,
        total: d.total,
        soft: d.soft,
        dealerUp: d.dealer_up,
        action: d.action as CoachAction,
        recommended: d.recommended as CoachAction,
        stake: Number(d.stake),
        evAction: Number(d.ev_action),
        evRecommended: Number(d.ev_recommended),
        costMsat: Number(d.cost_msat),
      })),
    };
  }

  async totals(playerId: string, from: Date, to: Date): Promise<CoachTotals> {
    const row = await this.db
      .selectFrom('coach_hands')
      .select((eb) => [
        eb.fn.countAll<string>().as('hands'),
        eb.fn.coalesce(eb.fn.sum<string>('decisions'), eb.lit(0)).as('decisions'),
        eb.fn.coalesce(eb.fn.sum<string>('deviations'), eb.lit(0)).as('deviations'),
        eb.fn.coalesce(eb.fn.sum<string>('cost_msat'), eb.lit(0)).as('cost_msat'),
      ])
      .where('player_id', '=', playerId)
      .where('settled_time', '>=', from)
      .where('settled_time', '<', to)
      .executeTakeFirst();
    return { hands: Number(row?.hands ?? 0), decisions: Number(row?.decisions ?? 0), deviations: Number(row?.deviations ?? 0), costMsat: Number(row?.cost_msat ?? 0) };
  }
}
