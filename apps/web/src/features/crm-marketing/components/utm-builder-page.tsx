import {
  buildUtmUrl,
  isAllowedUtmBaseUrl,
  MARKETING_MESSAGES,
  MarketingUtmLinkRequestSchema,
  type MarketingUtmLink,
  type MarketingUtmLinkRequest,
} from '@app/contracts';
import {
  Anchor,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { RowActions } from '@/components/admin-list';
import { trimmedOrNull, validateWithSchema } from '@/lib/forms';
import { saveCallbacks, useValidatedForm } from '@/lib/form-submit';
import { showErrorToast } from '@/lib/notify';
import {
  downloadMarketingCsv,
  useMarketingUtmLinks,
  useRemoveUtmLink,
  useSaveUtmLink,
} from '../api/marketing';
import type { ReportFilters } from './report-filters';
import {
  formatCount,
  formatMoney,
  ReportLayout,
  ReportState,
  SortableTable,
  type SortableColumn,
} from './report-kit';

type Values = {
  name: string;
  baseUrl: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  utmContent: string;
  utmTerm: string;
};
const EMPTY: Values = {
  name: '',
  baseUrl: '',
  utmSource: '',
  utmMedium: '',
  utmCampaign: '',
  utmContent: '',
  utmTerm: '',
};

const bodyOf = (values: Values): MarketingUtmLinkRequest => ({
  name: values.name.trim(),
  baseUrl: values.baseUrl.trim(),
  utmSource: values.utmSource.trim(),
  utmMedium: values.utmMedium.trim(),
  utmCampaign: values.utmCampaign.trim(),
  utmContent: trimmedOrNull(values.utmContent),
  utmTerm: trimmedOrNull(values.utmTerm),
});

const validateBody = validateWithSchema(MarketingUtmLinkRequestSchema);

/**
 * The builder's rules: the contract's (required tags, no ? & # =) and the base URL — our own site (this page's
 * origin) or any https address. The server checks the same against its PUBLIC_URL.
 */
export function validateUtmLink(values: Values, siteOrigin: string): Record<string, string> {
  const errors = validateBody(bodyOf(values));
  if (!errors.baseUrl && !isAllowedUtmBaseUrl(values.baseUrl.trim(), siteOrigin))
    errors.baseUrl = MARKETING_MESSAGES.baseUrlInvalid;
  return errors;
}

/** The tagged link while every field is valid (the name aside), else null. */
function previewOf(values: Values, siteOrigin: string): string | null {
  const errors = validateUtmLink({ ...values, name: values.name || 'x' }, siteOrigin);
  return Object.keys(errors).length === 0 ? buildUtmUrl(bodyOf(values)) : null;
}

/** The QR code of a link as a PNG data URL; the library loads only when a code is first drawn. */
function useQrCode(url: string | null) {
  const [image, setImage] = useState<{ url: string; png: string } | null>(null);
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    import('qrcode')
      .then((qr) => qr.toDataURL(url, { width: 240, margin: 2, errorCorrectionLevel: 'M' }))
      .then((png) => {
        if (!cancelled) setImage({ url, png });
      })
      .catch(showErrorToast);
    return () => {
      cancelled = true;
    };
  }, [url]);
  return image && image.url === url ? image.png : null;
}

function Builder() {
  const origin = window.location.origin;
  const save = useSaveUtmLink();
  const form = useValidatedForm<Values>({ ...EMPTY, baseUrl: `${origin}/` }, (values) =>
    validateUtmLink(values, origin),
  );
  const preview = previewOf(form.values, origin);
  const qr = useQrCode(preview);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder radius="md">
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            save.mutate(
              bodyOf(values),
              saveCallbacks(form, 'Ссылка сохранена', () => form.setValues({ ...values, name: '' })),
            ),
          )}
        >
          <Stack gap="sm">
            <TextInput
              label="Адрес страницы"
              description="Наш сайт или любой адрес https://"
              required
              maxLength={2000}
              {...form.getInputProps('baseUrl')}
            />
            <TextInput
              label="utm_source (источник)"
              placeholder="yandex"
              required
              maxLength={200}
              {...form.getInputProps('utmSource')}
            />
            <TextInput
              label="utm_medium (канал)"
              placeholder="cpc"
              required
              maxLength={200}
              {...form.getInputProps('utmMedium')}
            />
            <TextInput
              label="utm_campaign (кампания)"
              placeholder="spring_sale"
              required
              maxLength={200}
              {...form.getInputProps('utmCampaign')}
            />
            <TextInput
              label="utm_content (объявление)"
              maxLength={200}
              {...form.getInputProps('utmContent')}
            />
            <TextInput label="utm_term (ключевое слово)" maxLength={200} {...form.getInputProps('utmTerm')} />
            <TextInput label="Название для списка" required maxLength={200} {...form.getInputProps('name')} />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Сохранить ссылку
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Готовая ссылка
          </Title>
          {preview ? (
            <>
              <Code
                block
                style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
                data-testid="utm-preview"
              >
                {preview}
              </Code>
              <Group gap="sm">
                <CopyButton value={preview}>
                  {({ copied, copy }) => (
                    <Button variant="light" onClick={copy} color={copied ? 'green' : undefined}>
                      {copied ? 'Скопировано' : 'Копировать ссылку'}
                    </Button>
                  )}
                </CopyButton>
                {qr ? (
                  <Button
                    component="a"
                    variant="default"
                    href={qr}
                    download={`utm-${form.values.utmCampaign.trim() || 'link'}.png`}
                  >
                    Скачать QR-код (PNG)
                  </Button>
                ) : null}
              </Group>
              {qr ? <Image src={qr} alt="QR-код ссылки" w={200} h={200} data-testid="utm-qr" /> : null}
            </>
          ) : (
            <Text c="dimmed" size="sm">
              Заполните адрес и метки utm_source, utm_medium и utm_campaign — здесь появятся ссылка и QR-код.
            </Text>
          )}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}

const COLUMNS: SortableColumn<MarketingUtmLink>[] = [
  { key: 'name', label: 'Название', sortValue: (row) => row.name, render: (row) => row.name },
  {
    key: 'url',
    label: 'Ссылка',
    sortValue: (row) => row.url,
    render: (row) => (
      <Group gap={6} wrap="nowrap">
        <Anchor
          href={row.url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          maw={280}
          truncate="end"
          display="block"
        >
          {row.url}
        </Anchor>
        <CopyButton value={row.url}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={copy}
              aria-label={`Копировать ссылку «${row.name}»`}
            >
              {copied ? 'Скопировано' : 'Копировать'}
            </Button>
          )}
        </CopyButton>
      </Group>
    ),
  },
  { key: 'source', label: 'utm_source', sortValue: (row) => row.utmSource, render: (row) => row.utmSource },
  { key: 'medium', label: 'utm_medium', sortValue: (row) => row.utmMedium, render: (row) => row.utmMedium },
  {
    key: 'campaign',
    label: 'utm_campaign',
    sortValue: (row) => row.utmCampaign,
    render: (row) => row.utmCampaign,
  },
  {
    key: 'content',
    label: 'utm_content',
    sortValue: (row) => row.utmContent,
    render: (row) => row.utmContent ?? '—',
  },
  { key: 'term', label: 'utm_term', sortValue: (row) => row.utmTerm, render: (row) => row.utmTerm ?? '—' },
  {
    key: 'sessions',
    label: 'Переходы (сессии)',
    numeric: true,
    sortValue: (row) => row.sessions,
    render: (row) => formatCount(row.sessions),
  },
  {
    key: 'orders',
    label: 'Заказы',
    numeric: true,
    sortValue: (row) => row.orders,
    render: (row) => formatCount(row.orders),
  },
  {
    key: 'paidOrders',
    label: 'Оплачено заказов',
    numeric: true,
    sortValue: (row) => row.paidOrders,
    render: (row) => formatCount(row.paidOrders),
  },
  {
    key: 'revenue',
    label: 'Выручка',
    numeric: true,
    sortValue: (row) => row.revenue,
    render: (row) => formatMoney(row.revenue),
  },
];

function SavedLinks({ filters }: { filters: ReportFilters }) {
  const links = useMarketingUtmLinks(filters);
  const remove = useRemoveUtmLink();
  return (
    <ReportState query={links} errorText="Не удалось загрузить сохранённые ссылки">
      <SortableTable
        columns={COLUMNS}
        rows={links.data?.items ?? []}
        rowKey={(row) => row.id}
        testId="marketing-utm-links-table"
        label="Сохранённые ссылки"
        emptyText="Сохранённых ссылок нет"
        minWidth={1300}
        actions={(row) => (
          <RowActions
            deleteLabel={`Удалить ссылку «${row.name}»`}
            onDelete={() => remove.mutate(row.id, { onError: showErrorToast })}
          />
        )}
      />
    </ReportState>
  );
}

/** /crm/marketing/utm-builder (ADMIN, MANAGER): tagged links, their QR codes, and what they brought. */
export function UtmBuilderPage() {
  return (
    <ReportLayout
      title="UTM-конструктор"
      onCsv={(filters) => downloadMarketingCsv('utm-links', filters)}
      hint="Переходы и заказы сохранённой ссылки — сессии и заказы периода с теми же пятью метками (без учёта регистра)."
    >
      {(filters) => (
        <Stack gap="md">
          <Builder />
          <Title order={2} size="h4">
            Сохранённые ссылки
          </Title>
          <SavedLinks filters={filters} />
        </Stack>
      )}
    </ReportLayout>
  );
}
