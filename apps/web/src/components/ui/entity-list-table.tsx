import { Text } from '@mantine/core';
import { DataTable, type DataTableProps } from './data-table.tsx';
import type { EntityList } from './use-entity-list.ts';

/** What the table reads of an entity list's query (useEntityList). */
export interface EntityListQuery<Row> {
  data: EntityList<Row> | undefined;
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
}

export type EntityListTableProps<Row extends { _id: string }> = Omit<
  DataTableProps<Row>,
  'rows' | 'rowKey' | 'loading' | 'pagination'
> & { list: EntityListQuery<Row> };

/**
 * An entity list's page in the one list component, rows keyed by their id; when the first page
 * could not be loaded, the server's message stands under the table.
 */
export function EntityListTable<Row extends { _id: string }>({ list, ...table }: EntityListTableProps<Row>) {
  return (
    <>
      <DataTable
        {...table}
        rows={list.data?.data ?? []}
        rowKey={(row) => row._id}
        loading={list.isFetching}
        pagination={list.data?.pagination}
      />
      {list.isError && !list.data ? (
        <Text c="red.7" ta="center" role="alert">
          {list.error?.message}
        </Text>
      ) : null}
    </>
  );
}
