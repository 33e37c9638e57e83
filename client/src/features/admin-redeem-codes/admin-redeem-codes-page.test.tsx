import type { CreateRedeemCodeRequest, RedeemCodeView } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiError, asStaff, recordRequests, server } from '@/test/server';
import { Component as AdminRedeemCodesPage } from './admin-redeem-codes-page';

const spring: RedeemCodeView = {
  code: 'SPRING26',
  bonusAmount: 10_000,
  playthroughTarget: 1_000_000,
  maxRedemptions: 100,
  expiresAt: null,
  minBank: 1,
  redemptions: 7,
  createdTime: '2026-01-05T10:00:00.000Z',
};

let codes: RedeemCodeView[];

beforeEach(() => {
  asStaff('admin');
  codes = [spring];
  server.use(
    http.get('/api/admin/redeem-codes', () => HttpResponse.json(codes)),
    http.post('/api/admin/redeem-codes', async ({ request }) => {
      const asked = (await request.json()) as CreateRedeemCodeRequest;
      const created: RedeemCodeView = {
        code: asked.code.toUpperCase(),
        bonusAmount: asked.bonusAmount,
        playthroughTarget: asked.playthroughTarget ?? asked.bonusAmount * 100,
        maxRedemptions: asked.maxRedemptions ?? null,
        expiresAt: asked.expiresAt ?? null,
        minBank: asked.minBank ?? 1,
        redemptions: 0,
        createdTime: '2026-01-06T10:00:00.000Z',
      };
      codes = [created, ...codes];
      return HttpResponse.json(created);
    }),
  );
});

describe('the redeem codes', () => {
  it('lists the codes and their use', async () => {
    renderWithProviders(<AdminRedeemCodesPage />, { route: '/admin/redeem-codes' });
    const table = await screen.findByRole('table', { name: 'Redeem codes' });
    const row = (await within(table).findByText('SPRING26')).closest('tr')!;
    expect(row).toHaveTextContent('7 of 100');
    expect(row).toHaveTextContent('Never');
    expect(row).toHaveTextContent('Active');
  });

  it('creates a code with only the fields filled in', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminRedeemCodesPage />, { route: '/admin/redeem-codes' });
    await user.type(await screen.findByLabelText('Code'), 'summer_26');
    await user.type(screen.getByLabelText('Bonus in sats'), '5,000');
    await user.type(screen.getByLabelText('Maximum redemptions'), '10');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('Code SUMMER_26 created.')).toBeInTheDocument();
    expect((await sent.to('POST', '/admin/redeem-codes')).map((r) => r.body)).toEqual([{ code: 'summer_26', bonusAmount: 5_000, maxRedemptions: 10 }]);
    expect(await screen.findByText('SUMMER_26')).toBeInTheDocument();
  });

  it('checks the fields before sending', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminRedeemCodesPage />, { route: '/admin/redeem-codes' });
    await user.type(await screen.findByLabelText('Code'), 'ab');
    await user.type(screen.getByLabelText('Bonus in sats'), '12.5');
    await user.type(screen.getByLabelText('Maximum redemptions'), '0');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('A code has 5 to 64 characters: letters, digits, _ and - only.')).toBeInTheDocument();
    expect(screen.getByText('Whole numbers only: no decimal point or decimal comma.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number.')).toBeInTheDocument();
    expect(await sent.to('POST', '/admin/redeem-codes')).toHaveLength(0);
  });

  it('generates a code', async () => {
    const { user } = renderWithProviders(<AdminRedeemCodesPage />, { route: '/admin/redeem-codes' });
    await user.click(await screen.findByRole('button', { name: 'Generate code' }));
    // Twelve characters a player cannot misread (no 0/O, 1/I/L).
    await waitFor(() => expect((screen.getByLabelText('Code') as HTMLInputElement).value).toMatch(/^[2-9A-HJKMNP-Z]{12}$/));
    const code = (screen.getByLabelText('Code') as HTMLInputElement).value;
    expect(screen.getByText(`Code generated: ${code}`)).toBeInTheDocument();
  });

  it("shows the server's words when it refuses", async () => {
    server.use(http.post('/api/admin/redeem-codes', () => apiError('CodeExists', 409, 'A code SPRING26 already exists')));
    const { user } = renderWithProviders(<AdminRedeemCodesPage />, { route: '/admin/redeem-codes' });
    await user.type(await screen.findByLabelText('Code'), 'SPRING26');
    await user.type(screen.getByLabelText('Bonus in sats'), '5000');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByTestId('create-redeem-code-error')).toHaveTextContent('The code could not be created: A code SPRING26 already exists');
  });
});
