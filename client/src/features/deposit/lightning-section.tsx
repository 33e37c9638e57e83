import { MIN_LIGHTNING_DEPOSIT, type LightningInvoice } from '@bahati/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput, parseAmount } from '@/components/amount/amount-input';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { DataTable } from '@/components/data-table/data-table';
import { newUuid } from '@/components/format/format';
import { useAddInvoiceMutation, useGetInvoicesQuery } from './deposit-api';
import { DepositPaidDialog } from './deposit-paid-dialog';
import { isOld, useInvoiceColumns } from './invoice-columns';
import { InvoiceQrDialog, type ShownInvoice } from './invoice-qr-dialog';
import { useInvoiceSettlement } from './use-invoice-settlement';
import { LightningIcon } from './icons';
import styles from './deposit.module.css';

/** The time now, moved on every `everyMs`, so an invoice that expires while the page is open moves down. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function LightningSection({ guard, onFailure }: { guard: <T>(run: () => Promise<T>) => Promise<T | undefined>; onFailure: (error: unknown) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const format = useSatsFormat();
  const [amount, setAmount] = useState('');
  const [belowMinimum, setBelowMinimum] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const now = useNow(30_000);
  const [shown, setShown] = useState<ShownInvoice | null>(null);
  const [watched, setWatched] = useState<string | null>(null);
  const [paid, setPaid] = useState<{ amount: number } | null>(null);
  const [addInvoice, adding] = useAddInvoiceMutation();
  // One key per invoice the player asks for: the same request sent again names the same invoice.
  const invoiceKey = useRef(newUuid());
  const invoicesQuery = useGetInvoicesQuery();
  const invoices = invoicesQuery.data;

  useInvoiceSettlement(watched, invoices, (settledId) => {
    const settled = invoices?.find((invoice) => invoice.id === settledId);
    setShown(null);
    setWatched(null);
    setPaid({ amount: settled?.amount ?? (shown?.id === settledId ? shown.amount : 0) });
  });

  async function onGenerate(event: FormEvent) {
    event.preventDefault();
    // A refused text (a decimal point, a minus sign, an exponent…) sends nothing: the field already says why.
    const parsed = parseAmount(amount);
    if ('problem' in parsed) {
      amountRef.current?.focus();
      return;
    }
    const sats = parsed.value ?? 0;
    if (sats < MIN_LIGHTNING_DEPOSIT) {
      setBelowMinimum(true);
      amountRef.current?.focus();
      return;
    }
    setBelowMinimum(false);
    try {
      const created = await guard(() => addInvoice({ amount: String(sats), idempotencyKey: invoiceKey.current }).unwrap());
      if (!created) return;
      invoiceKey.current = newUuid();
      setShown({ id: created.id, paymentRequest: created.paymentRequest, amount: sats });
      setWatched(created.id);
    } catch (error) {
      onFailure(error);
    }
  }

  function showInvoice(invoice: LightningInvoice) {
    setShown({ id: invoice.id, paymentRequest: invoice.paymentRequest, amount: invoice.amount, expiresAt: invoice.expiresAt });
    setWatched(invoice.id);
  }

  // Open invoices on top, then the paid ones; those that can no longer be paid fold away under "older".
  const current = (invoices ?? []).filter((invoice) => !isOld(invoice, now)).sort((a, b) => Number(b.status === 'Opened') - Number(a.status === 'Opened'));
  const older = (invoices ?? []).filter((invoice) => isOld(invoice, now));

  const columns = useInvoiceColumns(now, showInvoice);

  return (
    <section className={`panel ${styles.section}`} aria-labelledby={`${id}-title`} data-testid="lightning-section">
      <div className={styles.sectionHead}>
        <span className={`${styles.sectionIcon} ${styles.lightningIcon}`} aria-hidden="true">
          <LightningIcon />
        </span>
        <div>
          <h2 id={`${id}-title`} className={styles.sectionTitle}>
            {t('deposit.lightning.title')} <span className={styles.badge}>{t('deposit.lightning.badge')}</span>
          </h2>
          <p className={styles.sectionText}>{t('deposit.lightning.subtitle')}</p>
        </div>
      </div>

      <form className={styles.invoiceForm} onSubmit={onGenerate} noValidate>
        <div className={`field ${styles.amountField}`}>
          <label htmlFor={`${id}-amount`}>{t('deposit.lightning.amount')}</label>
          <AmountInput
            id={`${id}-amount`}
            ref={amountRef}
            text={amount}
            onText={(text) => {
              setAmount(text);
              setBelowMinimum(false);
              invoiceKey.current = newUuid();
            }}
            placeholder={format.sats(10_000)}
            hint={t('deposit.lightning.amountHint', { amount: format.sats(MIN_LIGHTNING_DEPOSIT) })}
            // Spec §5 quotes this message with the figure ungrouped: "at least 1000 Satoshis".
            error={belowMinimum ? t('deposit.lightning.minimum', { amount: MIN_LIGHTNING_DEPOSIT }) : null}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={adding.isLoading}>
          {adding.isLoading ? t('deposit.lightning.generating') : t('deposit.lightning.generate')}
        </button>
      </form>

      <DataTable
        cardsByRoom
        columns={columns}
        rows={invoices ? current : undefined}
        rowKey={(row) => row.id}
        caption={t('deposit.lightning.tableCaption')}
        empty={older.length ? t('deposit.lightning.noneOpen') : t('deposit.lightning.empty')}
        loading={invoicesQuery.isLoading}
        loadingLabel={t('common.loading')}
        testId="invoice-table"
        rowTestId={(row) => `invoice-${row.id}`}
      />

      {older.length ? (
        <details className={styles.older} data-testid="older-invoices">
          <summary className={styles.olderSummary}>
            <span>{t('deposit.lightning.older', { number: format.sats(older.length) })}</span>
            <span className={styles.olderHint}>{t('deposit.lightning.olderHint')}</span>
          </summary>
          <DataTable
            cardsByRoom
            columns={columns.filter((column) => column.key !== 'qr')}
            rows={older}
            rowKey={(row) => row.id}
            caption={t('deposit.lightning.olderCaption')}
            empty=""
            testId="older-invoice-table"
            rowTestId={(row) => `invoice-${row.id}`}
          />
        </details>
      ) : null}

      <InvoiceQrDialog shown={shown} onClose={() => setShown(null)} />

      <DepositPaidDialog paid={paid} onClose={() => setPaid(null)} />
    </section>
  );
}
