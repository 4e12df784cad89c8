import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { PartnerApplicationForm } from '@/features/partner-portal/components/partner-application-form';

/** /partner/apply: the public application to the partner programme (decision 060). */
export function PartnerApplyPage() {
  return (
    <AuthLayout
      title="Стать партнёром"
      subtitle="Рекомендуйте перевод документов и получайте комиссию с каждого оплаченного заказа"
    >
      <PartnerApplicationForm />
      <Text size="sm" c="dimmed">
        Уже партнёр?{' '}
        <Anchor component={Link} to="/partner/login" underline="always">
          Войти
        </Anchor>
      </Text>
    </AuthLayout>
  );
}

export { PartnerApplyPage as Component };
