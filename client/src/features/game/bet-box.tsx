import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_BET } from '@bahati/contracts';
import { AmountInput } from '@/components/amount/amount-input';
import { useSatsFormat } from '@/components/amount/sats-amount';
import type { BetBoxProblem } from './use-bet';
import styles from './game.module.css';

/**
 * The bet as a number beside the chips: any whole number of sats from 1 to the limits (the maximum bet
 * and the bank), with ½ and 2×. What the table refuses stays in the box with the reason under it, and
 * no deal goes out until it is fixed.
 */
export function BetBox({
  text,
  onText,
  problem,
  bet,
  bank,
  disabled,
  onHalve,
  onDouble,
  onEnter,
}: {
  text: string;
  onText: (text: string) => void;
  problem: BetBoxProblem | null;
  bet: number;
  bank: number;
  disabled: boolean;
  onHalve: () => void;
  onDouble: () => void;
  /** Enter in the field: deal with the bet as typed. */
  onEnter: () => void;
}) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const id = useId();
  const limit = Math.min(MAX_BET, bank);
  const message = problem
    ? t(`game.betBox.problems.${problem}`, { max: format.sats(MAX_BET), bank: format.sats(bank) })
    : t('game.betBox.hint', { max: format.sats(limit > 0 ? limit : MAX_BET) });
  return (
    <div className={styles.betBox} role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={`${id}-input`} className="visually-hidden">
        {t('game.betBox.label')}
      </label>
      <div className={styles.betBoxRow}>
        <button
          type="button"
          className={`btn btn-ghost ${styles.betStep}`}
          onClick={onHalve}
          disabled={disabled || problem !== null || bet <= 1}
          aria-label={t('game.betBox.halve')}
          title={t('game.betBox.halve')}
          data-testid="bet-half"
        >
          ½
        </button>
        <AmountInput
          id={`${id}-input`}
          text={text}
          onText={onText}
          disabled={disabled}
          placeholder="0"
          title={t('game.betBox.hint', { max: format.sats(limit > 0 ? limit : MAX_BET) })}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-message`}
          className={styles.betInput}
          data-testid="bet-input"
          enterKeyHint="go"
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            onEnter();
          }}
        />
        <button
          type="button"
          className={`btn btn-ghost ${styles.betStep}`}
          onClick={onDouble}
          disabled={disabled || problem !== null || bet <= 0 || bet >= limit}
          aria-label={t('game.betBox.double')}
          title={t('game.betBox.double')}
          data-testid="bet-double"
        >
          2×
        </button>
      </div>
      {/* The rule is read out with the field; a refusal shows under it. */}
      <p
        id={`${id}-message`}
        className={problem ? styles.betProblem : 'visually-hidden'}
        role={problem ? 'alert' : undefined}
        data-testid={problem ? 'bet-problem' : 'bet-help'}
        data-problem={problem ?? undefined}
      >
        {message}
      </p>
    </div>
  );
}
