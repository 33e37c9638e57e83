import type { AuditEntry, AuditLogPage } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { asStaff, recordRequests, server } from '@/test/server';
import { Component as AuditPage } from './admin-audit-page';

const PLAYER = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: `e-${over.action ?? 'x'}`,
  at: '2026-03-01T12:00:00.000Z',
  action: 'Ban',
  staffId: 'a1',
  staffEmail: 'boss@example.com',
  subject: PLAYER,
  playerId: PLAYER,
  playerEmail: 'ada@example.com',
  amount: null,
  reason: null,
  before: null,
  after: null,
  ...over,
});

const rows = [
  entry({ action: 'Ban', reason: 'Four accounts, one address', before: 'active', after: 'banned' }),
  entry({ action: 'SuspectLevel', reason: 'Bets follow the count', before: '12', after: '40' }),
  entry({ action: 'WithdrawalDeclined', subject: 'w-1', amount: 70_000, before: 'Created', after: 'Declined' }),
];

describe('the audit log', () => {
  it('lists each staff decision with who, on whom, why and the change, filters it and exports the same rows', async () => {
    asStaff('admin');
    server.use(
      http.get('/api/admin/audit-log', ({ request }) => {
        const action = new URL(request.url).searchParams.get('action');
        const items = rows.filter((r) => !action || r.action === action);
        return HttpResponse.json<AuditLogPage>({ items, total: items.length });
      }),
      http.get('/api/admin/audit-log.csv', () => new HttpResponse('at,action\r\n', { headers: { 'content-type': 'text/csv' } })),
    );
    const sent = recordRequests();
    const { user } = renderWithProviders(<AuditPage />, { route: '/admin/audit-log' });
    const table = await screen.findByRole('table', { name: '3 decisions' });
    const ban = within(table).getByText('Ban').closest('tr')!;
    expect(within(ban).getByText('boss@example.com')).toBeInTheDocument();
    expect(within(ban).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', `/admin/players/${PLAYER}`);
    expect(within(ban).getByText('active → banned')).toBeInTheDocument();
    expect(within(ban).getByText('Four accounts, one address')).toBeInTheDocument();
    expect(within(within(table).getByText('Suspect level').closest('tr')!).getByText('12 → 40')).toBeInTheDocument();
    expect(within(within(table).getByText('Withdrawal declined').closest('tr')!).getByText('70,000 sats')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Action'), 'SuspectLevel');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByRole('table', { name: '1 decisions' })).toBeInTheDocument();

    const created = vi.fn(() => 'blob:audit');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    // The download link is clicked, not followed (jsdom has no downloads).
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(created).toHaveBeenCalled();
    const [csv] = await sent.to('GET', '/admin/audit-log.csv');
    expect(csv!.query.get('action')).toBe('SuspectLevel');
  });
});
