import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { houseSeedHash, isValidSeed, type Shoe, shuffleShoe } from '@bahati/contracts';

/** The browser's SHA-256 (WebCrypto), for the house seed hash. */
export const webSha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));

export interface ShoeVerification {
  /** The SHA-256 of the revealed house seed (base64), once computed; null without WebCrypto or a valid seed. */
  hash: string | null;
  hashMatch: boolean | null;
  /** The 208 card ids the two seeds give, once shuffled. */
  shuffled: number[] | null;
  /** How many positions of the shoe differ from the shuffle (null until shuffled). */
  differences: number | null;
  /** Why a check could not run. */
  error: string | null;
}

/**
 * The whole check of a retired shoe, run at once with its own seeds (no typing): the house seed's hash against
 * the commitment, and the shuffle against the shoe's cards. Nothing for a shoe still in play.
 */
export function useShoeVerification(shoe: Shoe | undefined): ShoeVerification {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ id: string; hash: string | null; shuffled: number[] | null; error: string | null } | null>(null);

  useEffect(() => {
    if (!shoe || !shoe.houseSeed || !shoe.cards.length) return;
    let live = true;
    const { id, houseSeed, playerSeed } = shoe;
    if (!isValidSeed(houseSeed) || !isValidSeed(playerSeed)) {
      setResult({ id, hash: null, shuffled: null, error: t('provable.invalidSeeds') });
      return;
    }
    const shuffled = shuffleShoe(playerSeed, houseSeed);
    if (!crypto.subtle) {
      setResult({ id, hash: null, shuffled, error: t('provable.noCrypto') });
      return;
    }
    void houseSeedHash(houseSeed, webSha256).then((hash) => {
      if (live) setResult({ id, hash, shuffled, error: null });
    });
    return () => {
      live = false;
    };
  }, [shoe, t]);

  const current = shoe && result && result.id === shoe.id ? result : null;
  const shuffled = current?.shuffled ?? null;
  let differences: number | null = null;
  if (shoe && shuffled) {
    differences = 0;
    for (let i = 0; i < shuffled.length; i++) if (shuffled[i] !== (shoe.cards[i]?.id ?? -1)) differences++;
  }
  return {
    hash: current?.hash ?? null,
    hashMatch: current?.hash && shoe ? current.hash === shoe.houseSeedHash : null,
    shuffled,
    differences,
    error: current?.error ?? null,
  };
}
