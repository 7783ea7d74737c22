import { Alert, Center, Group, Loader, Pagination } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';

/** The loader of a section whose data is on its way, centred in the room the section will take. */
export function CentredLoader({ minHeight }: { minHeight: number }) {
  return (
    <Center mih={minHeight}>
      <Loader aria-label={messages.common.loading} />
    </Center>
  );
}

export interface QueryFallbackProps {
  query: { isPending: boolean; isError: boolean; error: Error | null };
  minHeight: number;
}

/** What a section shows until its query has data: the loader, or the server's message. */
export function QueryFallback({ query, minHeight }: QueryFallbackProps) {
  if (query.isPending) return <CentredLoader minHeight={minHeight} />;
  if (!query.isError) return null;
  return (
    <Alert color="red" role="alert">
      {query.error?.message}
    </Alert>
  );
}

export interface GridPagerProps {
  totalPages: number;
  page: number;
  onChange: (page: number) => void;
}

/** The centred pagination under a grid of cards, shown only when there is more than one page. */
export function GridPager({ totalPages, page, onChange }: GridPagerProps) {
  if (totalPages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination total={totalPages} value={page} onChange={onChange} />
    </Group>
  );
}
