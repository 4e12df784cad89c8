import type { SessionUser } from '@app/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { StaffLoginForm } from '@/features/auth/components/password-login-form';
import { getCrmHomePath } from '@/lib/access/crm-routes';
import { getSafeRedirect } from '@/lib/area';
import { isCrmRole } from '@/lib/session/credentials';

export function StaffLoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const handleSignedIn = (user: SessionUser) => {
    const fallback = isCrmRole(user.role) ? getCrmHomePath(user.role) : '/cabinet/orders';
    void navigate(getSafeRedirect(searchParams.get('redirect')) ?? fallback, { replace: true });
  };
  return (
    <AuthLayout title="Вход для сотрудников" subtitle="Введите логин и пароль">
      <StaffLoginForm onSignedIn={handleSignedIn} />
    </AuthLayout>
  );
}
