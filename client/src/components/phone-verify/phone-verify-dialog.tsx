import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog/dialog';
import { PhoneVerifyForm } from './phone-verify-form';

/** The phone verification dialog (loaded on demand: it carries the phone-number metadata). */
export default function PhoneVerifyDialog({ onClose, onVerified }: { onClose: () => void; onVerified: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} title={t('phone.title')} description={t('phone.intro')} size="sm" testId="phone-dialog">
      <PhoneVerifyForm onVerified={onVerified} />
    </Dialog>
  );
}
