import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import { Avatar } from '@/components/avatar';
import { BrandMark } from '@/components/brand-mark';
import { LocalizedLink, LocalizedNavLink } from '@/components/localized-link';
import { useEndSessionMutation } from '@/lib/api';
import { useBrand } from '@/lib/brand/brand-provider';
import { localizedTaglineSvg } from '@/lib/brand/localized-tagline';
import { svgDataUrl } from '@/lib/brand/svg-data-url';
import { useCurrentPlayer } from '@/lib/current-player';
import { useStaffRoles } from '@/lib/staff';
import { signedOut } from '@/lib/session';
import { useLocalizePath } from '@/i18n/use-localized-path';
import { AdminMenu } from './admin-menu';
import { BalanceChip } from './balance-chip';
import { MenuIcon, SignOutIcon } from './icons';
import { PLAYER_MENU } from './menu-items';
import { useHeaderMenu } from './use-header-menu';
import styles from './header.module.css';

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? `${styles.menuLink} ${styles.active}` : styles.menuLink;
}

/**
 * Spec §2 header. `signInControl` is the sign-in feature's control, composed in by the app
 * (features do not import each other).
 */
export function Header({ signInControl }: { signInControl: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { player, isLoading, isError, refetch } = useCurrentPlayer();
  const { brand, images } = useBrand();
  // The default brand's tagline is drawn in the player's language; an admin's own drawing is shown as uploaded.
  const tagline = t('shell.tagline');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const taglineSrc = useMemo(() => (brand ? svgDataUrl(localizedTaglineSvg(brand.taglineSvg, tagline, language)) : undefined), [brand, tagline, language]);
  const staff = useStaffRoles();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const { menuOpen, closeMenu, toggleMenu, headerRef } = useHeaderMenu();

  const [endSession] = useEndSessionMutation();
  // The server ends the session first; offline or already ended, the player is signed out here all the same.
  const signOut = async () => {
    closeMenu();
    await endSession({ everywhere: false });
    navigate(localize('/'));
    dispatch(signedOut());
  };

  const displayName = player ? player.name || player.email : '';

  return (
    <header className={styles.header} ref={headerRef}>
      <div className={player ? `${styles.bar} ${styles.withMenu}` : styles.bar}>
        <LocalizedLink to="/" className={styles.brand} aria-label={t('shell.homeLink')}>
          <BrandMark size={40} alt={brand?.name ?? ''} />
          {images ? (
            <img className={`${styles.brandText} ${styles.tagline}`} src={taglineSrc ?? images.taglineSvg} width={300} height={48} alt="" draggable={false} />
          ) : (
            <span className={`${styles.brandText} ${styles.tagline}`} aria-hidden="true" />
          )}
        </LocalizedLink>

        {player ? (
          <>
            <nav
              id="main-menu"
              className={menuOpen ? `${styles.nav} ${styles.navOpen}` : styles.nav}
              aria-label={t('shell.mainMenu')}
            >
              <ul className={styles.menu}>
                {PLAYER_MENU.map((item) => (
                  <li key={item.to}>
                    <LocalizedNavLink to={item.to} className={navClass} onClick={closeMenu}>
                      {t(item.label)}
                    </LocalizedNavLink>
                  </li>
                ))}
                {staff.isStaff ? (
                  <li>
                    <AdminMenu onNavigate={closeMenu} isAdmin={staff.isAdmin} />
                  </li>
                ) : null}
                <li className={styles.mobileOnly}>
                  <LocalizedNavLink to="/profile" className={navClass} onClick={closeMenu}>
                    {t('shell.profile')}
                  </LocalizedNavLink>
                </li>
                <li className={styles.mobileOnly}>
                  <button type="button" className={styles.menuLink} onClick={() => void signOut()}>
                    <SignOutIcon />
                    {t('shell.signOut')}
                  </button>
                </li>
              </ul>
            </nav>

            <div className={styles.actions}>
              <BalanceChip />
              <LocalizedLink
                to="/profile"
                className={styles.profile}
                aria-label={t('shell.profileOf', { name: displayName })}
                title={displayName}
              >
                <Avatar photoUrl={player.photoUrl} name={player.name} email={player.email} size={38} />
              </LocalizedLink>
              <button
                type="button"
                className={`${styles.iconButton} ${styles.desktopOnly}`}
                onClick={() => void signOut()}
                aria-label={t('shell.signOut')}
                title={t('shell.signOut')}
              >
                <SignOutIcon />
              </button>
              <button
                type="button"
                className={styles.hamburger}
                aria-expanded={menuOpen}
                aria-controls="main-menu"
                aria-label={menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}
                onClick={toggleMenu}
              >
                <MenuIcon open={menuOpen} />
              </button>
            </div>
          </>
        ) : isLoading ? (
          <div className={styles.actions} aria-hidden="true">
            <span className={`${styles.chip} ${styles.chipLoading}`} />
            <span className={styles.avatarLoading} />
          </div>
        ) : isError ? (
          <div className={styles.actions}>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void refetch()}>
              {t('common.retry')}
            </button>
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => void signOut()}
              aria-label={t('shell.signOut')}
              title={t('shell.signOut')}
            >
              <SignOutIcon />
            </button>
          </div>
        ) : (
          <div className={styles.actions}>{signInControl}</div>
        )}
      </div>
    </header>
  );
}
