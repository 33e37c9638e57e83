import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '@/components/localized-link';
import { useGetClientConfigQuery } from '@/lib/api';
import { GoogleSignInButton } from './google-sign-in-button';

/** The header's sign-in control: Google's icon button, or a link to the e-mail sign-in page. */
export function HeaderSignIn() {
  const { t } = useTranslation();
  const { data: config } = useGetClientConfigQuery();
  if (config?.googleClientId && !config.devIdentity) {
    return <GoogleSignInButton clientId={config.googleClientId} compact />;
  }
  return (
    <LocalizedLink to="/authentication" className="btn btn-primary btn-sm">
      {t('shell.signIn')}
    </LocalizedLink>
  );
}
