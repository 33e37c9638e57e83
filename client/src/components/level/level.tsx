import { type EdgeBasis, LEVELS, edgePercent } from '@bahati/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatLocale } from '@/i18n/use-localized-path';
import styles from './level.module.css';

/**
 * The table levels (docs/house-edge.md): level 0 plays the base rules, each level above adds one rule
 * on top of the level below. The edge is our own simulation's measured figure for that level.
 */
export { LEVELS };
export const TOP_LEVEL = LEVELS.length - 1;

const RULE_KEYS = ['l0', 'l1', 'l2', 'l3', 'l4'] as const;
type RuleKey = (typeof RULE_KEYS)[number];

const clampLevel = (level: number) => Math.min(Math.max(Math.trunc(level), 0), TOP_LEVEL);

/** The catalog key of the rule `level` adds (level 0: the base rules). */
export const levelRuleKey = (level: number): `levels.rules.${RuleKey}` => `levels.rules.${RULE_KEYS[clampLevel(level)]!}`;

/**
 * "0.572%": a level's measured house edge (contracts `MEASURED_HOUSE_EDGE`), three decimals as measured. `basis`
 * `bet` (the default) is the house edge players compare, per initial bet; `wagered` is per satoshi staked
 * (doubles, splits and insurance counted), which is what a playthrough costs.
 */
export function useEdgeFormat(basis: EdgeBasis = 'bet'): (level: number) => string {
  const locale = useFormatLocale();
  return useCallback(
    (level: number) =>
      new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(edgePercent(level, basis) / 100),
    [locale, basis],
  );
}

/** "0.572% per initial bet": the figure with what it is a share of, as every screen shows it. */
export function useEdgeText(basis: EdgeBasis = 'bet'): (level: number) => string {
  const { t } = useTranslation();
  const edge = useEdgeFormat(basis);
  return useCallback((level: number) => t('levels.edgeWithBasis', { edge: edge(level), basis: t(`levels.basis.${basis}`) }), [t, edge, basis]);
}

/** Every level with the rule it adds and its measured edge; the player's own level is marked. */
export function LevelLadder({ level }: { level: number }) {
  const { t } = useTranslation();
  const edge = useEdgeFormat();
  const current = clampLevel(level);
  return (
    <ol className={styles.ladder} data-testid="level-ladder">
      {LEVELS.map((l) => (
        <li key={l} className={l === current ? `${styles.step} ${styles.current}` : l < current ? `${styles.step} ${styles.reached}` : styles.step} aria-current={l === current ? 'step' : undefined}>
          <span className={styles.badge} aria-hidden="true">
            {l}
          </span>
          <span className={styles.text}>
            <span className={styles.name}>
              {t('levels.level', { level: l })}
              {l === current ? <span className={styles.you}>{t('levels.yours')}</span> : null}
            </span>
            <span className={styles.rule}>{t(levelRuleKey(l))}</span>
          </span>
          <span className={styles.edge}>
            <span className={styles.edgeValue} data-testid="level-edge" data-level={l}>
              {edge(l)}
            </span>
            <span className={styles.edgeLabel}>
              {t('levels.edgeShort')} <span className={styles.basis}>{t('levels.basis.bet')}</span>
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** What the player's level adds to the base rules, in a sentence or two (the table's rules dialog). */
export function LevelSummary({ level }: { level: number }) {
  const { t } = useTranslation();
  const edge = useEdgeText('bet');
  const current = clampLevel(level);
  const added = LEVELS.filter((l) => l > 0 && l <= current);
  return (
    <div className={styles.summary} data-testid="level-summary" data-edge={edgePercent(current, 'bet')}>
      <p className={styles.summaryTitle}>{t('levels.summary', { level: current, edge: edge(current) })}</p>
      {added.length > 0 ? (
        <ul className={styles.added}>
          {added.map((l) => (
            <li key={l}>{t(levelRuleKey(l))}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('levels.baseOnly')}</p>
      )}
      <p className={styles.muted}>{t('levels.how')}</p>
    </div>
  );
}
