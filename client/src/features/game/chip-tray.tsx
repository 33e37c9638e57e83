import { useTranslation } from 'react-i18next';
import { CHIP_VALUES } from '@bahati/contracts';
import { useSatsFormat } from '@/components/amount/sats-amount';
import { Chip, chipLabel } from './chip';
import { chipStack, GEOMETRY, type TableSize } from './table-layout';
import styles from './table.module.css';

/** The bet on its spot, stacked from the largest chip; a tap clears it between hands. */
export function BetSpot({ size, bet, onClearBet, canClear }: { size: TableSize; bet: number; onClearBet: () => void; canClear: boolean }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const geometry = GEOMETRY[size];
  const stack = chipStack(bet, CHIP_VALUES);
  const stackShown = stack.slice(-9);
  const betChip = size === 'large' ? 62 : 50;
  return (
    <div className={styles.betSpot} style={{ left: geometry.bet.x, top: geometry.bet.y }}>
      {stackShown.length === 0 ? (
        <span className={styles.betHint}>{t('game.betHint')}</span>
      ) : (
        <button
          type="button"
          className={styles.betStack}
          onClick={(event) => {
            // The stack goes with the bet: a keyboard player's focus moves on to the chips before it goes, never to the top of the page.
            event.currentTarget.closest(`.${styles.stage}`)?.querySelector<HTMLElement>(`.${styles.chipTray} button:not(:disabled)`)?.focus();
            onClearBet();
          }}
          disabled={!canClear}
          aria-label={t('game.clearBetLabel', { amount: format.sats(bet) })}
          data-testid="bet-stack"
        >
          {stackShown.map((value, i) => (
            <span key={i} className={styles.betChip} style={{ transform: `translate(-50%, calc(-50% - ${i * (size === 'large' ? 5 : 4)}px))` }}>
              <Chip value={value} size={betChip} />
            </span>
          ))}
        </button>
      )}
      {bet > 0 ? (
        <span className={styles.betAmount} data-testid="bet-amount">
          {format.sats(bet)}
        </span>
      ) : null}
    </div>
  );
}

/** The four chips in the tray; each tap adds one to the bet. */
export function ChipTray({ size, locked, onChip }: { size: TableSize; locked: boolean; onChip: (value: number) => void }) {
  const { t } = useTranslation();
  const format = useSatsFormat();
  const geometry = GEOMETRY[size];
  const chipSize = geometry.chips.size;
  return (
    <div className={styles.chipTray} style={{ top: geometry.chips.y }} role="group" aria-label={t('game.chips')}>
      {CHIP_VALUES.map((value, i) => (
        <button
          key={value}
          type="button"
          className={styles.chip}
          style={{ left: geometry.width / 2 + (i - 1.5) * (chipSize + geometry.chips.gap), width: chipSize, height: chipSize }}
          onClick={() => onChip(value)}
          disabled={locked}
          aria-label={t('game.addChip', { amount: format.sats(value) })}
          title={t('game.addChip', { amount: format.sats(value) })}
          data-testid={`chip-${chipLabel(value)}`}
        >
          <Chip value={value} size={chipSize} />
        </button>
      ))}
    </div>
  );
}
