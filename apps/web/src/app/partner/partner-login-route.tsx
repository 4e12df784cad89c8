import { Anchor, Group } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { PartnerLoginForm } from '@/features/auth/components/password-login-form';
import { ForgotPassword } from '@/features/partner-portal/components/forgot-password';
import { getSafeRedirect } from '@/lib/area';

function PartnerLoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const handleSignedIn = () => {
    const target = getSafeRedirect(searchParams.get('redirect'));
    void navigate(target?.startsWith('/partner/') ? target : '/partner/dashboard', { replace: true });
  };
  return (
    <AuthLayout title="Вход для партнёров" subtitle="Кабинет партнёра: промокоды, комиссии, выплаты">
      <PartnerLoginForm onSignedIn={handleSignedIn} />
      <Group justify="space-between" gap="xs">
        <ForgotPassword />
        <Anchor component={Link} to="/partner/apply" size="sm">
          Стать партнёром
        </Anchor>
      </Group>
    </AuthLayout>
  );
}

export { PartnerLoginPage as Component };
