import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { HandAction } from '@bahati/contracts';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { LocalizedLink } from '@/components/localized-link';
import { Spinner } from '@/components/spinner';
import { BetBox } from './bet-box';
import { coachPick } from './coach';
import { CoachHint } from './coach-panel';
import type { TableState } from './use-table';
import styles from './game.module.css';

function ActionButton({
  label,
  hotkey,
  onClick,
  disabled,
  primary,
  testId,
  coach,
}: {
  label: string;
  hotkey: string;
  onClick: () => void;
  disabled: boolean;
  primary?: boolean;
  testId?: string;
  /** The coach's pick: the button says so in words (and its outline), and points to the coach's line. */
  coach?: { hintId: string } | null;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`btn ${primary ? 'btn-primary' : ''} ${styles.action} ${coach ? styles.coachPick : ''}`}
      onClick={onClick}
      disabled={disabled}
      aria-keyshortcuts={hotkey}
      aria-describedby={coach?.hintId}
      data-testid={testId}
      data-coach={coach ? 'pick' : undefined}
    >
      <span>{label}</span>
      {coach ? <span className={styles.coachTag}>{t('game.coach.tag')}</span> : null}
      <kbd className={styles.kbd} aria-hidden="true">
        {hotkey}
      </kbd>
    </button>
  );
}

/**
 * A keyboard player's focus stays with the moves: when the focused button goes away or is switched
 * off (Deal turns into the offer's Yes and No, then into the hand's moves, then into Rebet), the bar's
 * first primary button that can be pressed takes the focus, so Enter and Space keep playing.
 */
function useFocusFollowsMoves(bar: RefObject<HTMLDivElement | null>) {
  const holds = useRef(false);
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const onFocusIn = () => {
      holds.current = true;
    };
    // Focus moved on to something else (Tab, a click on another control): the bar lets it go.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !el.contains(event.relatedTarget)) holds.current = false;
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node && el.contains(event.target))) holds.current = false;
    };
    el.addEventListener('focusin', onFocusIn);
    el.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      el.removeEventListener('focusin', onFocusIn);
      el.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [bar]);
  useEffect(() => {
    const el = bar.current;
    if (!el || !holds.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && !el.contains(active)) {
      holds.current = false;
      return;
    }
    if (active && el.contains(active) && !(active instanceof HTMLButtonElement && active.disabled)) return;
    const next = el.querySelector<HTMLElement>('.btn-primary:not(:disabled)') ?? el.querySelector<HTMLElement>('button:not(:disabled), a[href]');
    next?.focus();
  });
}

/** Below the table: what the player can do now (an offer's Yes and No, the hand's moves, or the bet and Deal). */
export function ActionBar({ table }: { table: TableState }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const { busy, hand, mode } = table;
  const bar = useRef<HTMLDivElement>(null);
  const hintId = useId();
  useFocusFollowsMoves(bar);
  // The coach marks the chart's play once the cards have landed and the buttons can be pressed.
  const pick = table.coach && !busy && (mode === 'insurance' || mode === 'evenMoney' || mode === 'playing') ? coachPick(hand) : null;
  const coachFor = (action: HandAction) => (pick?.action === action ? { hintId } : null);
  const hint = pick ? <CoachHint pick={pick} id={hintId} /> : null;
  let content: ReactNode;
  if (mode === 'loading') {
    content = <Spinner label={t('common.loading')} />;
  } else if (mode === 'insurance' || mode === 'evenMoney') {
    const insurance = mode === 'insurance';
    const cost = hand ? Math.floor(hand.baseBetAmount / 2) : 0;
    content = (
      <>
        {hint}
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
          coach={coachFor(insurance ? 'insurance' : 'evenmoney')}
        />
        <ActionButton
          label={t('game.actions.no')}
          hotkey="N"
          onClick={() => void table.onAction(insurance ? 'noinsurance' : 'noevenmoney')}
          disabled={busy || !table.allowed(insurance ? 'noinsurance' : 'noevenmoney')}
          testId="action-no"
          coach={coachFor(insurance ? 'noinsurance' : 'noevenmoney')}
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
        coach={coachFor(action)}
      />
    );
    content = (
      <>
        {hint}
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
    const rebet = hand?.phase === 'Settled' && table.bet > 0 && table.bet === table.lastBet && table.betProblem === null;
    content = (
      <>
        <BetBox
          text={table.betText}
          onText={table.typeBet}
          problem={table.betProblem}
          bet={table.bet}
          bank={table.bank ?? 0}
          disabled={busy}
          onHalve={table.halveBet}
          onDouble={table.doubleBet}
          onEnter={() => void table.onDeal()}
        />
        <button type="button" className={`btn btn-ghost ${styles.action}`} onClick={table.clearBet} disabled={busy || (table.bet === 0 && table.betText === '')} data-testid="clear-bet">
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
    <div ref={bar} className={styles.actions} role="group" aria-label={t('game.actionsLabel')} aria-busy={table.pending}>
      {content}
    </div>
  );
}
