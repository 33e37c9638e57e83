import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiError, server } from '@/test/server';
import { RedeemCodeForm } from './redeem-code-form';

async function redeem(code: string) {
  const view = renderWithProviders(<RedeemCodeForm />);
  await view.user.type(screen.getByLabelText('Bonus code'), code);
  await view.user.click(screen.getByRole('button', { name: 'Redeem' }));
  return view;
}

describe('a refused bonus code', () => {
  it('used up by other players is no longer available, not one the player used', async () => {
    server.use(http.post('/api/players/redeemcode', () => apiError('CodeAlreadyRedeemed', 409, 'Used up.', { reason: 'UsedUp' })));
    await redeem('WELCOME5');
    expect(await screen.findByText('That bonus code is no longer available: other players have taken all of its uses.')).toBeInTheDocument();
    expect(screen.queryByText(/already/)).not.toBeInTheDocument();
  });

  it('that the player redeemed before says so', async () => {
    server.use(http.post('/api/players/redeemcode', () => apiError('CodeAlreadyRedeemed', 409, 'Already.', { reason: 'AlreadyRedeemed' })));
    await redeem('WELCOME5');
    expect(await screen.findByText('You have already redeemed this bonus code.')).toBeInTheDocument();
  });

  it('with a reason the catalogs do not know reads as the code', async () => {
    server.use(http.post('/api/players/redeemcode', () => apiError('CodeAlreadyRedeemed', 409, 'New.', { reason: 'SomethingNew' })));
    await redeem('WELCOME5');
    expect(await screen.findByText('That bonus code has already been used.')).toBeInTheDocument();
  });
});
