import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog/dialog';
import { LevelSummary } from '@/components/level/level';
import { useCurrentPlayer } from '@/lib/current-player';
import styles from './dialogs.module.css';

const RULES = ['payout', 'decks', 'handsPerShoe', 'das', 'doubleAny', 'resplit', 'h17', 'splitAces', 'surrender', 'insurance', 'evenMoney'] as const;

/** The table's rules (spec §9). */
export function RulesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { player } = useCurrentPlayer();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('game.rules.title')}
      description={t('game.rules.intro')}
      testId="rules-dialog"
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('game.rules.close')}
        </button>
      }
    >
      <ul className={styles.rules}>
        {RULES.map((rule) => (
          <li key={rule}>{t(`game.rules.items.${rule}`)}</li>
        ))}
      </ul>
      {player ? <LevelSummary level={player.level} /> : null}
      <p className={styles.muted}>{t('game.rules.hotkeys')}</p>
    </Dialog>
  );
}
