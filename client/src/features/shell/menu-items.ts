import type { ParseKeys } from 'i18next';

export interface MenuItem {
  to: string;
  label: ParseKeys;
}

/** The player menu of spec §2, in order. */
export const PLAYER_MENU: readonly MenuItem[] = [
  { to: '/game', label: 'shell.menu.play' },
  { to: '/deposit', label: 'shell.menu.deposit' },
  { to: '/withdraws', label: 'shell.menu.withdraw' },
  { to: '/bonuses', label: 'shell.menu.bonuses' },
  { to: '/ledger', label: 'shell.menu.ledger' },
];

export const ADMIN_MENU: readonly MenuItem[] = [
  { to: '/admin/players', label: 'shell.menu.adminPlayers' },
  { to: '/withdraw-requests', label: 'shell.menu.adminWithdrawRequests' },
  { to: '/admin/redeem-codes', label: 'shell.menu.adminRedeemCodes' },
];
