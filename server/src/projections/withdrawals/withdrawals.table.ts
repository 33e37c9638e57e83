import type { ColumnType, Generated } from 'kysely';

export interface WithdrawRequestsTable {
  id: string;
  player_id: string;
  amount: number;
  method: 'lightning' | 'bitcoin';
  /** Bitcoin address or Lightning payment request. */
  target: string;
  /** `Canceled`: the player cancelled it while it was in review. */
  status: 'Created' | 'Approved' | 'Declined' | 'Canceled';
  request_time: ColumnType<Date, Date | string, never>;
  reviewer_id: string | null;
  decision_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** Payment hash or transaction id of the payout. */
  reference: string | null;
  paid: Generated<boolean>;
  /** Where the payout of an approved request is: not started, under way, failed (retry by approving again) or paid. */
  payout: Generated<'None' | 'Paying' | 'Failed' | 'Paid'>;
  /** The node's reason for the last failed payout; null unless `payout` is `Failed`. */
  payout_error: string | null;
  /** When the payout last started, failed or was paid. */
  payout_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** The first of two approvals a request above the four-eyes amount needs; null until given (and for smaller requests). */
  first_reviewer_id: string | null;
  first_approval_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
  first_approval_reason: string | null;
  /** The reason given with the approval or the decline, when one was. */
  decision_reason: string | null;
}

/** The withdrawals read model's table, by name (composed into `ReadModels` in ../schema.ts). */
export interface WithdrawalsTables {
  withdraw_requests: WithdrawRequestsTable;
}
