import type { DeliveryType, Point } from '@app/contracts';
import {
  Alert,
  Button,
  Group,
  Loader,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { lazy, Suspense } from 'react';
import { formatPriceLine, formatRub } from '@/lib/format';
import { useActivePoints } from '../api/active-points';
import { useFormParams } from '../api/form-params';
import { useCourierQuote } from '../hooks/use-courier-quote';
import { useDraftUpdater, useOrderDraft } from '../hooks/use-order-draft';
import type { FieldErrors } from '../model/draft-store';
import { CourierAddressField } from './courier-address-field';
import { PickupPointList } from './pickup-point-list';
import classes from './step3-form.module.css';

export const COURIER_PRICE_NOTE = 'Точная стоимость будет рассчитана менеджером';

/** Step 3 fields: the delivery and what it needs (a pickup point, an office, an address, nothing). */
export function Step3Form({ errors }: { errors: FieldErrors }) {
  const { data: params } = useFormParams();
  const draft = useOrderDraft();
  const { updateStep3 } = useDraftUpdater();
  const step = draft.step3;
  const points = useActivePoints(step.deliveryType === 'PICKUP_POINT');
  const firstOfficeId = params?.offices[0]?.id ?? null;
  const courier = useCourierQuote(step.officeId ?? firstOfficeId);

  if (!params) return null;
  const delivery = params.deliveries.find((item) => item.id === step.deliveryId) ?? null;

  const chooseDelivery = (deliveryId: string) => {
    const chosen = params.deliveries.find((item) => item.id === deliveryId);
    updateStep3({ deliveryId, deliveryType: (chosen?.type ?? null) as DeliveryType | null });
  };

  return (
    <Stack gap="lg">
      <Radio.Group
        value={step.deliveryId || null}
        onChange={chooseDelivery}
        label={
          <Title order={2} size="h4" component="span">
            Как получить перевод
          </Title>
        }
        error={errors.deliveryId}
        name="deliveryId"
      >
        <Stack gap="xs" mt="xs">
          {params.deliveries.map((item) => (
            <Radio.Card key={item.id} value={item.id} className={classes.option}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator aria-hidden />
                <div style={{ flex: 1 }}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600} size="sm">
                      {item.name}
                    </Text>
                    <Text size="sm" fw={500}>
                      {formatPriceLine(item.price)}
                    </Text>
                  </Group>
                  {item.description ? (
                    <Text size="sm" c="gray.7">
                      {item.description}
                    </Text>
                  ) : null}
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>

      {delivery?.type === 'PICKUP_POINT' ? (
        <section aria-label="Пункт выдачи">
          <PickupMapSlot
            points={points.data ?? []}
            selectedId={step.pickupPointId}
            onSelect={(pickupPointId) => updateStep3({ pickupPointId })}
          />
          {points.isPending ? <Loader size="sm" aria-label="Загружаем пункты выдачи" /> : null}
          {points.data ? (
            <PickupPointList
              points={points.data}
              selectedId={step.pickupPointId}
              onSelect={(pickupPointId) => updateStep3({ pickupPointId })}
              error={errors.pickupPointId}
            />
          ) : null}
        </section>
      ) : null}

      {delivery?.type === 'OFFICE' ? (
        <Radio.Group
          value={step.officeId}
          onChange={(officeId) => updateStep3({ officeId })}
          label="Офис"
          error={errors.officeId}
          name="officeId"
        >
          <Stack gap="xs" mt="xs">
            {params.offices.map((office) => (
              <Radio.Card key={office.id} value={office.id} className={classes.option}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator aria-hidden />
                  <div>
                    <Text fw={600} size="sm">
                      {office.name}
                    </Text>
                    <Text size="sm" c="gray.7">
                      {office.address}
                    </Text>
                    {office.schedule ? (
                      <Text size="xs" c="gray.7">
                        {office.schedule}
                      </Text>
                    ) : null}
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      ) : null}

      {delivery?.type === 'COURIER' ? (
        <section aria-labelledby="courier-heading">
          <Title order={2} size="h4" id="courier-heading" mb="xs">
            Адрес доставки
          </Title>
          <Stack gap="sm">
            <CourierAddressField
              value={step.address}
              onChange={(address) => updateStep3({ address })}
              error={errors.address}
            />
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                label="Квартира / офис"
                value={step.apartment}
                onChange={(event) => updateStep3({ apartment: event.currentTarget.value })}
                error={errors.apartment}
                size="md"
              />
              <TextInput
                label="Подъезд"
                value={step.entrance}
                onChange={(event) => updateStep3({ entrance: event.currentTarget.value })}
                error={errors.entrance}
                size="md"
              />
              <TextInput
                label="Этаж"
                value={step.floor}
                onChange={(event) => updateStep3({ floor: event.currentTarget.value })}
                error={errors.floor}
                size="md"
              />
              <TextInput
                label="Домофон"
                value={step.intercom}
                onChange={(event) => updateStep3({ intercom: event.currentTarget.value })}
                error={errors.intercom}
                size="md"
              />
            </SimpleGrid>
            <Textarea
              label="Комментарий для курьера"
              autosize
              minRows={2}
              value={step.addressComment}
              onChange={(event) => updateStep3({ addressComment: event.currentTarget.value })}
              error={errors.addressComment}
              size="md"
            />
            <Alert
              color="blue"
              variant="light"
              title={`Доставка от ${formatRub(delivery.price)}`}
              classNames={{ body: classes.courierNoteBody }}
            >
              <Stack gap="xs">
                <Text size="sm">{COURIER_PRICE_NOTE}.</Text>
                {courier.state.status === 'done' ? (
                  <Text size="sm" data-testid="courier-quote">
                    {courier.state.options.length > 0
                      ? `По вашему местоположению: ${courier.state.options
                          .map((option) => `${option.name} — ${formatRub(option.price)}, ${option.days} дн.`)
                          .join('; ')}`
                      : 'Для вашего местоположения нет готового тарифа.'}
                  </Text>
                ) : null}
                {courier.state.status === 'error' ? (
                  <Text size="sm" c="red.9">
                    {courier.state.message}
                  </Text>
                ) : null}
                <Button
                  variant="default"
                  size="sm"
                  // Its label wraps on a narrow phone instead of pushing the box past the screen.
                  classNames={{ root: classes.wrappingButton, label: classes.wrappingLabel }}
                  onClick={() => void courier.requestQuote()}
                  loading={courier.state.status === 'locating'}
                >
                  Использовать моё местоположение
                </Button>
              </Stack>
            </Alert>
          </Stack>
        </section>
      ) : null}

      {delivery?.type === 'ELECTRONIC' ? (
        <Text size="sm" c="gray.7">
          Скан готового перевода придёт на {draft.step2.email || 'ваш email'}. Адрес не нужен.
        </Text>
      ) : null}
    </Stack>
  );
}

type PickupMapProps = { points: Point[]; selectedId: string | null; onSelect: (id: string) => void };

/** The map (components/pickup-map) loads only when pickup is chosen; the list above works without it. */
const PickupPointMap = lazy(() => import('@/components/pickup-map'));

function PickupMapSlot(props: PickupMapProps) {
  return (
    <div className={classes.mapSlot}>
      <Suspense fallback={<Loader size="sm" aria-label="Загружаем карту" />}>
        <PickupPointMap {...props} />
      </Suspense>
    </div>
  );
}
