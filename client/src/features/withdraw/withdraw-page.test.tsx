import type { WithdrawCancelResponse } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { bonus, withdrawRequest } from '@/test/fixtures';
import { renderWithProviders, tableRows } from '@/test/render';
import { recordRequests, server } from '@/test/server';
import { Component as WithdrawPage } from './withdraw-page';

/** A regtest (the test config's network) payment request for 20,000 sats. */
const INVOICE =
  'lnbcrt200u1p54twgqpp5enxvenxvenxvenxvenxvenxvenxvenxvenxvenxvenxvenxvenxqdq8w3jhxaqxqxuxgzgqcqpfd48thtvyusn9hszhrdf0l7jmq7gmq8p43zncwalfeadtcxllr26phr7a430w2mx3ck8f795ya0dpq3ttcqjpmrsu9lyz6fpcvjs3vpgqz5n9cw';

/** The request button is enabled once the bank has loaded: a click before that opens nothing. */
async function requestButton() {
  const button = await screen.findByRole('button', { name: 'Request a withdrawal' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('the withdraw page', () => {
  it('shows the bank and says when there is no request yet', async () => {
    renderWithProviders(<WithdrawPage />, { route: '/withdraws' });
    expect(await screen.findByText('You have not requested a withdrawal yet.')).toBeInTheDocument();
    expect(within(screen.getByTestId('withdraw-balance')).getByText(/100,000/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request a withdrawal' })).toBeEnabled();
  });

  it('lists the requests with their status', async () => {
    server.use(
      http.get('/api/players/withdrawrequests', () =>
        HttpResponse.json([
          withdrawRequest({ id: 'w-1', amount: 20_000, status: 'Created' }),
          withdrawRequest({ id: 'w-2', amount: 5_000, status: 'Approved', statusCode: 1, payout: 'Paid', paid: true, reference: 'f00dfeedbeefcafe0123456789' }),
          withdrawRequest({ id: 'w-3', amount: 7_000, status: 'Declined', statusCode: 2 }),
        ]),
      ),
    );
    renderWithProviders(<WithdrawPage />, { route: '/withdraws' });
    const rows = await tableRows('Your withdrawal requests', 3);
    expect(rows[0]).toHaveTextContent('In review');
    expect(within(rows[0]).getByRole('button', { name: 'Cancel the request for 20,000 sats' })).toBeEnabled();
    expect(rows[1]).toHaveTextContent('Approved');
    expect(within(rows[1]).queryByRole('button', { name: /Cancel the request/ })).not.toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Declined');
  });

  it('requests a withdrawal through the dialog and says it is recorded', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<WithdrawPage />, { route: '/withdraws' });
    await user.click(await requestButton());
    await user.type(screen.getByLabelText('Amount in sats'), '20000');
    await user.type(screen.getByLabelText('Lightning payment request'), INVOICE);
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText('Your request for 20,000 sats is recorded. We review requests within 24 hours.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await sent.to('POST', '/players/withdraw')).toHaveLength(1);
  });

  it('locks withdrawals while a bonus is being played through', async () => {
    server.use(http.get('/api/players/bonuses', () => HttpResponse.json([bonus({ status: 'Accepted', playthrough: 1_000_000, playthroughTarget: 5_000_000, expiresAt: null })])));
    renderWithProviders(<WithdrawPage />, { route: '/withdraws' });
    expect(await screen.findByText('Withdrawals are locked')).toBeInTheDocument();
    expect(screen.getByText('1,000,000 of 5,000,000 sats wagered: 4,000,000 sats to go.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my bonuses' })).toHaveAttribute('href', '/bonuses');
  });

  it('counts every accepted bonus in the lock, and the request dialog says why before anything is typed', async () => {
    server.use(
      http.get('/api/players/bonuses', () =>
        HttpResponse.json([
          bonus({ id: 'a1', status: 'Accepted', date: '2026-01-01T10:00:00.000Z', playthrough: 1_000_000, playthroughTarget: 5_000_000, expiresAt: null }),
          bonus({ id: 'a2', status: 'Accepted', date: '2026-01-02T10:00:00.000Z', redeemCode: 'SPRING', playthrough: 0, playthroughTarget: 500_000, expiresAt: null }),
        ]),
      ),
    );
    const sent = recordRequests();
    const { user } = renderWithProviders(<WithdrawPage />, { route: '/withdraws' });
    expect(await screen.findByText('1,000,000 of 5,500,000 sats wagered: 4,500,000 sats to go.')).toBeInTheDocument();
    await user.click(await requestButton());
    const dialog = await screen.findByRole('dialog', { name: 'Request a withdrawal' });
    expect(within(dialog).getByText('You cannot request a withdrawal yet: your accepted bonuses still require wagering.')).toBeInTheDocument();
    expect(within(dialog).getByText('1,000,000 of 5,500,000 sats wagered: 4,500,000 sats to go.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'See my bonuses' })).toHaveAttribute('href', '/bonuses');
    expect(within(dialog).queryByLabelText('Amount in sats')).not.toBeInTheDocument();
    expect(await sent.to('POST', '/players/withdraw')).toHaveLength(0);
  });

  it('cancels a request in review after asking', async () => {
    const inReview = withdrawRequest({ id: 'w-1', amount: 20_000 });
    server.use(
      http.get('/api/players/withdrawrequests', () => HttpResponse.json([inReview])),
      http.post('/api/players/withdrawrequests/:id/cancel', ({ params }) =>
        HttpResponse.json<WithdrawCancelResponse>({ request: { ...inReview, id: String(params.id), status: 'Canceled', statusCode: 3 }, bank: 120_000 }),
      ),
    );
    const sent = recordRequests();
    const { user } = renderWithProviders(<WithdrawPage />, { route: '/withdraws' });
    await user.click(await screen.findByRole('button', { name: 'Cancel the request for 20,000 sats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this withdrawal request?' });
    expect(within(dialog).getByText(INVOICE.slice(0, 4), { exact: false })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Request cancelled: 20,000 sats are back in your bank.')).toBeInTheDocument();
    await waitFor(async () => expect(await sent.to('POST', '/players/withdrawrequests/w-1/cancel')).toHaveLength(1));
  });
});
