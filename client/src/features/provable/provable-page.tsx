import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { SHOE_ID_LENGTH, type Shoe } from '@bahati/contracts';
import { LocalizedLink } from '@/components/localized-link';
import { Spinner } from '@/components/spinner';
import { apiErrorCode, useGetShoeQuery } from '@/lib/api';
import { selectJwt, type SessionRootState } from '@/lib/session';
import { HowItWorks } from './how-it-works';
import { ShoeGrid } from './shoe-grid';
import { useSeedChecks } from './use-seed-checks';
import { HashResult, ShuffleVerdict } from '@/components/shoe-check/verdicts';
import styles from './provable.module.css';

function ShoeFacts({ shoe }: { shoe: Shoe }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t('provable.status')}</dt>
        <dd>
          <span className={`${styles.chip} ${shoe.retired ? styles.chipOk : ''}`}>{shoe.retired ? t('provable.retired') : t('provable.active')}</span>
        </dd>
      </div>
      <div>
        <dt>{t('provable.handCount')}</dt>
        <dd>{shoe.handCount}</dd>
      </div>
      <div className={styles.wide}>
        <dt>{t('provable.committedHash')}</dt>
        <dd className={styles.mono} data-testid="committed-hash">
          {shoe.houseSeedHash}
        </dd>
      </div>
    </dl>
  );
}

/** Under the shoe id: what to do first (a valid id, signing in), the lookup under way, or why it failed. */
function ShoeStatus({ valid, signedIn, fetching, found, error }: { valid: boolean; signedIn: boolean; fetching: boolean; found: boolean; error: unknown }) {
  const { t } = useTranslation();
  if (!valid) return <p className={styles.prompt} data-testid="shoe-prompt">{t('provable.enterValid')}</p>;
  if (!signedIn)
    return (
      <p className={styles.prompt}>
        {t('provable.signIn')} <LocalizedLink to="/authentication">{t('provable.signInLink')}</LocalizedLink>
      </p>
    );
  if (fetching && !found) return <Spinner label={t('common.loading')} />;
  if (error && !found) {
    const code = apiErrorCode(error);
    return (
      <p className={styles.problem} role="alert">
        {code === 'ShoeNotFound' || code === 'NotFound' ? t('provable.notFound') : code === 'ValidationFailed' ? t('provable.invalidId') : t('provable.failed')}
      </p>
    );
  }
  return null;
}

export function Component() {
  const { t } = useTranslation();
  const ids = { shoe: useId(), house: useId(), player: useId() };
  const [params, setParams] = useSearchParams();
  const [shoeId, setShoeId] = useState(() => params.get('id') ?? '');
  const id = shoeId.trim();
  const valid = id.length === SHOE_ID_LENGTH;
  const signedIn = useSelector((state: SessionRootState) => selectJwt(state)) !== null;
  const { data: shoe, error, isFetching } = useGetShoeQuery(id, { skip: !valid || !signedIn });
  const current = shoe && shoe.id === id ? shoe : undefined;
  const { houseSeed, setHouseSeed, playerSeed, setPlayerSeed, hashed, hashError, shuffled, shuffleError, onHash, onShuffle } = useSeedChecks(current);

  useEffect(() => {
    document.title = `${t('provable.title')} · ${t('common.brand')}`;
  }, [t]);

  // Keep ?id= in step with the field, so the page can be shared.
  useEffect(() => {
    if ((params.get('id') ?? '') === id) return;
    setParams(id ? { id } : {}, { replace: true });
  }, [id, params, setParams]);

  const serverCards = current && current.cards.length ? current.cards.map((c) => c.id ?? -1) : null;
  const differences = useMemo(() => {
    if (!shuffled || !serverCards) return null;
    let n = 0;
    for (let i = 0; i < shuffled.length; i++) if (shuffled[i] !== serverCards[i]) n++;
    return n;
  }, [serverCards, shuffled]);
  const hashMatch = hashed && current ? hashed.hash === current.houseSeedHash : null;
  const grid = shuffled ?? serverCards;

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('provable.title')}</h1>
        <p className={styles.lead}>{t('provable.lead')}</p>
      </header>

      <div className={styles.layout}>
        <section className={`panel ${styles.panel}`} aria-labelledby={`${ids.shoe}-h`}>
          <h2 id={`${ids.shoe}-h`} className={styles.step}>
            <span className={styles.stepNo}>1</span>
            {t('provable.step1')}
          </h2>
          <div className="field">
            <label htmlFor={ids.shoe}>{t('provable.shoeId')}</label>
            <input
              id={ids.shoe}
              className={`input ${styles.mono}`}
              value={shoeId}
              onChange={(event) => setShoeId(event.target.value)}
              placeholder="00000000-0000-0000-0000-000000000000"
              spellCheck={false}
              autoComplete="off"
              maxLength={64}
              data-testid="shoe-id-input"
            />
          </div>
          <ShoeStatus valid={valid} signedIn={signedIn} fetching={isFetching} found={current !== undefined} error={error} />
          {current ? (
            <>
              <ShoeFacts shoe={current} />
              {!current.retired ? <p className={styles.prompt}>{t('provable.inUse')}</p> : null}
            </>
          ) : null}
        </section>

        <section className={`panel ${styles.panel}`} aria-labelledby={`${ids.house}-h`}>
          <h2 id={`${ids.house}-h`} className={styles.step}>
            <span className={styles.stepNo}>2</span>
            {t('provable.step2')}
          </h2>
          <div className="field">
            <label htmlFor={ids.house}>{t('provable.houseSeed')}</label>
            <div className={styles.row}>
              <input
                id={ids.house}
                className={`input ${styles.mono}`}
                value={houseSeed}
                onChange={(event) => setHouseSeed(event.target.value)}
                spellCheck={false}
                autoComplete="off"
                maxLength={64}
                data-testid="house-seed-input"
              />
              <button type="button" className="btn btn-primary" onClick={() => void onHash()} data-testid="hash-button">
                {t('provable.hash')}
              </button>
            </div>
          </div>
          {hashError ? <p className={styles.problem}>{hashError}</p> : null}
          {hashed ? <HashResult hash={hashed.hash} match={hashMatch} /> : null}
        </section>

        <section className={`panel ${styles.panel}`} aria-labelledby={`${ids.player}-h`}>
          <h2 id={`${ids.player}-h`} className={styles.step}>
            <span className={styles.stepNo}>3</span>
            {t('provable.step3')}
          </h2>
          <div className="field">
            <label htmlFor={ids.player}>{t('provable.playerSeed')}</label>
            <div className={styles.row}>
              <input
                id={ids.player}
                className={`input ${styles.mono}`}
                value={playerSeed}
                onChange={(event) => setPlayerSeed(event.target.value)}
                spellCheck={false}
                autoComplete="off"
                maxLength={64}
                data-testid="player-seed-input"
              />
              <button type="button" className="btn btn-primary" onClick={onShuffle} data-testid="shuffle-button">
                {t('provable.shuffle')}
              </button>
            </div>
          </div>
          {shuffleError ? <p className={styles.problem}>{shuffleError}</p> : null}
          {shuffled ? <ShuffleVerdict count={shuffled.length} differences={differences} /> : null}
        </section>
      </div>

      {grid ? <ShoeGrid grid={grid} shuffled={shuffled} serverCards={serverCards} headingId={`${ids.shoe}-cards`} /> : null}

      <HowItWorks headingId={`${ids.shoe}-how`} />
    </div>
  );
}
