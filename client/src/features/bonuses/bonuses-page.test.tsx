import { expectedLoss, type Bonus, type BonusDecisionResponse } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { bonus } from '@/test/fixtures';
import { renderWithProviders, tableRows } from '@/test/render';
import { apiError, recordRequests, server } from '@/test/server';
import { Component as BonusesPage } from './bonuses-page';

const offer = bonus({ id: 'c1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f607', bonusAmount: 50_000, playthroughTarget: 5_000_000 });

function listing(...rows: Bonus[]) {
  server.use(http.get('/api/players/bonuses', () => HttpResponse.json(rows)));
}

describe('the bonuses page', () => {
  it('says when there is no bonus', async () => {
    renderWithProviders(<BonusesPage />, { route: '/bonuses' });
    expect(await screen.findByText('No bonuses found.')).toBeInTheDocument();
  });

  it('lists bonuses with their status and playthrough', async () => {
    listing(
      offer,
      bonus({ id: 'b2', status: 'Accepted', redeemCode: 'SPRING', bonusAmount: 10_000, playthrough: 250_000, playthroughTarget: 1_000_000, expiresAt: null }),
      bonus({ id: 'b3', status: 'Expired', endedBy: 'withdrawal', endedAt: '2026-01-04T10:00:00.000Z', expiresAt: null }),
    );
    renderWithProviders(<BonusesPage />, { route: '/bonuses' });
    const [offered, accepted, expired] = await tableRows('Your bonuses', 3);
    expect(offered).toHaveTextContent('First deposit');
    expect(offered).toHaveTextContent('Offered');
    expect(within(offered).getByRole('button', { name: 'Accept the bonus of 50,000 sats' })).toBeEnabled();
    expect(within(offered).getByRole('button', { name: 'Decline the bonus of 50,000 sats' })).toBeEnabled();
    expect(accepted).toHaveTextContent('SPRING');
    expect(accepted).toHaveTextContent('Accepted');
    expect(within(accepted).queryByRole('button', { name: /Accept the bonus/ })).not.toBeInTheDocument();
    expect(expired).toHaveTextContent('Expired');
    expect(expired).toHaveTextContent(/lapsed when you requested a withdrawal/);
  });

  it('sums what is left to wager over every accepted bonus, with each bonus on its own bar', async () => {
    listing(
      bonus({ id: 'a1', status: 'Accepted', date: '2026-01-01T10:00:00.000Z', bonusAmount: 50_000, playthrough: 1_200_000, playthroughTarget: 10_000_000, expiresAt: null }),
      bonus({ id: 'a2', status: 'Accepted', date: '2026-01-02T10:00:00.000Z', redeemCode: 'SPRING', bonusAmount: 25_000, playthrough: 0, playthroughTarget: 500_000, expiresAt: null }),
      bonus({ id: 'a3', status: 'Accepted', date: '2026-01-03T10:00:00.000Z', redeemCode: 'SUMMER', bonusAmount: 100_000, playthrough: 0, playthroughTarget: 1_500_000, expiresAt: null }),
      bonus({ id: 'c1', status: 'Complete', bonusAmount: 10_000, playthrough: 1_000_000, playthroughTarget: 1_000_000, expiresAt: null }),
    );
    renderWithProviders(<BonusesPage />, { route: '/bonuses' });
    const headline = await screen.findByTestId('active-bonus');
    // 10,000,000 + 500,000 + 1,500,000 to wager, 1,200,000 of it done: the completed bonus does not count.
    expect(headline).toHaveTextContent('1,200,000 of 12,000,000 sats wagered toward your accepted bonuses. Wager 10,800,000 sats more and withdrawals open again.');
    expect(within(headline).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1200000');
    expect(await screen.findAllByTestId('playthrough-bar')).toHaveLength(4);
  });

  it('accepts an offer only once the terms are agreed, showing what it costs on average', async () => {
    listing(offer);
    server.use(http.post('/api/players/acceptbonus/:id', () => HttpResponse.json<BonusDecisionResponse>({ bonus: { ...offer, status: 'Accepted', expiresAt: null }, bank: 150_000 })));
    const sent = recordRequests();
    const { user } = renderWithProviders(<BonusesPage />, { route: '/bonuses' });
    await user.click(await screen.findByRole('button', { name: 'Accept the bonus of 50,000 sats' }));

    const dialog = await screen.findByRole('dialog', { name: 'Accept this bonus?' });
    expect(within(dialog).getByText('Wager 5,000,000 sats')).toBeInTheDocument();
    // Level 1 (the player's): the average loss of wagering the target, set against the bonus.
    const loss = expectedLoss(5_000_000, 1);
    expect(within(dialog).getByTestId('calculator-loss')).toHaveTextContent(`−${loss.toLocaleString('en-US')} sats`);
    const confirm = within(dialog).getByRole('button', { name: 'Accept bonus' });
    expect(confirm).toBeDisabled();

    await user.click(within(dialog).getByRole('checkbox', { name: 'I have read and agree to the bonus terms.' }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText('Bonus accepted: 50,000 sats are in your bank. Good luck!')).toBeInTheDocument();
    expect(await sent.to('POST', `/players/acceptbonus/${offer.id}`)).toHaveLength(1);
  });

  it('declines an offer after asking', async () => {
    listing(offer);
    server.use(http.post('/api/players/declinebonus/:id', () => HttpResponse.json<BonusDecisionResponse>({ bonus: { ...offer, status: 'Declined', expiresAt: null }, bank: 100_000 })));
    const sent = recordRequests();
    const { user } = renderWithProviders(<BonusesPage />, { route: '/bonuses' });
    await user.click(await screen.findByRole('button', { name: 'Decline the bonus of 50,000 sats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this bonus?' });
    expect(within(dialog).getByText(/You will not receive the 50,000 sats bonus/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Decline bonus' }));
    expect(await screen.findByText('Bonus declined. Your deposit is not affected.')).toBeInTheDocument();
    expect(await sent.to('POST', `/players/declinebonus/${offer.id}`)).toHaveLength(1);
  });

  it('says an offer lapsed by a withdrawal when accepting it is refused', async () => {
    let lapsed = false;
    server.use(
      http.get('/api/players/bonuses', () =>
        HttpResponse.json([lapsed ? { ...offer, status: 'Expired', endedBy: 'withdrawal', endedAt: '2026-01-05T12:00:00.000Z', expiresAt: null } : offer]),
      ),
      http.post('/api/players/acceptbonus/:id', () => {
        lapsed = true;
        return apiError('BonusNotOffered', 409);
      }),
    );
    const { user } = renderWithProviders(<BonusesPage />, { route: '/bonuses' });
    await user.click(await screen.findByRole('button', { name: 'Accept the bonus of 50,000 sats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this bonus?' });
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Accept bonus' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/This offer is no longer open: it lapsed when you requested a withdrawal on/));
  });
});
