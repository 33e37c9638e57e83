import type { ParseKeys } from 'i18next';

export interface MenuItem {
  to: string;
  label: ParseKeys;
  /** Active only on this very path, not on the screens under it. */
  end?: boolean;
}

/** The player menu of spec §2, in order. */
export const PLAYER_MENU: readonly MenuItem[] = [
  { to: '/game', label: 'shell.menu.play' },
  { to: '/deposit', label: 'shell.menu.deposit' },
  { to: '/withdraws', label: 'shell.menu.withdraw' },
  { to: '/bonuses', label: 'shell.menu.bonuses' },
  { to: '/ledger', label: 'shell.menu.ledger' },
];

export interface StaffMenuItem extends MenuItem {
  /** Support may open it too (admins see every item). */
  support?: boolean;
}

/** The Admin dropdown (spec §2: Players and Withdraw Requests, and the other admin screens); support sees its own items only. */
export const ADMIN_MENU: readonly StaffMenuItem[] = [
  { to: '/admin', label: 'shell.menu.adminHome', end: true, support: true },
  { to: '/admin/players', label: 'shell.menu.adminPlayers', support: true },
  { to: '/withdraw-requests', label: 'shell.menu.adminWithdrawRequests' },
  { to: '/admin/redeem-codes', label: 'shell.menu.adminRedeemCodes' },
  { to: '/admin/held-deposits', label: 'shell.menu.adminHeldDeposits' },
  { to: '/admin/support', label: 'staff.menu.ledgerCheck', support: true },
  { to: '/admin/analytics', label: 'staff.menu.analytics' },
  { to: '/admin/reconciliation', label: 'adminReconciliation.menu' },
  { to: '/admin/reserves', label: 'adminReserves.menu' },
  { to: '/admin/audit-log', label: 'staff.menu.auditLog' },
  { to: '/admin/branding', label: 'shell.menu.adminBranding' },
];
