import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value of a monitoring page (an order's or a job's facts). */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
