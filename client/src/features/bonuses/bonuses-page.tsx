import type { Bonus } from '@bahati/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FixedPriceNote, useSatsFormat } from '@/components/amount/sats-amount';
import { DataTable } from '@/components/data-table/data-table';
import { LocalizedLink } from '@/components/localized-link';
import { ProgressBar } from '@/components/progress-bar/progress-bar';
import { Page, PageHeader } from '@/components/page/page';
import { useCurrentPlayer } from '@/lib/current-player';
import { usePlayerEvents } from '@/lib/player-events';
import { useBonusColumns } from './bonus-columns';
import { AcceptBonusDialog, DeclineBonusDialog } from '@/components/bonus-offer/bonus-dialogs';
import styles from './bonuses.module.css';
import { type Wagering, useWagering } from '@/lib/wagering';

/** The bonuses in play, above the table: what is still to wager across all of them before withdrawals open. */
function ActiveBonus({ wagering }: { wagering: Wagering }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  return (
    <section className={`panel ${styles.active}`} aria-labelledby="active-bonus-title" data-testid="active-bonus">
      <h2 id="active-bonus-title" className={styles.activeTitle}>
        {t('bonuses.active.title')}
      </h2>
      <ProgressBar
        value={wagering.wagered}
        max={wagering.target}
        label={t('withdraw.locked.progressLabel', { done: format.sats(wagering.wagered), target: format.sats(wagering.target) })}
      />
      <p className={styles.activeText}>
        {t('bonuses.active.text', { done: format.sats(wagering.wagered), target: format.sats(wagering.target), left: format.sats(wagering.left) })}
      </p>
    </section>
  );
}

type Outcome = { tone: 'success' | 'info'; text: string };

/** Spec "Bonuses screen": the player's bonuses, Accept and Decline on offers, playthrough progress. */
export function Component() {
  const { t } = useTranslation();
  const { player } = useCurrentPlayer();
  const bonuses = useWagering();
  const format = useSatsFormat();
  const [accepting, setAccepting] = useState<Bonus | null>(null);
  const [declining, setDeclining] = useState<Bonus | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A deposit confirmed while the page is open brings its offer in without a reload.
  usePlayerEvents();

  useEffect(() => {
    document.title = `${t('bonuses.title')} · ${t('common.brand')}`;
  }, [t]);

  // Spec §8 "Bonuses": a 401 ends the session (the shell handles it); other failures are only logged.
  useEffect(() => {
    if (bonuses.error) console.warn('The bonuses could not be loaded', bonuses.error);
  }, [bonuses.error]);

  const columns = useBonusColumns({
    onAccept: (bonus) => {
      setOutcome(null);
      setAccepting(bonus);
    },
    onDecline: (bonus) => {
      setOutcome(null);
      setDeclining(bonus);
    },
  });

  return (
    <Page>
      <PageHeader title={t('bonuses.title')} lead={t('bonuses.lead')} />

      {outcome ? (
        <p className={`alert alert-info ${outcome.tone === 'success' ? styles.success : ''}`} role="status" data-testid="bonus-outcome">
          {outcome.text}
        </p>
      ) : null}

      {bonuses.wagering.left > 0 ? <ActiveBonus wagering={bonuses.wagering} /> : null}

      <section className={`panel ${styles.section}`} aria-label={t('bonuses.tableCaption')}>
        <DataTable
          columns={columns}
          rows={bonuses.data}
          rowKey={(row) => row.id}
          caption={t('bonuses.tableCaption')}
          empty={t('bonuses.empty')}
          loading={bonuses.isLoading}
          loadingLabel={t('common.loading')}
          testId="bonus-table"
          rowTestId={(row) => `bonus-${row.id}`}
          labelOf={(column) => (column.key === 'actions' ? undefined : typeof column.header === 'string' ? column.header : undefined)}
        />
        <FixedPriceNote />
      </section>

      <section id="bonusinfo" className={`panel ${styles.info}`} aria-labelledby="bonus-info-title" tabIndex={-1}>
        <h2 id="bonus-info-title" className={styles.infoTitle}>
          {t('bonuses.info.title')}
        </h2>
        <ul className={styles.infoList}>
          <li>{t('bonuses.info.firstDeposit')}</li>
          <li>{t('bonuses.info.withdrawal')}</li>
          <li>{t('bonuses.info.keepDeposit')}</li>
          <li>{t('bonuses.info.playthrough')}</li>
          <li>{t('bonuses.info.oneAtATime')}</li>
          <li>{t('bonuses.info.forgiven')}</li>
          <li>{t('bonuses.info.codes')}</li>
        </ul>
        <p className={styles.infoLinks}>
          <LocalizedLink to="/profile">{t('bonuses.info.profile')}</LocalizedLink>
          <LocalizedLink to="/bahati-terms-of-use">{t('bonuses.info.terms')}</LocalizedLink>
        </p>
      </section>

      <AcceptBonusDialog
        bonus={accepting}
        level={player?.level ?? 0}
        onClose={() => setAccepting(null)}
        onAccepted={(bonus) => {
          setAccepting(null);
          setOutcome({ tone: 'success', text: t('bonuses.accepted', { amount: format.sats(bonus.bonusAmount) }) });
        }}
      />
      <DeclineBonusDialog
        bonus={declining}
        onClose={() => setDeclining(null)}
        onDeclined={() => {
          setDeclining(null);
          setOutcome({ tone: 'info', text: t('bonuses.declined') });
        }}
      />
    </Page>
  );
}
