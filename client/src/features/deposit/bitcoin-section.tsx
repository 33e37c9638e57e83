import type { Deposit } from '@bahati/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SatsAmount } from '@/components/amount/sats-amount';
import { CopyButton } from '@/components/copy-button/copy-button';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { Dialog } from '@/components/dialog/dialog';
import { truncateMiddle, useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { StatusBadge } from '@/components/status-badge/status-badge';
import { apiErrorStatus } from '@/lib/api';
import { usePlayerEvents } from '@/lib/player-events';
import { useGetDepositsQuery, useLazyGetBitcoinAddressQuery } from './deposit-api';
import { BitcoinGlyph, InfoIcon, QrIcon } from './icons';
import styles from './deposit.module.css';

/** Without the push channel, pending deposits are re-read this often. */
const PENDING_REFRESH_MS = 20_000;

export function BitcoinSection({ guard, onFailure }: { guard: <T>(run: () => Promise<T>) => Promise<T | undefined>; onFailure: (error: unknown) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const formatDate = useDateTimeFormat();
  const [loadAddress, addressQuery] = useLazyGetBitcoinAddressQuery();
  const [qrOpen, setQrOpen] = useState(false);
  const [learnOpen, setLearnOpen] = useState(false);
  const events = usePlayerEvents();
  const [pollPending, setPollPending] = useState(false);
  const depositsQuery = useGetDepositsQuery(undefined, { pollingInterval: pollPending && events?.status !== 'open' ? PENDING_REFRESH_MS : 0 });
  // Spec §8: a 404 for the deposit list shows nothing (no deposits), not an error.
  const deposits = apiErrorStatus(depositsQuery.error) === 404 ? [] : depositsQuery.data;
  const hasPending = deposits?.some((deposit) => deposit.status === 'Pending') ?? false;
  if (hasPending !== pollPending) setPollPending(hasPending);
  const address = addressQuery.data?.address;

  async function onGenerate() {
    try {
      const answer = await guard(() => loadAddress(undefined, true).unwrap());
      if (answer) setQrOpen(true);
    } catch (error) {
      onFailure(error);
    }
  }

  const columns: Column<Deposit>[] = [
    { key: 'date', header: t('deposit.bitcoin.columns.date'), cell: (row) => formatDate(row.time) },
    { key: 'amount', header: t('deposit.bitcoin.columns.amount'), cell: (row) => <SatsAmount sats={row.depositAmount} stacked />, align: 'end' },
    {
      key: 'status',
      header: t('deposit.bitcoin.columns.status'),
      cell: (row) => (
        <StatusBadge tone={row.status === 'Deposited' ? 'success' : row.status === 'Held' ? 'danger' : row.status === 'Returned' ? 'neutral' : 'pending'} testId="deposit-status">
          {t(`deposit.bitcoin.status.${row.status}`)}
        </StatusBadge>
      ),
    },
    {
      key: 'tx',
      header: t('deposit.bitcoin.columns.transaction'),
      cell: (row) => (
        <span className={styles.mono}>
          <code title={row.transactionId}>{truncateMiddle(row.transactionId, 10, 6)}</code>
          <CopyButton text={row.transactionId} label={t('deposit.bitcoin.copyTransaction')} compact />
        </span>
      ),
    },
  ];

  return (
    <section className={`panel ${styles.section}`} aria-labelledby={`${id}-title`} data-testid="bitcoin-section">
      <div className={styles.sectionHead}>
        <span className={`${styles.sectionIcon} ${styles.bitcoinIcon}`} aria-hidden="true">
          <BitcoinGlyph />
        </span>
        <div>
          <h2 id={`${id}-title`} className={styles.sectionTitle}>
            {t('deposit.bitcoin.title')} <span className={styles.badge}>{t('deposit.bitcoin.badge')}</span>
          </h2>
          <p className={styles.sectionText}>{t('deposit.bitcoin.subtitle')}</p>
        </div>
      </div>

      {address ? (
        <div className={styles.addressBox}>
          <span className={styles.addressLabel}>{t('deposit.bitcoin.addressLabel')}</span>
          <div className={styles.addressRow}>
            <code className={styles.address} data-testid="bitcoin-address">
              {address}
            </code>
            <div className={styles.addressActions}>
              <CopyButton text={address} label={t('deposit.bitcoin.copyAddress')} compact />
              <button type="button" className={`btn btn-ghost btn-sm ${styles.iconButton}`} onClick={() => setQrOpen(true)} aria-label={t('deposit.bitcoin.showQr')} title={t('deposit.bitcoin.showQr')}>
                <QrIcon />
              </button>
            </div>
          </div>
        </div>
      ) : null}

      <div className={styles.actionsRow}>
        {address ? null : (
          <button type="button" className="btn btn-primary" onClick={() => void onGenerate()} disabled={addressQuery.isFetching}>
            {addressQuery.isFetching ? t('deposit.bitcoin.loadingAddress') : t('deposit.bitcoin.generate')}
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setLearnOpen(true)}>
          <InfoIcon />
          {t('deposit.bitcoin.learnMore')}
        </button>
      </div>

      <DataTable
        cardsByRoom
        columns={columns}
        rows={deposits}
        rowKey={(row) => `${row.transactionId}:${row.vout}`}
        caption={t('deposit.bitcoin.tableCaption')}
        empty={t('deposit.bitcoin.empty')}
        loading={depositsQuery.isLoading}
        loadingLabel={t('common.loading')}
        testId="deposit-table"
        rowTestId={(row) => `deposit-${row.transactionId}`}
      />

      <Dialog
        open={qrOpen && address !== undefined}
        onClose={() => setQrOpen(false)}
        title={t('deposit.bitcoin.qrTitle')}
        description={t('deposit.bitcoin.qrIntro')}
        size="sm"
        testId="address-qr-dialog"
        footer={address ? <CopyButton text={address} label={t('deposit.bitcoin.copyAddress')} /> : null}
      >
        {address ? (
          <div className={styles.qrBlock}>
            <div className={styles.qrFrame}>
              <QRCodeSVG value={`bitcoin:${address}`} size={150} marginSize={2} level="M" title={t('deposit.bitcoin.qrTitle')} />
            </div>
            <code className={styles.fullCode}>{address}</code>
          </div>
        ) : null}
      </Dialog>

      <Dialog
        open={learnOpen}
        onClose={() => setLearnOpen(false)}
        title={t('deposit.bitcoin.learnTitle')}
        size="sm"
        testId="learn-more-dialog"
        footer={
          <button type="button" className="btn btn-primary" onClick={() => setLearnOpen(false)}>
            {t('deposit.lightning.done')}
          </button>
        }
      >
        <div className={styles.prose}>
          <p>{t('deposit.bitcoin.learnText1')}</p>
          <p>{t('deposit.bitcoin.learnText2')}</p>
          <p>{t('deposit.bitcoin.learnText3')}</p>
          <p>
            <LocalizedLink to="/bitcoin-setup-information">{t('deposit.bitcoin.learnLink')}</LocalizedLink>
          </p>
        </div>
      </Dialog>
    </section>
  );
}
