import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CoachHandReport, CoachWeek } from '@bahati/contracts';
import { type Actor, mayRead } from '../actor';
import { NotFoundError } from '../errors';
import { CoachReadModel } from '../ports/read-models/coach';

const WEEK_MS = 7 * 86_400_000;

/** The coach's report of one of the actor's hands (staff may read anyone's). */
export class GetCoachHandQuery {
  constructor(readonly actor: Actor, readonly handId: string) {}
}
/** The actor's last 7 days, up to `now`. */
export class GetCoachWeekQuery {
  constructor(readonly actor: Actor, readonly now: Date = new Date()) {}
}

@QueryHandler(GetCoachHandQuery)
export class GetCoachHandHandler implements IQueryHandler<GetCoachHandQuery, CoachHandReport> {
  constructor(private readonly coach: CoachReadModel) {}

  async execute({ actor, handId }: GetCoachHandQuery): Promise<CoachHandReport> {
    const record = await this.coach.hand(handId);
    // Not judged yet (in play, or the read model has not caught up): the client asks again. It says nothing of whose hand it is.
    if (!record) return { handId, ready: false, level: null, decisions: 0, deviations: [], costMsat: 0 };
    if (!mayRead(actor, record.playerId)) throw new NotFoundError('NotFound', 'Hand not found.');
    return { handId, ready: true, level: record.level, decisions: record.decisions, deviations: record.deviations, costMsat: record.costMsat };
  }
}

@QueryHandler(GetCoachWeekQuery)
export class GetCoachWeekHandler implements IQueryHandler<GetCoachWeekQuery, CoachWeek> {
  constructor(private readonly coach: CoachReadModel) {}

  async execute({ actor, now }: GetCoachWeekQuery): Promise<CoachWeek> {
    const from = new Date(now.getTime() - WEEK_MS);
    const totals = await this.coach.totals(actor.playerId, from, now);
    return { from: from.toISOString(), to: now.toISOString(), ...totals };
  }
}

export const coachQueryHandlers = [GetCoachHandHandler, GetCoachWeekHandler];
