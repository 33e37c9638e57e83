import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { LiabilityCommitmentView, ReservesView } from '@bahati/contracts';
import { SatsAmount } from '@/components/amount/sats-amount';
import { Dialog } from '@/components/dialog/dialog';
import { truncateMiddle, useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { Page, PageHeader } from '@/components/page/page';
import { StatusBadge } from '@/components/status-badge/status-badge';
import { useFormats } from '@/i18n/use-localized-path';
import { apiErrorMessage, apiErrorStatus, apiServerMessage } from '@/lib/api';
import { useCommitLiabilitiesMutation, useGetReservesQuery } from './admin-reserves-api';
import styles from './admin-reserves.module.css';

function refusal(t: TFunction, error: unknown): string {
  const status = apiErrorStatus(error);
  return apiServerMessage(error) ?? apiErrorMessage(t, error) ?? (typeof status === 'number' ? `HTTP ${status}` : t('staff.network'));
}

/** The ratio of reserves to the newest commitment, as a percentage and as a multiple ("142.5 %", "1.43×"). */
function useRatioFormat(): (ratio: number) => { percent: string; times: string } {
  const { t } = useTranslation();
  const formats = useFormats();
  return (ratio) => ({
    percent: formats.number(ratio, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    times: t('adminReserves.times', { ratio: formats.number(ratio, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) }),
  });
}

/** One figure of the summary: its name, the amount, and a line under it. */
function Figure({ label, sats, note, testId }: { label: string; sats: number | null; note?: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.figure} data-testid={testId}>
      <dt>{label}</dt>
      <dd>{sats === null ? <span className={styles.muted}>{t('adminReserves.noCommitment')}</span> : <SatsAmount sats={sats} stacked />}</dd>
      {note ? <dd className={styles.figureNote}>{note}</dd> : null}
    </div>
  );
}

/** Reserves, the newest commitment, the banks now, and the ratio of the first two. */
function Coverage({ view }: { view: ReservesView }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const formatDate = useDateTimeFormat();
  const ratio = useRatioFormat();
  const commitment = view.liabilities;
  const shown = view.ratio === null ? null : ratio(view.ratio);
  return (
    <>
      <dl className={styles.figures}>
        <Figure label={t('adminReserves.figures.reserves')} sats={view.total} testId="reserves-total" />
        <Figure
          label={t('adminReserves.figures.liabilities')}
          sats={commitment?.total ?? null}
          note={commitment ? t('adminReserves.figures.committed', { time: formatDate(commitment.committedAt), players: formats.number(commitment.players) }) : undefined}
          testId="reserves-liabilities"
        />
        <Figure label={t('adminReserves.figures.banksNow')} sats={view.banksNow} note={t('adminReserves.figures.banksNowNote')} testId="reserves-banks-now" />
      </dl>
      <div className={styles.ratio} data-testid="reserves-ratio">
        <span className={styles.ratioLabel}>{t('adminReserves.ratio')}</span>
        {shown && view.ratio !== null ? (
          <>
            <span className={styles.ratioFigure}>
              <bdi dir="ltr">{shown.percent}</bdi>
              <span className={styles.ratioTimes}>
                <bdi dir="ltr">{shown.times}</bdi>
              </span>
            </span>
            <StatusBadge tone={view.ratio >= 1 ? 'success' : 'danger'}>{view.ratio >= 1 ? t('adminReserves.covered') : t('adminReserves.short')}</StatusBadge>
          </>
        ) : (
          <span className={styles.muted}>{t('adminReserves.noRatio')}</span>
        )}
      </div>
    </>
  );
}

/** Where the reserves were read: the deposit addresses on chain and the Lightning node. */
function Sources({ view }: { view: ReservesView }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <div className={styles.sources}>
      <section className={styles.source} aria-labelledby="reserves-on-chain" data-testid="reserves-on-chain">
        <h3 id="reserves-on-chain">{t('adminReserves.onChain.title')}</h3>
        <dl className={styles.facts}>
          <dt>{t('adminReserves.onChain.confirmed')}</dt>
          <dd>
            <SatsAmount sats={view.onChain.confirmed} />
          </dd>
          <dt>{t('adminReserves.onChain.outputs')}</dt>
          <dd>{formats.number(view.onChain.outputs)}</dd>
          <dt>{t('adminReserves.onChain.addresses')}</dt>
          <dd>{formats.number(view.onChain.addresses)}</dd>
          <dt>{t('adminReserves.source')}</dt>
          <dd>
            <code className={styles.code}>{view.onChain.source}</code>
          </dd>
        </dl>
      </section>
      <section className={styles.source} aria-labelledby="reserves-lightning" data-testid="reserves-lightning">
        <h3 id="reserves-lightning">{t('adminReserves.lightning.title')}</h3>
        {view.lightning ? (
          <dl className={styles.facts}>
            <dt>{t('adminReserves.lightning.channels')}</dt>
            <dd>
              <SatsAmount sats={view.lightning.channels} />
            </dd>
            <dt>{t('adminReserves.lightning.wallet')}</dt>
            <dd>
              <SatsAmount sats={view.lightning.wallet} />
            </dd>
            <dt>{t('adminReserves.source')}</dt>
            <dd>
              <code className={styles.code}>{view.lightning.source}</code>
            </dd>
          </dl>
        ) : (
          <p className={styles.muted}>{t('adminReserves.lightning.unread')}</p>
        )}
      </section>
    </div>
  );
}

/** Asks before committing, then commits to every bank now. */
function CommitDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (commitment: LiabilityCommitmentView) => void }) {
  const { t } = useTranslation();
  const [commit, committing] = useCommitLiabilitiesMutation();
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (open) setFailed(null);
  }, [open]);

  async function confirm() {
    setFailed(null);
    try {
      onDone(await commit().unwrap());
    } catch (error) {
      setFailed(t('adminReserves.commit.failed', { message: refusal(t, error) }));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('adminReserves.commit.title')}
      description={t('adminReserves.commit.text')}
      dismissible={!committing.isLoading}
      size="sm"
      testId="commit-liabilities-dialog"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={committing.isLoading}>
            {t('adminReserves.commit.cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void confirm()} disabled={committing.isLoading} data-testid="commit-liabilities-confirm">
            {committing.isLoading ? t('adminReserves.commit.working') : t('adminReserves.commit.confirm')}
          </button>
        </>
      }
    >
      {failed ? (
        <p className="alert" role="alert">
          {failed}
        </p>
      ) : null}
    </Dialog>
  );
}

/** When the sources were read, and the two buttons: read again, commit now. */
function Toolbar({ view, fetching, onRefresh, onCommit }: { view: ReservesView | undefined; fetching: boolean; onRefresh: () => void; onCommit: () => void }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  return (
    <div className={styles.toolbar}>
      <p className={styles.muted}>{view ? t('adminReserves.checkedAt', { time: formatDate(view.checkedAt) }) : null}</p>
      <div className={styles.buttons}>
        <button type="button" className="btn btn-ghost" onClick={onRefresh} disabled={fetching}>
          {fetching ? t('adminReserves.reading') : t('adminReserves.refresh')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onCommit} data-testid="commit-liabilities">
          {t('adminReserves.commit.button')}
        </button>
      </div>
    </div>
  );
}

/** The admins' screen: the reserves a watch-only server sees beside what the site owes, and a commitment made now. */
export function Component() {
  const { t } = useTranslation();
  const formats = useFormats();
  const reserves = useGetReservesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const view = reserves.data;

  useEffect(() => {
    document.title = `${t('adminReserves.title')} · ${t('common.brand')}`;
  }, [t]);

  function committed(commitment: LiabilityCommitmentView) {
    setAsking(false);
    setOutcome(t('adminReserves.commit.done', { total: formats.sats(commitment.total), players: formats.number(commitment.players), root: truncateMiddle(commitment.rootHash, 12, 8) }));
  }

  return (
    <Page>
      <PageHeader title={t('adminReserves.title')} lead={t('adminReserves.lead')} />
      <section className={`panel ${styles.panel}`} aria-labelledby="reserves-coverage">
        <h2 id="reserves-coverage" className={styles.panelTitle}>
          {t('adminReserves.coverage')}
        </h2>
        <Toolbar view={view} fetching={reserves.isFetching} onRefresh={() => void reserves.refetch()} onCommit={() => setAsking(true)} />
        <div aria-live="polite">
          {outcome ? (
            <p className={`alert alert-info ${styles.ok}`} data-testid="reserves-outcome">
              {outcome}
            </p>
          ) : null}
        </div>
        {reserves.isLoading ? (
          <p className={styles.muted} role="status">
            {t('common.loading')}
          </p>
        ) : reserves.isError || !view ? (
          <p className="alert" role="alert">
            {t('staff.loadFailed', { message: refusal(t, reserves.error) })}
          </p>
        ) : (
          <>
            {view.errors.length ? (
              <div className="alert" role="alert" data-testid="reserves-errors">
                <p className={styles.errorsTitle}>{t('adminReserves.errorsTitle')}</p>
                <ul className={styles.errors}>
                  {view.errors.map((error) => (
                    <li key={error}>{error}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <Coverage view={view} />
            <Sources view={view} />
          </>
        )}
      </section>
      <section className={`panel ${styles.panel}`} aria-labelledby="reserves-watch-only">
        <h2 id="reserves-watch-only" className={styles.panelTitle}>
          {t('adminReserves.watchOnlyTitle')}
        </h2>
        <ul className={styles.points}>
          <li>{t('adminReserves.watchOnly.sees')}</li>
          <li>{t('adminReserves.watchOnly.cannot')}</li>
          <li>{t('adminReserves.watchOnly.operator')}</li>
        </ul>
        <p className={styles.muted}>
          <LocalizedLink to="/proof-of-liabilities">{t('adminReserves.publicPage')}</LocalizedLink>
        </p>
      </section>
      <CommitDialog open={asking} onClose={() => setAsking(false)} onDone={committed} />
    </Page>
  );
}
