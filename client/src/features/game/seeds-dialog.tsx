import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { HANDS_PER_SHOE, isValidSeed } from '@bahati/contracts';
import { CopyButton } from '@/components/copy-button/copy-button';
import { Dialog } from '@/components/dialog/dialog';
import { LocalizedLink } from '@/components/localized-link';
import type { TableState } from './use-table';
import styles from './dialogs.module.css';

/**
 * The provably fair seeds: before a shoe's first hand the player seed is theirs to edit and the house
 * seed is committed by its hash; from the first deal both are fixed until the shoe retires.
 */
export function SeedsDialog({ open, onClose, seeds }: { open: boolean; onClose: () => void; seeds: TableState['seeds'] }) {
  const { t } = useTranslation();
  const seedId = useId();
  const hashId = useId();
  const errorId = useId();
  const invalid = !seeds.locked && seeds.playerSeed !== '' && !isValidSeed(seeds.playerSeed);
  const retired = seeds.retiredShoe;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('game.seeds.title')}
      description={seeds.locked ? t('game.seeds.lockedIntro') : t('game.seeds.intro')}
      size="lg"
      testId="seeds-dialog"
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('game.seeds.done')}
        </button>
      }
    >
      <div className={styles.stack}>
        <div className="field">
          <label htmlFor={seedId}>
            {t('game.seeds.playerSeed')} {seeds.locked ? <span className="hint">({t('game.seeds.fixed')})</span> : null}
          </label>
          <div className={styles.row}>
            <input
              id={seedId}
              className={`input ${styles.mono}`}
              value={seeds.playerSeed}
              onChange={(event) => seeds.setPlayerSeed(event.target.value.trim())}
              readOnly={seeds.locked}
              spellCheck={false}
              autoComplete="off"
              maxLength={44}
              aria-invalid={invalid}
              aria-describedby={invalid ? errorId : undefined}
              data-testid="player-seed"
            />
            {seeds.locked ? (
              <CopyButton text={seeds.playerSeed} label={t('game.seeds.copyPlayerSeed')} compact />
            ) : (
              <button type="button" className="btn btn-ghost btn-sm" onClick={seeds.newPlayerSeed}>
                {t('game.seeds.newSeed')}
              </button>
            )}
          </div>
          {invalid ? (
            <p id={errorId} className={styles.error}>
              {t('game.seeds.invalid')}
            </p>
          ) : null}
        </div>

        <div className="field">
          <label htmlFor={hashId}>{t('game.seeds.houseSeedHash')}</label>
          <div className={styles.row}>
            <input id={hashId} className={`input ${styles.mono}`} value={seeds.houseSeedHash} readOnly data-testid="house-seed-hash" />
            {seeds.houseSeedHash ? <CopyButton text={seeds.houseSeedHash} label={t('game.seeds.copyHash')} compact /> : null}
          </div>
          <p className={styles.muted}>{t('game.seeds.hashHelp')}</p>
        </div>

        <dl className={styles.facts}>
          <div>
            <dt>{t('game.seeds.shoeId')}</dt>
            <dd className={styles.mono} data-testid="shoe-id">
              {seeds.shoeId ?? '—'}
            </dd>
          </div>
          <div>
            <dt>{t('game.seeds.handsDealt')}</dt>
            <dd>{t('game.seeds.handsOf', { n: Math.min(seeds.handsDealt, HANDS_PER_SHOE), total: HANDS_PER_SHOE })}</dd>
          </div>
        </dl>

        {seeds.finishedShoeId ? (
          <p className={styles.callout}>
            {t('game.seeds.lastShoeFinished')}{' '}
            <LocalizedLink to={`/provable?id=${seeds.finishedShoeId}`}>{t('game.seeds.verifyShoe')}</LocalizedLink>
          </p>
        ) : null}

        <section className={styles.retire} aria-labelledby={`${seedId}-retire`}>
          <h3 id={`${seedId}-retire`}>{t('game.seeds.retireTitle')}</h3>
          {retired ? (
            <div className={styles.stack} data-testid="retired-shoe">
              <p className={styles.callout}>{t('game.seeds.retired')}</p>
              <dl className={styles.facts}>
                <div>
                  <dt>{t('game.seeds.shoeId')}</dt>
                  <dd className={styles.mono}>{retired.id}</dd>
                </div>
                <div>
                  <dt>{t('game.seeds.playerSeed')}</dt>
                  <dd className={styles.mono}>{retired.playerSeed || '—'}</dd>
                </div>
                <div>
                  <dt>{t('game.seeds.houseSeed')}</dt>
                  <dd className={styles.mono} data-testid="revealed-house-seed">
                    {retired.houseSeed}
                  </dd>
                </div>
                <div>
                  <dt>{t('game.seeds.houseSeedHash')}</dt>
                  <dd className={styles.mono}>{retired.houseSeedHash}</dd>
                </div>
              </dl>
              <LocalizedLink to={`/provable?id=${retired.id}`} className="btn btn-primary btn-sm" data-testid="verify-retired">
                {t('game.seeds.verifyShoe')}
              </LocalizedLink>
            </div>
          ) : (
            <>
              <p className={styles.muted}>{t('game.seeds.retireHelp')}</p>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => void seeds.onRetireShoe()}
                disabled={!seeds.canRetire}
                data-testid="retire-shoe"
              >
                {t('game.seeds.retire')}
              </button>
            </>
          )}
        </section>
      </div>
    </Dialog>
  );
}
