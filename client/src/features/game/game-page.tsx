import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOW_BANK_WARNING, type HandAction } from '@bahati/contracts';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { LocalizedLink } from '@/components/localized-link';
import { Spinner } from '@/components/spinner';
import { RulesDialog } from './rules-dialog';
import { HANDS_PER_SHOE } from './seeds';
import { SeedsDialog } from './seeds-dialog';
import { TableStage } from './table-stage';
import { GEOMETRY, type TableSize } from './table-layout';
import { useTable, type Mode, type TableState } from './use-table';
import styles from './game.module.css';
import tableStyles from './table.module.css';

const SMALL_QUERY = '(max-width: 799.98px)';

/** Spec §9: the small table under 800 px of width, the large one otherwise. */
function useTableSize(): TableSize {
  const [small, setSmall] = useState(() => window.matchMedia(SMALL_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(SMALL_QUERY);
    const change = () => setSmall(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return small ? 'small' : 'large';
}

/** The stage is drawn on the table's own grid and scaled to the width it is given. */
function useFitScale(size: TableSize) {
  const ref = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setScale(el.clientWidth / GEOMETRY[size].width);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [size]);
  return { ref, scale };
}

const KEYS: Record<string, 'deal' | 'no' | 'yes' | HandAction> = { h: 'hit', s: 'stand', d: 'double', p: 'split', y: 'yes', n: 'deal' };

function ActionButton({
  label,
  hotkey,
  onClick,
  disabled,
  primary,
  testId,
}: {
  label: string;
  hotkey: string;
  onClick: () => void;
  disabled: boolean;
  primary?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className={`btn ${primary ? 'btn-primary' : ''} ${styles.action}`}
      onClick={onClick}
      disabled={disabled}
      aria-keyshortcuts={hotkey}
      data-testid={testId}
    >
      <span>{label}</span>
      <kbd className={styles.kbd} aria-hidden="true">
        {hotkey}
      </kbd>
    </button>
  );
}

function Toolbar({ table, onSeeds, onRules }: { table: TableState; onSeeds: () => void; onRules: () => void }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const { bank } = table;
  const dollars = bank !== undefined ? format.dollars(bank) : null;
  const dealt = Math.min(table.seeds.handsDealt, HANDS_PER_SHOE);
  return (
    <>
      <div className={styles.left}>
      <div className={styles.balance} data-testid="table-balance">
        <span className={styles.balanceLabel}>{t('game.balance')}</span>
        <span className={styles.balanceSats}>{bank !== undefined ? t('game.sats', { amount: format.sats(bank) }) : '—'}</span>
        {dollars ? <span className={styles.balanceUsd}>≈ {dollars}</span> : null}
      </div>
      {bank !== undefined && bank > 0 && bank < LOW_BANK_WARNING ? (
        <LocalizedLink to="/deposit" className={styles.lowBank} data-testid="low-bank">
          {t('game.lowBank')}
        </LocalizedLink>
      ) : null}
      </div>
      <div className={styles.right}>
      <div className={styles.shoeMeter} title={t('game.shoeProgress', { n: dealt, total: HANDS_PER_SHOE })}>
        <span className="visually-hidden">{t('game.shoeProgress', { n: dealt, total: HANDS_PER_SHOE })}</span>
        <span className={styles.shoeMeterLabel} aria-hidden="true">
          {t('game.shoe')}
        </span>
        {Array.from({ length: HANDS_PER_SHOE }, (_, i) => (
          <span key={i} className={`${styles.pip} ${i < dealt ? styles.pipOn : ''}`} aria-hidden="true" />
        ))}
      </div>
      <div className={styles.tools}>
        <button type="button" className={`btn btn-ghost btn-sm ${styles.tool}`} onClick={onSeeds} aria-label={t('game.seeds.button')} data-testid="open-seeds">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
            <path d="M9 12l2 2 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{t('game.seeds.button')}</span>
        </button>
        <button type="button" className={`btn btn-ghost btn-sm ${styles.tool}`} onClick={onRules} aria-label={t('game.rules.button')} data-testid="open-rules">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>{t('game.rules.button')}</span>
        </button>
      </div>
      </div>
    </>
  );
}

function ActionBar({ table, mode }: { table: TableState; mode: Mode }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const { busy, hand } = table;
  let content: ReactNode;
  if (mode === 'loading') {
    content = <Spinner label={t('common.loading')} />;
  } else if (mode === 'insurance' || mode === 'evenMoney') {
    const insurance = mode === 'insurance';
    const cost = hand ? Math.floor(hand.baseBetAmount / 2) : 0;
    content = (
      <>
        <p className={styles.prompt} data-testid="offer-prompt">
          <strong>{insurance ? t('game.prompt.insurance') : t('game.prompt.evenMoney')}</strong>
          <span>
            {insurance ? t('game.prompt.insuranceCost', { amount: format.sats(cost) }) : t('game.prompt.evenMoneyPays', { amount: format.sats(hand?.baseBetAmount ?? 0) })}
          </span>
        </p>
        <ActionButton
          label={t('game.actions.yes')}
          hotkey="Y"
          primary
          onClick={() => void table.onAction(insurance ? 'insurance' : 'evenmoney')}
          disabled={busy || !table.allowed(insurance ? 'insurance' : 'evenmoney')}
          testId="action-yes"
        />
        <ActionButton
          label={t('game.actions.no')}
          hotkey="N"
          onClick={() => void table.onAction(insurance ? 'noinsurance' : 'noevenmoney')}
          disabled={busy || !table.allowed(insurance ? 'noinsurance' : 'noevenmoney')}
          testId="action-no"
        />
      </>
    );
  } else if (mode === 'playing') {
    const btn = (action: HandAction, label: string, key: string, primary = false) => (
      <ActionButton
        key={action}
        label={label}
        hotkey={key}
        primary={primary}
        onClick={() => void table.onAction(action)}
        disabled={busy || !(table.allowed(action) || ((action === 'double' || action === 'split') && table.blockedByBank(action)))}
        testId={`action-${action}`}
      />
    );
    content = (
      <>
        {btn('hit', t('game.actions.hit'), 'H', true)}
        {btn('stand', t('game.actions.stand'), 'S', true)}
        {btn('double', t('game.actions.double'), 'D')}
        {btn('split', t('game.actions.split'), 'P')}
      </>
    );
  } else if ((table.bank ?? 0) <= 0) {
    content = (
      <>
        <p className={styles.prompt}>
          <strong>{t('game.errors.depositFirst')}</strong>
        </p>
        <LocalizedLink to="/deposit" className="btn btn-primary">
          {t('game.notices.deposit')}
        </LocalizedLink>
      </>
    );
  } else {
    const rebet = hand?.phase === 'Settled' && table.bet > 0 && table.bet === table.lastBet;
    content = (
      <>
        <button type="button" className={`btn btn-ghost ${styles.action}`} onClick={table.clearBet} disabled={busy || table.bet === 0} data-testid="clear-bet">
          {t('game.actions.clear')}
        </button>
        <ActionButton
          label={rebet ? t('game.actions.rebet') : t('game.actions.deal')}
          hotkey="N"
          primary
          onClick={() => void table.onDeal()}
          disabled={busy}
          testId="action-deal"
        />
      </>
    );
  }
  return (
    <div className={styles.actions} role="group" aria-label={t('game.actionsLabel')} aria-busy={table.pending}>
      {content}
    </div>
  );
}

export function Component() {
  const { t } = useTranslation();
  const size = useTableSize();
  const { ref, scale } = useFitScale(size);
  const table = useTable();
  const [seedsOpen, setSeedsOpen] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const geometry = GEOMETRY[size];
  const { mode } = table;

  useEffect(() => {
    document.title = `${t('game.title')} · ${t('common.brand')}`;
  }, [t]);

  // Hotkeys (spec: N, H, S, D, P, Y), ignored while a dialog is open or the button is disabled.
  const tableRef = useRef(table);
  tableRef.current = table;
  const dialogOpen = seedsOpen || rulesOpen;
  const onKey = useCallback(
    (event: KeyboardEvent) => {
      if (dialogOpen || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (document.querySelector('dialog[open]')) return;
      const key = KEYS[event.key.toLowerCase()];
      if (!key) return;
      const s = tableRef.current;
      if (s.busy || s.mode === 'loading') return;
      let run: (() => void) | null = null;
      if (s.mode === 'insurance' || s.mode === 'evenMoney') {
        const ins = s.mode === 'insurance';
        if (key === 'yes' && s.allowed(ins ? 'insurance' : 'evenmoney')) run = () => void s.onAction(ins ? 'insurance' : 'evenmoney');
        if (key === 'deal' && s.allowed(ins ? 'noinsurance' : 'noevenmoney')) run = () => void s.onAction(ins ? 'noinsurance' : 'noevenmoney');
      } else if (s.mode === 'playing') {
        if (key === 'hit' || key === 'stand' || key === 'double' || key === 'split') {
          const enabled = s.allowed(key) || ((key === 'double' || key === 'split') && s.blockedByBank(key));
          if (enabled) run = () => void s.onAction(key);
        }
      } else if (s.mode === 'betting' && key === 'deal' && (s.bank ?? 0) > 0) {
        run = () => void s.onDeal();
      }
      if (run) {
        event.preventDefault();
        run();
      }
    },
    [dialogOpen],
  );
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onKey]);

  const notice = table.notice;
  useEffect(() => {
    if (!notice || notice.tone === 'error' || notice.tone === 'warning') return;
    const timer = window.setTimeout(table.dismissNotice, notice.link ? 9000 : 5000);
    return () => window.clearTimeout(timer);
  }, [notice, table.dismissNotice]);

  return (
    <div className={`${styles.page} ${size === 'small' ? styles.small : ''}`}>
      <h1 className="visually-hidden">{t('game.title')}</h1>
      <Toolbar table={table} onSeeds={() => setSeedsOpen(true)} onRules={() => setRulesOpen(true)} />

      <div className={styles.tableWrap}>
        <div ref={ref} className={tableStyles.viewport} style={{ height: scale ? geometry.height * scale : undefined, aspectRatio: scale ? undefined : `${geometry.width} / ${geometry.height}` }} data-testid="table">
          {scale > 0 ? (
            <TableStage
              size={size}
              scale={scale}
              hand={table.hand}
              shown={table.shown}
              sequence={table.sequence}
              bet={table.betShown}
              chipsLocked={mode !== 'betting' || table.busy || (table.bank ?? 0) <= 0}
              onChip={table.addChip}
              onClearBet={table.clearBet}
              canClear={mode === 'betting' && !table.busy}
            />
          ) : null}
          {notice ? (
            <div
              key={notice.id}
              className={`${styles.notice} ${styles[`notice_${notice.tone}`]}`}
              role={notice.tone === 'error' ? 'alert' : 'status'}
              data-testid="table-notice"
            >
              <span>{notice.text}</span>
              {notice.link ? (
                <LocalizedLink to={notice.link.to} className={styles.noticeLink}>
                  {notice.link.label}
                </LocalizedLink>
              ) : null}
              <button type="button" className={styles.noticeClose} onClick={table.dismissNotice} aria-label={t('game.dismiss')}>
                ×
              </button>
            </div>
          ) : null}
        </div>
      </div>

      <ActionBar table={table} mode={mode} />
      <p className={styles.hotkeyHint} aria-hidden="true">
        {t('game.hotkeyHint')}
      </p>

      <div className="visually-hidden" aria-live="polite" data-testid="announcer">
        {table.animating ? '' : table.announcement}
      </div>

      <SeedsDialog open={seedsOpen} onClose={() => setSeedsOpen(false)} seeds={table.seeds} />
      <RulesDialog open={rulesOpen} onClose={() => setRulesOpen(false)} />
    </div>
  );
}
