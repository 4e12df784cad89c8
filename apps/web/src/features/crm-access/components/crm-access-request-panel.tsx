import type { CrmAccessRequest, Role } from '@app/contracts';
import { Alert, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { isCrmAccessPending, isStaffRole } from '@/lib/access/guards';
import { formatDateTime } from '@/lib/format';
import {
  getLocalCrmAccessRequest,
  useCreateCrmAccessRequest,
  useMyCrmAccessRequest,
} from '@/features/crm-access/api/crm-access-requests';

const STATUS_LABELS: Record<CrmAccessRequest['status'], { label: string; color: string }> = {
  PENDING: { label: 'На рассмотрении', color: 'yellow' },
  GRANTED: { label: 'Одобрена', color: 'teal' },
  REFUSED: { label: 'Отклонена', color: 'red' },
};

/** The user's request for back-office access: status, or a form to send one. */
export function CrmAccessRequestPanel({ role }: { role: Role | null }) {
  const { data: request, isPending: isLoading } = useMyCrmAccessRequest();
  const createRequest = useCreateCrmAccessRequest();
  const form = useForm<{ comment: string }>({ mode: 'controlled', initialValues: { comment: '' } });
  const local = getLocalCrmAccessRequest();
  const isPending = isCrmAccessPending({
    requestStatus: request?.status ?? null,
    isLocallyRequested: local.isRequested,
    role,
  });

  if (isStaffRole(role) || request?.status === 'GRANTED') {
    return (
      <Alert color="teal" title="Доступ к CRM открыт">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Войдите в CRM заново, чтобы применились новые права.</Text>
          <Button component={Link} to="/admin-redirect">
            Перейти в CRM
          </Button>
        </Stack>
      </Alert>
    );
  }

  if (isLoading) return <Text c="dimmed">Загрузка…</Text>;

  const requestedAt = request?.createdAt ?? local.requestedAt;
  return (
    <Stack gap="md" data-testid="crm-access-request">
      {request || isPending ? (
        <Group gap="sm">
          <Text>Статус заявки:</Text>
          <Badge color={STATUS_LABELS[request?.status ?? 'PENDING'].color} size="lg" variant="light">
            {STATUS_LABELS[request?.status ?? 'PENDING'].label}
          </Badge>
        </Group>
      ) : null}
      {requestedAt ? (
        <Text size="sm" c="dimmed">
          Заявка отправлена {formatDateTime(requestedAt)}
        </Text>
      ) : null}
      {isPending ? (
        <Alert color="yellow">
          Администратор рассмотрит заявку и выдаст роль. Мы сообщим о решении по email.
        </Alert>
      ) : (
        <Stack gap="sm">
          {request?.status === 'REFUSED' ? (
            <Alert color="red">Заявка отклонена. Вы можете отправить новую с пояснением.</Alert>
          ) : null}
          <Textarea
            label="Комментарий к заявке"
            description="Например, ваша должность и зачем нужен доступ"
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('comment')}
          />
          <Button
            onClick={() => createRequest.mutate({ comment: form.values.comment.trim() || undefined })}
            loading={createRequest.isPending}
            w="fit-content"
          >
            Запросить доступ к CRM
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
