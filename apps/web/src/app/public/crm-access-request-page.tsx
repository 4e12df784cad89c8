import { Container, Stack, Text, Title } from '@mantine/core';
import { CrmAccessRequestPanel } from '@/features/crm-access/components/crm-access-request-panel';
import { useSession } from '@/lib/session/session-store';

export function CrmAccessRequestPage() {
  const session = useSession();
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Доступ к CRM
          </Title>
          <Text c="dimmed" mt={4}>
            Для работы в CRM нужна роль сотрудника.
          </Text>
        </div>
        <CrmAccessRequestPanel role={session.profile?.role ?? session.role} />
      </Stack>
    </Container>
  );
}
