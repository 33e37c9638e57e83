import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import de from '@/i18n/locales/de';
import { apiErrorMessage } from './api';

/** A failed RTK Query request as the hooks give it. */
const failure = (data: unknown, status = 400) => ({ status, data });
const t = i18n.t.bind(i18n);

describe('the one mapping of a refusal to the words a player reads', () => {
  it("reads the code in the player's language, quoting the detail's amounts", async () => {
    const error = failure({ statusCode: 400, error: 'InvalidPaymentRequest', message: 'x', detail: { reason: 'AmountMismatch', requested: 5000, amount: 7000 } });
    expect(apiErrorMessage(t, error)).toBe(
      'This payment request is for 5,000 sats, but the withdrawal is for 7,000 sats: the amounts differ. Create a request for 7,000 sats (or one without an amount) in your wallet.',
    );
    i18n.addResourceBundle('de', 'translation', de, true, true);
    await i18n.changeLanguage('de');
    try {
      expect(apiErrorMessage(t, error)).toMatch(/^Diese Zahlungsanforderung lautet auf 5\.000 Sats, die Auszahlung aber auf 7\.000 Sats/);
      expect(apiErrorMessage(t, failure({ statusCode: 409, error: 'CodeAlreadyRedeemed', message: 'x', detail: { reason: 'UsedUp' } }))).toMatch(/nicht mehr verfügbar/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("names the player's own limit and what its window has used", () => {
    const error = failure({ statusCode: 403, error: 'LimitReached', message: 'x', detail: { reason: 'Deposit', kind: 'dailyDeposit', limit: 30_000, used: 20_000 } }, 403);
    expect(apiErrorMessage(t, error)).toBe(
      'That would go past a deposit limit you set yourself: 30,000 sats, of which 20,000 are already deposited in its window or asked for by invoices still open. You can see your limits on your profile.',
    );
  });

  it('falls back to the code without a reason, and to the server text for a code it does not know', () => {
    expect(apiErrorMessage(t, failure({ statusCode: 400, error: 'InvalidPaymentRequest', message: 'x' }))).toBe('Invalid payment request.');
    expect(apiErrorMessage(t, failure({ statusCode: 400, error: 'SomethingNew', message: 'Server words.' }))).toBe('Server words.');
    expect(apiErrorMessage(t, failure('not json', 502))).toBeUndefined();
  });
});
