import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { useNavigate } from 'react-router-dom';
import { useLocalizePath } from '@/i18n/use-localized-path';
import { LocalizedLink } from '@/components/localized-link';
import { Page, PageHeader } from '@/components/page/page';
import { useStaffRoles } from '@/lib/staff';
import styles from './admin.module.css';

interface Screen {
  to: string;
  title: ParseKeys;
  text: ParseKeys;
  /** What support reads here instead (absent: the screen is for admins only). */
  supportText?: ParseKeys;
}

const SCREENS: readonly Screen[] = [
  { to: '/admin/players', title: 'staff.landing.players.title', text: 'staff.landing.players.text', supportText: 'staff.landing.players.supportText' },
  { to: '/withdraw-requests', title: 'admin.links.withdrawRequests.title', text: 'admin.links.withdrawRequests.text' },
  { to: '/admin/redeem-codes', title: 'admin.links.redeemCodes.title', text: 'admin.links.redeemCodes.text' },
  { to: '/admin/held-deposits', title: 'admin.links.heldDeposits.title', text: 'admin.links.heldDeposits.text' },
  { to: '/admin/support', title: 'staff.landing.ledgerCheck.title', text: 'staff.landing.ledgerCheck.text', supportText: 'staff.landing.ledgerCheck.text' },
  { to: '/admin/analytics', title: 'staff.landing.analytics.title', text: 'staff.landing.analytics.text' },
  { to: '/admin/reconciliation', title: 'adminReconciliation.landing.title', text: 'adminReconciliation.landing.text' },
  { to: '/admin/reserves', title: 'adminReserves.landing.title', text: 'adminReserves.landing.text' },
  { to: '/admin/audit-log', title: 'adminAudit.title', text: 'adminAudit.lead' },
  { to: '/admin/branding', title: 'admin.links.branding.title', text: 'admin.links.branding.text' },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A hand's audit by its id (a hand id from a ledger, a log or a player's question). */
function HandAuditForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [id, setId] = useState('');
  const [invalid, setInvalid] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const handId = id.trim();
    if (!UUID.test(handId)) {
      setInvalid(true);
      return;
    }
    navigate(localize(`/admin/hands/${handId.toLowerCase()}`));
  }

  return (
    <form className={`panel ${styles.audit}`} onSubmit={submit} aria-labelledby="audit-form-title">
      <h2 id="audit-form-title" className={styles.title}>
        {t('staff.landing.audit.title')}
      </h2>
      <p className={styles.text}>{t('staff.landing.audit.text')}</p>
      <div className={styles.auditRow}>
        <div className={`field ${styles.auditField}`}>
          <label htmlFor="audit-hand-id">{t('staff.landing.audit.label')}</label>
          <input
            id="audit-hand-id"
            className="input"
            value={id}
            onChange={(event) => {
              setId(event.target.value);
              setInvalid(false);
            }}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalid}
            aria-describedby={invalid ? 'audit-hand-error' : undefined}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-sm">
          {t('staff.landing.audit.open')}
        </button>
      </div>
      {invalid ? (
        <p id="audit-hand-error" className={styles.error} role="alert">
          {t('staff.landing.audit.invalid')}
        </p>
      ) : null}
    </form>
  );
}

/** The admin landing page: the admin screens, one link each; support sees the screens support may open. */
export function Component() {
  const { t } = useTranslation();
  const { isAdmin } = useStaffRoles();
  const screens = isAdmin ? SCREENS : SCREENS.filter((screen) => screen.supportText);

  useEffect(() => {
    document.title = `${t('admin.title')} · ${t('common.brand')}`;
  }, [t]);

  return (
    <Page>
      <PageHeader title={isAdmin ? t('admin.title') : t('staff.menu.support')} lead={isAdmin ? t('admin.lead') : t('staff.landing.supportLead')} />
      <nav aria-label={t('admin.nav')}>
        <ul className={styles.links}>
          {screens.map((screen) => (
            <li key={screen.to}>
              <LocalizedLink to={screen.to} className={`panel ${styles.link}`}>
                <span className={styles.title}>{t(screen.title)}</span>
                <span className={styles.text}>{t(isAdmin ? screen.text : (screen.supportText ?? screen.text))}</span>
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </nav>
      <HandAuditForm />
    </Page>
  );
}
