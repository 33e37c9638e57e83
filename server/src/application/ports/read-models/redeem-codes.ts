import type { RedeemCodeView } from '@bahati/contracts';

/** The `redeem-codes` read model. */
export abstract class RedeemCodeReadModel {
  /** Every redeem code, newest first, with its uses. */
  abstract list(): Promise<RedeemCodeView[]>;
}
