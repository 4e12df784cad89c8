import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { SetPasswordForm } from '@/features/partner-portal/components/set-password-form';

/** /partner/set-password?token=…: the single-use link from the e-mail; then the partner is signed in. */
export function PartnerSetPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  return (
    <AuthLayout title="Установка пароля" subtitle="Кабинет партнёра">
      <SetPasswordForm
        token={searchParams.get('token')}
        onSignedIn={() => void navigate('/partner/dashboard', { replace: true })}
      />
    </AuthLayout>
  );
}

export { PartnerSetPasswordPage as Component };
