import { Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PromoCodePartnersResponse } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminTable } from '@/components/admin-list';
import { api } from '@/lib/api-client';
import { showErrorToast, showSuccessToast } from '@/lib/notify';

const KEY = ['crm', 'form-settings', 'promocode-partners'] as const;
const NOBODY = '';

/**
 * The «Партнёр» of a promo code (decision 061): an order with the code is attributed to that portal partner.
 * A code of a partner who is not active stops working in the order form.
 */
export function PromoPartnerCard({ codes }: { codes: string[] }) {
  const queryClient = useQueryClient();
  const partners = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<PromoCodePartnersResponse>('/form-settings/promocode/partners', { area: 'crm' }),
  });
  const save = useMutation({
    mutationFn: ({ code, partnerAccountId }: { code: string; partnerAccountId: string | null }) =>
      api.put(
        `/form-settings/promocode/${encodeURIComponent(code)}/partner`,
        { partnerAccountId },
        { area: 'crm' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const [code, setCode] = useState<string | null>(null);
  const [partner, setPartner] = useState<string>(NOBODY);
  const assignments = partners.data?.assignments ?? [];
  const pick = (next: string | null) => {
    setCode(next);
    setPartner(assignments.find((row) => row.code === next)?.partnerAccountId ?? NOBODY);
  };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Промокоды партнёров
        </Title>
        <Text size="sm" c="dimmed">
          Заказ с промокодом партнёра засчитывается этому партнёру.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select label="Промокод" searchable w={200} maw="100%" data={codes} value={code} onChange={pick} />
          <Select
            label="Партнёр"
            searchable
            w={280}
            maw="100%"
            allowDeselect={false}
            data={[
              { value: NOBODY, label: 'Без партнёра' },
              ...(partners.data?.partners ?? []).map((row) => ({ value: row.id, label: row.name })),
            ]}
            value={partner}
            onChange={(next) => setPartner(next ?? NOBODY)}
          />
          <Button
            disabled={!code}
            loading={save.isPending}
            onClick={() =>
              code &&
              save.mutate(
                { code, partnerAccountId: partner || null },
                { onSuccess: () => showSuccessToast('Сохранено'), onError: showErrorToast },
              )
            }
          >
            Сохранить
          </Button>
        </Group>
        {assignments.length > 0 ? (
          <AdminTable
            testId="promo-partners"
            minWidth={360}
            columns={[{ label: 'Промокод' }, { label: 'Партнёр' }]}
          >
            {assignments.map((row) => (
              <Table.Tr key={row.code}>
                <Table.Td>{row.code}</Table.Td>
                <Table.Td>{row.partnerName}</Table.Td>
              </Table.Tr>
            ))}
          </AdminTable>
        ) : null}
      </Stack>
    </Card>
  );
}
