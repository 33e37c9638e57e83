import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CoachDeviation, Hand } from '@bahati/contracts';
import { LocalizedLink } from '@/components/localized-link';
import { useFormats } from '@/i18n/use-localized-path';
import { COACH_ACTION_KEYS, PICK_KEYS, type CoachPick } from './coach';
import { useGetCoachHandQuery } from './coach-api';
import styles from './coach.module.css';

/** How long the table asks again for a report the read model has not written yet. */
const ASK_FOR_MS = 30_000;
const ASK_EVERY_MS = 600;

const upCard = (t: TFunction, up: number) => (up === 1 ? t('cards.ranks.r1') : String(up));

/** "16 against 10", "soft 18 against A". */
export function positionText(t: TFunction, cards: { total: number; soft: boolean; dealerUp: number }): string {
  const hand = cards.soft ? t('game.coach.soft', { total: cards.total }) : String(cards.total);
  return t('game.coach.against', { hand, up: upCard(t, cards.dealerUp) });
}

/** The coach's line at a decision: the chart's play and the position it is the play for (the button carries a "Coach" tag too). */
export function CoachHint({ pick, id }: { pick: CoachPick; id: string }) {
  const { t } = useTranslation();
  return (
    <p className={styles.hint} id={id} data-testid="coach-hint" data-action={pick.action}>
      <CoachIcon />
      <span>
        <strong>{t('game.coach.hint', { action: t(PICK_KEYS[pick.action]) })}</strong> <span className={styles.hintWhere}>{positionText(t, pick)}</span>
      </span>
    </p>
  );
}

export function CoachIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M3 9l9-5 9 5-9 5-9-5z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="M7 11.5V16c0 1.2 2.2 2.5 5 2.5s5-1.3 5-2.5v-4.5M21 9v5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function useCost() {
  const { t } = useTranslation();
  const formats = useFormats();
  /** Satoshis of expected value from millisatoshis: whole sats, or "under 1" for less. */
  return (msat: number) => {
    const sats = Math.abs(msat) / 1000;
    return sats >= 0.5 ? formats.sats(Math.round(sats)) : t('game.coach.underOne');
  };
}

function Deviation({ d, multi }: { d: CoachDeviation; multi: boolean }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const cost = useCost();
  const share = formats.number(Math.abs(d.evRecommended - d.evAction), { style: 'percent', maximumSignificantDigits: 2 });
  return (
    <li className={styles.deviation} data-testid="coach-deviation" data-action={d.action} data-recommended={d.recommended}>
      <span className={styles.where}>
        {multi ? `${t('game.handN', { n: d.handIndex + 1 })} · ` : ''}
        {t('game.coach.cards', { cards: d.cards.map((c) => (c === 1 ? t('cards.ranks.r1') : String(c))).join(', '), position: positionText(t, d) })}
      </span>
      <span>{t('game.coach.choice', { action: t(COACH_ACTION_KEYS[d.action]), recommended: t(COACH_ACTION_KEYS[d.recommended]) })}</span>
      <span className={d.costMsat >= 0 ? styles.cost : styles.gain} data-testid="coach-cost" data-msat={d.costMsat}>
        {d.costMsat >= 0 ? t('game.coach.cost', { amount: cost(d.costMsat), share }) : t('game.coach.gain', { amount: cost(d.costMsat), share })}
      </span>
    </li>
  );
}

/** After a settled hand: each decision that differed from basic strategy and its cost in expected value, from the server's coach. */
function HandReport({ hand }: { hand: Hand }) {
  const { t } = useTranslation();
  const cost = useCost();
  const started = useRef(Date.now());
  const [asking, setAsking] = useState(true);
  useEffect(() => {
    started.current = Date.now();
    setAsking(true);
  }, [hand.id]);
  const { data } = useGetCoachHandQuery(hand.id, { pollingInterval: asking ? ASK_EVERY_MS : 0, refetchOnMountOrArgChange: true });
  const ready = data?.ready === true && data.handId === hand.id;
  useEffect(() => {
    if (ready) return setAsking(false);
    if (!asking) return;
    const left = ASK_FOR_MS - (Date.now() - started.current);
    const timer = window.setTimeout(() => setAsking(false), Math.max(left, 0));
    return () => window.clearTimeout(timer);
  }, [asking, ready]);

  if (!ready) {
    return (
      <p className={styles.muted} data-testid="coach-report" data-ready="false">
        {asking ? t('game.coach.checking') : t('game.coach.unavailable')}
      </p>
    );
  }
  const multi = hand.playerHands.length > 1;
  return (
    <div data-testid="coach-report" data-ready="true">
      {data.decisions === 0 ? (
        <p className={styles.muted}>{t('game.coach.noDecision')}</p>
      ) : data.deviations.length === 0 ? (
        <p className={styles.clean}>{t('game.coach.clean', { n: data.decisions })}</p>
      ) : (
        <>
          <ul className={styles.list}>
            {data.deviations.map((d) => (
              <Deviation key={d.seq} d={d} multi={multi} />
            ))}
          </ul>
          <p className={styles.total} data-testid="coach-total">
            {data.costMsat >= 0 ? t('game.coach.total', { amount: cost(data.costMsat) }) : t('game.coach.totalGain', { amount: cost(data.costMsat) })}
          </p>
        </>
      )}
    </div>
  );
}

/**
 * The strategy coach beside the table (only while it is on): the last settled hand's report, and what
 * the figures are — an infinite-deck approximation for the hand's rules — and are not: the coach never
 * predicts cards.
 */
export function CoachPanel({ hand, animating }: { hand: Hand | null; animating: boolean }) {
  const { t } = useTranslation();
  const settled = hand !== null && hand.phase === 'Settled' && !animating;
  return (
    <section className={styles.panel} aria-labelledby="coach-title" data-testid="coach-panel">
      <h2 id="coach-title" className={styles.title}>
        <CoachIcon />
        {t('game.coach.title')}
      </h2>
      {settled ? <HandReport hand={hand} /> : <p className={styles.muted}>{hand && hand.phase !== 'Settled' ? t('game.coach.during') : t('game.coach.idle')}</p>}
      <p className={styles.note} data-testid="coach-model">
        {t('game.coach.model', { level: hand?.level ?? 0 })} {t('game.coach.honest')}
      </p>
      <LocalizedLink to="/profile#coach" className={styles.link}>
        {t('game.coach.profileLink')}
      </LocalizedLink>
    </section>
  );
}
