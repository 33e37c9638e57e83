import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { limits, player } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { MyLimits } from './my-limits';
import { PROBLEM_THRESHOLD, SelfTest } from './self-test';

const QUESTIONS = Array.from({ length: 10 }, (_, i) => `Question text ${i + 1}?`);

async function answerAll(user: ReturnType<typeof renderWithProviders>['user'], yes: number) {
  const groups = screen.getAllByRole('group');
  for (const [i, group] of groups.entries()) await user.click(within(group).getByRole('radio', { name: i < yes ? 'Yes' : 'No' }));
}

describe('the self-test', () => {
  it('asks for every answer before showing a result', async () => {
    const { user } = renderWithProviders(<SelfTest questions={QUESTIONS} />);
    await user.click(within(screen.getAllByRole('group')[0]).getByRole('radio', { name: 'Yes' }));
    expect(screen.getByText('1 of 10 answered')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'See my result' }));
    expect(screen.getByRole('alert')).toHaveTextContent('9 questions are still unanswered.');
    expect(screen.queryByTestId('self-test-result')).not.toBeInTheDocument();
  });

  it(`points to help at ${PROBLEM_THRESHOLD} Yes answers or more`, async () => {
    const { user } = renderWithProviders(<SelfTest questions={QUESTIONS} />);
    await answerAll(user, PROBLEM_THRESHOLD);
    await user.click(screen.getByRole('button', { name: 'See my result' }));
    const result = screen.getByTestId('self-test-result');
    expect(result).toHaveTextContent(`You answered Yes to ${PROBLEM_THRESHOLD} of 10 questions`);
    expect(within(result).getByRole('heading', { name: 'Your answers suggest gambling may be harming you' })).toBeInTheDocument();
  });

  it('says fewer Yes answers do not point to a problem, and starts again', async () => {
    const { user } = renderWithProviders(<SelfTest questions={QUESTIONS} />);
    await answerAll(user, PROBLEM_THRESHOLD - 1);
    await user.click(screen.getByRole('button', { name: 'See my result' }));
    expect(screen.getByRole('heading', { name: 'Your answers do not point to a gambling problem' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(screen.getByText('0 of 10 answered')).toBeInTheDocument();
    expect(screen.queryByTestId('self-test-result')).not.toBeInTheDocument();
  });
});

describe('my limits on the responsible-gaming page', () => {
  it('lists the limits in force and a waiting change, with a link to change them', async () => {
    server.use(
      http.get('/api/players/limits', () =>
        HttpResponse.json(limits({ dailyLoss: { value: 20_000, pending: null }, weeklyDeposit: { value: 50_000, pending: { value: null, effectiveAt: '2026-01-06T10:00:00.000Z' } } })),
      ),
    );
    renderWithProviders(<MyLimits />);
    expect(await screen.findByText('20,000 sats')).toBeInTheDocument();
    expect(screen.getByText(/Asked to remove it: applies from/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change my limits' })).toHaveAttribute('href', '/profile#limits');
  });

  it('says when no limit is set, and when self-exclusion is on', async () => {
    server.use(http.get('/api/players/1234', () => HttpResponse.json(player({ selfExclude: true }))));
    renderWithProviders(<MyLimits />);
    expect(await screen.findByText('You have not set any limits yet.')).toBeInTheDocument();
    expect(await screen.findByText(/Self-exclusion is on for your account/)).toBeInTheDocument();
  });

  it('asks a visitor to sign in', () => {
    renderWithProviders(<MyLimits />, { preloadedState: { session: { jwt: null } } });
    expect(screen.getByText('Sign in and your own deposit, loss and time limits appear here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/authentication');
  });
});
