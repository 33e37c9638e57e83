import type { HeldDeposit } from '@bahati/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { PLAYER_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, asStaff, recordRequests, server } from '@/test/server';
import { Component as AdminHeldDepositsPage } from './admin-held-deposits-page';

const held: HeldDeposit = { method: 'lightning', id: 'inv-9', playerId: PLAYER_ID, email: 'ada@example.com', amount: 300_000, bank: 9_900_000, time: '2026-01-05T10:00:00.000Z' };

let rows: HeldDeposit[];
beforeEach(() => {
  asStaff('admin');
  rows = [held];
  server.use(
    http.get('/api/admin/held-deposits', () => HttpResponse.json(rows)),
    http.post('/api/admin/held-deposits/release', () => {
      rows = [];
      return HttpResponse.json(rows);
    }),
  );
});

describe('the held deposits', () => {
  it('says when nothing is held', async () => {
    rows = [];
    renderWithProviders(<AdminHeldDepositsPage />, { route: '/admin/held-deposits' });
    expect(await screen.findByText('No deposits are held.')).toBeInTheDocument();
  });

  it('credits a held deposit after confirming what the bank becomes', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminHeldDepositsPage />, { route: '/admin/held-deposits' });
    const table = await screen.findByRole('table', { name: 'Deposits held for review' });
    await user.click(await within(table).findByRole('button', { name: 'Credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit this deposit?' });
    expect(within(dialog).getByText('300,000 sats go to the bank of ada@example.com, which then holds 10,200,000 sats.')).toBeInTheDocument();
    expect(await sent.to('POST', '/admin/held-deposits/release')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Credit deposit' }));
    expect(await screen.findByText('300,000 sats were credited to ada@example.com.')).toBeInTheDocument();
    expect((await sent.to('POST', '/admin/held-deposits/release')).map((r) => r.body)).toEqual([{ playerId: PLAYER_ID, method: 'lightning', id: 'inv-9' }]);
    expect(await screen.findByText('No deposits are held.')).toBeInTheDocument();
  });

  it("shows the server's words when crediting fails", async () => {
    server.use(http.post('/api/admin/held-deposits/release', () => apiError('BankLimit', 409, 'The bank would pass its limit')));
    const { user } = renderWithProviders(<AdminHeldDepositsPage />, { route: '/admin/held-deposits' });
    await user.click(await screen.findByRole('button', { name: 'Credit' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Credit deposit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The deposit could not be credited: The bank would pass its limit');
  });
});
