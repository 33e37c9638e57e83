import type { WithdrawRequestView } from '@bahati/contracts';

/** The `withdraw-requests` read model. */
export abstract class WithdrawalsReadModel {
  abstract withdrawRequests(filter?: { playerId?: string; id?: string }): Promise<WithdrawRequestView[]>;
  abstract withdrawalOwner(id: string): Promise<string | null>;
}
