import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The part of a TanStack query a failed load needs to be tried again. */
export type RetryableQuery = { refetch: () => Promise<unknown>; isFetching?: boolean };

/**
 * A load that failed, for every back-office list and panel: what failed, and «Повторить» to ask again at once
 * (the query client retries a network or server error once, quickly, before this shows; a 4xx not at all).
 */
export function LoadError({
  title,
  query,
  children,
}: {
  title: string;
  query: RetryableQuery;
  children?: ReactNode;
}) {
  return (
    <Alert color="red" title={title} role="alert">
      <Group justify="space-between" gap="sm">
        {children ? <Text size="sm">{children}</Text> : <span />}
        <Button
          size="xs"
          variant="white"
          color="red"
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          Повторить
        </Button>
      </Group>
    </Alert>
  );
}
