import { randomUUID } from 'node:crypto';
import type { BonusTerms } from '../../domain/account/bonus';

/** The first-deposit bonus settings (BONUS_MAX_SATS, BONUS_PLAYTHROUGH, BONUS_OFFER_DAYS). */
export class BonusSettings {
  constructor(readonly settings: Omit<BonusTerms, 'bonusId'>) {}

  /** Terms for a deposit command, with the id an offer would get. */
  terms(): BonusTerms {
    return { bonusId: randomUUID(), ...this.settings };
  }
}
