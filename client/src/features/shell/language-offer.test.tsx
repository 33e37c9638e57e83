import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LanguageOffer } from './language-offer';

afterEach(() => window.localStorage.removeItem('bahati.language'));

describe('the offer of the browser’s language', () => {
  it('offers German to a German browser on an English page, in German, and remembers a dismissal', async () => {
    const { user, unmount } = renderWithProviders(<LanguageOffer languages={['de-DE', 'en']} />, { route: '/rules' });
    const offer = screen.getByRole('complementary', { name: 'Diese Seite gibt es auf Deutsch' });
    expect(offer).toHaveAttribute('lang', 'de');
    expect(screen.getByRole('button', { name: 'Wechseln' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nein, danke' }));
    expect(screen.queryByTestId('language-offer')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('bahati.language')).toBe('en');
    unmount();

    renderWithProviders(<LanguageOffer languages={['de-DE']} />, { route: '/rules' });
    expect(screen.queryByTestId('language-offer')).not.toBeInTheDocument();
  });

  it('writes the offer right to left for Arabic', () => {
    renderWithProviders(<LanguageOffer languages={['ar-EG']} />, { route: '/' });
    expect(screen.getByTestId('language-offer')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('button', { name: 'التبديل' })).toBeInTheDocument();
  });

  it('says nothing to a browser in English', () => {
    renderWithProviders(<LanguageOffer languages={['en-US']} />, { route: '/ledger' });
    expect(screen.queryByTestId('language-offer')).not.toBeInTheDocument();
  });
});
