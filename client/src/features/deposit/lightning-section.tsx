import { MIN_LIGHTNING_DEPOSIT, type LightningInvoice } from '@bahati/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput, parseAmount } from '@/components/amount/amount-input';
import { SatsAmount, useSatsFormat } from '@/components/amount/sats-amount';
import { CopyButton } from '@/components/copy-button/copy-button';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { Dialog } from '@/components/dialog/dialog';
import { newUuid, truncateMiddle, useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { StatusBadge, type StatusTone } from '@/components/status-badge/status-badge';
import { Spinner } from '@/components/spinner';
import { useAddInvoiceMutation, useGetInvoicesQuery } from './deposit-api';
import { useInvoiceSettlement } from './use-invoice-settlement';
import { LightningIcon, QrIcon } from './icons';
import styles from './deposit.module.css';

const INVOICE_TONE: Record<LightningInvoice['status'], StatusTone> = { Opened: 'pending', Settled: 'success', Canceled: 'neutral', Held: 'danger' };

/** An invoice that can no longer be paid: cancelled, or open past its expiry (the sweep cancels it soon). */
const isOld = (invoice: LightningInvoice, now: number) => invoice.status === 'Canceled' || (invoice.status === 'Opened' && Date.parse(invoice.expiresAt) <= now);

/** The time now, moved on every `everyMs`, so an invoice that expires while the page is open moves down. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

interface ShownInvoice {
  id: string;
  paymentRequest: string;
  amount: number;
  expiresAt?: string;
}

export function LightningSection({ guard, onFailure }: { guard: <T>(run: () => Promise<T>) => Promise<T | undefined>; onFailure: (error: unknown) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const format = useSatsFormat();
  const formatDate = useDateTimeFormat();
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

  const columns: Column<LightningInvoice>[] = [
    { key: 'date', header: t('deposit.lightning.columns.date'), cell: (row) => formatDate(row.createdTime) },
    { key: 'amount', header: t('deposit.lightning.columns.amount'), cell: (row) => <SatsAmount sats={row.amount} stacked />, align: 'end' },
    {
      key: 'status',
      header: t('deposit.lightning.columns.status'),
      cell: (row) => (
        <StatusBadge tone={isOld(row, now) ? 'neutral' : INVOICE_TONE[row.status]} testId="invoice-status">
          {t(`deposit.lightning.status.${isOld(row, now) ? 'Canceled' : row.status}`)}
        </StatusBadge>
      ),
    },
    {
      key: 'request',
      header: t('deposit.lightning.columns.paymentRequest'),
      cell: (row) => (
        <span className={styles.mono}>
          <code title={row.paymentRequest}>{truncateMiddle(row.paymentRequest, 14, 6)}</code>
          <CopyButton text={row.paymentRequest} label={t('deposit.lightning.copyRequest')} compact />
        </span>
      ),
    },
    {
      key: 'qr',
      header: t('deposit.lightning.columns.qr'),
      align: 'center',
      cell: (row) =>
        row.status === 'Opened' && !isOld(row, now) ? (
          <button type="button" className={`btn btn-ghost btn-sm ${styles.iconButton}`} onClick={() => showInvoice(row)} aria-label={t('deposit.lightning.showQr')} title={t('deposit.lightning.showQr')}>
            <QrIcon />
          </button>
        ) : (
          <span className={styles.faint} aria-hidden="true">
            —
          </span>
        ),
    },
  ];

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

      <Dialog
        open={shown !== null}
        onClose={() => setShown(null)}
        title={t('deposit.lightning.qrTitle')}
        description={t('deposit.lightning.qrIntro')}
        size="sm"
        testId="invoice-qr-dialog"
        footer={
          shown ? (
            <>
              <CopyButton text={shown.paymentRequest} label={t('deposit.lightning.copyRequest')} />
              <a className="btn btn-primary btn-sm" href={`lightning:${shown.paymentRequest}`}>
                {t('deposit.lightning.openWallet')}
              </a>
            </>
          ) : null
        }
      >
        {shown ? (
          <div className={styles.qrBlock}>
            <SatsAmount sats={shown.amount} size="lg" />
            <div className={styles.qrFrame}>
              <QRCodeSVG value={`lightning:${shown.paymentRequest}`} size={256} marginSize={2} level="M" title={t('deposit.lightning.qrTitle')} className={styles.qr} />
            </div>
            <code className={styles.fullCode} data-testid="invoice-payment-request">
              {shown.paymentRequest}
            </code>
            <p className={styles.waiting} role="status">
              <Spinner size={16} />
              {t('deposit.lightning.waiting')}
            </p>
            {shown.expiresAt ? <p className={styles.faintSmall}>{t('deposit.lightning.expires', { time: formatDate(shown.expiresAt) })}</p> : null}
          </div>
        ) : null}
      </Dialog>

      <Dialog
        open={paid !== null}
        onClose={() => setPaid(null)}
        title={t('deposit.lightning.paidTitle')}
        size="sm"
        tone="success"
        testId="deposit-success-dialog"
        footer={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setPaid(null)}>
              {t('deposit.lightning.done')}
            </button>
            <LocalizedLink to="/game" className="btn btn-primary">
              {t('deposit.lightning.play')}
            </LocalizedLink>
          </>
        }
      >
        <div className={styles.paid}>
          <span className={styles.paidIcon} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="30" height="30">
              <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <p>{t('deposit.lightning.paidText', { amount: format.sats(paid?.amount ?? 0) })}</p>
        </div>
      </Dialog>
    </section>
  );
}
