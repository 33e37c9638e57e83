import { forwardRef, type InputHTMLAttributes } from 'react';
import { useSatsFormat } from './sats-amount';
import styles from './amount-input.module.css';

/** Why typed text is not a whole number a player may enter. */
export type WholeNumberProblem = 'digits' | 'decimal' | 'negative' | 'tooLarge';

/** Longer than this (≈ 10^15) is no amount anyone means, and stays a safe integer. */
const MAX_DIGITS = 15;

/**
 * Text typed as a whole number (satoshis, minutes). Thousands separators and spaces are fine ("50,000");
 * empty text is `null`. Anything else says what is wrong with it, so the field can tell the player.
 */
export function parseWholeNumber(text: string): { value: number | null } | { problem: WholeNumberProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  if (/^[-−–]/.test(trimmed)) return { problem: 'negative' };
  const plain = trimmed.replace(/[\s,'\u00a0\u202f]/g, '');
  if (/^\d*\.\d*$/.test(plain) && /\d/.test(plain)) return { problem: 'decimal' };
  if (!/^\d+$/.test(plain)) return { problem: 'digits' };
  const digits = plain.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DIGITS) return { problem: 'tooLarge' };
  return { value: Number(digits) };
}

type AmountInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  /** What the player typed, kept as typed so a mistake can be pointed out rather than silently dropped. */
  text: string;
  onText: (text: string) => void;
  /** Shown at the end of the field: "sats" by default. */
  unit?: string;
};

/**
 * A whole-number amount field with its unit at the end ("50,000 sats"). It keeps the player's text while
 * they type and groups the digits once they leave the field, when the text is a whole number.
 */
export const AmountInput = forwardRef<HTMLInputElement, AmountInputProps>(function AmountInput({ text, onText, unit = 'sats', onBlur, className, ...rest }, ref) {
  const format = useSatsFormat();
  return (
    <div className={styles.wrap}>
      <input
        ref={ref}
        className={`input ${styles.input} ${className ?? ''}`}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => onText(event.target.value)}
        onBlur={(event) => {
          const parsed = parseWholeNumber(text);
          if ('value' in parsed && parsed.value !== null) {
            const grouped = format.sats(parsed.value);
            if (grouped !== text) onText(grouped);
          }
          onBlur?.(event);
        }}
        {...rest}
      />
      <span className={styles.unit} aria-hidden="true">
        {unit}
      </span>
    </div>
  );
});
