import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/lib/brand/brand-provider';
import { ActionBar } from './action-bar';
import { CoachPanel } from './coach-panel';
import { RulesDialog } from './rules-dialog';
import { SeedsDialog } from './seeds-dialog';
import { SessionReminderDialog } from './session-reminder-dialog';
import { TableNotice } from './table-notice';
import { OpenOffer } from '@/components/bonus-offer/open-offer';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { RoundLine } from './round-line';
import { TableStage } from './table-stage';
import { GEOMETRY } from './table-layout';
import { flightMs } from '@/lib/deal-speed';
import { Toolbar } from './toolbar';
import { useHotkeys } from './use-hotkeys';
import { useSessionReminder } from './use-session-reminder';
import { useTable } from './use-table';
import { useFitScale, useTableSize } from './use-table-size';
import styles from './game.module.css';
import tableStyles from './table.module.css';

export function Component() {
  const { t } = useTranslation();
  const size = useTableSize();
  const { ref, scale } = useFitScale(size);
  const table = useTable();
  const [seedsOpen, setSeedsOpen] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const geometry = GEOMETRY[size];
  const { mode } = table;
  const brand = useBrand();
  const format = useSatsFormat();
  // The reminder waits for the betting state: never over a hand in play or cards still landing.
  const session = useSessionReminder({ hand: table.hand, busy: mode !== 'betting' || table.busy });

  useEffect(() => {
    document.title = `${t('game.title')} · ${t('common.brand')}`;
  }, [t]);
  useHotkeys(table, seedsOpen || rulesOpen || session.reminder !== null);

  return (
    <div className={`${styles.page} ${size === 'small' ? styles.small : ''} ${table.coach ? styles.withCoach : ''}`}>
      <h1 className="visually-hidden">{t('game.title')}</h1>
      <Toolbar
        bank={table.bank}
        handsDealt={table.seeds.handsDealt}
        onSeeds={() => setSeedsOpen(true)}
        onRules={() => setRulesOpen(true)}
        sound={table.sound}
        onSound={table.setSound}
        coach={table.coach}
        onCoach={table.setCoach}
        speed={table.speed}
        onSpeed={table.setSpeed}
      />
      {/* The first deposit's offer, answered here between hands rather than only on the bonuses page. */}
      {mode === 'betting' && !table.busy ? (
        <div className={styles.offer}>
          <OpenOffer place="table" />
        </div>
      ) : null}

      <div className={styles.tableWrap}>
        <div ref={ref} className={tableStyles.viewport} style={{ height: scale ? geometry.height * scale : undefined, aspectRatio: scale ? undefined : `${geometry.width} / ${geometry.height}`, ['--flight' as string]: `${flightMs(table.speed)}ms` }} data-testid="table" data-speed={table.speed}>
          {scale > 0 && brand.images ? (
            <TableStage
              size={size}
              scale={scale}
              hand={table.hand}
              shown={table.shown}
              sequence={table.sequence}
              onCard={table.onCard}
              bet={table.betShown}
              chipsLocked={mode !== 'betting' || table.busy || (table.bank ?? 0) <= 0}
              onChip={table.addChip}
              onClearBet={table.clearBet}
              canClear={mode === 'betting' && !table.busy}
              images={brand.images}
            />
          ) : brand.failed ? (
            <div className={tableStyles.unavailable} role="alert">
              <p>{t('game.tableUnavailable')}</p>
              <button type="button" className="btn btn-ghost btn-sm" onClick={brand.retry}>
                {t('common.retry')}
              </button>
            </div>
          ) : null}
          <TableNotice notice={table.notice} onDismiss={table.dismissNotice} />
        </div>
        <RoundLine hand={table.shown} format={format} />
      </div>

      <ActionBar table={table} />
      <p className={styles.hotkeyHint} aria-hidden="true">
        {t('game.hotkeyHint')}
      </p>
      {table.coach ? <CoachPanel hand={table.hand} animating={table.animating} /> : null}

      <div className="visually-hidden" aria-live="polite" data-testid="announcer">
        {table.animating ? '' : table.announcement}
      </div>

      <SeedsDialog open={seedsOpen} onClose={() => setSeedsOpen(false)} seeds={table.seeds} />
      <RulesDialog open={rulesOpen} onClose={() => setRulesOpen(false)} />
      <SessionReminderDialog reminder={session.reminder} onDismiss={session.dismiss} />
    </div>
  );
}
