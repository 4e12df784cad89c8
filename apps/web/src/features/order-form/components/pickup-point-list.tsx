import type { Point } from '@app/contracts';
import { Group, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import classes from './step3-form.module.css';

function matches(point: Point, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [point.name, point.address, point.metro ?? ''].some((value) => value.toLowerCase().includes(needle));
}

/** Searchable list of pickup points: name, metro with its line colour, address, schedule. */
export function PickupPointList({
  points,
  selectedId,
  onSelect,
  error,
}: {
  points: readonly Point[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  error?: string;
}) {
  const [query, setQuery] = useState('');
  const visible = points.filter((point) => matches(point, query));
  return (
    <Stack gap="xs">
      <TextInput
        label="Найти пункт выдачи"
        placeholder="Метро, улица или название"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        type="search"
        size="md"
      />
      <Radio.Group
        value={selectedId}
        onChange={onSelect}
        label="Пункт выдачи"
        error={error}
        name="pickupPointId"
      >
        <ScrollArea.Autosize mah={360} type="auto" mt="xs">
          <Stack gap="xs" pr="xs">
            {visible.length === 0 ? (
              <Text size="sm" c="gray.7">
                Ничего не нашлось
              </Text>
            ) : null}
            {visible.map((point) => (
              <Radio.Card
                key={point.id}
                value={point.id}
                className={classes.option}
                data-testid="pickup-point"
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator aria-hidden />
                  <div>
                    <Text fw={600} size="sm">
                      {point.name}
                    </Text>
                    {point.metro ? (
                      <Group gap={6} wrap="nowrap">
                        <span
                          className={classes.metroDot}
                          style={{ backgroundColor: point.metroColor ?? 'var(--mantine-color-gray-5)' }}
                          aria-hidden
                        />
                        <Text size="sm">м. {point.metro}</Text>
                      </Group>
                    ) : null}
                    <Text size="sm" c="gray.7">
                      {point.address}
                    </Text>
                    {point.schedule ? (
                      <Text size="xs" c="gray.7">
                        {point.schedule}
                      </Text>
                    ) : null}
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Radio.Group>
    </Stack>
  );
}
