import { generateRedeemCode, type CreateRedeemCodeRequest } from '@bahati/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { AmountInput, parseAmount } from '@/components/amount/amount-input';
import { apiErrorIssues, apiErrorMessage, apiServerMessage } from '@/lib/api';
import { useCreateRedeemCodeMutation } from './admin-redeem-codes-api';
import styles from './admin-redeem-codes.module.css';

const FIELDS = ['code', 'bonusAmount', 'playthroughTarget', 'maxRedemptions', 'expiresAt', 'minBank'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field | 'form', string>>;

const EMPTY: Values = { code: '', bonusAmount: '', playthroughTarget: '', maxRedemptions: '', expiresAt: '', minBank: '' };
const CODE = /^[A-Za-z0-9_-]{5,64}$/;
const isField = (path: string): path is Field => (FIELDS as readonly string[]).includes(path);
const browserRandomBytes = (count: number) => crypto.getRandomValues(new Uint8Array(count));

/** The same checks the server makes, so most mistakes are caught before sending; the server's own words otherwise. */
function validate(values: Values, now: number): { request: CreateRedeemCodeRequest } | { errors: Record<string, ParseKeys> } {
  const errors: Record<string, ParseKeys> = {};
  const code = values.code.trim();
  if (!CODE.test(code)) errors.code = 'adminRedeemCodes.form.invalidCode';
  // A refused text (a decimal point, a minus sign, an exponent…) is never read as a number: nothing is sent.
  const bonus = parseAmount(values.bonusAmount);
  let bonusAmount = 0;
  if ('problem' in bonus) errors.bonusAmount = `amount.problems.${bonus.problem}`;
  else if (bonus.value === null || bonus.value <= 0) errors.bonusAmount = 'adminRedeemCodes.form.invalidAmount';
  else bonusAmount = bonus.value;
  const optional = (field: 'playthroughTarget' | 'maxRedemptions' | 'minBank', min: number) => {
    const parsed = parseAmount(values[field]);
    if ('problem' in parsed) {
      errors[field] = `amount.problems.${parsed.problem}`;
      return undefined;
    }
    if (parsed.value === null) return undefined;
    if (parsed.value < min) {
      errors[field] = 'adminRedeemCodes.form.invalidNumber';
      return undefined;
    }
    return parsed.value;
  };
  const playthroughTarget = optional('playthroughTarget', 0);
  const maxRedemptions = optional('maxRedemptions', 1);
  const minBank = optional('minBank', 0);
  let expiresAt: string | undefined;
  if (values.expiresAt) {
    const at = new Date(values.expiresAt);
    if (Number.isNaN(at.getTime()) || at.getTime() <= now) errors.expiresAt = 'adminRedeemCodes.form.invalidDate';
    else expiresAt = at.toISOString();
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      code,
      bonusAmount,
      ...(playthroughTarget !== undefined ? { playthroughTarget } : {}),
      ...(maxRedemptions !== undefined ? { maxRedemptions } : {}),
      ...(expiresAt !== undefined ? { expiresAt } : {}),
      ...(minBank !== undefined ? { minBank } : {}),
    },
  };
}

/** Admin: a new redeem code (code, bonus, optional target, uses, expiry and minimum bank). */
export function CreateRedeemCodeForm() {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [created, setCreated] = useState<string | null>(null);
  /** The code the Generate button last put in the field, said to screen readers (the focus stays on the button). */
  const [generated, setGenerated] = useState('');
  const [create, { isLoading }] = useCreateRedeemCodeMutation();

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
    setCreated(null);
    setGenerated('');
  };

  const generate = () => {
    const code = generateRedeemCode(browserRandomBytes);
    set('code', code);
    setGenerated(code);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    setCreated(null);
    const checked = validate(values, Date.now());
    if ('errors' in checked) {
      setErrors(Object.fromEntries(Object.entries(checked.errors).map(([field, key]) => [field, t(key)])));
      return;
    }
    setErrors({});
    try {
      const code = await create(checked.request).unwrap();
      setValues(EMPTY);
      setCreated(code.code);
    } catch (error) {
      // Admin screens show the server's own words (spec §8), field by field when it names the fields.
      const next: Errors = {};
      for (const issue of apiErrorIssues(error)) if (isField(issue.path)) next[issue.path] = issue.message;
      if (Object.keys(next).length === 0) {
        next.form = t('adminRedeemCodes.form.failed', { message: apiServerMessage(error) ?? apiErrorMessage(t, error) ?? t('bonuses.failed') });
      }
      setErrors(next);
    }
  }

  const field = (name: Field, label: string, input: ReactNode, hint?: string) => (
    <div className={`field ${styles.field}`}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {hint ? (
        <span id={`${id}-${name}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {errors[name] ? (
        <span id={`${id}-${name}-error`} className={styles.fieldError} role="alert">
          {errors[name]}
        </span>
      ) : null}
    </div>
  );
  const describedBy = (name: Field, hint: boolean) =>
    [hint ? `${id}-${name}-hint` : '', errors[name] ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') || undefined;
  /** A whole-number field: the amount field, with its hint, the dollars (satoshis) and any refusal under it. */
  const numberField = (name: 'bonusAmount' | 'playthroughTarget' | 'minBank' | 'maxRedemptions', label: string, hint?: string) => (
    <div className={`field ${styles.field}`}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <AmountInput
        id={`${id}-${name}`}
        text={values[name]}
        onText={(text) => set(name, text)}
        unit={name === 'maxRedemptions' ? t('adminRedeemCodes.form.usesUnit') : 'sats'}
        hint={hint}
        error={errors[name]}
      />
    </div>
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="create-redeem-code">
      <div className={styles.fields}>
        {field(
          'code',
          t('adminRedeemCodes.form.code'),
          <div className={styles.codeRow}>
            <input
              id={`${id}-code`}
              className={`input ${styles.codeInput}`}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              value={values.code}
              onChange={(event) => set('code', event.target.value)}
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={describedBy('code', true)}
            />
            <button type="button" className="btn btn-ghost btn-sm" onClick={generate} aria-controls={`${id}-code`}>
              {t('adminRedeemCodes.form.generate')}
            </button>
            <span className="visually-hidden" aria-live="polite">
              {generated ? t('adminRedeemCodes.form.generated', { code: generated }) : ''}
            </span>
          </div>,
          t('adminRedeemCodes.form.codeHint'),
        )}
        {numberField('bonusAmount', t('adminRedeemCodes.form.bonusAmount'))}
        {numberField('playthroughTarget', t('adminRedeemCodes.form.target'), t('adminRedeemCodes.form.targetHint'))}
        {numberField('maxRedemptions', t('adminRedeemCodes.form.maxRedemptions'), t('adminRedeemCodes.form.maxHint'))}
        {field(
          'expiresAt',
          t('adminRedeemCodes.form.expiresAt'),
          <input
            id={`${id}-expiresAt`}
            className="input"
            type="datetime-local"
            value={values.expiresAt}
            onChange={(event) => set('expiresAt', event.target.value)}
            aria-invalid={errors.expiresAt ? true : undefined}
            aria-describedby={describedBy('expiresAt', true)}
          />,
          t('adminRedeemCodes.form.expiresHint'),
        )}
        {numberField('minBank', t('adminRedeemCodes.form.minBank'), t('adminRedeemCodes.form.minBankHint'))}
      </div>
      {errors.form ? (
        <p className="alert" role="alert" data-testid="create-redeem-code-error">
          {errors.form}
        </p>
      ) : null}
      {created ? (
        <p className={`alert alert-info ${styles.ok}`} role="status" data-testid="redeem-code-created">
          {t('adminRedeemCodes.form.created', { code: created })}
        </p>
      ) : null}
      <div className={styles.submitRow}>
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {isLoading ? t('adminRedeemCodes.form.submitting') : t('adminRedeemCodes.form.submit')}
        </button>
      </div>
    </form>
  );
}
