import type { ActionResponse, DealRequest, Hand, HandAction, HandActionResponse } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { card, hand, holeCard, limits, player, PLAYER_ID, playerHand, SHOE_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, recordRequests, server } from '@/test/server';
import { Component as GamePage } from './game-page';

function dealAnswer(dealt: Hand, bank = 99_000): ActionResponse {
  return { hand: dealt, bank, winAmount: dealt.winAmount, playerSeed: 'A'.repeat(43) + '=', houseSeedHash: 'ab'.repeat(32), nextShoe: null };
}

/** The server deals `dealt` for any bet. */
function dealing(dealt: Hand) {
  server.use(http.post('/api/hands', () => HttpResponse.json(dealAnswer(dealt))));
}

/** The player comes back to a hand in play. */
function resuming(inPlay: Hand) {
  server.use(
    http.get('/api/players/1234', () => HttpResponse.json(player({ activeHandId: inPlay.id }))),
    http.get('/api/hands/:id', () => HttpResponse.json(inPlay)),
  );
}

const actions = () => within(screen.getByRole('group', { name: 'Table actions' }));

async function renderTable() {
  const view = renderWithProviders(<GamePage />, { route: '/game' });
  await screen.findByRole('button', { name: /Add a 1,000 sats chip/ });
  return view;
}

beforeEach(() => {
  // jsdom lays nothing out: the table measures a desktop-wide viewport.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});

describe('the bet', () => {
  it('builds the bet from chips and deals it', async () => {
    const sent = recordRequests();
    dealing(hand({ baseBetAmount: 6_000 }));
    const { user } = await renderTable();
    expect(await screen.findByText('100,000 sats')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a 1,000 sats chip' }));
    await user.click(screen.getByRole('button', { name: 'Add a 5,000 sats chip' }));
    expect(screen.getByRole('textbox', { name: /Bet/ })).toHaveValue('6,000');

    await user.click(actions().getByRole('button', { name: /Deal/ }));
    await waitFor(async () => expect(await sent.to('POST', '/hands')).toHaveLength(1));
    const [deal] = await sent.to('POST', '/hands');
    expect((deal.body as DealRequest).betAmount).toBe(6_000);
    expect((deal.body as DealRequest).playerSeed).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('halves and doubles the bet, and clears it', async () => {
    const { user } = await renderTable();
    await user.click(screen.getByRole('button', { name: 'Add a 5,000 sats chip' }));
    await user.click(screen.getByRole('button', { name: 'Double the bet' }));
    expect(screen.getByRole('textbox', { name: /Bet/ })).toHaveValue('10,000');
    await user.click(screen.getByRole('button', { name: 'Halve the bet' }));
    await user.click(screen.getByRole('button', { name: 'Halve the bet' }));
    expect(screen.getByRole('textbox', { name: /Bet/ })).toHaveValue('2,500');
    await user.click(screen.getByRole('button', { name: 'Clear bet' }));
    expect(screen.getByRole('textbox', { name: /Bet/ })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear bet' })).toBeDisabled();
  });

  it('stops a bet at the bank and says so', async () => {
    server.use(http.get('/api/players/bank', () => HttpResponse.json(30_000)));
    const { user } = await renderTable();
    await screen.findByText('30,000 sats');
    await user.click(screen.getByRole('button', { name: 'Add a 25,000 sats chip' }));
    await user.click(screen.getByRole('button', { name: 'Add a 25,000 sats chip' }));
    expect(screen.getByRole('textbox', { name: /Bet/ })).toHaveValue('30,000');
    expect(await screen.findByText('Your bet cannot be more than your bank.')).toBeInTheDocument();
  });

  it('stops a bet at the table maximum and says so', async () => {
    server.use(http.get('/api/players/bank', () => HttpResponse.json(2_000_000)));
    const { user } = await renderTable();
    await screen.findByText('2,000,000 sats');
    for (let i = 0; i < 6; i++) await user.click(screen.getByRole('button', { name: 'Add a 100,000 sats chip' }));
    expect(screen.getByRole('textbox', { name: /Bet/ })).toHaveValue('500,000');
    expect(await screen.findByText('The maximum bet is 500,000 sats.')).toBeInTheDocument();
  });

  it('sets the bet to a bank smaller than the smallest chip', async () => {
    server.use(http.get('/api/players/bank', () => HttpResponse.json(600)));
    await renderTable();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Bet/ })).toHaveValue('600'));
    expect(await screen.findByText('Your bank is under 1,000 sats, so your bet is set to your bank: 600 sats.')).toBeInTheDocument();
  });

  it('refuses a typed bet with a decimal point and deals nothing', async () => {
    const sent = recordRequests();
    const { user } = await renderTable();
    await user.type(screen.getByRole('textbox', { name: /Bet/ }), '1500.5');
    expect(await screen.findByText('Whole sats only: no decimal point.')).toBeInTheDocument();
    await user.click(actions().getByRole('button', { name: /Deal/ }));
    expect(await screen.findByText('Fix the bet in the box first: the table does not take it as it is.')).toBeInTheDocument();
    expect(await sent.to('POST', '/hands')).toHaveLength(0);
  });

  it('refuses a typed bet above the bank', async () => {
    const { user } = await renderTable();
    await screen.findByText('100,000 sats');
    await user.type(screen.getByRole('textbox', { name: /Bet/ }), '200000');
    expect(await screen.findByText('Your bank is 100,000 sats: bet that or less.')).toBeInTheDocument();
  });

  it('deals when Enter is pressed in the bet box', async () => {
    const sent = recordRequests();
    dealing(hand({ baseBetAmount: 1_500 }));
    const { user } = await renderTable();
    await screen.findByText('100,000 sats');
    await user.type(screen.getByRole('textbox', { name: /Bet/ }), '1500{Enter}');
    await waitFor(async () => expect(await sent.to('POST', '/hands')).toHaveLength(1));
    const [deal] = await sent.to('POST', '/hands');
    expect((deal.body as DealRequest).betAmount).toBe(1_500);
  });

  it('draws a bet under the smallest chip as an odd chip of that amount', async () => {
    const { user } = await renderTable();
    await screen.findByText('100,000 sats');
    await user.type(screen.getByRole('textbox', { name: /Bet/ }), '1500');
    const stack = await screen.findByRole('button', { name: 'Your bet: 1,500 sats. Clear the bet' });
    expect(within(stack).getByText('500')).toHaveAttribute('data-chip', 'odd');
  });

  it('asks for a bet before dealing', async () => {
    const sent = recordRequests();
    const { user } = await renderTable();
    await user.click(actions().getByRole('button', { name: /Deal/ }));
    expect(await screen.findByText('Tap a chip to place a bet first.')).toBeInTheDocument();
    expect(await sent.to('POST', '/hands')).toHaveLength(0);
  });

  it('sends a player with an empty bank to deposit', async () => {
    server.use(http.get('/api/players/bank', () => HttpResponse.json(0)));
    renderWithProviders(<GamePage />, { route: '/game' });
    expect(await screen.findByText('Please deposit before playing.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/deposit');
  });
});

describe('the dealing speed', () => {
  it('is picked at the table, normal → fast → instant, and remembered on the device', async () => {
    localStorage.removeItem('bahati.dealSpeed');
    const { user } = await renderTable();
    // The test device asks for reduced motion: until the player picks, the table deals instantly.
    const speed = screen.getByRole('button', { name: 'Dealing speed: Instant' });
    expect(screen.getByTestId('table')).toHaveAttribute('data-speed', 'instant');
    await user.click(speed);
    expect(screen.getByRole('button', { name: 'Dealing speed: Normal' })).toBeInTheDocument();
    expect(screen.getByTestId('table')).toHaveAttribute('data-speed', 'normal');
    await user.click(screen.getByRole('button', { name: 'Dealing speed: Normal' }));
    expect(screen.getByRole('button', { name: 'Dealing speed: Fast' })).toHaveAttribute('title', 'Deal at Instant speed');
    expect(localStorage.getItem('bahati.dealSpeed')).toBe('fast');
    localStorage.removeItem('bahati.dealSpeed');
  });
});

describe('the hand on the table', () => {
  it('sums a four-way split in one line: staked, paid back and the net of the round', async () => {
    const hands = [
      playerHand([card(8, 'Spade', 0), card(10, 'Heart', 4)], { handState: 'Win', betAmount: 1_000, winAmount: 2_000, displayScore: '18' }),
      playerHand([card(8, 'Heart', 2), card(3, 'Club', 5), card(9, 'Club', 8)], { handState: 'Win', betAmount: 2_000, doubleBet: true, winAmount: 4_000, displayScore: '20' }),
      playerHand([card(8, 'Club', 6), card(7, 'Club', 9)], { handState: 'Lost', betAmount: 1_000, winAmount: 0, displayScore: '15' }),
      playerHand([card(8, 'Diamond', 7), card(9, 'Spade', 10)], { handState: 'Push', betAmount: 1_000, winAmount: 1_000, displayScore: '17' }),
    ];
    resuming(hand({ phase: 'Settled', activeHandIndex: null, playerHands: hands, dealerHand: { ...hand().dealerHand, cards: [card(9, 'Club', 1), card(8, 'Spade', 3)], displayScore: '17' } }, []));
    await renderTable();
    const line = await screen.findByTestId('round-line');
    expect(line).toHaveTextContent('Round result');
    expect(line).toHaveTextContent('Staked 5,000 sats');
    expect(line).toHaveTextContent('Paid back 7,000 sats');
    expect(line).toHaveTextContent('Net +2,000 sats');
    expect(screen.getAllByTestId('hand-result')).toHaveLength(4);
  });


  it('shows the cards and only the moves the server allows', async () => {
    dealing(hand({}, ['hit', 'stand']));
    const { user } = await renderTable();
    await user.click(screen.getByRole('button', { name: 'Add a 1,000 sats chip' }));
    await user.click(actions().getByRole('button', { name: /Deal/ }));

    expect(await screen.findByText('Your hand: Ten of Spades, Six of Hearts')).toBeInTheDocument();
    expect(screen.getByText('Dealer: Nine of Clubs, Face-down card')).toBeInTheDocument();
    await waitFor(() => expect(actions().getByRole('button', { name: /Hit/ })).toBeEnabled());
    expect(actions().getByRole('button', { name: /Stand/ })).toBeEnabled();
    expect(actions().getByRole('button', { name: /Double/ })).toBeDisabled();
    expect(actions().getByRole('button', { name: /Split/ })).toBeDisabled();
    expect(actions().queryByRole('button', { name: /Deal/ })).not.toBeInTheDocument();
  });

  it('resumes the hand in play and sends the move chosen', async () => {
    resuming(hand({}, ['hit', 'stand', 'double', 'split']));
    const settled = hand({
      phase: 'Settled',
      activeHandIndex: null,
      allowedActions: [],
      finishedTime: '2026-01-05T10:01:00.000Z',
      winAmount: 2_000,
      dealerBlackjack: false,
      dealerHand: { cards: [card(9, 'Club', 1), card(8, 'Diamond', 3)], cardIndices: [1, 3], displayScore: '17', score: 17, hasBlackjack: false },
      playerHands: [playerHand([card(10, 'Spade', 0), card(6, 'Heart', 2), card(3, 'Club', 4)], { handState: 'Win', winAmount: 2_000 })],
    });
    let moved: HandAction | undefined;
    server.use(
      http.put('/api/hands/:action', ({ params }) => {
        moved = params.action as HandAction;
        return HttpResponse.json<HandActionResponse>({ hand: settled, bank: 101_000, winAmount: 2_000, nextShoe: null });
      }),
    );
    const { user } = renderWithProviders(<GamePage />, { route: '/game' });
    expect(await screen.findByText('Your hand: Ten of Spades, Six of Hearts')).toBeInTheDocument();
    const hit = await actions().findByRole('button', { name: /Hit/ });
    await waitFor(() => expect(hit).toBeEnabled());
    expect(actions().getByRole('button', { name: /Split/ })).toBeEnabled();

    await user.click(actions().getByRole('button', { name: /Hit/ }));
    await waitFor(() => expect(moved).toBe('hit'));
    expect(await screen.findByText('Your hand: Ten of Spades, Six of Hearts, Three of Clubs')).toBeInTheDocument();
    expect(await screen.findByText('Dealer: Nine of Clubs, Eight of Diamonds')).toBeInTheDocument();
    // Settled: the bet comes back, ready to deal again.
    expect(await actions().findByRole('button', { name: /Rebet/ })).toBeEnabled();
  });

  it('offers insurance against a dealer ace with Yes and No', async () => {
    resuming(
      hand(
        {
          phase: 'InsuranceOffered',
          activeHandIndex: null,
          insuranceOffered: true,
          baseBetAmount: 2_000,
          dealerHand: { cards: [card(1, 'Spade', 1), holeCard(3)], cardIndices: [1], displayScore: '1/11', score: 11, hasBlackjack: false },
        },
        ['insurance', 'noinsurance'],
      ),
    );
    renderWithProviders(<GamePage />, { route: '/game' });
    expect(await screen.findByText('Insurance?')).toBeInTheDocument();
    expect(screen.getByText('Costs 1,000 sats, pays 2 to 1 if the dealer has blackjack.')).toBeInTheDocument();
    await waitFor(() => expect(actions().getByRole('button', { name: /Yes/ })).toBeEnabled());
    expect(actions().getByRole('button', { name: /No/ })).toBeEnabled();
    expect(actions().queryByRole('button', { name: /Hit/ })).not.toBeInTheDocument();
  });

  it('says why the server refused a move', async () => {
    resuming(hand({}, ['hit', 'stand', 'double']));
    server.use(http.put('/api/hands/double', () => apiError('NoDoubleAfterHit')));
    const { user } = renderWithProviders(<GamePage />, { route: '/game' });
    const double = await actions().findByRole('button', { name: /Double/ });
    await waitFor(() => expect(double).toBeEnabled());
    await user.click(double);
    expect(await screen.findByText('You can only double on your first two cards.')).toBeInTheDocument();
  });
});

describe('the seeds', () => {
  it('shows the committed house seed hash and the shoe before the first deal', async () => {
    const { user } = await renderTable();
    await user.click(screen.getByRole('button', { name: 'Seeds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Provably fair seeds' });
    expect(within(dialog).getByText(SHOE_ID)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('House seed hash (SHA-256)')).toHaveValue('b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c'));
    expect(within(dialog).getByLabelText('House seed hash (SHA-256)')).toHaveAttribute('readonly');
    const seed = within(dialog).getByLabelText(/Your player seed/);
    expect(seed).toBeEnabled();
    expect((seed as HTMLInputElement).value).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('deals with the seed the player typed, and says when it is not a seed', async () => {
    const sent = recordRequests();
    dealing(hand());
    const { user } = await renderTable();
    await user.click(screen.getByRole('button', { name: 'Seeds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Provably fair seeds' });
    const seed = within(dialog).getByLabelText(/Your player seed/);
    await user.clear(seed);
    await user.type(seed, 'not a seed');
    expect(await within(dialog).findByText(/A seed is 43 base64 characters/)).toBeInTheDocument();
    const mine = 'B'.repeat(43) + '=';
    await user.clear(seed);
    await user.paste(mine);
    expect(within(dialog).queryByText(/A seed is 43 base64 characters/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: 'Add a 1,000 sats chip' }));
    await user.click(actions().getByRole('button', { name: /Deal/ }));
    await waitFor(async () => expect(await sent.to('POST', '/hands')).toHaveLength(1));
    expect(((await sent.to('POST', '/hands'))[0].body as DealRequest).playerSeed).toBe(mine);
  });

  it('fixes both seeds once the shoe is in use', async () => {
    resuming(hand());
    server.use(http.get('/api/shoes/:id', () => HttpResponse.json({ ...shoeInUse })));
    const { user } = renderWithProviders(<GamePage />, { route: '/game' });
    await screen.findByText('Your hand: Ten of Spades, Six of Hearts');
    await user.click(screen.getByRole('button', { name: 'Seeds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Provably fair seeds' });
    expect(within(dialog).getByText(/This shoe is in use: both seeds are fixed/)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText(/Your player seed/)).toHaveValue(shoeInUse.playerSeed));
    expect(within(dialog).getByLabelText(/Your player seed/)).toHaveAttribute('readonly');
  });
});

const shoeInUse = {
  id: SHOE_ID,
  playerSeed: 'C'.repeat(43) + '=',
  houseSeed: '',
  houseSeedHash: 'cd'.repeat(32),
  handCount: 1,
  retired: false,
  retiredEarly: false,
  createdTime: '2026-01-05T10:00:00.000Z',
  retiredTime: null,
  cards: [],
};


describe('around the table', () => {
  it('the coach marks the basic-strategy play among the moves allowed', async () => {
    resuming(hand({}, ['hit', 'stand', 'double']));
    const { user } = renderWithProviders(<GamePage />, { route: '/game' });
    await screen.findByText('Your hand: Ten of Spades, Six of Hearts');
    const coach = screen.getByRole('button', { name: 'Coach' });
    expect(coach).toHaveAttribute('aria-pressed', 'false');
    await user.click(coach);
    expect(coach).toHaveAttribute('aria-pressed', 'true');
    // Hard 16 against a 9: hit.
    expect(await screen.findByText('Basic strategy: Hit')).toBeInTheDocument();
    expect(actions().getByRole('button', { name: /Hit/ })).toHaveAccessibleDescription(/Basic strategy: Hit/);
    expect(actions().getByRole('button', { name: /Stand/ })).not.toHaveAccessibleDescription(/Basic strategy/);
  });

  it('shows the table rules', async () => {
    const { user } = await renderTable();
    await user.click(screen.getByRole('button', { name: 'Rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Table rules' });
    expect(within(dialog).getByText('Blackjack pays 3 to 2.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reminds the player of the time played and the net, at the period they chose', async () => {
    server.use(http.get('/api/players/limits', () => HttpResponse.json(limits({ sessionReminderMinutes: { value: 30, pending: null } }))));
    window.sessionStorage.setItem(
      'bahati.tableSession',
      JSON.stringify({ playerId: PLAYER_ID, startedAt: Date.now() - 31 * 60_000, net: -5_000, counted: [], acknowledgedAt: 0 }),
    );
    const { user } = renderWithProviders(<GamePage />, { route: '/game' });
    const dialog = await screen.findByRole('dialog', { name: 'A moment to check in' });
    expect(within(dialog).getByText(/You have played 31 minutes; net −5,000/)).toBeInTheDocument();
    expect(within(dialog).getByText(/This reminder comes every 30 minutes/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep playing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
