import type { Deposit, LightningInvoice } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, tableRows } from '@/test/render';
import { apiError, pushPlayerEvent, recordRequests, server } from '@/test/server';
import { Component as DepositPage } from './deposit-page';

const INVOICE = 'lnbc50u1p3depositinvoiceexample';
const ADDRESS = 'bc1qdeposit0address0example0000000000000';

beforeEach(() => {
  server.use(
    http.get('/api/players/getlightninginvoices', () => HttpResponse.json<LightningInvoice[]>([])),
    http.get('/api/players/deposits', () => HttpResponse.json<Deposit[]>([])),
  );
});

const lightning = () => within(screen.getByTestId('lightning-section'));

describe('the deposit page', () => {
  it('shows the bank and both ways to deposit', async () => {
    renderWithProviders(<DepositPage />, { route: '/deposit' });
    expect(await screen.findByText('No invoices yet. Create one above.')).toBeInTheDocument();
    expect(within(screen.getByTestId('deposit-bank')).getByText(/100,000/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show my deposit address' })).toBeEnabled();
  });

  it('refuses an invoice under the Lightning minimum and sends nothing', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<DepositPage />, { route: '/deposit' });
    await user.type(lightning().getByLabelText('Amount in sats'), '500');
    await user.click(lightning().getByRole('button', { name: 'Generate invoice' }));
    expect(await screen.findByText('Deposit Amount must be at least 1000 Satoshis.')).toBeInTheDocument();
    expect(await sent.to('POST', '/players/lightningaddinvoice')).toHaveLength(0);
  });

  it('creates an invoice, shows it to pay, and says when it is paid', async () => {
    server.use(http.post('/api/players/lightningaddinvoice', () => HttpResponse.json({ id: 'inv-1', paymentRequest: INVOICE })));
    const sent = recordRequests();
    const { user } = renderWithProviders(<DepositPage />, { route: '/deposit' });
    await user.type(lightning().getByLabelText('Amount in sats'), '5000');
    await user.click(lightning().getByRole('button', { name: 'Generate invoice' }));

    const dialog = await screen.findByRole('dialog', { name: 'Pay this invoice' });
    expect(within(dialog).getByText('Waiting for payment…')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Open in wallet/ })).toHaveAttribute('href', `lightning:${INVOICE}`);
    const posts = await sent.to('POST', '/players/lightningaddinvoice');
    expect(posts.map((p) => p.body)).toEqual([{ amount: '5000' }]);
    expect(posts[0].headers.get('Idempotency-Key')).toBeTruthy();

    // The server pushes the settlement on the player's channel.
    await waitFor(() => pushPlayerEvent({ type: 'InvoiceSettled', id: 'inv-1', amount: 5_000 }));
    const paid = await screen.findByRole('dialog', { name: 'Deposit received' });
    expect(within(paid).getByText('5,000 sats are in your bank. Good luck at the table!')).toBeInTheDocument();
  });

  it('leads to the limits when a deposit limit refuses the invoice', async () => {
    server.use(http.post('/api/players/lightningaddinvoice', () => apiError('LimitReached', 403)));
    const { user } = renderWithProviders(<DepositPage />, { route: '/deposit' });
    await user.type(lightning().getByLabelText('Amount in sats'), '5000');
    await user.click(lightning().getByRole('button', { name: 'Generate invoice' }));
    const alert = await screen.findByTestId('deposit-error');
    expect(within(alert).getByRole('link', { name: 'See my limits' })).toHaveAttribute('href', '/profile#limits');
  });

  it('shows the deposit address on request', async () => {
    server.use(http.get('/api/players/getbitcoinaddress', () => HttpResponse.json({ address: ADDRESS })));
    const { user } = renderWithProviders(<DepositPage />, { route: '/deposit' });
    await user.click(await screen.findByRole('button', { name: 'Show my deposit address' }));
    expect((await screen.findAllByText(ADDRESS)).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
  });

  it('lists on-chain deposits with their status, one sent back as returned', async () => {
    server.use(
      http.get('/api/players/deposits', () =>
        HttpResponse.json<Deposit[]>([
          { time: '2026-01-05T10:00:00.000Z', depositAmount: 40_000, status: 'Pending', transactionId: 'a'.repeat(64), vout: 0, address: ADDRESS, confirmations: 0 },
          { time: '2026-01-04T10:00:00.000Z', depositAmount: 10_000, status: 'Deposited', transactionId: 'b'.repeat(64), vout: 1, address: ADDRESS, confirmations: 3 },
          // Held past the most a bank may hold, then sent back by an admin.
          { time: '2026-01-03T10:00:00.000Z', depositAmount: 90_000, status: 'Returned', transactionId: 'c'.repeat(64), vout: 0, address: ADDRESS, confirmations: 3 },
        ]),
      ),
    );
    renderWithProviders(<DepositPage />, { route: '/deposit' });
    const [pending, done, returned] = await tableRows('Your Bitcoin deposits', 3);
    expect(pending).toHaveTextContent('Unconfirmed');
    expect(done).toHaveTextContent('Deposited');
    expect(returned).toHaveTextContent('Returned to you');
  });
});
