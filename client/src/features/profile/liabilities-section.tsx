import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiabilityProofView } from '@bahati/contracts';
import { SatsAmount } from '@/components/amount/sats-amount';
import { CopyButton } from '@/components/copy-button/copy-button';
import { useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { Spinner } from '@/components/spinner';
import { useFormats } from '@/i18n/use-localized-path';
import { apiErrorStatus } from '@/lib/api';
import { type ProofVerdict, liabilityProofFile, useGetLiabilityCommitmentsQuery, useGetLiabilityProofQuery, verifyAgainstPublished } from '@/lib/liabilities';
import styles from './profile.module.css';

/** The profile links here (`/profile#liabilities`), and so does the proof-of-liabilities page. */
export const LIABILITIES_ANCHOR = 'liabilities';

/** Saves the proof as a JSON file (what docs/verify-liabilities.py reads). */
function downloadProof(proof: LiabilityProofView): void {
  const file = liabilityProofFile(proof);
  const url = URL.createObjectURL(new Blob([file.text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the link; the file's address is let go a moment later.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type Verdict = ProofVerdict | { verified: false; reason: 'listFailed' };

/** "Verified: …" in green, or "Not verified: <why>" in red. */
function VerdictLine({ verdict, proof }: { verdict: Verdict; proof: LiabilityProofView }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <p
      className={verdict.verified ? `alert alert-info ${styles.ok}` : 'alert'}
      data-testid="liabilities-verdict"
      data-verified={verdict.verified ? 'true' : 'false'}
    >
      {verdict.verified
        ? t('profile.liabilities.verified', { balance: formats.sats(proof.balance), total: formats.sats(proof.root.sum) })
        : t(`profile.liabilities.notVerified.${verdict.reason}`)}
    </p>
  );
}

/** The player's own proof of the newest commitment: its figures, the download, and the check in this browser. */
function ProofDetails({ proof, onVerify }: { proof: LiabilityProofView; onVerify: () => Promise<Verdict> }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const formatDate = useDateTimeFormat();
  const [checked, setChecked] = useState<{ id: string; verdict: Verdict } | null>(null);
  const [verifying, setVerifying] = useState(false);
  const verdict = checked && checked.id === proof.commitment.id ? checked.verdict : null;

  async function verify() {
    setVerifying(true);
    setChecked(null);
    try {
      setChecked({ id: proof.commitment.id, verdict: await onVerify() });
    } finally {
      setVerifying(false);
    }
  }

  return (
    <>
      <dl className={styles.stats} data-testid="liabilities-proof">
        <div>
          <dt>{t('profile.liabilities.committedAt')}</dt>
          <dd className={styles.count}>
            <time dateTime={proof.commitment.committedAt}>{formatDate(proof.commitment.committedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('profile.liabilities.balance')}</dt>
          <dd data-testid="liabilities-balance">
            <SatsAmount sats={proof.balance} stacked />
          </dd>
        </div>
        <div>
          <dt>{t('profile.liabilities.total')}</dt>
          <dd data-testid="liabilities-total">
            <SatsAmount sats={proof.root.sum} stacked />
          </dd>
        </div>
        <div>
          <dt>{t('profile.liabilities.players')}</dt>
          <dd className={styles.count}>{formats.number(proof.commitment.players)}</dd>
        </div>
        <div className={styles.wide}>
          <dt>{t('profile.liabilities.root')}</dt>
          <dd className={styles.rootRow}>
            <code className={styles.hash} data-testid="liabilities-root">
              {proof.root.hash}
            </code>
            <CopyButton text={proof.root.hash} label={t('profile.liabilities.copyRoot')} compact />
          </dd>
        </div>
      </dl>
      <p className={styles.note}>{t('profile.liabilities.later')}</p>
      <div className={styles.proofButtons}>
        <button type="button" className="btn btn-ghost" onClick={() => downloadProof(proof)} data-testid="liabilities-download">
          {t('profile.liabilities.download')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void verify()} disabled={verifying} data-testid="liabilities-verify">
          {verifying ? t('profile.liabilities.verifying') : t('profile.liabilities.verify')}
        </button>
      </div>
      <div aria-live="polite">{verdict ? <VerdictLine verdict={verdict} proof={proof} /> : null}</div>
    </>
  );
}

/**
 * "Your balance is in today's total": the player's proof of the newest commitment (GET players/liabilities/proof),
 * checked against the root the site published for it (GET liabilities), never only against the proof's own root.
 */
export function LiabilitiesSection() {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  // A commitment may have been made since the last visit: read both fresh on arrival.
  const proof = useGetLiabilityProofQuery('latest', { refetchOnMountOrArgChange: true });
  const list = useGetLiabilityCommitmentsQuery(undefined, { refetchOnMountOrArgChange: true });
  const latest = list.data?.[0];
  const absent = apiErrorStatus(proof.error) === 404;

  // The published list as it is now: the proof must name one of its roots.
  const check = async (): Promise<Verdict> => {
    if (!proof.data) return { verified: false, reason: 'notInRoot' };
    try {
      return await verifyAgainstPublished(proof.data, await list.refetch().unwrap());
    } catch {
      return { verified: false, reason: 'listFailed' };
    }
  };

  let body;
  if (proof.isLoading || (absent && list.isLoading)) body = <Spinner label={t('common.loading')} />;
  else if (proof.data) body = <ProofDetails proof={proof.data} onVerify={check} />;
  else if (absent && list.data?.length === 0) body = <p className={styles.prompt} data-testid="liabilities-none">{t('profile.liabilities.none')}</p>;
  else if (absent)
    body = (
      <p className={styles.prompt} data-testid="liabilities-empty">
        {latest ? t('profile.liabilities.emptyAt', { time: formatDate(latest.committedAt) }) : t('profile.liabilities.empty')}
      </p>
    );
  else
    body = (
      <p className="alert" role="alert">
        {t('profile.liabilities.failed')}
      </p>
    );

  return (
    <section id={LIABILITIES_ANCHOR} className={`panel ${styles.card}`} aria-labelledby="profile-liabilities" data-testid="profile-liabilities">
      <h2 id="profile-liabilities" className={styles.h2}>
        {t('profile.liabilities.title')}
      </h2>
      <p className={styles.intro}>{t('profile.liabilities.intro')}</p>
      {body}
      <p className={styles.small}>
        <LocalizedLink to="/proof-of-liabilities">{t('profile.liabilities.pageLink')}</LocalizedLink>
      </p>
    </section>
  );
}
