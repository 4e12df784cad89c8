import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-client';

/** A labelled value of a back-office detail page (order, customer); empty shows «—». */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children ?? '—'}</Text>
    </div>
  );
}

/**
 * What a detail page shows while its record loads or when it could not: a loader, or «… не найден(а)» for a 404
 * and «Не удалось загрузить …» otherwise, with a way back to the list.
 */
export function DetailLoadState({
  query,
  loadingLabel,
  notFoundText,
  errorText,
  back,
}: {
  query: { isPending: boolean; error: unknown };
  loadingLabel: string;
  notFoundText: string;
  errorText: string;
  back?: { to: string; label: string };
}) {
  if (query.isPending) return <Loader role="status" aria-label={loadingLabel} />;
  return (
    <Stack>
      <Alert color="red">
        {isApiError(query.error) && query.error.status === 404 ? notFoundText : errorText}
      </Alert>
      {back ? (
        <Anchor component={Link} to={back.to}>
          {back.label}
        </Anchor>
      ) : null}
    </Stack>
  );
}
