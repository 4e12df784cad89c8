import {
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  PartnerLinkCreateRequestSchema,
  REFERRAL_LIMITS,
  REFERRAL_SUB_PARAM,
  SUB_ID_PATTERN,
  type PartnerLink,
} from '@app/contracts';
import { AdminList, AdminPageHeader, useConfirmAction } from '@/components/admin-list';
import { saveCallbacks, useValidatedForm } from '@/lib/form-submit';
import { validateWithSchema } from '@/lib/forms';
import { formatDate } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useArchiveLink, useCreateLink, usePartnerLinks } from '../api/referrals';

function CopyLink({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="compact-sm" variant="light" onClick={copy} aria-label={label}>
          {copied ? 'Скопировано' : 'Копировать'}
        </Button>
      )}
    </CopyButton>
  );
}

function CreateLinkForm() {
  const create = useCreateLink();
  const form = useValidatedForm(
    { name: '', targetPath: '/' },
    validateWithSchema(PartnerLinkCreateRequestSchema),
  );
  const submit = form.onSubmit((values) =>
    create.mutate(
      values,
      saveCallbacks(form, 'Ссылка создана', () => form.reset()),
    ),
  );
  return (
    <form onSubmit={submit} aria-label="Новая ссылка" noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Название"
          description="Для себя: где вы её разместите"
          withAsterisk
          maxLength={REFERRAL_LIMITS.nameMax}
          w={260}
          maw="100%"
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Страница сайта"
          description="Путь на нашем сайте, например / или /order/step-1"
          maxLength={REFERRAL_LIMITS.targetPathMax}
          w={260}
          maw="100%"
          {...form.getInputProps('targetPath')}
        />
        <Button type="submit" loading={create.isPending} mt={{ base: 0, sm: 50 }}>
          Создать ссылку
        </Button>
      </Group>
    </form>
  );
}

/** The link with a sub-id (?sub=…): one link, many channels, told apart in the analytics. */
function SubIdBuilder({ links }: { links: PartnerLink[] }) {
  const [linkId, setLinkId] = useState<string | null>(null);
  const [subId, setSubId] = useState('');
  const link = links.find((item) => item.id === linkId) ?? links[0];
  if (!link) return null;
  const valid = subId === '' || SUB_ID_PATTERN.test(subId);
  const url = subId && valid ? `${link.url}?${REFERRAL_SUB_PARAM}=${encodeURIComponent(subId)}` : link.url;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Ссылка с sub-id
        </Title>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label="Ссылка"
            w={260}
            maw="100%"
            allowDeselect={false}
            data={links.map((item) => ({ value: item.id, label: item.name }))}
            value={link.id}
            onChange={setLinkId}
          />
          <TextInput
            label="Sub-ID"
            description="Латинские буквы, цифры, _ - ."
            w={220}
            maw="100%"
            maxLength={REFERRAL_LIMITS.subIdMax}
            value={subId}
            onChange={(event) => setSubId(event.currentTarget.value.trim())}
            error={valid ? null : 'Sub-ID — латинские буквы, цифры, «_», «-» и «.»'}
          />
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="sub-id-url">
            {url}
          </Text>
          <CopyLink value={url} label="Копировать ссылку с sub-id" />
        </Group>
      </Stack>
    </Card>
  );
}

const COLUMNS = [
  { label: 'Название' },
  { label: 'Ссылка' },
  { label: 'Переходы' },
  { label: 'Заказы' },
  { label: 'Оплачены' },
  { label: 'Создана' },
] as const;

/** /partner/affiliate/links: the partner's links, their counts, copy, the sub-id builder, archive. */
export function PartnerLinksPage() {
  const links = usePartnerLinks();
  const archive = useArchiveLink();
  const confirmArchive = useConfirmAction<PartnerLink>({
    title: 'Архивировать ссылку?',
    message: (link) =>
      `Переходы по «${link.name}» больше не будут засчитываться: посетитель попадёт на главную страницу.`,
    confirmLabel: 'В архив',
    onConfirm: async (link) => {
      await archive.mutateAsync(link.id);
      showSuccessToast('Ссылка в архиве');
    },
  });
  const items = links.data?.items ?? [];
  const live = items.filter((link) => !link.archivedAt);
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Партнёрские ссылки" />
      <Card withBorder>
        <CreateLinkForm />
      </Card>
      <SubIdBuilder links={live} />
      <AdminList
        query={links}
        items={items}
        errorText="Не удалось загрузить ссылки"
        emptyText="Ссылок пока нет: создайте первую"
        testId="links-table"
        minWidth={820}
        columns={COLUMNS}
        hasActions
        renderRow={(link) => (
          <Table.Tr key={link.id}>
            <Table.Td>
              {link.name}{' '}
              {link.archivedAt ? (
                <Badge color="gray" variant="light">
                  В архиве
                </Badge>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" ff="monospace">
                  {link.url}
                </Text>
                <CopyLink value={link.url} label={`Копировать ссылку «${link.name}»`} />
              </Group>
            </Table.Td>
            <Table.Td>{link.clicks}</Table.Td>
            <Table.Td>{link.orders}</Table.Td>
            <Table.Td>{link.paidOrders}</Table.Td>
            <Table.Td>{formatDate(link.createdAt)}</Table.Td>
            <Table.Td>
              {link.archivedAt ? null : (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => confirmArchive.ask(link)}
                  aria-label={`Архивировать «${link.name}»`}
                >
                  В архив
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      {confirmArchive.modal}
    </Stack>
  );
}
