import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedNavLink } from '@/components/localized-link';
import { ChevronIcon } from './icons';
import { ADMIN_MENU } from './menu-items';
import styles from './header.module.css';

/** The Admin item: a button that toggles a dropdown with the admin screens. */
export function AdminMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
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
        {t('shell.menu.admin')}
        <span className={open ? styles.chevronOpen : styles.chevron}>
          <ChevronIcon />
        </span>
      </button>
      <ul id={listId} className={styles.dropdownList} hidden={!open}>
        {ADMIN_MENU.map((item) => (
          <li key={item.to}>
            <LocalizedNavLink
              to={item.to}
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
