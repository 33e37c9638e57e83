import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { LEDGER_PART_OF, LEDGER_PARTS, type Hand, type LedgerEntry, type LedgerPage, type LedgerPageQuery, type LedgerPartTotal, type LedgerQuery, type Shoe } from '@bahati/contracts';
import { handView } from '../../domain/account/game-view';
import { isHandInPlay } from '../../domain/account/game';
import { DomainError } from '../../domain/decider';
import { type Actor, mayRead } from '../actor';
import { AccountCommands } from '../account-commands';
import { CommandPath } from '../command-path';
import { playerDecider, playerStream } from '../../domain/player/player';
import { NotFoundError } from '../errors';
import { HandsReadModel, LedgerReadModel, ReadModelProgress, ShoesReadModel } from '../ports/read-models';
import { handOwner } from './hand-owner';

const notFound = (what: string) => new NotFoundError('NotFound', `${what} not found.`);
const shoeNotFound = () => new NotFoundError('ShoeNotFound', 'Shoe not found.');

export class GetHandQuery {
  constructor(readonly actor: Actor, readonly handId: string) {}
}
export class GetHandShoeQuery {
  constructor(readonly actor: Actor, readonly handId: string) {}
}
export class GetShoeQuery {
  constructor(readonly actor: Actor, readonly shoeId: string) {}
}
/** `playerId` '1234' means the signed-in player; newest first, `page` of them (all up to 500 by default). */
export class ListHandsQuery {
  constructor(readonly actor: Actor, readonly playerId: string, readonly page: { offset: number; limit: number } = { offset: 0, limit: 500 }) {}
}
export class GetLedgerQuery {
  constructor(readonly actor: Actor, readonly day: LedgerQuery) {}
}
/** A page of the player's local day, newest first, with the whole day's totals. */
export class GetLedgerPageQuery {
  constructor(readonly actor: Actor, readonly query: LedgerPageQuery) {}
}

@QueryHandler(GetHandQuery)
export class GetHandHandler implements IQueryHandler<GetHandQuery, Hand> {
  constructor(private readonly hands: HandsReadModel, private readonly accounts: AccountCommands, private readonly progress: ReadModelProgress) {}

  async execute({ actor, handId }: GetHandQuery): Promise<Hand> {
    const { record, playerId: owner } = await handOwner(this.hands, this.progress, actor, handId);
    if (record?.settled) {
      if (!mayRead(actor, record.playerId)) throw notFound('Hand');
      return record.hand;
    }
    // The hand in play comes from the account itself: fresh, with the actions the bank allows now (the actor's
    // own when no one is known to hold it yet: a hand just opened).
    const playerId = owner ?? actor.playerId;
    if (!mayRead(actor, playerId)) throw notFound('Hand');
    const { state } = await this.accounts.load(playerId);
    const meta = state.game.handMeta;
    if (meta && meta.handId === handId) return handView(state.game.hand, meta, state.bank);
    if (record) return record.hand;
    throw notFound('Hand');
  }
}

@QueryHandler(GetHandShoeQuery)
export class GetHandShoeHandler implements IQueryHandler<GetHandShoeQuery, Shoe> {
  constructor(
    private readonly hands: HandsReadModel,
    private readonly shoes: ShoesReadModel,
    private readonly accounts: AccountCommands,
    private readonly progress: ReadModelProgress,
  ) {}

  async execute({ actor, handId }: GetHandShoeQuery): Promise<Shoe> {
    const { record, playerId: owner } = await handOwner(this.hands, this.progress, actor, handId);
    let shoeId = record && mayRead(actor, record.playerId) ? record.hand.shoeId : null;
    if (!record) {
      const playerId = owner ?? actor.playerId;
      const { state } = mayRead(actor, playerId) ? await this.accounts.load(playerId) : { state: null };
      if (state?.game.handMeta?.handId === handId) shoeId = state.game.handMeta.shoeId;
    }
    if (!shoeId) throw shoeNotFound();
    const found = await this.shoes.shoe(shoeId);
    if (!found || !found.shoe.retired) throw new DomainError('ActiveHand', 'Cannot show the shoe: it is still in use.');
    return found.shoe;
  }
}

@QueryHandler(GetShoeQuery)
export class GetShoeHandler implements IQueryHandler<GetShoeQuery, Shoe> {
  constructor(private readonly shoes: ShoesReadModel, private readonly accounts: AccountCommands) {}

  async execute({ actor, shoeId }: GetShoeQuery): Promise<Shoe> {
    const found = await this.shoes.shoe(shoeId);
    if (!found || !mayRead(actor, found.playerId)) throw shoeNotFound();
    if (found.shoe.retired) return found.shoe;
    // A shoe in use: how many hands it has dealt is the account's (the read model stores the count when it retires).
    const { state } = await this.accounts.load(found.playerId);
    const shoe = state.game.shoe;
    return shoe?.shoeId === shoeId ? { ...found.shoe, handCount: shoe.handCount } : found.shoe;
  }
}

@QueryHandler(ListHandsQuery)
export class ListHandsHandler implements IQueryHandler<ListHandsQuery, { items: Hand[]; total: number }> {
  constructor(private readonly hands: HandsReadModel, private readonly commands: CommandPath, private readonly accounts: AccountCommands) {}

  async execute({ actor, playerId, page }: ListHandsQuery): Promise<{ items: Hand[]; total: number }> {
    const id = playerId === '1234' ? actor.playerId : playerId;
    if (!mayRead(actor, id)) throw notFound('Player');
    // The read model holds settled hands; the hand in play, newest of all, comes from the account. It takes the
    // first place of the first page, and every later page starts one settled hand earlier.
    const { state } = await this.accounts.load(id);
    const meta = state.game.handMeta;
    const inPlay = meta && isHandInPlay(state.game) ? handView(state.game.hand, meta, state.bank) : null;
    const settledPage = inPlay ? { offset: Math.max(page.offset - 1, 0), limit: page.offset === 0 ? page.limit - 1 : page.limit } : page;
    const [settled, count] = await Promise.all([settledPage.limit > 0 ? this.hands.handsOf(id, settledPage) : [], this.hands.handCount(id)]);
    const items = inPlay && page.offset === 0 && page.limit > 0 ? [inPlay, ...settled] : settled;
    const total = count + (inPlay ? 1 : 0);
    // Admins and support asking for someone who never signed in: there is no such player.
    if (total === 0 && id !== actor.playerId && !(await this.commands.load(playerStream(id), playerDecider)).state.registered) throw notFound('Player');
    return { items, total };
  }
}

@QueryHandler(GetLedgerQuery)
export class GetLedgerHandler implements IQueryHandler<GetLedgerQuery, LedgerEntry[]> {
  constructor(private readonly ledger: LedgerReadModel) {}

  execute({ actor, day }: GetLedgerQuery): Promise<LedgerEntry[]> {
    const { from, to } = localDayInUtc(day);
    return this.ledger.ledger(actor.playerId, from, to);
  }
}

@QueryHandler(GetLedgerPageQuery)
export class GetLedgerPageHandler implements IQueryHandler<GetLedgerPageQuery, LedgerPage> {
  constructor(private readonly ledger: LedgerReadModel) {}

  async execute({ actor, query }: GetLedgerPageQuery): Promise<LedgerPage> {
    const { from, to } = localDayInUtc(query);
    const { offset, limit } = query;
    const { items, byType } = await this.ledger.ledgerPage(actor.playerId, from, to, { offset, limit });
    const parts = Object.fromEntries(LEDGER_PARTS.map((part) => [part, { amount: 0, lines: 0 }])) as Record<(typeof LEDGER_PARTS)[number], LedgerPartTotal>;
    for (const { type, amount, lines } of byType) {
      const part = parts[LEDGER_PART_OF[type]];
      part.amount += amount;
      part.lines += lines;
    }
    const net = LEDGER_PARTS.reduce((sum, part) => sum + parts[part].amount, 0);
    const total = LEDGER_PARTS.reduce((sum, part) => sum + parts[part].lines, 0);
    return { items, total, offset, limit, totals: { net, parts } };
  }
}

/** The player's local calendar day as a UTC range; `o` is getTimezoneOffset(): UTC = local + o minutes. */
export function localDayInUtc(day: LedgerQuery): { from: Date; to: Date } {
  const midnight = Date.UTC(day.y, day.m - 1, day.d);
  const check = new Date(midnight);
  if (check.getUTCDate() !== day.d || check.getUTCMonth() !== day.m - 1) {
    throw new DomainError('ValidationFailed', `${day.y}-${day.m}-${day.d} is not a date.`);
  }
  const from = new Date(midnight + day.o * 60_000);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

export const gameQueryHandlers = [GetHandHandler, GetHandShoeHandler, GetShoeHandler, ListHandsHandler, GetLedgerHandler, GetLedgerPageHandler];
