import type { LiabilityCommitmentView, ReservesView } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMMITMENT_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, asStaff, recordRequests, server } from '@/test/server';
import { Component as ReservesPage } from './admin-reserves-page';

const commitment: LiabilityCommitmentView = { id: COMMITMENT_ID, rootHash: 'ab'.repeat(32), total: 1_050_000, players: 37, position: '88120', committedAt: '2026-03-01T00:00:00.000Z' };

function reserves(overrides: Partial<ReservesView> = {}): ReservesView {
  return {
    checkedAt: '2026-03-01T09:30:00.000Z',
    onChain: { confirmed: 1_200_000, outputs: 14, addresses: 52, source: 'bitcoin-core' },
    lightning: { channels: 250_000, wallet: 50_000, source: 'lnd' },
    total: 1_500_000,
    liabilities: commitment,
    banksNow: 1_080_000,
    ratio: 1_500_000 / 1_050_000,
    errors: [],
    ...overrides,
  };
}

let current: ReservesView;

beforeEach(() => {
  asStaff('admin');
  current = reserves();
  server.use(
    http.get('/api/admin/reserves', () => HttpResponse.json(current)),
    http.post('/api/admin/liabilities', () => {
      const made: LiabilityCommitmentView = { id: '6d1e8f20-3b4c-4d5e-9f60-718293a4b5c6', rootHash: 'cd'.repeat(32), total: 1_080_000, players: 38, position: '88200', committedAt: '2026-03-01T09:31:00.000Z' };
      current = reserves({ liabilities: made, ratio: 1_500_000 / 1_080_000 });
      return HttpResponse.json(made);
    }),
  );
});

describe('the reserves screen', () => {
  it('shows the reserves by source, the newest commitment, the banks now and the ratio', async () => {
    renderWithProviders(<ReservesPage />, { route: '/admin/reserves' });
    expect(await screen.findByTestId('reserves-total')).toHaveTextContent('1,500,000 sats');
    expect(screen.getByTestId('reserves-liabilities')).toHaveTextContent('1,050,000 sats');
    expect(screen.getByTestId('reserves-liabilities')).toHaveTextContent('37 players');
    expect(screen.getByTestId('reserves-banks-now')).toHaveTextContent('1,080,000 sats');
    const ratio = screen.getByTestId('reserves-ratio');
    expect(ratio).toHaveTextContent('142.9%');
    expect(ratio).toHaveTextContent('1.43×');
    expect(ratio).toHaveTextContent('Covered');
    const onChain = screen.getByTestId('reserves-on-chain');
    expect(onChain).toHaveTextContent('1,200,000 sats');
    expect(within(onChain).getByText('Unspent outputs').nextElementSibling).toHaveTextContent('14');
    expect(within(onChain).getByText('Deposit addresses').nextElementSibling).toHaveTextContent('52');
    expect(onChain).toHaveTextContent('bitcoin-core');
    const lightning = screen.getByTestId('reserves-lightning');
    expect(within(lightning).getByText('Channels (our side)').nextElementSibling).toHaveTextContent('250,000 sats');
    expect(within(lightning).getByText('Node wallet').nextElementSibling).toHaveTextContent('50,000 sats');
    expect(lightning).toHaveTextContent('lnd');
    expect(screen.queryByTestId('reserves-errors')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What this screen cannot prove' })).toBeInTheDocument();
  });

  it('says in words what could not be read, and when the reserves fall short', async () => {
    current = reserves({ lightning: null, total: 700_000, ratio: 700_000 / 1_050_000, errors: ['The Lightning node did not answer (connect ECONNREFUSED)'] });
    renderWithProviders(<ReservesPage />, { route: '/admin/reserves' });
    const errors = await screen.findByTestId('reserves-errors');
    expect(errors).toHaveTextContent('Not every source could be read:');
    expect(errors).toHaveTextContent('The Lightning node did not answer (connect ECONNREFUSED)');
    expect(screen.getByTestId('reserves-lightning')).toHaveTextContent('The Lightning node could not be read.');
    const ratio = screen.getByTestId('reserves-ratio');
    expect(ratio).toHaveTextContent('66.7%');
    expect(ratio).toHaveTextContent('0.67×');
    expect(ratio).toHaveTextContent('Short');
  });

  it('has no ratio before the first commitment', async () => {
    current = reserves({ liabilities: null, ratio: null });
    renderWithProviders(<ReservesPage />, { route: '/admin/reserves' });
    expect(await screen.findByTestId('reserves-ratio')).toHaveTextContent('No ratio: there is no commitment yet, or its total is 0.');
    expect(screen.getByTestId('reserves-liabilities')).toHaveTextContent('No commitment yet');
  });

  it('commits now only once confirmed, then shows the new commitment', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<ReservesPage />, { route: '/admin/reserves' });
    await screen.findByTestId('reserves-total');
    await user.click(screen.getByRole('button', { name: 'Commit now' }));
    let dialog = await screen.findByRole('dialog', { name: 'Commit to every bank now?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await sent.to('POST', '/admin/liabilities')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Commit now' }));
    dialog = await screen.findByRole('dialog', { name: 'Commit to every bank now?' });
    await user.click(within(dialog).getByRole('button', { name: 'Commit now' }));
    expect(await screen.findByTestId('reserves-outcome')).toHaveTextContent('Committed: 1,080,000 sats owed to 38 players (root cdcdcdcdcdcd…cdcdcdcd).');
    await waitFor(() => expect(screen.getByTestId('reserves-liabilities')).toHaveTextContent('38 players'));
    expect(screen.getByTestId('reserves-ratio')).toHaveTextContent('138.9%');
    expect(await sent.to('POST', '/admin/liabilities')).toHaveLength(1);
    expect((await sent.to('GET', '/admin/reserves')).length).toBeGreaterThanOrEqual(2);
  });

  it('says why a commitment failed, in the dialog', async () => {
    server.use(http.post('/api/admin/liabilities', () => apiError('Forbidden', 403, 'Only admins may commit')));
    const { user } = renderWithProviders(<ReservesPage />, { route: '/admin/reserves' });
    await screen.findByTestId('reserves-total');
    await user.click(screen.getByRole('button', { name: 'Commit now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Commit to every bank now?' });
    await user.click(within(dialog).getByRole('button', { name: 'Commit now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The commitment failed: Only admins may commit');
  });

  it('says when the reserves could not be read at all', async () => {
    server.use(http.get('/api/admin/reserves', () => apiError('InternalError', 500, 'The chain source is down')));
    renderWithProviders(<ReservesPage />, { route: '/admin/reserves' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The chain source is down');
  });
});
