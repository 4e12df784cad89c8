import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/** «Обновить» of a monitoring tab: refetches now, spinning while any fetch of the query runs. */
export function RefreshButton({
  query,
}: {
  query: { isFetching: boolean; refetch: () => Promise<unknown> };
}) {
  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} aria-hidden />}
      loading={query.isFetching}
      onClick={() => void query.refetch()}
    >
      Обновить
    </Button>
  );
}
