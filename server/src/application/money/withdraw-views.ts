import type { WithdrawRequestView } from '@bahati/contracts';

/**
 * A withdrawal request as its player sees it (their list, the answer to their cancel): without the admins' decision
 * trail (who gave a first approval, when and why, the reason of a decision) and the node's failure text.
 */
export function playerWithdrawView(request: WithdrawRequestView): WithdrawRequestView {
  return { ...request, payoutError: null, firstApproval: null, decisionReason: null };
}

/**
 * A withdrawal request as support staff see it in a player's overview: the same as the player sees. Deciding
 * withdrawals, and so the decisions' trail, is the admins' alone.
 */
export const supportWithdrawView = playerWithdrawView;
