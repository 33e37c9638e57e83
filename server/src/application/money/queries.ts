import { GetWithdrawalRiskHandler } from './withdrawal-risk';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Deposit, InvoiceStatusResponse, LightningInvoice, WithdrawRequestView } from '@bahati/contracts';
import { type Actor, assertAdmin } from '../actor';
import { DepositsReadModel, InvoicesReadModel, WithdrawalsReadModel } from '../ports/read-models';
import { LightningDeposits } from './lightning-deposits';
import { playerWithdrawView } from './withdraw-views';

export class ListDepositsQuery {
  constructor(readonly actor: Actor) {}
}
export class ListInvoicesQuery {
  constructor(readonly actor: Actor) {}
}
/** Waits (up to 25 s) for the invoice to leave Opened; answers its status. */
export class WaitForInvoiceQuery {
  constructor(readonly actor: Actor, readonly invoiceId: string) {}
}
/** The actor's own withdrawal requests, newest first. */
export class ListWithdrawRequestsQuery {
  constructor(readonly actor: Actor) {}
}
/** Every player's withdrawal requests, newest first (admins). */
export class ListAllWithdrawRequestsQuery {
  constructor(readonly actor: Actor) {}
}

@QueryHandler(ListDepositsQuery)
export class ListDepositsHandler implements IQueryHandler<ListDepositsQuery, Deposit[]> {
  constructor(private readonly deposits: DepositsReadModel) {}
  execute({ actor }: ListDepositsQuery) {
    return this.deposits.deposits(actor.playerId);
  }
}

@QueryHandler(ListInvoicesQuery)
export class ListInvoicesHandler implements IQueryHandler<ListInvoicesQuery, LightningInvoice[]> {
  constructor(private readonly invoices: InvoicesReadModel) {}
  execute({ actor }: ListInvoicesQuery) {
    return this.invoices.invoices(actor.playerId);
  }
}

@QueryHandler(WaitForInvoiceQuery)
export class WaitForInvoiceHandler implements IQueryHandler<WaitForInvoiceQuery, InvoiceStatusResponse> {
  constructor(private readonly lightning: LightningDeposits) {}
  execute({ actor, invoiceId }: WaitForInvoiceQuery) {
    return this.lightning.waitForInvoice(actor.playerId, invoiceId);
  }
}

@QueryHandler(ListWithdrawRequestsQuery)
export class ListWithdrawRequestsHandler implements IQueryHandler<ListWithdrawRequestsQuery, WithdrawRequestView[]> {
  constructor(private readonly withdrawals: WithdrawalsReadModel) {}
  /** The node's failure text is for the admins who retry a payout; the player sees only that it is being paid. */
  async execute({ actor }: ListWithdrawRequestsQuery) {
    const own = await this.withdrawals.withdrawRequests({ playerId: actor.playerId });
    return own.map(playerWithdrawView);
  }
}

@QueryHandler(ListAllWithdrawRequestsQuery)
export class ListAllWithdrawRequestsHandler implements IQueryHandler<ListAllWithdrawRequestsQuery, WithdrawRequestView[]> {
  constructor(private readonly withdrawals: WithdrawalsReadModel) {}
  async execute({ actor }: ListAllWithdrawRequestsQuery) {
    assertAdmin(actor);
    return this.withdrawals.withdrawRequests();
  }
}

export const moneyQueryHandlers = [ListDepositsHandler, ListInvoicesHandler, WaitForInvoiceHandler, ListWithdrawRequestsHandler, ListAllWithdrawRequestsHandler, GetWithdrawalRiskHandler];
