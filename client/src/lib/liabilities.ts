import { type LiabilityCommitmentView, type LiabilityProofView, verifyLiabilityProof } from '@bahati/contracts';
import { api } from './api';
// The stock-Python verifier of the docs, word for word: the page shows and copies this very file.
import verifierPython from '../../../docs/verify-liabilities.py?raw';

/** docs/verify-liabilities.py: `python3 verify-liabilities.py proof.json` checks a downloaded proof. */
export const LIABILITIES_VERIFIER_PY: string = verifierPython;

/**
 * Proof of liabilities, shared by the public page (the published commitments), the profile (the player's own
 * proof, checked against the published root) and the admin screens (a new commitment refreshes both).
 */
export const liabilitiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every published commitment, newest first (public). */
    getLiabilityCommitments: build.query<LiabilityCommitmentView[], void>({
      query: () => 'liabilities',
      providesTags: ['Liabilities'],
    }),
    /** The signed-in player's proof of a commitment (`latest` or its id); 404 before the first commitment or when their bank was empty at it. */
    getLiabilityProof: build.query<LiabilityProofView, string>({
      query: (commitment) => ({ url: 'players/liabilities/proof', params: { commitment } }),
      providesTags: ['LiabilityProof'],
    }),
  }),
});

export const { useGetLiabilityCommitmentsQuery, useGetLiabilityProofQuery } = liabilitiesApi;

/** SHA-256 of a UTF-8 text in lowercase hex, by the browser's WebCrypto. */
export async function webSha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The file a player downloads: the proof as the server gave it, which is what verify-liabilities.py reads. */
export function liabilityProofFile(proof: LiabilityProofView): { name: string; text: string } {
  return { name: `bahati-liabilities-proof-${proof.commitment.committedAt.slice(0, 10)}.json`, text: `${JSON.stringify(proof, null, 2)}\n` };
}

/** Why a proof is not verified: its commitment is not published, it names another root, or its leaves do not lead to the root. */
export type ProofVerdict = { verified: true } | { verified: false; reason: 'unpublished' | 'otherRoot' | 'notInRoot' | 'noCrypto' };

/**
 * Checks a proof against the root the site published for its commitment (not the root the proof itself names):
 * the published list must hold the commitment, the proof's root must be that one, and every leaf of the player
 * must lead to it with the shares adding up to the balance (`verifyLiabilityProof`, with WebCrypto).
 */
export async function verifyAgainstPublished(proof: LiabilityProofView, published: readonly LiabilityCommitmentView[]): Promise<ProofVerdict> {
  const commitment = published.find((c) => c.id === proof.commitment.id);
  if (!commitment) return { verified: false, reason: 'unpublished' };
  const root = { hash: commitment.rootHash, sum: commitment.total };
  if (proof.root.hash !== root.hash || proof.root.sum !== root.sum) return { verified: false, reason: 'otherRoot' };
  if (!globalThis.crypto?.subtle) return { verified: false, reason: 'noCrypto' };
  return (await verifyLiabilityProof(proof, root, webSha256Hex)) ? { verified: true } : { verified: false, reason: 'notInRoot' };
}
