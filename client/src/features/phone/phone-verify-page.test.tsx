import type { PhoneVerifyResponse, VerifyCodeRequest, VerifyCodeResponse } from '@bahati/contracts';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { player } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { recordRequests, server } from '@/test/server';
import { Component as PhoneVerifyPage } from './phone-verify-page';

beforeEach(() => {
  server.use(
    http.get('/api/players/1234', () => HttpResponse.json(player({ verifiedPhoneNumber: null }))),
    http.post('/api/players/beginphoneverify', () => HttpResponse.json<PhoneVerifyResponse>({ phoneNumber: '+12015550123' })),
    http.get('/api/dev/phone-code', () => HttpResponse.json({ code: '246810' })),
    http.post('/api/players/verifycode', async ({ request }) =>
      HttpResponse.json<VerifyCodeResponse>({ status: ((await request.json()) as VerifyCodeRequest).code === '246810' ? 'Approved' : 'WrongCode' }),
    ),
  );
});

async function sendCode(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.selectOptions(await screen.findByLabelText('Country'), 'US');
  await user.type(screen.getByLabelText('Phone number'), '2015550123');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
}

describe('phone verification', () => {
  it('sends a code to the number and verifies it', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<PhoneVerifyPage />, { route: '/phone-verify' });
    await sendCode(user);
    expect(await screen.findByText(/We sent a code to/)).toBeInTheDocument();
    expect((await sent.to('POST', '/players/beginphoneverify')).map((r) => r.body)).toEqual([{ phoneNumber: '2015550123', countryCode: 'us' }]);
    // Not in production: the code is shown on the page.
    expect(await screen.findByText('246810')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Phone verified')).toBeInTheDocument();
  });

  it.each([['123 456'], ['123-456'], ['Code: 12a34b56'], ['١٢٣٤٥٦']])('keeps all six digits of a code pasted as %s', async (pasted) => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<PhoneVerifyPage />, { route: '/phone-verify' });
    await sendCode(user);
    const field = await screen.findByLabelText('Verification code');
    await user.click(field);
    await user.paste(pasted);
    expect(field).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Check the SMS and enter all 6 digits.')).toBeInTheDocument();
    expect((await sent.to('POST', '/players/verifycode')).map((r) => r.body)).toEqual([{ code: '123456' }]);
  });

  it('says when the code is wrong', async () => {
    const { user } = renderWithProviders(<PhoneVerifyPage />, { route: '/phone-verify' });
    await sendCode(user);
    await user.type(await screen.findByLabelText('Verification code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Check the SMS and enter all 6 digits.')).toBeInTheDocument();
  });

  it('refuses a number that is not one and sends nothing', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<PhoneVerifyPage />, { route: '/phone-verify' });
    await user.selectOptions(await screen.findByLabelText('Country'), 'US');
    await user.type(screen.getByLabelText('Phone number'), '123');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('That phone number is not valid. Check it and try again.')).toBeInTheDocument();
    expect(await sent.to('POST', '/players/beginphoneverify')).toHaveLength(0);
  });

  it('says a verified number is verified', async () => {
    server.use(http.get('/api/players/1234', () => HttpResponse.json(player({ verifiedPhoneNumber: '+12015550123' }))));
    renderWithProviders(<PhoneVerifyPage />, { route: '/phone-verify' });
    expect(await screen.findByText('Your phone number +1 201 555 0123 is verified.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make a deposit' })).toHaveAttribute('href', '/deposit');
  });
});
