import { expectedLoss, type Bonus } from '@bahati/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { useEdgeFormat, useEdgeText } from '@/components/level/level';
import styles from './bonus-offer.module.css';

/**
 * The honest bonus calculator: what wagering the playthrough costs a basic-strategy player on average at
 * their level (target × the measured house edge per satoshi wagered), set against the bonus, and what is left on average.
 */
export function BonusCalculator({ bonus, level }: { bonus: Pick<Bonus, 'bonusAmount' | 'playthroughTarget'>; level: number }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const edge = useEdgeFormat('wagered');
  const perBet = useEdgeText('bet');
  const perWagered = useEdgeText('wagered');
  const titleId = useId();
  const loss = expectedLoss(bonus.playthroughTarget, level);
  const value = bonus.bonusAmount - loss;
  const target = format.sats(bonus.playthroughTarget);
  const signed = (amount: number) => `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${t('amount.sats', { amount: format.sats(Math.abs(amount)) })}`;
  const verdict =
    value > 0
      ? t('bonuses.calculator.ahead', { amount: format.sats(value) })
      : value < 0
        ? t('bonuses.calculator.behind', { amount: format.sats(-value) })
        : t('bonuses.calculator.even');

  return (
    <section className={styles.calculator} aria-labelledby={titleId} data-testid="bonus-calculator">
      <h3 id={titleId} className={styles.calculatorTitle}>
        {t('bonuses.calculator.title')}
      </h3>
      <p className={styles.calculatorText}>{t('bonuses.calculator.explain', { target, level, edge: edge(level) })}</p>
      <p className={styles.calculatorText} data-testid="calculator-edge">
        {t('bonuses.calculator.bases', { level, bet: perBet(level), wagered: perWagered(level) })}
      </p>
      <dl className={styles.sum}>
        <div>
          <dt>{t('bonuses.calculator.bonus')}</dt>
          <dd className={styles.plus} data-testid="calculator-bonus">
            {signed(bonus.bonusAmount)}
          </dd>
        </div>
        <div>
          <dt>
            {t('bonuses.calculator.loss', { target })} <span className={styles.faint}>({edge(level)})</span>
          </dt>
          <dd className={styles.minus} data-testid="calculator-loss">
            {signed(-loss)}
          </dd>
        </div>
        <div className={styles.total}>
          <dt>
            {t('bonuses.calculator.value')} <span className={styles.faint}>({t('bonuses.calculator.valueHint')})</span>
          </dt>
          <dd className={value >= 0 ? styles.plus : styles.minus} data-testid="calculator-value">
            {signed(value)}
          </dd>
        </div>
      </dl>
      <p className={value < 0 ? `${styles.verdict} ${styles.verdictCost}` : styles.verdict} role={value < 0 ? 'note' : undefined} data-testid="calculator-verdict">
        {verdict}
      </p>
      <p className={styles.calculatorNote}>{t('bonuses.calculator.note', { edge: edge(level) })}</p>
    </section>
  );
}
