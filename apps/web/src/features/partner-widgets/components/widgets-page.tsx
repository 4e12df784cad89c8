import {
  Badge,
  Button,
  Card,
  Code,
  ColorInput,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useRef } from 'react';
import { WIDGET_LIMITS, WidgetUpsertRequestSchema, type Widget } from '@app/contracts';
import { AdminPageHeader, EditModal, useConfirmAction, useEditing } from '@/components/admin-list';
import { LoadError } from '@/components/load-error';
import { saveCallbacks, useValidatedForm } from '@/lib/form-submit';
import { validateWithSchema } from '@/lib/forms';
import { formatDate } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useArchiveWidget, usePartnerWidgets, useSaveWidget } from '../api/widgets';

const DEFAULT_THEME = { accentColor: '#1864ab', textColor: '#212529', backgroundColor: '#ffffff' };

/** The tag to paste on the partner's site (our origin: the page is served by the same site as the script). */
export function embedCode(widgetId: string, origin: string = window.location.origin): string {
  return `<script src="${origin}/widget.js" data-widget-id="${widgetId}" async></script>`;
}

function WidgetForm({ widget, onSaved }: { widget: Widget | null; onSaved: () => void }) {
  const save = useSaveWidget();
  const form = useValidatedForm(
    {
      name: widget?.name ?? '',
      allowedDomains: widget?.allowedDomains ?? [],
      theme: widget?.theme ?? DEFAULT_THEME,
    },
    validateWithSchema(WidgetUpsertRequestSchema),
  );
  return (
    <form
      noValidate
      aria-label={widget ? 'Изменить виджет' : 'Новый виджет'}
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          { id: widget?.id ?? null, values },
          saveCallbacks(form, widget ? 'Виджет сохранён' : 'Виджет создан', onSaved),
        ),
      )}
    >
      <Stack gap="sm">
        <TextInput
          label="Название"
          withAsterisk
          maxLength={WIDGET_LIMITS.nameMax}
          {...form.getInputProps('name')}
        />
        <TagsInput
          label="Домены сайтов"
          description="Где виджет будет работать: example.ru, shop.example.ru или *.example.ru (все поддомены). Нажмите Enter после каждого"
          withAsterisk
          maxTags={WIDGET_LIMITS.domainsMax}
          splitChars={[',', ' ']}
          {...form.getInputProps('allowedDomains')}
          error={
            Object.entries(form.errors).find(([key]) => key.startsWith('allowedDomains'))?.[1] ?? undefined
          }
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <ColorInput
            label="Цвет кнопки"
            format="hex"
            withEyeDropper={false}
            {...form.getInputProps('theme.accentColor')}
          />
          <ColorInput
            label="Цвет текста"
            format="hex"
            withEyeDropper={false}
            {...form.getInputProps('theme.textColor')}
          />
          <ColorInput
            label="Цвет фона"
            format="hex"
            withEyeDropper={false}
            {...form.getInputProps('theme.backgroundColor')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {widget ? 'Сохранить' : 'Создать виджет'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The widget as a partner's visitor sees it: the real script, mounted here (our own site may always use it).
 * Remounted when the widget is saved, so new colours show at once.
 */
function WidgetPreview({ widget }: { widget: Widget }) {
  const host = useRef<HTMLDivElement>(null);
  const version = `${widget.theme.accentColor}${widget.theme.textColor}${widget.theme.backgroundColor}`;
  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const script = document.createElement('script');
    script.src = '/widget.js';
    script.async = true;
    script.dataset.widgetId = widget.id;
    container.replaceChildren(script);
    return () => container.replaceChildren();
  }, [widget.id, version]);
  return <div ref={host} data-testid={`widget-preview-${widget.id}`} />;
}

function WidgetCard({
  widget,
  onEdit,
  onArchive,
}: {
  widget: Widget;
  onEdit: () => void;
  onArchive: () => void;
}) {
  const code = embedCode(widget.id);
  return (
    <Card withBorder component="section" aria-labelledby={`widget-${widget.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id={`widget-${widget.id}`}>
            {widget.name}{' '}
            {widget.archived ? (
              <Badge color="gray" variant="light">
                Отключён
              </Badge>
            ) : null}
          </Title>
          {widget.archived ? null : (
            <Group gap="xs">
              <Button
                size="compact-sm"
                variant="light"
                onClick={onEdit}
                aria-label={`Изменить «${widget.name}»`}
              >
                Изменить
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={onArchive}
                aria-label={`Отключить «${widget.name}»`}
              >
                Отключить
              </Button>
            </Group>
          )}
        </Group>
        <Text size="sm">
          Домены: {widget.allowedDomains.join(', ')} · Переходов в форму: {widget.clicks} · Заказов:{' '}
          {widget.orders} · Создан {formatDate(widget.createdAt)}
        </Text>
        {widget.archived ? null : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="xs">
              <Text fw={600} size="sm">
                Код для вставки на сайт
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="embed-code">
                {code}
              </Code>
              <CopyButton value={code}>
                {({ copied, copy }) => (
                  <Button size="compact-sm" variant="light" onClick={copy} w="fit-content">
                    {copied ? 'Скопировано' : 'Копировать код'}
                  </Button>
                )}
              </CopyButton>
              <Text size="xs" c="dimmed">
                Вставьте код туда, где должен быть калькулятор. Он покажет цены, а кнопка «Оформить заказ»
                откроет нашу форму с выбранными документами — заказ засчитается вам.
              </Text>
            </Stack>
            <Stack gap="xs">
              <Text fw={600} size="sm">
                Предпросмотр
              </Text>
              <WidgetPreview widget={widget} />
            </Stack>
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

/** /partner/integrator/widgets: the integrator's embeddable calculators (decision 072). */
export function PartnerWidgetsPage() {
  const widgets = usePartnerWidgets();
  const archive = useArchiveWidget();
  const { editing, open, close } = useEditing<Widget>();
  const confirmArchive = useConfirmAction<Widget>({
    title: 'Отключить виджет?',
    message: (widget) =>
      `Калькулятор «${widget.name}» перестанет работать на сайтах партнёра. Это нельзя отменить — для нового понадобится новый код.`,
    confirmLabel: 'Отключить',
    onConfirm: async (widget) => {
      await archive.mutateAsync(widget.id);
      showSuccessToast('Виджет отключён');
    },
  });
  const items = widgets.data?.items ?? [];
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Виджеты" action={<Button onClick={() => open(null)}>Новый виджет</Button>} />
      <Text size="sm" maw={720}>
        Калькулятор стоимости перевода для вашего сайта: одна строка кода, без React и сторонних библиотек.
        Работает только на доменах из настроек виджета.
      </Text>
      {widgets.isError ? (
        <LoadError title="Не удалось загрузить виджеты" query={widgets} />
      ) : widgets.isPending ? (
        <Text c="dimmed">Загрузка…</Text>
      ) : items.length === 0 ? (
        <Card withBorder>
          <Text>Виджетов пока нет: создайте первый — код для вставки появится здесь.</Text>
        </Card>
      ) : (
        items.map((widget) => (
          <WidgetCard
            key={widget.id}
            widget={widget}
            onEdit={() => open(widget)}
            onArchive={() => confirmArchive.ask(widget)}
          />
        ))
      )}
      <EditModal
        editing={editing}
        onClose={close}
        title={(item) => (item ? 'Изменить виджет' : 'Новый виджет')}
        size="lg"
      >
        {(item) => <WidgetForm widget={item} onSaved={close} />}
      </EditModal>
      {confirmArchive.modal}
    </Stack>
  );
}
