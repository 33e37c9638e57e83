import { NotFoundException } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Hand, LedgerEntry, LedgerQuery, Shoe } from '@bahati/contracts';
import { handView } from '../../domain/account/game-view';
import { DomainError } from '../../domain/decider';
import type { Principal } from '../../adapters/http/auth';
import { GameRepository } from '../../adapters/read-models/game.repository';
import { AccountCommands } from '../account-commands';

const notFound = (what: string) => new NotFoundException({ statusCode: 404, error: 'NotFound', message: `${what} not found.` });
const shoeNotFound = () => new DomainError('ShoeNotFound', 'Shoe not found.');
const mayRead = (user: Principal, ownerId: string) => user.playerId === ownerId || user.isAdmin;

export class GetHandQuery {
  constructor(readonly user: Principal, readonly handId: string) {}
}
export class GetHandShoeQuery {
  constructor(readonly user: Principal, readonly handId: string) {}
}
export class GetShoeQuery {
  constructor(readonly user: Principal, readonly shoeId: string) {}
}
/** `playerId` '1234' means the signed-in player. */
export class ListHandsQuery {
  constructor(readonly user: Principal, readonly playerId: string) {}
}
export class GetLedgerQuery {
  constructor(readonly user: Principal, readonly day: LedgerQuery) {}
}

@QueryHandler(GetHandQuery)
export class GetHandHandler implements IQueryHandler<GetHandQuery, Hand> {
  constructor(private readonly hands: GameRepository, private readonly accounts: AccountCommands) {}

  async execute({ user, handId }: GetHandQuery): Promise<Hand> {
    const record = await this.hands.hand(handId);
    if (record && !mayRead(user, record.playerId)) throw notFound('Hand');
    if (record?.settled) return record.hand;
    // The hand in play comes from the account itself: fresh, with the actions the bank allows now.
    const { state } = await this.accounts.load(record?.playerId ?? user.playerId);
    const meta = state.game.handMeta;
    if (meta && meta.handId === handId) return handView(state.game.hand, meta, state.bank);
    if (record) return record.hand;
    throw notFound('Hand');
  }
}

@QueryHandler(GetHandShoeQuery)
export class GetHandShoeHandler implements IQueryHandler<GetHandShoeQuery, Shoe> {
  constructor(private readonly hands: GameRepository, private readonly accounts: AccountCommands) {}

  async execute({ user, handId }: GetHandShoeQuery): Promise<Shoe> {
    const record = await this.hands.hand(handId);
    let shoeId = record && mayRead(user, record.playerId) ? record.hand.shoeId : null;
    if (!record) {
      const { state } = await this.accounts.load(user.playerId);
      if (state.game.handMeta?.handId === handId) shoeId = state.game.handMeta.shoeId;
    }
    if (!shoeId) throw shoeNotFound();
    const found = await this.hands.shoe(shoeId);
    if (!found || !found.shoe.retired) throw new DomainError('ActiveHand', 'Cannot show the shoe: it is still in use.');
    return found.shoe;
  }
}

@QueryHandler(GetShoeQuery)
export class GetShoeHandler implements IQueryHandler<GetShoeQuery, Shoe> {
  constructor(private readonly hands: GameRepository) {}

  async execute({ user, shoeId }: GetShoeQuery): Promise<Shoe> {
    const found = await this.hands.shoe(shoeId);
    if (!found || !mayRead(user, found.playerId)) throw shoeNotFound();
    return found.shoe;
  }
}

@QueryHandler(ListHandsQuery)
export class ListHandsHandler implements IQueryHandler<ListHandsQuery, Hand[]> {
  constructor(private readonly hands: GameRepository) {}

  async execute({ user, playerId }: ListHandsQuery): Promise<Hand[]> {
    const id = playerId === '1234' ? user.playerId : playerId;
    if (!mayRead(user, id)) throw notFound('Player');
    return this.hands.handsOf(id);
  }
}

@QueryHandler(GetLedgerQuery)
export class GetLedgerHandler implements IQueryHandler<GetLedgerQuery, LedgerEntry[]> {
  constructor(private readonly hands: GameRepository) {}

  execute({ user, day }: GetLedgerQuery): Promise<LedgerEntry[]> {
    const { from, to } = localDayInUtc(day);
    return this.hands.ledger(user.playerId, from, to);
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

export const gameQueryHandlers = [GetHandHandler, GetHandShoeHandler, GetShoeHandler, ListHandsHandler, GetLedgerHandler];
