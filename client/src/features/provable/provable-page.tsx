import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { cardRank, cardSuit, houseSeedHash, isValidSeed, SHOE_ID_LENGTH, type Shoe, shuffleShoe } from '@bahati/contracts';
import { CopyButton } from '@/components/copy-button/copy-button';
import { LocalizedLink } from '@/components/localized-link';
import { cardLabel } from '@/components/playing-card/card-label';
import { PlayingCard } from '@/components/playing-card/playing-card';
import { Spinner } from '@/components/spinner';
import { apiErrorCode, useGetShoeQuery } from '@/lib/api';
import { selectJwt, type SessionRootState } from '@/lib/session';
import styles from './provable.module.css';

/** The reference of docs/provably-fair.md: anyone can re-derive a shoe with stock Python 3. */
const PYTHON = `import base64, hashlib, random

def shoe(player_seed_b64: str, house_seed_b64: str) -> list[int]:
    key = base64.b64decode(player_seed_b64) + base64.b64decode(house_seed_b64)
    rng = random.Random(int.from_bytes(key, "little"))
    cards = list(range(208))
    rng.shuffle(cards)
    return cards

def house_seed_hash(house_seed_b64: str) -> str:
    return base64.b64encode(hashlib.sha256(base64.b64decode(house_seed_b64)).digest()).decode()`;

/** The Python expressions of a card's rank and suit, quoted in the note under the code (the same in every language). */
const PYTHON_CARD = { rank: 'c % 13 + 1', suit: '["Heart", "Diamond", "Club", "Spade"][(c % 52) // 13]' };

const cardOf = (id: number) => ({ suit: cardSuit(id), rank: cardRank(id) });

/** The browser's SHA-256 (WebCrypto), for the house seed hash. */
const webSha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));

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

  const [houseSeed, setHouseSeed] = useState('');
  const [playerSeed, setPlayerSeed] = useState('');
  const [hashed, setHashed] = useState<{ seed: string; hash: string } | null>(null);
  const [hashError, setHashError] = useState<string | null>(null);
  const [shuffled, setShuffled] = useState<number[] | null>(null);
  const [shuffleError, setShuffleError] = useState<string | null>(null);
  const prefilledFor = useRef<string | null>(null);

  useEffect(() => {
    document.title = `${t('provable.title')} · ${t('common.brand')}`;
  }, [t]);

  // Keep ?id= in step with the field, so the page can be shared.
  useEffect(() => {
    if ((params.get('id') ?? '') === id) return;
    setParams(id ? { id } : {}, { replace: true });
  }, [id, params, setParams]);

  // A retired shoe fills in its own seeds (once per shoe; the fields stay editable).
  useEffect(() => {
    if (!current || prefilledFor.current === current.id) return;
    prefilledFor.current = current.id;
    if (current.houseSeed) setHouseSeed(current.houseSeed);
    if (current.playerSeed) setPlayerSeed(current.playerSeed);
    setHashed(null);
    setShuffled(null);
  }, [current]);

  const onHash = async () => {
    const seed = houseSeed.trim();
    if (!seed) return;
    setHashError(null);
    if (!isValidSeed(seed)) {
      setHashed(null);
      setHashError(t('provable.invalidSeed'));
      return;
    }
    if (!crypto.subtle) {
      setHashError(t('provable.noCrypto'));
      return;
    }
    setHashed({ seed, hash: await houseSeedHash(seed, webSha256) });
  };

  const onShuffle = () => {
    setShuffleError(null);
    const p = playerSeed.trim();
    const h = houseSeed.trim();
    if (!isValidSeed(p) || !isValidSeed(h)) {
      setShuffled(null);
      setShuffleError(t('provable.invalidSeeds'));
      return;
    }
    setShuffled(shuffleShoe(p, h));
  };

  const serverCards = current && current.cards.length ? current.cards.map((c) => c.id ?? -1) : null;
  const differences = useMemo(() => {
    if (!shuffled || !serverCards) return null;
    let n = 0;
    for (let i = 0; i < shuffled.length; i++) if (shuffled[i] !== serverCards[i]) n++;
    return n;
  }, [serverCards, shuffled]);
  const hashMatch = hashed && current ? hashed.hash === current.houseSeedHash : null;
  const grid = shuffled ?? serverCards;

  let shoeStatus: ReactNode = null;
  if (!valid) shoeStatus = <p className={styles.prompt} data-testid="shoe-prompt">{t('provable.enterValid')}</p>;
  else if (!signedIn)
    shoeStatus = (
      <p className={styles.prompt}>
        {t('provable.signIn')} <LocalizedLink to="/authentication">{t('provable.signInLink')}</LocalizedLink>
      </p>
    );
  else if (isFetching && !current) shoeStatus = <Spinner label={t('common.loading')} />;
  else if (error && !current) {
    const code = apiErrorCode(error);
    shoeStatus = (
      <p className={styles.problem} role="alert">
        {code === 'ShoeNotFound' || code === 'NotFound' ? t('provable.notFound') : code === 'ValidationFailed' ? t('provable.invalidId') : t('provable.failed')}
      </p>
    );
  }

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
          {shoeStatus}
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
          {hashed ? (
            <div className={styles.result} data-testid="hash-result">
              <span className={styles.resultLabel}>{t('provable.hashed')}</span>
              <code className={styles.mono} data-testid="hashed-seed">
                {hashed.hash}
              </code>
              {hashMatch === true ? (
                <span className={`${styles.verdict} ${styles.ok}`} data-testid="hash-verdict" data-match="true">
                  ✓ {t('provable.hashMatch')}
                </span>
              ) : hashMatch === false ? (
                <span className={`${styles.verdict} ${styles.bad}`} data-testid="hash-verdict" data-match="false">
                  ✗ {t('provable.hashMismatch')}
                </span>
              ) : (
                <span className={styles.muted}>{t('provable.hashCompare')}</span>
              )}
            </div>
          ) : null}
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
          {shuffled ? (
            differences === null ? (
              <p className={styles.muted} data-testid="shuffle-verdict" data-match="unknown">
                {t('provable.shuffledNoShoe')}
              </p>
            ) : differences === 0 ? (
              <p className={`${styles.verdict} ${styles.ok}`} data-testid="shuffle-verdict" data-match="true">
                ✓ {t('provable.allMatch', { count: shuffled.length })}
              </p>
            ) : (
              <p className={`${styles.verdict} ${styles.bad}`} data-testid="shuffle-verdict" data-match="false">
                ✗ {t('provable.differ', { count: differences })}
              </p>
            )
          ) : null}
        </section>
      </div>

      {grid ? (
        <section className={`panel ${styles.panel} ${styles.gridPanel}`} aria-labelledby={`${ids.shoe}-cards`}>
          <h2 id={`${ids.shoe}-cards`} className={styles.gridTitle}>
            {shuffled ? t('provable.shuffledCards') : t('provable.shoeCards')}
          </h2>
          <ol className={styles.grid} data-testid="shoe-grid">
            {grid.map((cardId, i) => {
              const differs = shuffled && serverCards ? serverCards[i] !== cardId : false;
              const card = cardOf(cardId);
              const server = differs && serverCards ? cardOf(serverCards[i]!) : null;
              return (
                <li
                  key={i}
                  className={`${styles.cell} ${differs ? styles.differs : ''}`}
                  title={`${i + 1}. ${cardLabel(t, card)}${server ? ` — ${t('provable.serverHad', { card: cardLabel(t, server) })}` : ''}`}
                  data-differs={differs || undefined}
                >
                  <span className={styles.pos}>{i + 1}</span>
                  <PlayingCard suit={card.suit} rank={card.rank} width={36} />
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}

      <section className={`panel ${styles.panel} ${styles.explain}`} aria-labelledby={`${ids.shoe}-how`}>
        <h2 id={`${ids.shoe}-how`}>{t('provable.howTitle')}</h2>
        <ol className={styles.how}>
          <li>{t('provable.how.commit')}</li>
          <li>{t('provable.how.seed')}</li>
          <li>{t('provable.how.shuffle')}</li>
          <li>{t('provable.how.reveal')}</li>
        </ol>
        <div className={styles.codeHead}>
          <h3>{t('provable.pythonTitle')}</h3>
          <CopyButton text={PYTHON} label={t('provable.copyCode')} />
        </div>
        <pre className={styles.code}>
          <code>{PYTHON}</code>
        </pre>
        <p className={styles.muted}>{t('provable.pythonNote', PYTHON_CARD)}</p>
      </section>
    </div>
  );
}
