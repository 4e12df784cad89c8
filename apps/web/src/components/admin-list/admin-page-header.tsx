import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A back-office page's heading with its main action on the right («Добавить …»). */
export function AdminPageHeader({
  title,
  subtitle,
  action,
}: {
  title: string;
  /** A line below the title (the partner of a points list). */
  subtitle?: ReactNode;
  action?: ReactNode;
}) {
  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      {subtitle === undefined ? (
        heading
      ) : (
        <div>
          {heading}
          {subtitle}
        </div>
      )}
      {action}
    </Group>
  );
}
