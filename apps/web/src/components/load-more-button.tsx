import { Button } from '@mantine/core';

/** «Показать ещё» under a cursor-paged list, while the server has another page. */
export function LoadMoreButton({
  list,
  showLoading = false,
  isStretched = false,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  /** Spin while the next page loads. */
  showLoading?: boolean;
  /** As wide as its column (the cabinet's lists) instead of its text. */
  isStretched?: boolean;
}) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="default"
      {...(isStretched ? {} : { w: 'fit-content' })}
      loading={showLoading && list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      Показать ещё
    </Button>
  );
}
