import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LocalizedLink } from '@/components/localized-link';
import { useCurrentPlayer } from '@/lib/current-player';
import { TileIcons } from './tile-icons';
import styles from './welcome.module.css';

const VPN_GUIDE_URL = 'https://ssd.eff.org/module/choosing-vpn-thats-right-you';

type TileKey = keyof typeof TileIcons;

interface Tile {
  key: TileKey;
  href: string;
  kind: 'route' | 'fragment' | 'external';
}

const TILES: readonly Tile[] = [
  { key: 'blog', href: '/bahati-blog', kind: 'route' },
  { key: 'provablyFair', href: '/provably-fair-blackjack', kind: 'route' },
  { key: 'bitcoin', href: '/bitcoin-setup-information', kind: 'route' },
  { key: 'transparency', href: '/vanta-transparency-in-gaming-policy', kind: 'route' },
  { key: 'bonus', href: '#bonusinfo', kind: 'fragment' },
  { key: 'vpn', href: VPN_GUIDE_URL, kind: 'external' },
];

function TileLink({ tile, children }: { tile: Tile; children: ReactNode }) {
  const { t } = useTranslation();
  if (tile.kind === 'route') {
    return (
      <LocalizedLink to={tile.href} className={styles.tileLink}>
        {children}
      </LocalizedLink>
    );
  }
  if (tile.kind === 'fragment') {
    return (
      <a href={tile.href} className={styles.tileLink}>
        {children}
      </a>
    );
  }
  return (
    <a href={tile.href} className={styles.tileLink} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('common.externalLink')}</span>
    </a>
  );
}

function HeroArt() {
  return (
    <div className={styles.art} aria-hidden="true">
      <div className={styles.glow} />
      <div className={`${styles.card} ${styles.cardBack}`} />
      <div className={`${styles.card} ${styles.cardKing}`}>
        <span className={styles.corner}>
          K<span>♥</span>
        </span>
        <span className={styles.pip}>♥</span>
        <span className={`${styles.corner} ${styles.cornerBottom}`}>
          K<span>♥</span>
        </span>
      </div>
      <div className={`${styles.card} ${styles.cardAce}`}>
        <span className={styles.corner}>
          A<span>♠</span>
        </span>
        <span className={styles.pip}>♠</span>
        <span className={`${styles.corner} ${styles.cornerBottom}`}>
          A<span>♠</span>
        </span>
      </div>
      <div className={styles.chips}>
        <span className={`${styles.chip} ${styles.chipGold}`} />
        <span className={`${styles.chip} ${styles.chipGreen}`} />
        <span className={`${styles.chip} ${styles.chipRed}`} />
      </div>
    </div>
  );
}

export function WelcomePage() {
  const { t } = useTranslation();
  const { isSignedIn } = useCurrentPlayer();
  const { hash } = useLocation();

  useEffect(() => {
    document.title = `${t('common.brand')} · ${t('shell.tagline')}`;
  }, [t]);

  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash]);

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="welcome-title">
        <div className={styles.heroInner}>
          <div className={styles.heroCopy}>
            <p className={styles.eyebrow}>{t('content.welcome.eyebrow')}</p>
            <h1 id="welcome-title" className={styles.title}>
              {t('content.welcome.title')}
            </h1>
            <p className={styles.lead}>{t('content.welcome.text')}</p>
            <div className={styles.actions}>
              <LocalizedLink to={isSignedIn ? '/game' : '/get-started-playing-blackjack'} className="btn btn-primary btn-lg">
                {isSignedIn ? t('content.welcome.playNow') : t('content.welcome.getStarted')}
              </LocalizedLink>
              <LocalizedLink to="/provably-fair-blackjack" className="btn btn-ghost btn-lg">
                {t('content.welcome.howItWorks')}
              </LocalizedLink>
            </div>
            <ul className={styles.facts}>
              <li>{t('content.welcome.facts.payout')}</li>
              <li>{t('content.welcome.facts.decks')}</li>
              <li>{t('content.welcome.facts.lightning')}</li>
            </ul>
          </div>
          <HeroArt />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="tiles-title">
        <h2 id="tiles-title" className={styles.sectionTitle}>
          {t('content.welcome.tilesTitle')}
        </h2>
        <ul className={styles.tiles}>
          {TILES.map((shown) => {
            // A signed-in player's bonus tile opens their own bonuses; a visitor reads the terms below.
            const tile: Tile = shown.key === 'bonus' && isSignedIn ? { key: 'bonus', href: '/bonuses', kind: 'route' } : shown;
            return (
              <li key={tile.key} className={styles.tile}>
                <TileLink tile={tile}>
                  <span className={styles.tileIcon}>{TileIcons[tile.key]}</span>
                  <h3 className={styles.tileTitle}>{t(`content.welcome.tiles.${tile.key}.title`)}</h3>
                  <p className={styles.tileText}>{t(`content.welcome.tiles.${tile.key}.text`)}</p>
                  <span className={styles.tileMore}>
                    {t(`content.welcome.tiles.${tile.key}.link`)}
                    <span aria-hidden="true">{tile.kind === 'external' ? ' ↗' : ' →'}</span>
                  </span>
                </TileLink>
              </li>
            );
          })}
        </ul>
      </section>

      <section id="bonusinfo" className={styles.section} aria-labelledby="bonus-title" tabIndex={-1}>
        <div className={`panel ${styles.bonus}`}>
          <div className={styles.bonusBadge} aria-hidden="true">
            100%
          </div>
          <div>
            <h2 id="bonus-title" className={styles.bonusTitle}>
              {t('content.welcome.bonus.title')}
            </h2>
            <p className={styles.bonusLead}>{t('content.welcome.bonus.lead')}</p>
            <ul className={styles.bonusList}>
              <li>{t('content.welcome.bonus.accept')}</li>
              <li>{t('content.welcome.bonus.playthrough')}</li>
              <li>{t('content.welcome.bonus.forgiven')}</li>
            </ul>
            <LocalizedLink to="/bahati-terms-of-use#bonuses" className={styles.bonusTerms}>
              {t('content.welcome.bonus.terms')} <span aria-hidden="true">→</span>
            </LocalizedLink>
          </div>
        </div>
      </section>
    </div>
  );
}

export { WelcomePage as Component };
