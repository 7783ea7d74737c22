import { DataTable, type DataTableProps } from './data-table.tsx';
import { listFailureText, type EntityList } from './use-entity-list.ts';

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
 * An entity list's page in the one list component, rows keyed by their id. A failure is told by
 * its notification (useEntityList), or by the session modal alone; the body then says the list
 * could not be loaded rather than that it is empty.
 */
export function EntityListTable<Row extends { _id: string }>({ list, ...table }: EntityListTableProps<Row>) {
  const rows = list.data?.data ?? [];
  return (
    <DataTable
      {...table}
      rows={rows}
      rowKey={(row) => row._id}
      loading={list.isFetching}
      pagination={list.data?.pagination}
      emptyMessage={listFailureText(list.error, rows.length > 0) ?? table.emptyMessage}
    />
  );
}
