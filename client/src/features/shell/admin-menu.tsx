import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedNavLink } from '@/components/localized-link';
import { ChevronIcon } from './icons';
import { ADMIN_MENU } from './menu-items';
import styles from './header.module.css';

/** The Admin item: a button that toggles a dropdown with the admin screens (for support: "Support", with what support may open). */
export function AdminMenu({ onNavigate, isAdmin }: { onNavigate: () => void; isAdmin: boolean }) {
  const { t } = useTranslation();
  const items = isAdmin ? ADMIN_MENU : ADMIN_MENU.filter((item) => item.support);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={styles.dropdown} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={listId}
        aria-haspopup="true"
        onClick={() => setOpen((v) => !v)}
      >
        {isAdmin ? t('shell.menu.admin') : t('staff.menu.support')}
        <span className={open ? styles.chevronOpen : styles.chevron}>
          <ChevronIcon />
        </span>
      </button>
      <ul id={listId} className={styles.dropdownList} hidden={!open}>
        {items.map((item) => (
          <li key={item.to}>
            <LocalizedNavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) => (isActive ? `${styles.dropdownLink} ${styles.active}` : styles.dropdownLink)}
              onClick={() => {
                setOpen(false);
                onNavigate();
              }}
            >
              {t(item.label)}
            </LocalizedNavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
