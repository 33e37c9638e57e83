import type { HeldDeposit } from '@bahati/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { PLAYER_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, asStaff, recordRequests, server } from '@/test/server';
import { Component as AdminHeldDepositsPage } from './admin-held-deposits-page';

const REASON = 'Source of funds checked by phone';
const open = { status: 'Held' as const, reason: null, target: null, reference: null, failure: null, decidedAt: null };
const lightning: HeldDeposit = {
  method: 'lightning', id: 'inv-9', playerId: PLAYER_ID, email: 'ada@example.com', amount: 300_000, bank: 9_900_000, maxBank: 10_000_000, time: '2026-01-05T10:00:00.000Z', ...open,
};
const onChain: HeldDeposit = { ...lightning, method: 'bitcoin', id: 'ab12:0', email: 'bo@example.com', amount: 50_000, bank: 20_000, maxBank: 10_000_000 };

let rows: HeldDeposit[];
beforeEach(() => {
  asStaff('admin');
  rows = [lightning];
  server.use(http.get('/api/admin/held-deposits', () => HttpResponse.json(rows)));
});

async function openRow(user: ReturnType<typeof renderWithProviders>['user'], action: RegExp) {
  const table = await screen.findByRole('table', { name: 'Deposits held for review' });
  await user.click(await within(table).findByRole('button', { name: action }));
}

describe('the held deposits', () => {
  it('says when nothing is held', async () => {
    rows = [];
    renderWithProviders(<AdminHeldDepositsPage />, { route: '/admin/held-deposits' });
    expect(await screen.findByText('No deposits are held.')).toBeInTheDocument();
  });

  it('releases a deposit past the limit only with a reason and the tick, after showing the figures', async () => {
    const sent = recordRequests();
    server.use(
      http.post('/api/admin/held-deposits/release', () => {
        rows = [{ ...lightning, status: 'Released', bank: 10_200_000, reason: REASON, decidedAt: '2026-01-06T09:00:00.000Z' }];
        return HttpResponse.json(rows);
      }),
    );
    const { user } = renderWithProviders(<AdminHeldDepositsPage />, { route: '/admin/held-deposits' });
    await openRow(user, /Release the deposit of ada@example.com/);
    const dialog = await screen.findByRole('dialog', { name: 'Release this deposit?' });
    const figures = within(dialog).getByTestId('release-figures');
    expect(figures).toHaveTextContent('Bank now9,900,000 sats');
    expect(figures).toHaveTextContent('Deposit300,000 sats');
    expect(figures).toHaveTextContent('Bank after10,200,000 sats');
    expect(figures).toHaveTextContent('Most a bank may hold10,000,000 sats');
    expect(within(dialog).getByText('This takes the bank 200,000 sats past the limit.')).toBeInTheDocument();

    // Past the limit, the button waits for the tick.
    expect(within(dialog).getByRole('button', { name: 'Release deposit' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Credit past the limit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Release deposit' }));
    expect(within(dialog).getByText('Give a reason: it is kept in the audit log.')).toBeInTheDocument();
    expect(await sent.to('POST', '/admin/held-deposits/release')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Release deposit' }));
    expect(await screen.findByText('300,000 sats were credited to ada@example.com.')).toBeInTheDocument();
    expect((await sent.to('POST', '/admin/held-deposits/release')).map((r) => r.body)).toEqual([
      { playerId: PLAYER_ID, method: 'lightning', id: 'inv-9', reason: REASON, confirmPastLimit: true },
    ]);
    const row = await screen.findByTestId('held-inv-9');
    expect(within(row).getByTestId('held-status')).toHaveTextContent('Released');
    expect(within(row).getByText(REASON)).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('refunds an on-chain deposit to the address typed, with a reason, and shows where it went', async () => {
    rows = [onChain];
    const sent = recordRequests();
    server.use(
      http.post('/api/admin/held-deposits/refund', () => {
        rows = [{ ...onChain, status: 'Refunded', reason: REASON, target: 'bcrt1qback', reference: 'txback', decidedAt: '2026-01-06T09:00:00.000Z' }];
        return HttpResponse.json(rows);
      }),
    );
    const { user } = renderWithProviders(<AdminHeldDepositsPage />, { route: '/admin/held-deposits' });
    await openRow(user, /Refund the deposit of bo@example.com/);
    const dialog = await screen.findByRole('dialog', { name: 'Refund this deposit?' });
    expect(within(dialog).getByText('50,000 sats go back to bo@example.com, and the deposit is never credited.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Refund deposit' }));
    expect(await within(dialog).findByText('Enter the Bitcoin address to send it to.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Bitcoin address to send it to' }), ' bcrt1qback ');
    await user.click(within(dialog).getByRole('button', { name: 'Refund deposit' }));
    expect(await screen.findByText('50,000 sats were sent back to bo@example.com.')).toBeInTheDocument();
    expect((await sent.to('POST', '/admin/held-deposits/refund')).map((r) => r.body)).toEqual([
      { playerId: PLAYER_ID, method: 'bitcoin', id: 'ab12:0', target: 'bcrt1qback', reason: REASON },
    ]);
    const row = await screen.findByTestId('held-ab12:0');
    expect(within(row).getByTestId('held-status')).toHaveTextContent('Refunded');
    expect(within(row).getByText('bcrt1qback')).toBeInTheDocument();
    expect(within(row).getByText('txback')).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's words when the destination is refused", async () => {
    server.use(http.post('/api/admin/held-deposits/refund', () => apiError('InvalidPaymentRequest', 400, 'The payment request is for another amount.')));
    const { user } = renderWithProviders(<AdminHeldDepositsPage />, { route: '/admin/held-deposits' });
    await openRow(user, /Refund the deposit of ada@example.com/);
    const dialog = await screen.findByRole('dialog', { name: 'Refund this deposit?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Lightning payment request to pay' }), 'lnbcrt1other');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Refund deposit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The deposit could not be refunded: The payment request is for another amount.');
  });

  it('releases a deposit that no longer passes the limit without a tick', async () => {
    rows = [{ ...lightning, bank: 1_000_000 }];
    const sent = recordRequests();
    server.use(http.post('/api/admin/held-deposits/release', () => HttpResponse.json([])));
    const { user } = renderWithProviders(<AdminHeldDepositsPage />, { route: '/admin/held-deposits' });
    await openRow(user, /Release the deposit of ada@example.com/);
    const dialog = await screen.findByRole('dialog', { name: 'Release this deposit?' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Release deposit' }));
    expect(await screen.findByText('300,000 sats were credited to ada@example.com.')).toBeInTheDocument();
    expect((await sent.to('POST', '/admin/held-deposits/release')).map((r) => r.body)).toEqual([
      { playerId: PLAYER_ID, method: 'lightning', id: 'inv-9', reason: REASON, confirmPastLimit: false },
    ]);
  });

  it('shows a failed refund with why, and retries it', async () => {
    const failed: HeldDeposit = { ...lightning, status: 'RefundFailed', reason: REASON, target: 'lnbcrt1back', failure: 'no route', decidedAt: '2026-01-06T09:00:00.000Z' };
    rows = [failed];
    const sent = recordRequests();
    server.use(
      http.post('/api/admin/held-deposits/refund-retry', () => {
        rows = [{ ...failed, status: 'Refunded', failure: null, reference: 'hash-1' }];
        return HttpResponse.json(rows);
      }),
    );
    const { user } = renderWithProviders(<AdminHeldDepositsPage />, { route: '/admin/held-deposits' });
    const row = await screen.findByTestId('held-inv-9');
    expect(within(row).getByTestId('held-status')).toHaveTextContent('Refund failed');
    expect(within(row).getByTestId('refund-failure')).toHaveTextContent('The node said: no route');
    await user.click(within(row).getByRole('button', { name: 'Retry refund' }));
    expect(await screen.findByText('300,000 sats were sent back to ada@example.com.')).toBeInTheDocument();
    expect((await sent.to('POST', '/admin/held-deposits/refund-retry')).map((r) => r.body)).toEqual([{ playerId: PLAYER_ID, method: 'lightning', id: 'inv-9' }]);
    expect(within(await screen.findByTestId('held-inv-9')).getByTestId('held-status')).toHaveTextContent('Refunded');
  });
});
