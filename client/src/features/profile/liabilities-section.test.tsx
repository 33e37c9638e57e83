import type { LiabilityCommitmentView, LiabilityProofView } from '@bahati/contracts';
import { verifyLiabilityProof } from '@bahati/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liabilityFixture, PLAYER_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, server } from '@/test/server';
import { webSha256Hex } from '@/lib/liabilities';
import { LiabilitiesSection } from './liabilities-section';

let published: LiabilityCommitmentView[];
let proof: LiabilityProofView;

/** The API answers the published list and the player's proof of the newest commitment. */
function answer(list: LiabilityCommitmentView[], own: LiabilityProofView | null, empty = 'Your bank was empty at this commitment: nothing of yours is in it.') {
  server.use(
    http.get('/api/liabilities', () => HttpResponse.json(list)),
    http.get('/api/players/liabilities/proof', ({ request }) =>
      new URL(request.url).searchParams.get('commitment') !== 'latest' ? apiError('ValidationFailed') : own ? HttpResponse.json(own) : apiError('NotFound', 404, empty),
    ),
  );
}

beforeEach(async () => {
  const fixture = await liabilityFixture();
  published = [fixture.commitment];
  proof = fixture.proof;
});

/** A Blob's text (jsdom's Blob has no `text()`). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function renderSection() {
  const view = renderWithProviders(<LiabilitiesSection />, { route: '/profile' });
  await screen.findByTestId('liabilities-proof');
  return view;
}

describe('the player’s proof of liabilities on the profile', () => {
  it('shows the newest commitment and the player’s balance in it, with its root', async () => {
    answer(published, proof);
    await renderSection();
    expect(screen.getByTestId('liabilities-balance')).toHaveTextContent('30,000 sats');
    expect(screen.getByTestId('liabilities-total')).toHaveTextContent('70,000 sats');
    expect(screen.getByTestId('liabilities-root')).toHaveTextContent(proof.root.hash);
    expect(screen.getByRole('link', { name: 'How proof of liabilities works' })).toHaveAttribute('href', '/proof-of-liabilities');
  });

  describe('the download', () => {
    const saved: { blob?: Blob; name?: string } = {};
    beforeEach(() => {
      Object.defineProperty(URL, 'createObjectURL', {
        configurable: true,
        value: (blob: Blob) => {
          saved.blob = blob;
          return 'blob:proof';
        },
      });
      Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.name = this.download;
      });
    });
    afterEach(() => {
      delete (URL as { createObjectURL?: unknown }).createObjectURL;
      delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
    });

    it('is the proof as JSON, in the shape verify-liabilities.py reads, named after the commitment’s day', async () => {
      answer(published, proof);
      const { user } = await renderSection();
      await user.click(screen.getByRole('button', { name: 'Download proof (JSON)' }));
      expect(saved.name).toBe('bahati-liabilities-proof-2026-03-01.json');
      expect(saved.blob?.type).toBe('application/json');
      const file = JSON.parse(await textOf(saved.blob!)) as LiabilityProofView;
      expect(file).toEqual(proof);
      // What the script reads: the root, the player, the balance and each leaf with its path.
      expect(file.root).toEqual({ hash: published[0]!.rootHash, sum: published[0]!.total });
      expect(file.playerId).toBe(PLAYER_ID);
      expect(file.leaves.map((l) => Object.keys(l.leaf).sort())).toEqual([['balance', 'playerId', 'salt'], ['balance', 'playerId', 'salt']]);
      expect(file.leaves.flatMap((l) => l.path.map((s) => Object.keys(s).sort()))).toEqual(Array(4).fill(['hash', 'side', 'sum']));
      expect(await verifyLiabilityProof(file, file.root, webSha256Hex)).toBe(true);
    });
  });

  describe('the check in the browser', () => {
    it('verifies the proof against the published root', async () => {
      answer(published, proof);
      const { user } = await renderSection();
      await user.click(screen.getByRole('button', { name: 'Verify in this browser' }));
      const verdict = await screen.findByTestId('liabilities-verdict');
      expect(verdict).toHaveAttribute('data-verified', 'true');
      expect(verdict).toHaveTextContent('Verified: your 30,000 sats are in the published total of 70,000 sats.');
    });

    it('refuses a tampered proof: a share changed no longer leads to the root', async () => {
      const tampered = structuredClone(proof);
      tampered.leaves[0]!.leaf.balance += 5_000;
      tampered.balance += 5_000;
      answer(published, tampered);
      const { user } = await renderSection();
      await user.click(screen.getByRole('button', { name: 'Verify in this browser' }));
      const verdict = await screen.findByTestId('liabilities-verdict');
      expect(verdict).toHaveAttribute('data-verified', 'false');
      expect(verdict).toHaveTextContent('Not verified: your leaves do not add up to the published root.');
    });

    it('checks against the published root, not the one the proof names', async () => {
      // A proof made up from another tree, whose root the site never published for this commitment.
      const other = await liabilityFixture({ others: [1_000, 500] });
      answer(published, { ...other.proof, commitment: published[0]! });
      const { user } = await renderSection();
      await user.click(screen.getByRole('button', { name: 'Verify in this browser' }));
      expect(await screen.findByTestId('liabilities-verdict')).toHaveTextContent('Not verified: the proof names a root other than the one published for that day.');
    });

    it('says when the commitment is not in the published list', async () => {
      answer([], proof);
      const { user } = await renderSection();
      await user.click(screen.getByRole('button', { name: 'Verify in this browser' }));
      expect(await screen.findByTestId('liabilities-verdict')).toHaveTextContent('Not verified: this commitment is not in the published list.');
    });
  });

  describe('when there is no proof', () => {
    it('says no commitment has been published yet', async () => {
      answer([], null, 'No commitment of our liabilities yet.');
      renderWithProviders(<LiabilitiesSection />, { route: '/profile' });
      expect(await screen.findByTestId('liabilities-none')).toHaveTextContent('We have not published a commitment yet. Your proof will be here after the first one.');
      expect(screen.queryByRole('button', { name: 'Verify in this browser' })).not.toBeInTheDocument();
    });

    it('says the player’s balance was empty at the newest commitment, and when that was', async () => {
      answer(published, null);
      renderWithProviders(<LiabilitiesSection />, { route: '/profile' });
      const empty = await screen.findByTestId('liabilities-empty');
      expect(empty).toHaveTextContent(/^Your balance was 0 at the newest commitment \(.*2026.*\), so nothing of yours is in it\. Money you deposit now is counted in the next one\.$/);
      expect(screen.queryByRole('button', { name: 'Download proof (JSON)' })).not.toBeInTheDocument();
    });

    it('says the proof could not be loaded on another refusal', async () => {
      server.use(http.get('/api/players/liabilities/proof', () => apiError('InternalError', 500)));
      renderWithProviders(<LiabilitiesSection />, { route: '/profile' });
      const section = screen.getByTestId('profile-liabilities');
      expect(await within(section).findByRole('alert')).toHaveTextContent('Your proof could not be loaded. Please try again later.');
    });
  });
});
