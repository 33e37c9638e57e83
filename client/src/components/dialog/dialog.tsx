import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  /** Escape, the close button and a click on the backdrop all end up here. */
  onClose: () => void;
  title: ReactNode;
  /** A line under the title, read out as the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned (stacked on narrow screens). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** While busy the dialog cannot be dismissed (e.g. a payment is being recorded). */
  dismissible?: boolean;
  /** Element (inside the dialog) to focus on open; the first focusable field otherwise. */
  initialFocus?: React.RefObject<HTMLElement | null>;
  tone?: 'default' | 'success';
  testId?: string;
}

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native `<dialog>` element: `showModal()` makes the rest of the page inert
 * (focus stays inside), Escape closes it, and focus returns to where it was when it closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  dismissible = true,
  initialFocus,
  tone = 'default',
  testId,
}: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const dismissibleRef = useRef(dismissible);
  dismissibleRef.current = dismissible;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    // Escape: the browser closes the dialog (a busy one refuses), and its close event tells the owner.
    const onCancel = (event: Event) => {
      if (!dismissibleRef.current) event.preventDefault();
    };
    const onNativeClose = () => {
      if (dismissibleRef.current) onCloseRef.current();
      else dialog.showModal();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    if (!dialog.open) dialog.showModal();
    const target = initialFocus?.current ?? bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
      if (previous && document.contains(previous)) previous.focus();
    };
    // initialFocus is a ref: it is read once, on open.
  }, [open]);

  // A body that scrolls with nothing focusable in it (rules, terms) takes the focus itself, so the
  // keyboard can scroll it.
  const [bodyScrolls, setBodyScrolls] = useState(false);
  useEffect(() => {
    const body = bodyRef.current;
    if (!body || !open) return;
    const check = () => setBodyScrolls(body.scrollHeight > body.clientHeight + 1 && body.querySelector(FOCUSABLE) === null);
    check();
    const resized = new ResizeObserver(check);
    resized.observe(body);
    const changed = new MutationObserver(check);
    changed.observe(body, { childList: true, subtree: true, characterData: true });
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, [open]);

  if (!open) return null;

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[size]} ${tone === 'success' ? styles.success : ''}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      onMouseDown={(event) => {
        // A press on the backdrop (the dialog element itself, outside its panel) dismisses it.
        if (event.target === event.currentTarget && dismissibleRef.current) onCloseRef.current();
      }}
    >
      <div className={styles.panel}>
        <header className={styles.head}>
          <div>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className={styles.description}>
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            className={styles.close}
            onClick={() => onCloseRef.current()}
            aria-label={t('dialog.close')}
            disabled={!dismissible}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div
          ref={bodyRef}
          className={styles.body}
          tabIndex={bodyScrolls ? 0 : undefined}
          role={bodyScrolls ? 'region' : undefined}
          aria-labelledby={bodyScrolls ? titleId : undefined}
        >
          {children}
        </div>
        {footer ? <footer className={styles.footer}>{footer}</footer> : null}
      </div>
    </dialog>
  );
}
