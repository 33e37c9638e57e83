import type { WithdrawalRisk, WithdrawRequestView } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PLAYER_ID, player, withdrawRequest } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, recordRequests, server } from '@/test/server';
import { Component as AdminWithdrawalsPage } from './admin-withdrawals-page';

const inReview = withdrawRequest({ id: 'w-1', amount: 20_000, email: 'ada@example.com' });
const paid = withdrawRequest({ id: 'w-2', amount: 5_000, email: 'bob@example.com', status: 'Approved', statusCode: 1, payout: 'Paid', paid: true, reference: 'hash-abc' });
const failed = withdrawRequest({ id: 'w-3', amount: 8_000, email: 'cy@example.com', status: 'Approved', statusCode: 1, payout: 'Failed', payoutError: 'no route' });

function listing(rows: WithdrawRequestView[]) {
  server.use(
    http.get('/api/players/1234', () => HttpResponse.json(player({ isAdmin: true }))),
    http.get('/api/players/adminwithdrawrequests', () => HttpResponse.json(rows)),
  );
}

function rowOf(email: string) {
  return screen.getByRole('cell', { name: email }).closest('tr')!;
}

describe('the withdrawal approvals', () => {
  it('lists every request, with Approve and Decline only on those in review', async () => {
    listing([inReview, paid, failed]);
    renderWithProviders(<AdminWithdrawalsPage />, { route: '/withdraw-requests' });
    await screen.findByRole('table', { name: 'All withdrawal requests' });
    await screen.findByText('ada@example.com');
    const review = within(rowOf('ada@example.com'));
    expect(review.getByRole('button', { name: 'Approve the request of ada@example.com for 20,000 sats' })).toBeEnabled();
    expect(review.getByRole('button', { name: 'Decline the request of ada@example.com for 20,000 sats' })).toBeEnabled();
    const done = within(rowOf('bob@example.com'));
    expect(done.getByText('Paid')).toBeInTheDocument();
    expect(done.queryByRole('button', { name: /Approve|Decline|Retry/ })).toBeNull();
    expect(within(rowOf('cy@example.com')).getByRole('button', { name: 'Retry the payout of 8,000 sats to cy@example.com' })).toBeEnabled();
    // A failed payout may be declined and refunded instead (the server asks the node that nothing was paid).
    expect(within(rowOf('cy@example.com')).getByRole('button', { name: 'Decline the request of cy@example.com for 8,000 sats' })).toBeEnabled();
  });

  it('declines a request whose payout failed, after confirming', async () => {
    listing([failed]);
    server.use(http.put('/api/players/declinewithdrawrequest', () => HttpResponse.json({ ...failed, status: 'Declined', statusCode: 2 })));
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminWithdrawalsPage />, { route: '/withdraw-requests' });
    await user.click(await screen.findByRole('button', { name: /Decline the request of cy@example.com/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline and refund' }));
    expect(await screen.findByText('Declined; 8,000 sats went back to the player.')).toBeInTheDocument();
    expect((await sent.to('PUT', '/players/declinewithdrawrequest'))[0].query.get('id')).toBe('w-3');
  });

  it('approves after confirming, with one request, and shows the reference', async () => {
    const rows = [inReview];
    listing(rows);
    server.use(
      http.put('/api/players/approvewithdrawrequest', () => {
        rows[0] = { ...inReview, status: 'Approved', statusCode: 1, payout: 'Paid', paid: true, reference: 'payhash-123' };
        return HttpResponse.json(rows[0]);
      }),
    );
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminWithdrawalsPage />, { route: '/withdraw-requests' });
    await user.click(await screen.findByRole('button', { name: /Approve the request of ada@example.com/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and pay this withdrawal?' });
    expect(within(dialog).getByText(/The node pays 20,000 sats/)).toBeInTheDocument();
    expect(await sent.to('PUT', '/players/approvewithdrawrequest')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByText('Approved and paid. Reference payhash-123.')).toBeInTheDocument();
    const puts = await sent.to('PUT', '/players/approvewithdrawrequest');
    expect(puts).toHaveLength(1);
    expect(puts[0].query.get('id')).toBe('w-1');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Approve the request/ })).not.toBeInTheDocument());
  });

  it('shows the risk before paying: a shared destination and the suspect level in the queue, the whole picture in the confirmation', async () => {
    listing([inReview]);
    const risk: WithdrawalRisk = {
      withdrawalId: 'w-1', playerId: inReview.playerId, email: 'ada@example.com', createdTime: '2026-03-01T10:00:00.000Z', accountAgeDays: 2,
      banned: false, selfExcluded: false, suspectLevel: 60, latestSuspect: [{ time: '2026-03-02T10:00:00.000Z', reason: 'BetDeviation', suspectChange: 10 }],
      deposited: 50_000, withdrawn: 20_000, gameNet: -5_000, bonuses: 0, bank: 25_000,
      sharedWith: [
        { playerId: '0f9e8d7c-6b5a-4938-8271-605f4e3d2c1b', email: 'mule2@example.com', requests: 1 },
        { playerId: '1f9e8d7c-6b5a-4938-8271-605f4e3d2c1b', email: 'mule3@example.com', requests: 1 },
      ],
      approvalsNeeded: 1, heldForReview: false, holdLevel: 70,
    };
    server.use(http.get('/api/admin/withdraw-risk', () => HttpResponse.json([risk])));
    const { user } = renderWithProviders(<AdminWithdrawalsPage />, { route: '/withdraw-requests' });
    const flags = await screen.findByTestId('risk-flags');
    expect(within(flags).getByText('Same destination as 2 other players')).toBeInTheDocument();
    expect(within(flags).getByText('Suspect level 60')).toBeInTheDocument();
    expect(within(flags).getByText('New account (2 days)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Approve the request of ada@example.com/ }));
    const panel = within(await screen.findByTestId('risk-panel'));
    expect(panel.getByRole('link', { name: 'mule2@example.com' })).toHaveAttribute('href', '/admin/players/0f9e8d7c-6b5a-4938-8271-605f4e3d2c1b');
    expect(panel.getByText('Bet deviation', { exact: false })).toBeInTheDocument();
    expect(panel.getByTestId('risk-game-net')).toHaveTextContent('−5,000 sats');
  });

  it('declines after confirming and says the amount went back', async () => {
    listing([inReview]);
    server.use(http.put('/api/players/declinewithdrawrequest', () => HttpResponse.json({ ...inReview, status: 'Declined', statusCode: 2 })));
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminWithdrawalsPage />, { route: '/withdraw-requests' });
    await user.click(await screen.findByRole('button', { name: /Decline the request of ada@example.com/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline and refund' }));
    expect(await screen.findByText('Declined; 20,000 sats went back to the player.')).toBeInTheDocument();
    expect((await sent.to('PUT', '/players/declinewithdrawrequest'))[0].query.get('id')).toBe('w-1');
  });

  it('Go back sends nothing', async () => {
    listing([inReview]);
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminWithdrawalsPage />, { route: '/withdraw-requests' });
    await user.click(await screen.findByRole('button', { name: /Approve the request of ada@example.com/ }));
    await user.click(await screen.findByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect((await sent.all()).filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it("shows the server's words when a decision fails", async () => {
    listing([inReview]);
    server.use(http.put('/api/players/approvewithdrawrequest', () => apiError('NodeUnavailable', 503, 'The Lightning node is not reachable')));
    const { user } = renderWithProviders(<AdminWithdrawalsPage />, { route: '/withdraw-requests' });
    await user.click(await screen.findByRole('button', { name: /Approve the request of ada@example.com/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The request could not be updated: The Lightning node is not reachable');
  });

  const riskOf = (over: Partial<WithdrawalRisk>): WithdrawalRisk => ({
    withdrawalId: 'w-1', playerId: inReview.playerId, email: 'ada@example.com', createdTime: '2025-03-01T10:00:00.000Z', accountAgeDays: 300,
    banned: false, selfExcluded: false, suspectLevel: 0, latestSuspect: [], deposited: 50_000, withdrawn: 20_000, gameNet: 0, bonuses: 0, bank: 30_000,
    sharedWith: [], approvalsNeeded: 1, heldForReview: false, holdLevel: 50, ...over,
  });

  it('records the first of two approvals of a large request, and then waits for another admin', async () => {
    listing([inReview]);
    server.use(http.get('/api/admin/withdraw-risk', () => HttpResponse.json([riskOf({ approvalsNeeded: 2 })])));
    const firstGiven = { ...inReview, firstApproval: { reviewerId: PLAYER_ID, email: 'me@bahati.test', time: '2026-01-05T11:00:00.000Z', reason: null } };
    let rows: WithdrawRequestView[] = [inReview];
    server.use(
      http.get('/api/players/adminwithdrawrequests', () => HttpResponse.json(rows)),
      http.put('/api/players/approvewithdrawrequest', () => {
        rows = [firstGiven];
        return HttpResponse.json(firstGiven);
      }),
    );
    const { user } = renderWithProviders(<AdminWithdrawalsPage />, { route: '/withdraw-requests' });
    expect(within(await screen.findByTestId('risk-flags')).getByText('Needs two admins')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Approve the request of ada@example.com/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('your approval is the first of two');
    await user.click(within(dialog).getByRole('button', { name: 'Record approval 1 of 2' }));
    expect(await screen.findByText('Approval 1 of 2 recorded. Another admin must approve before anything is paid.')).toBeInTheDocument();
    expect(await screen.findByTestId('admin-withdraw-first-approval')).toHaveTextContent('Approval 1 of 2 by me@bahati.test');
    expect(screen.getByTestId('admin-withdraw-waiting')).toHaveTextContent('Awaiting another admin');
    expect(screen.queryByRole('button', { name: /Approve the request/ })).not.toBeInTheDocument();
  });

  it('lets a different admin give the second approval, which pays', async () => {
    const firstGiven = { ...inReview, firstApproval: { reviewerId: 'another-admin', email: 'boss@bahati.test', time: '2026-01-05T11:00:00.000Z', reason: null } };
    listing([firstGiven]);
    server.use(http.get('/api/admin/withdraw-risk', () => HttpResponse.json([riskOf({ approvalsNeeded: 2 })])));
    const { user } = renderWithProviders(<AdminWithdrawalsPage />, { route: '/withdraw-requests' });
    await user.click(await screen.findByRole('button', { name: /Approve the request of ada@example.com/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('boss@bahati.test gave the first approval. Yours pays 20,000 sats now');
    expect(within(dialog).getByRole('button', { name: 'Approve and pay' })).toBeEnabled();
  });

  it('approves a player held for review only with a reason, which it sends', async () => {
    listing([inReview]);
    server.use(http.get('/api/admin/withdraw-risk', () => HttpResponse.json([riskOf({ suspectLevel: 70, heldForReview: true })])));
    server.use(http.put('/api/players/approvewithdrawrequest', () => HttpResponse.json({ ...inReview, status: 'Approved', statusCode: 1, paid: true, payout: 'Paid', reference: 'h' })));
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminWithdrawalsPage />, { route: '/withdraw-requests' });
    expect(within(await screen.findByTestId('risk-flags')).getByText('Held for review: level 70 (hold at 50)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Approve the request of ada@example.com/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByTestId('admin-withdraw-held')).toHaveTextContent('held for review (suspect level 70, hold at 50)');
    await user.click(dialog.getByRole('button', { name: 'Approve and pay' }));
    expect((await sent.all()).filter((r) => r.method === 'PUT')).toHaveLength(0);
    await user.type(dialog.getByRole('textbox'), 'Called the player; deposits match the wins');
    await user.click(dialog.getByRole('button', { name: 'Approve and pay' }));
    const puts = await sent.to('PUT', '/players/approvewithdrawrequest');
    expect(puts).toHaveLength(1);
    expect(puts[0].body).toEqual({ reason: 'Called the player; deposits match the wins' });
  });
});
