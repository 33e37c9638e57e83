import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import type { LiabilityCommitmentView } from '@bahati/contracts';
import { SatsAmount } from '@/components/amount/sats-amount';
import { CopyButton } from '@/components/copy-button/copy-button';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { useDateTimeFormat } from '@/components/format/format';
import { LocalizedLink } from '@/components/localized-link';
import { Spinner } from '@/components/spinner';
import { useFormats } from '@/i18n/use-localized-path';
import { LIABILITIES_VERIFIER_PY, useGetLiabilityCommitmentsQuery } from '@/lib/liabilities';
import { selectJwt, type SessionRootState } from '@/lib/session';
import styles from './liabilities.module.css';

/** The command the page quotes (the same in every language). */
const VERIFY_COMMAND = 'python3 verify-liabilities.py proof.json';

/** A root hash in full, left to right in any language, with its copy button. */
function RootHash({ hash }: { hash: string }) {
  const { t } = useTranslation();
  return (
    <span className={styles.rootCell}>
      <code className={styles.hash} data-testid="commitment-root">
        {hash}
      </code>
      <CopyButton text={hash} label={t('proofOfLiabilities.copyRoot')} compact />
    </span>
  );
}

/** Every published commitment, newest first. */
function CommitmentList() {
  const { t } = useTranslation();
  const formats = useFormats();
  const formatDate = useDateTimeFormat();
  const { data, isLoading, isError, refetch, isFetching } = useGetLiabilityCommitmentsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading) return <Spinner label={t('common.loading')} />;
  if (isError || !data)
    return (
      <div className={styles.problemRow}>
        <p className="alert" role="alert">
          {t('proofOfLiabilities.loadFailed')}
        </p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void refetch()} disabled={isFetching}>
          {t('common.retry')}
        </button>
      </div>
    );
  if (data.length === 0)
    return (
      <p className={styles.prompt} data-testid="commitments-none">
        {t('proofOfLiabilities.none')}
      </p>
    );
  const columns: Column<LiabilityCommitmentView>[] = [
    { key: 'time', header: t('proofOfLiabilities.columns.time'), primary: true, cell: (c) => <time dateTime={c.committedAt}>{formatDate(c.committedAt)}</time> },
    { key: 'total', header: t('proofOfLiabilities.columns.total'), cell: (c) => <SatsAmount sats={c.total} stacked /> },
    { key: 'players', header: t('proofOfLiabilities.columns.players'), align: 'end', cell: (c) => <span className={styles.count}>{formats.number(c.players)}</span> },
    { key: 'root', header: t('proofOfLiabilities.columns.root'), cell: (c) => <RootHash hash={c.rootHash} /> },
    { key: 'position', header: t('proofOfLiabilities.columns.position'), cell: (c) => <code className={styles.position}>{c.position ?? '—'}</code> },
  ];
  return (
    <DataTable
      columns={columns}
      rows={data}
      rowKey={(c) => c.id}
      rowTestId={() => 'commitment'}
      caption={t('proofOfLiabilities.listCaption')}
      empty={t('proofOfLiabilities.none')}
      testId="commitments"
      cardsByRoom
    />
  );
}

/** The verifier of the docs, word for word, with its copy button. */
function PythonVerifier({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.codeHead}>
        <h3 id={headingId}>{t('proofOfLiabilities.pythonTitle')}</h3>
        <CopyButton text={LIABILITIES_VERIFIER_PY} label={t('proofOfLiabilities.copyCode')} />
      </div>
      <div className={styles.code} role="region" aria-labelledby={headingId} tabIndex={0}>
        <pre>
          <code data-testid="liabilities-python">{LIABILITIES_VERIFIER_PY}</code>
        </pre>
      </div>
    </>
  );
}

/** Proof of liabilities (public): what the site commits to every day, every commitment, and how a player checks theirs. */
export function Component() {
  const { t } = useTranslation();
  const ids = { how: useId(), list: useId(), check: useId(), code: useId(), reserves: useId() };
  const signedIn = useSelector((state: SessionRootState) => selectJwt(state)) !== null;

  useEffect(() => {
    document.title = `${t('proofOfLiabilities.title')} · ${t('common.brand')}`;
  }, [t]);

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('proofOfLiabilities.title')}</h1>
        <p className={styles.lead}>{t('proofOfLiabilities.lead')}</p>
      </header>

      <section className={`panel ${styles.panel}`} aria-labelledby={ids.how}>
        <h2 id={ids.how}>{t('proofOfLiabilities.howTitle')}</h2>
        <ol className={styles.how}>
          <li>{t('proofOfLiabilities.how.tree')}</li>
          <li>{t('proofOfLiabilities.how.shares')}</li>
          <li>{t('proofOfLiabilities.how.leaf')}</li>
          <li>{t('proofOfLiabilities.how.node')}</li>
          <li>{t('proofOfLiabilities.how.root')}</li>
        </ol>
      </section>

      <section className={`panel ${styles.panel}`} aria-labelledby={ids.list}>
        <h2 id={ids.list}>{t('proofOfLiabilities.listTitle')}</h2>
        <CommitmentList />
      </section>

      <section className={`panel ${styles.panel}`} aria-labelledby={ids.check}>
        <h2 id={ids.check}>{t('proofOfLiabilities.checkTitle')}</h2>
        <ol className={styles.how}>
          <li>{t('proofOfLiabilities.check.profile')}</li>
          <li>{t('proofOfLiabilities.check.browser')}</li>
          <li>
            {t('proofOfLiabilities.check.download')} <code className={styles.command}>{VERIFY_COMMAND}</code>
          </li>
          <li>{t('proofOfLiabilities.check.compare')}</li>
        </ol>
        <p className={styles.action}>
          {signedIn ? (
            <LocalizedLink to="/profile#liabilities" className="btn btn-primary btn-sm">
              {t('proofOfLiabilities.profileLink')}
            </LocalizedLink>
          ) : (
            <LocalizedLink to="/authentication" className="btn btn-primary btn-sm">
              {t('proofOfLiabilities.signInLink')}
            </LocalizedLink>
          )}
        </p>
        <PythonVerifier headingId={ids.code} />
      </section>

      <section className={`panel ${styles.panel}`} aria-labelledby={ids.reserves}>
        <h2 id={ids.reserves}>{t('proofOfLiabilities.reservesTitle')}</h2>
        <ul className={styles.points}>
          <li>{t('proofOfLiabilities.reserves.liabilities')}</li>
          <li>{t('proofOfLiabilities.reserves.watchOnly')}</li>
          <li>{t('proofOfLiabilities.reserves.operator')}</li>
        </ul>
      </section>
    </div>
  );
}
