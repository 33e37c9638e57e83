import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { houseSeedHash, isValidSeed, type Shoe, shuffleShoe } from '@bahati/contracts';
import { webSha256 } from '@/components/shoe-check/use-shoe-verification';

/**
 * Steps 2 and 3 of the check: the seeds the player types (a retired shoe fills in its own), the house seed's hash
 * and the shoe shuffled from both seeds, each with what went wrong.
 */
export function useSeedChecks(current: Shoe | undefined) {
  const { t } = useTranslation();
  const [houseSeed, setHouseSeed] = useState('');
  const [playerSeed, setPlayerSeed] = useState('');
  const [hashed, setHashed] = useState<{ seed: string; hash: string } | null>(null);
  const [hashError, setHashError] = useState<string | null>(null);
  const [shuffled, setShuffled] = useState<number[] | null>(null);
  const [shuffleError, setShuffleError] = useState<string | null>(null);
  const prefilledFor = useRef<string | null>(null);

  // A retired shoe fills in its own seeds (once per shoe; the fields stay editable).
  useEffect(() => {
    if (!current || prefilledFor.current === current.id) return;
    prefilledFor.current = current.id;
    if (current.houseSeed) setHouseSeed(current.houseSeed);
    if (current.playerSeed) setPlayerSeed(current.playerSeed);
    setHashed(null);
    setShuffled(null);
  }, [current]);

  const onHash = async () => {
    const seed = houseSeed.trim();
    if (!seed) return;
    setHashError(null);
    if (!isValidSeed(seed)) {
      setHashed(null);
      setHashError(t('provable.invalidSeed'));
      return;
    }
    if (!crypto.subtle) {
      setHashError(t('provable.noCrypto'));
      return;
    }
    setHashed({ seed, hash: await houseSeedHash(seed, webSha256) });
  };

  const onShuffle = () => {
    setShuffleError(null);
    const p = playerSeed.trim();
    const h = houseSeed.trim();
    if (!isValidSeed(p) || !isValidSeed(h)) {
      setShuffled(null);
      setShuffleError(t('provable.invalidSeeds'));
      return;
    }
    setShuffled(shuffleShoe(p, h));
  };

  return { houseSeed, setHouseSeed, playerSeed, setPlayerSeed, hashed, hashError, shuffled, shuffleError, onHash, onShuffle };
}
