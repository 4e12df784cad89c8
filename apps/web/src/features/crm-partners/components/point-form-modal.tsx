import type { Point } from '@app/contracts';
import {
  ColorInput,
  Divider,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSavePoint } from '../api/partners';
import {
  pointTypeOptions,
  toPointFormValues,
  toPointRequest,
  validatePointForm,
  type PointFormValues,
} from '../model/forms';
import { PointPhotos } from './point-photos';
import { EditModal, FormActions } from '@/components/admin-list';
import { saveCallbacks, useValidatedForm } from '@/lib/form-submit';

/** Moscow metro line colours, for a quick pick (any #RRGGBB may be typed). */
const METRO_SWATCHES = [
  '#EF161E',
  '#2DBE2C',
  '#0078BE',
  '#00BFFF',
  '#8D5B2D',
  '#ED9121',
  '#800080',
  '#FFD702',
  '#999999',
  '#99CC00',
  '#82C0C0',
  '#A1B3D4',
  '#DE64A1',
  '#03795F',
];

function PointForm(props: {
  point: Point | null;
  partnerId: string;
  onSaved: (point: Point, isNew: boolean) => void;
  onCancel: () => void;
}) {
  const { point, partnerId } = props;
  const save = useSavePoint(partnerId);
  const form = useValidatedForm<PointFormValues>(toPointFormValues(point), (values) =>
    validatePointForm(values, partnerId),
  );

  const submit = form.onSubmit((values) =>
    save.mutate(
      { ...toPointRequest(values, partnerId), ...(point ? { id: point.id } : {}) },
      saveCallbacks(
        form,
        point ? 'Пункт сохранён' : 'Пункт добавлен — теперь можно добавить фотографии',
        (saved) => props.onSaved(saved as Point, !point),
      ),
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={point ? 'Изменить пункт выдачи' : 'Новый пункт выдачи'}>
      <Stack gap="sm">
        <TextInput label="Название" required maxLength={200} data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Адрес"
          required
          maxLength={500}
          placeholder="Москва, ул. Тверская, д. 1"
          {...form.getInputProps('address')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label="Широта"
            required
            min={-90}
            max={90}
            decimalScale={6}
            step={0.001}
            clampBehavior="none"
            placeholder="55.755800"
            {...form.getInputProps('lat')}
          />
          <NumberInput
            label="Долгота"
            required
            min={-180}
            max={180}
            decimalScale={6}
            step={0.001}
            clampBehavior="none"
            placeholder="37.617300"
            {...form.getInputProps('lon')}
          />
          <TextInput
            label="График работы"
            maxLength={300}
            placeholder="Пн–Пт 10:00–20:00, Сб 11:00–17:00"
            {...form.getInputProps('schedule')}
          />
          <Select
            label="Тип"
            data={pointTypeOptions(form.values.type)}
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
          <TextInput label="Метро" maxLength={100} {...form.getInputProps('metro')} />
          <ColorInput
            label="Цвет линии метро"
            format="hex"
            swatches={METRO_SWATCHES}
            swatchesPerRow={7}
            placeholder="#2DBE2C"
            {...form.getInputProps('metroColor')}
          />
          <TextInput label="Телефон" type="tel" maxLength={30} {...form.getInputProps('phone')} />
          <TextInput label="E-mail" type="email" maxLength={254} {...form.getInputProps('email')} />
        </SimpleGrid>
        <Textarea
          label="Описание"
          description="Как найти вход, ориентиры — клиент увидит это при выборе пункта"
          rows={3}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
        <Switch
          label="Пункт активен (предлагается в форме заказа)"
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
        <FormActions
          onCancel={props.onCancel}
          cancelLabel={point ? 'Закрыть' : 'Отмена'}
          isSaving={save.isPending}
        />
      </Stack>
    </form>
  );
}

/**
 * Create or edit one pickup point. A new point is saved first, then the same window offers its photos
 * (an upload needs the point's id).
 */
export function PointFormModal(props: {
  editing: { item: Point | null } | null;
  partnerId: string;
  onSaved: (point: Point, isNew: boolean) => void;
  onClose: () => void;
}) {
  // A long form: the whole screen on phones (spec 2 breakpoint, 640 px).
  const isPhone = useMediaQuery('(max-width: 639.98px)', false, { getInitialValueInEffect: false });
  return (
    <EditModal
      editing={props.editing}
      onClose={props.onClose}
      title={(point) => (point ? `Пункт «${point.name}»` : 'Новый пункт выдачи')}
      size="lg"
      fullScreen={isPhone}
    >
      {(point) => (
        <Stack gap="md">
          <PointForm
            key={point?.id ?? 'new'}
            point={point}
            partnerId={props.partnerId}
            onSaved={props.onSaved}
            onCancel={props.onClose}
          />
          <Divider />
          {point ? (
            <PointPhotos point={point} partnerId={props.partnerId} />
          ) : (
            <Text size="sm" c="dimmed">
              Фотографии можно будет добавить после сохранения пункта.
            </Text>
          )}
        </Stack>
      )}
    </EditModal>
  );
}
