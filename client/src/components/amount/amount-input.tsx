import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentFormats } from '@/i18n/intl';
import { useFormats } from '@/i18n/use-localized-path';
import { useSatsFormat } from './sats-amount';
import styles from './amount-input.module.css';

/** Why typed text is not a whole number a player may enter. */
export type WholeNumberProblem = 'digits' | 'decimal' | 'negative' | 'tooLarge';
/** The same, telling an exponent ("1e5") apart: what the amount field says to the player. */
export type AmountProblem = WholeNumberProblem | 'exponent';
export type ParsedAmount = { value: number | null } | { problem: AmountProblem };

/** Longer than this (≈ 10^15) is no amount anyone means, and stays a safe integer. */
const MAX_DIGITS = 15;

/** Digits of other scripts a keyboard may type (Arabic-Indic, Persian, Devanagari, Bengali, full width): read as 0–9. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0xff10];
function latinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\uff10-\uff19]/g, (d) => {
    const code = d.codePointAt(0)!;
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9)!;
    return String(code - zero);
  });
}

const separators = new Map<string, { group: string; decimal: string }>();
/** The grouping and decimal marks of an Intl locale ("," and "." in English, "." and "," in German). */
function separatorsOf(locale: string): { group: string; decimal: string } {
  let known = separators.get(locale);
  if (!known) {
    const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
    known = { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
    separators.set(locale, known);
  }
  return known;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Text typed as a whole number of satoshis (or minutes, or uses), in the language's own grouping. Digits only:
 * the language's grouping mark where it groups ("50,000" in English, "50.000" in German) and spaces are fine;
 * anything else is refused and says why — a decimal point or comma (`1500.5`), a minus sign (`-5000`), an
 * exponent (`1e5`), any other character — rather than being dropped or read as something else. Empty text is `null`.
 */
export function parseAmount(text: string, locale: string = currentFormats().locale): ParsedAmount {
  const trimmed = latinDigits(text.trim());
  if (trimmed === '') return { value: null };
  if (/^[-−–‐‑﹣－]/.test(trimmed)) return { problem: 'negative' };
  // Spaces of any width and apostrophes only ever group digits.
  const plain = trimmed.replace(/[\s\u00a0\u202f'’]/g, '');
  if (/^\d*[.,]?\d*[eE][+-]?\d+$/.test(plain) && /^\d|^[.,]\d/.test(plain)) return { problem: 'exponent' };
  let digits: string;
  if (/^\d+$/.test(plain)) digits = plain;
  else if (/^[\d.,]+$/.test(plain) && /\d/.test(plain)) {
    // A comma or a point is the language's grouping mark only where it groups: 1,500 or 12,34,567 (lakh) in
    // English and Hindi, 1.500 in German. Anywhere else it is a decimal mark, and a satoshi has no fraction.
    const { group } = separatorsOf(locale);
    const g = escape(group);
    const grouped = (group === ',' || group === '.') && new RegExp(`^\\d{1,3}(?:${g}\\d{2,3})*${g}\\d{3}$`).test(plain);
    if (!grouped) return { problem: 'decimal' };
    digits = plain.split(group).join('');
  } else return { problem: 'digits' };
  digits = digits.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DIGITS) return { problem: 'tooLarge' };
  return { value: Number(digits) };
}

/**
 * `parseAmount` with the problems of the first version of this field (an exponent reads as `digits`), for the
 * callers that name those four.
 */
export function parseWholeNumber(text: string, locale?: string): { value: number | null } | { problem: WholeNumberProblem } {
  const parsed = parseAmount(text, locale);
  return 'problem' in parsed && parsed.problem === 'exponent' ? { problem: 'digits' } : (parsed as { value: number | null } | { problem: WholeNumberProblem });
}

type AmountInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  /** What the field shows: the player's text as typed, grouped once they leave the field if it is a whole number. */
  text: string;
  onText: (text: string) => void;
  /** Shown at the end of the field: "sats" by default. */
  unit?: string;
  /** Whether the note under the field shows the amount in dollars as it is typed; by default when the unit is sats. */
  dollars?: boolean;
  /** Shown in the note under the field (after the dollar figure) while nothing is wrong. */
  hint?: ReactNode;
  /** A problem the caller found (below a minimum, above the bank, a refusal from the server): shown in the note instead of the hint. */
  error?: ReactNode;
  /**
   * `false`: no note under the field (the caller shows the hint and the refusal elsewhere, e.g. with
   * `useAmountProblemText`); the field still marks itself invalid while its text is refused. By default the
   * note is shown unless the caller describes the field itself (`aria-describedby`).
   */
  messages?: boolean;
  /** Beside the field, on its line (a "Max" button). */
  addon?: ReactNode;
};

/** The words for a refused amount, in the language on screen. */
export function useAmountProblemText(): (problem: AmountProblem) => string {
  const { t } = useTranslation();
  return (problem) => t(`amount.problems.${problem}`);
}

/**
 * THE amount field: every satoshi amount a player or an admin types goes through it. Digits only: as it is typed,
 * the note under the field shows the amount grouped and in dollars ("1,500,000 sats ≈ $1,500.00"), and the field
 * itself is grouped once the player leaves it; a decimal point, a minus sign, an exponent or any other character is
 * refused — the text stays exactly as typed and the note says why (role=alert) — and callers check
 * `parseAmount(text)` before sending anything, so a refused field never sends a request.
 */
export const AmountInput = forwardRef<HTMLInputElement, AmountInputProps>(function AmountInput(
  { text, onText, unit = 'sats', dollars, hint, error, messages: showMessages, addon, onBlur, className, id, ...rest },
  forwardedRef,
) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const { locale } = useFormats();
  const problemText = useAmountProblemText();
  const ownId = useId();
  const inputId = id ?? ownId;
  const noteId = `${inputId}-note`;
  const parsed = parseAmount(text, locale);
  const problem = 'problem' in parsed ? parsed.problem : null;
  const value = 'value' in parsed ? parsed.value : null;
  const showDollars = dollars ?? unit === 'sats';
  const dollarFigure = showDollars && value !== null ? format.dollars(value) : null;
  const invalid = problem !== null || Boolean(error);
  const messages = showMessages ?? rest['aria-describedby'] === undefined;

  const describedBy = [rest['aria-describedby'], messages ? noteId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={styles.field}>
      <div className={addon ? styles.row : undefined}>
        <div className={styles.wrap}>
          <input
            id={inputId}
            className={`input ${styles.input} ${className ?? ''}`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(event) => onText(event.target.value)}
            onBlur={(event) => {
              // Leaving the field groups a whole number ("1500000" → "1,500,000"); a refused text stays as typed.
              if (value !== null && format.sats(value) !== text) onText(format.sats(value));
              onBlur?.(event);
            }}
            {...rest}
            ref={forwardedRef}
            aria-invalid={invalid || rest['aria-invalid'] === true ? true : undefined}
            aria-describedby={describedBy}
          />
          <span className={styles.unit} aria-hidden="true">
            {unit}
          </span>
        </div>
        {addon}
      </div>
      {messages ? (
        <p id={noteId} className={styles.note} data-testid="amount-note">
          {problem ? (
            <span className={styles.problem} role="alert" data-testid="amount-refused" data-problem={problem}>
              {problemText(problem)}
            </span>
          ) : error ? (
            <span className={styles.problem} role="alert">
              {error}
            </span>
          ) : (
            <>
              {showDollars && value !== null ? (
                <span className={styles.dollars} data-testid="amount-dollars">
                  {t('amount.sats', { amount: format.sats(value) })}
                  {dollarFigure ? ` ≈ ${dollarFigure}${format.fixed ? '*' : ''}` : ''}
                </span>
              ) : null}
              {showDollars && value !== null && hint ? <span aria-hidden="true"> · </span> : null}
              {hint}
            </>
          )}
        </p>
      ) : null}
    </div>
  );
});
