import { MIN_BITCOIN_WITHDRAWAL } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiError, recordRequests, server } from '@/test/server';
import { CreateWithdrawalDialog, validateWithdrawal } from './create-withdrawal-dialog';

/** Regtest (the test config's network): a payment request for 20,000 sats, one for 5,000, and an address. */
const INVOICE =
  'lnbcrt200u1p54twgqpp5enxvenxvenxvenxvenxvenxvenxvenxvenxvenxvenxvenxvenxqdq8w3jhxaqxqxuxgzgqcqpfd48thtvyusn9hszhrdf0l7jmq7gmq8p43zncwalfeadtcxllr26phr7a430w2mx3ck8f795ya0dpq3ttcqjpmrsu9lyz6fpcvjs3vpgqz5n9cw';
const INVOICE_5000 =
  'lnbcrt50u1p54twgqpp5enxvenxvenxvenxvenxvenxvenxvenxvenxvenxvenxvenxvenxqdq8w3jhxaqxqxuxgzgqcqpfmqjmlphdckgxa698m0dgerc5delu2nxwdzn72spstqsn95l870vkru2nwxysjg6hlgst5nxfrtdhwty072tc8ark9kn05kf83tav8hcqqhq7uu';
const ADDRESS = 'bcrt1qqurswpc8qurswpc8qurswpc8qurswpc8dxm0gk';
const MAINNET_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe('validateWithdrawal', () => {
  it('accepts a Lightning withdrawal within the bank', () => {
    expect(validateWithdrawal('lightning', '20000', INVOICE, 50_000)).toEqual({ method: 'lightning', sats: 20_000, target: INVOICE });
  });

  it('reads the grouping mark of the language', () => {
    expect(validateWithdrawal('lightning', '20,000', INVOICE, 50_000)).toEqual({ method: 'lightning', sats: 20_000, target: INVOICE });
  });

  it.each([
    ['1500.5', 'amount.problems.decimal'],
    ['-5000', 'amount.problems.negative'],
    ['1e5', 'amount.problems.exponent'],
    ['12abc', 'amount.problems.digits'],
  ])('refuses the text %s without reading it as a number', (text, key) => {
    expect(validateWithdrawal('lightning', text, INVOICE, 50_000)).toEqual({ field: 'amount', key });
  });

  it('refuses an empty or zero amount', () => {
    expect(validateWithdrawal('lightning', '', INVOICE, 50_000)).toEqual({ field: 'amount', key: 'withdraw.errors.invalidAmount' });
    expect(validateWithdrawal('lightning', '0', INVOICE, 50_000)).toEqual({ field: 'amount', key: 'withdraw.errors.invalidAmount' });
  });

  it('refuses more than the bank', () => {
    expect(validateWithdrawal('lightning', '50001', INVOICE, 50_000)).toEqual({ field: 'amount', key: 'withdraw.errors.bankTooLow' });
    expect(validateWithdrawal('lightning', '50000', INVOICE, 50_000)).toMatchObject({ sats: 50_000 });
  });

  it('wants a Lightning payment request starting with ln', () => {
    expect(validateWithdrawal('lightning', '1000', 'bc1qnotaninvoice', 50_000)).toEqual({ field: 'target', key: 'withdraw.errors.invalidPaymentRequest' });
    expect(validateWithdrawal('lightning', '1000', 'lnbc', 50_000)).toEqual({ field: 'target', key: 'withdraw.errors.invalidPaymentRequest' });
    expect(validateWithdrawal('lightning', '1000', 'LNBC200U1PUPPERCASE', 50_000)).toMatchObject({ method: 'lightning' });
  });

  it('wants the on-chain minimum and an address for Bitcoin', () => {
    expect(validateWithdrawal('bitcoin', String(MIN_BITCOIN_WITHDRAWAL - 1), ADDRESS, 50_000)).toEqual({ field: 'amount', key: 'withdraw.errors.minimumBitcoin' });
    expect(validateWithdrawal('bitcoin', String(MIN_BITCOIN_WITHDRAWAL), 'short', 50_000)).toEqual({ field: 'target', key: 'withdraw.errors.invalidAddress' });
    expect(validateWithdrawal('bitcoin', String(MIN_BITCOIN_WITHDRAWAL), ADDRESS, 50_000)).toEqual({ method: 'bitcoin', sats: MIN_BITCOIN_WITHDRAWAL, target: ADDRESS });
  });
});

function renderDialog(props: Partial<Parameters<typeof CreateWithdrawalDialog>[0]> = {}) {
  const onCreated = vi.fn();
  const onLocked = vi.fn();
  const onClose = vi.fn();
  const view = renderWithProviders(
    <CreateWithdrawalDialog open bank={50_000} phoneVerified onClose={onClose} onCreated={onCreated} onLocked={onLocked} {...props} />,
  );
  return { ...view, onCreated, onLocked, onClose };
}

describe('CreateWithdrawalDialog', () => {
  it('shows the bank available and offers Lightning first', () => {
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Request a withdrawal' })).toBeInTheDocument();
    expect(screen.getByText('Available: 50,000 sats')).toBeInTheDocument();
    expect(screen.getByLabelText('Withdraw with')).toHaveValue('lightning');
    expect(screen.getByLabelText('Lightning payment request')).toBeInTheDocument();
  });

  it('says why a typed amount is refused, and sends nothing', async () => {
    const sent = recordRequests();
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Amount in sats'), '1500.5');
    await user.type(screen.getByLabelText('Lightning payment request'), INVOICE);
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('Whole numbers only: no decimal point or decimal comma.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Confirm your withdrawal' })).not.toBeInTheDocument();
    expect(await sent.to('POST', '/players/withdraw')).toHaveLength(0);
  });

  it('refuses more than the bank', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Amount in sats'), '60000');
    await user.type(screen.getByLabelText('Lightning payment request'), INVOICE);
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('You cannot withdraw more than you have in your bank.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Confirm your withdrawal' })).not.toBeInTheDocument();
  });

  it('refuses a payment request that is not one', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Amount in sats'), '1000');
    await user.type(screen.getByLabelText('Lightning payment request'), 'hello there friend');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid payment request.');
  });

  it('puts focus on the refused field at once, so what the player types next is never taken away a frame later', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Amount in sats'), '1000');
    await user.type(screen.getByLabelText('Lightning payment request'), 'hello there friend');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(screen.getByLabelText('Lightning payment request')).toHaveFocus();
    // The player goes straight back to the amount and corrects it; no late focus move follows.
    const amount = screen.getByLabelText('Amount in sats');
    await user.clear(amount);
    await user.type(amount, '60000');
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined))));
    expect(amount).toHaveFocus();
    expect(amount).toHaveValue('60000');
    await user.clear(screen.getByLabelText('Lightning payment request'));
    await user.type(screen.getByLabelText('Lightning payment request'), INVOICE);
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('You cannot withdraw more than you have in your bank.')).toBeInTheDocument();
    expect(amount).toHaveFocus();
  });

  it('Max fills in the whole bank', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getByLabelText('Amount in sats')).toHaveValue('50,000');
  });

  it('confirms the amount and the bank afterwards, then sends exactly one request on Confirm', async () => {
    const sent = recordRequests();
    const { user, onCreated } = renderDialog();
    await user.type(screen.getByLabelText('Amount in sats'), '20000');
    await user.type(screen.getByLabelText('Lightning payment request'), INVOICE);
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your withdrawal' });
    const review = within(dialog);
    const amountRow = review.getByText('Amount').closest('div')!;
    expect(amountRow).toHaveTextContent('20,000');
    expect(review.getByText('Your bank afterwards').closest('div')!).toHaveTextContent('30,000');
    expect(review.getByText(INVOICE)).toBeInTheDocument();
    expect(review.getByText(/the full 20,000 sats reach you/)).toBeInTheDocument();
    // Nothing is sent before the player confirms.
    expect(await sent.to('POST', '/players/withdraw')).toHaveLength(0);

    await user.click(review.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(20_000));
    const posts = await sent.to('POST', '/players/withdraw');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ amount: 20_000, paymentRequest: INVOICE });
    expect(posts[0].headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('a double click on Confirm while the request is on its way sends it once', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('/api/players/withdraw', async () => {
        await answered;
        return HttpResponse.json(30_000);
      }),
    );
    const sent = recordRequests();
    const { user, onCreated } = renderDialog();
    await user.type(screen.getByLabelText('Amount in sats'), '20000');
    await user.type(screen.getByLabelText('Lightning payment request'), INVOICE);
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await user.dblClick(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    answer();
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(await sent.to('POST', '/players/withdraw')).toHaveLength(1);
  });

  it('sends an on-chain address for Bitcoin', async () => {
    const sent = recordRequests();
    const { user, onCreated } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Withdraw with'), 'bitcoin');
    await user.type(screen.getByLabelText('Amount in sats'), '10000');
    await user.type(screen.getByLabelText('Bitcoin address'), ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(10_000));
    const posts = await sent.to('POST', '/players/withdraw');
    expect(posts.map((p) => p.body)).toEqual([{ amount: 10_000, address: ADDRESS }]);
  });

  it('Back returns to the form with what was typed', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Amount in sats'), '20000');
    await user.type(screen.getByLabelText('Lightning payment request'), INVOICE);
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Amount in sats')).toHaveValue('20,000');
    expect(screen.getByLabelText('Lightning payment request')).toHaveValue(INVOICE);
  });

  it('warns that an open bonus offer lapses', async () => {
    const { user } = renderDialog({ offerOpen: true });
    await user.type(screen.getByLabelText('Amount in sats'), '20000');
    await user.type(screen.getByLabelText('Lightning payment request'), INVOICE);
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText(/requesting this withdrawal ends it/)).toBeInTheDocument();
  });

  it('puts the server refusal beside the field it is about', async () => {
    server.use(http.post('/api/players/withdraw', () => apiError('PaymentRequestAlreadyExists')));
    const { user, onCreated } = renderDialog();
    await user.type(screen.getByLabelText('Amount in sats'), '20000');
    await user.type(screen.getByLabelText('Lightning payment request'), INVOICE);
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText('That payment request has already been used. Create a new one in your wallet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Lightning payment request')).toHaveAttribute('aria-invalid', 'true');
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('says in the dialog, and tells the page, when a bonus accepted since it opened locks withdrawals', async () => {
    server.use(http.post('/api/players/withdraw', () => apiError('PlaythroughRequirementNotMet', 403)));
    const { user, onLocked, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Amount in sats'), '20000');
    await user.type(screen.getByLabelText('Lightning payment request'), INVOICE);
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText('You cannot request a withdrawal yet: your accepted bonuses still require wagering.')).toBeInTheDocument();
    await waitFor(() => expect(onLocked).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('updates the bank from the answer', async () => {
    server.use(http.post('/api/players/withdraw', () => HttpResponse.json(30_000)));
    const { user, store, onCreated } = renderDialog();
    await user.type(screen.getByLabelText('Amount in sats'), '20000');
    await user.type(screen.getByLabelText('Lightning payment request'), INVOICE);
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    await waitFor(() => expect(JSON.stringify(store.getState().api.queries)).toContain('30000'));
  });
});

describe('the withdrawal refusals, with their detail', () => {
  it('reads payment requests and addresses for the configured network', () => {
    expect(validateWithdrawal('lightning', '5000', INVOICE_5000, 50_000, 'regtest')).toMatchObject({ sats: 5_000 });
    expect(validateWithdrawal('lightning', '7000', INVOICE_5000, 50_000, 'regtest')).toEqual({
      field: 'target', key: 'errors.InvalidPaymentRequest_AmountMismatch', sats: { requested: 5_000, amount: 7_000 },
    });
    expect(validateWithdrawal('lightning', '5000', INVOICE_5000, 50_000, 'mainnet')).toEqual({ field: 'target', key: 'withdraw.errors.otherNetwork' });
    expect(validateWithdrawal('lightning', '5000', `${INVOICE_5000.slice(0, -1)}q`, 50_000, 'regtest')).toEqual({ field: 'target', key: 'withdraw.errors.invalidPaymentRequest' });
    expect(validateWithdrawal('bitcoin', '10000', ADDRESS, 50_000, 'regtest')).toMatchObject({ method: 'bitcoin' });
    expect(validateWithdrawal('bitcoin', '10000', MAINNET_ADDRESS, 50_000, 'mainnet')).toMatchObject({ method: 'bitcoin' });
    expect(validateWithdrawal('bitcoin', '10000', MAINNET_ADDRESS, 50_000, 'regtest')).toEqual({ field: 'target', key: 'withdraw.errors.invalidAddress' });
    expect(validateWithdrawal('bitcoin', '10000', 'mgLjCZefJ6DZGQ4LX25Wz6hrpBsFHXVnWS', 50_000, 'testnet')).toMatchObject({ method: 'bitcoin' });
    expect(validateWithdrawal('bitcoin', '10000', 'mgLjCZefJ6DZGQ4LX25Wz6hrpBsFHXVnWs', 50_000, 'testnet')).toEqual({ field: 'target', key: 'withdraw.errors.invalidAddress' });
    // Taproot (bech32m, BIP 350's test vector).
    expect(validateWithdrawal('bitcoin', '10000', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 50_000, 'mainnet')).toMatchObject({ method: 'bitcoin' });
  });

  it('refuses at the field, before the confirmation, an address that is not a Bitcoin address', async () => {
    const sent = recordRequests();
    const { user } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Withdraw with'), 'bitcoin');
    await user.type(screen.getByLabelText('Amount in sats'), '10000');
    await user.type(screen.getByLabelText('Bitcoin address'), 'bcrt1qthisisnotanaddressatall0000');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('The withdrawal address is not valid.')).toBeInTheDocument();
    expect(screen.getByLabelText('Bitcoin address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { name: 'Confirm your withdrawal' })).not.toBeInTheDocument();
    expect(await sent.to('POST', '/players/withdraw')).toHaveLength(0);
  });

  it('says at the field that a payment request for 5,000 sats is not for a withdrawal of 7,000', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Amount in sats'), '7000');
    await user.type(screen.getByLabelText('Lightning payment request'), INVOICE_5000);
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText(/This payment request is for 5,000 sats, but the withdrawal is for 7,000 sats: the amounts differ/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Confirm your withdrawal' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal with its amounts inside the dialog", async () => {
    server.use(
      http.post('/api/players/withdraw', () =>
        apiError('InvalidPaymentRequest', 400, 'The amounts differ.', { reason: 'AmountMismatch', requested: 5_000, amount: 20_000 }),
      ),
    );
    const { user, onCreated } = renderDialog();
    await user.type(screen.getByLabelText('Amount in sats'), '20000');
    await user.type(screen.getByLabelText('Lightning payment request'), INVOICE);
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText(/This payment request is for 5,000 sats, but the withdrawal is for 20,000 sats/)).toBeInTheDocument();
    expect(screen.getByLabelText('Lightning payment request')).toHaveAttribute('aria-invalid', 'true');
    expect(onCreated).not.toHaveBeenCalled();
  });
});
