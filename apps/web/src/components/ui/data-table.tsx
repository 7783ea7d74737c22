import {
  Box,
  Checkbox,
  Group,
  LoadingOverlay,
  Pagination,
  Paper,
  Select,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { type ReactNode } from 'react';
import { pageSizes, type Pagination as PaginationInfo } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import { usePageWithinLast, useRowFocus } from './data-table-hooks.ts';
import classes from './data-table.module.css';

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** The server's sort field when the column sorts. */
  sortField?: string;
}

export interface TableSort {
  field: string;
  direction: 'asc' | 'desc';
}

/** Spec 2 §4: a new column sorts descending first; clicking it again flips the direction. */
export function nextSort(current: TableSort | undefined, field: string): TableSort {
  if (current?.field !== field) return { field, direction: 'desc' };
  return { field, direction: current.direction === 'desc' ? 'asc' : 'desc' };
}

/** Ticked rows, by key; the table clears them when the page or the page size changes (spec 2 §4). */
export interface RowSelection {
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
}

export interface DataTableProps<Row> {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  loading: boolean;
  pagination: PaginationInfo | undefined;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
  onRowClick?: (row: Row) => void;
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
  /** A leading checkbox column, with select-all for the page. */
  selection?: RowSelection;
  /** What a row's checkbox is called for screen readers (e.g. its name). */
  rowLabel?: (row: Row) => string;
  /** What the body says without rows: 'No data found.' unless the screen has its own words. */
  emptyMessage?: string;
}

/** Below Mantine's sm breakpoint (48em) a list draws its rows as cards (docs/decisions.md 'Lists on phones'). */
export const phoneListQuery = '(max-width: 47.99em)';

/** The column of a row's buttons: on a phone, the foot of the row's card. */
const actionsKey = 'actions';

/**
 * The one list component: a server-paged table with the page-size dropdown, pagination (hidden
 * on a single page), the total, 'Loading...' until the first rows come, 'No data found.' when
 * empty, the previous page kept on screen while the next loads, and a page past the last
 * replaced by the last. On a phone the same rows are cards: the first column as the card's title,
 * every other as a labelled field, the actions at the foot, a sort picker for the sortable columns;
 * nothing scrolls sideways.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, rowKey, loading, pagination, onRowClick, selection } = props;
  const phone = useMediaQuery(phoneListQuery, false, { getInitialValueInEffect: false });
  const { containerRef, handleFocus: handleRowFocus } = useRowFocus(rows.map(rowKey));
  const pageKeys = rows.map(rowKey);
  const tickedOnPage = pageKeys.filter((key) => selection?.selected.has(key)).length;
  const handlePageChange = (page: number) => {
    selection?.onChange(new Set());
    props.onPageChange(page);
  };
  const handleLimitChange = (limit: number) => {
    selection?.onChange(new Set());
    props.onLimitChange(limit);
  };
  usePageWithinLast(pagination, handlePageChange);
  const handleTickAll = () => selection?.onChange(new Set(tickedOnPage === pageKeys.length ? [] : pageKeys));
  const handleTick = (key: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  return (
    <Paper withBorder radius="md" pos="relative" ref={containerRef} onFocus={handleRowFocus}>
      <LoadingOverlay visible={loading} overlayProps={{ blur: 1 }} />
      {phone ? (
        <RowCards
          {...props}
          pageKeys={pageKeys}
          tickedOnPage={tickedOnPage}
          onTickAll={handleTickAll}
          onTick={handleTick}
        />
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table
            striped
            highlightOnHover={Boolean(onRowClick)}
            verticalSpacing="sm"
            aria-busy={loading || undefined}
          >
            <Table.Thead>
              <Table.Tr>
                {selection ? (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={messages.list.selectAllRows}
                      checked={pageKeys.length > 0 && tickedOnPage === pageKeys.length}
                      indeterminate={tickedOnPage > 0 && tickedOnPage < pageKeys.length}
                      disabled={pageKeys.length === 0}
                      onChange={handleTickAll}
                    />
                  </Table.Th>
                ) : null}
                {columns.map((column) => {
                  const sortField = column.sortField;
                  if (!sortField || !props.onSortChange)
                    return <Table.Th key={column.key}>{column.header}</Table.Th>;
                  const active = props.sort?.field === sortField;
                  const SortIcon = !active
                    ? IconSelector
                    : props.sort?.direction === 'asc'
                      ? IconChevronUp
                      : IconChevronDown;
                  return (
                    <Table.Th
                      key={column.key}
                      aria-sort={
                        active ? (props.sort?.direction === 'asc' ? 'ascending' : 'descending') : 'none'
                      }
                    >
                      <UnstyledButton
                        onClick={() => props.onSortChange?.(nextSort(props.sort, sortField))}
                        fw={700}
                        fz="sm"
                      >
                        <Group gap={4} wrap="nowrap">
                          {column.header}
                          <SortIcon size={14} aria-hidden />
                        </Group>
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length + (selection ? 1 : 0)}>
                    <Text ta="center" c="dimmed" py="lg">
                      {loading
                        ? messages.common.loading
                        : (props.emptyMessage ?? messages.common.noDataFound)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((row) => (
                  <Table.Tr
                    key={rowKey(row)}
                    data-row-key={rowKey(row)}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    onKeyDown={
                      onRowClick
                        ? (event) => {
                            if (event.key === 'Enter') onRowClick(row);
                          }
                        : undefined
                    }
                    tabIndex={onRowClick ? 0 : undefined}
                    style={onRowClick ? { cursor: 'pointer' } : undefined}
                  >
                    {selection ? (
                      <Table.Td onClick={(event) => event.stopPropagation()}>
                        <Checkbox
                          aria-label={messages.list.selectRow(props.rowLabel?.(row) ?? messages.list.row)}
                          checked={selection.selected.has(rowKey(row))}
                          onChange={() => handleTick(rowKey(row))}
                        />
                      </Table.Td>
                    ) : null}
                    {columns.map((column) => (
                      <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pagination && pagination.total > 0 ? (
        <Group justify="space-between" p="sm" gap="xs">
          <Group gap="xs">
            <Select
              aria-label={messages.list.rowsPerPage}
              w={90}
              size="xs"
              data={pageSizes.map(String)}
              value={String(pagination.limit)}
              onChange={(value) => value && handleLimitChange(Number(value))}
              allowDeselect={false}
            />
            <Text size="sm" c="dimmed">
              {messages.list.total(pagination.total)}
            </Text>
          </Group>
          {pagination.totalPages > 1 ? (
            <Pagination
              total={pagination.totalPages}
              value={pagination.page}
              onChange={handlePageChange}
              size="sm"
              siblings={phone ? 0 : 1}
              boundaries={phone ? 1 : 1}
            />
          ) : null}
        </Group>
      ) : null}
    </Paper>
  );
}

interface RowCardsProps<Row> extends DataTableProps<Row> {
  pageKeys: string[];
  tickedOnPage: number;
  onTickAll: () => void;
  onTick: (key: string) => void;
}

/** A list's rows on a phone: one card a row, in a list a screen reader counts. */
function RowCards<Row>(props: RowCardsProps<Row>) {
  const { columns, rows, rowKey, loading, onRowClick, selection, pageKeys, tickedOnPage } = props;
  const actions = columns.find((column) => column.key === actionsKey);
  const [title, ...fields] = columns.filter((column) => column !== actions);
  const sortable = columns.filter((column) => column.sortField);
  const sortValue = props.sort ? `${props.sort.field}:${props.sort.direction}` : null;
  return (
    <Box aria-busy={loading || undefined} data-testid="row-cards">
      {(selection && rows.length > 0) || (sortable.length > 0 && props.onSortChange) ? (
        <Group className={classes.cardsHead} justify="space-between" gap="xs" wrap="nowrap">
          {selection ? (
            <Checkbox
              label={messages.list.selectAllRows}
              checked={pageKeys.length > 0 && tickedOnPage === pageKeys.length}
              indeterminate={tickedOnPage > 0 && tickedOnPage < pageKeys.length}
              disabled={pageKeys.length === 0}
              onChange={props.onTickAll}
            />
          ) : (
            <span />
          )}
          {sortable.length > 0 && props.onSortChange ? (
            <Select
              aria-label={messages.list.sortBy}
              placeholder={messages.list.sortBy}
              size="xs"
              w={170}
              data={sortable.flatMap((column) =>
                (['desc', 'asc'] as const).map((direction) => ({
                  value: `${column.sortField}:${direction}`,
                  label: messages.list.sortOption(column.header, direction),
                })),
              )}
              value={sortValue}
              onChange={(value) => {
                if (!value) return;
                const [field, direction] = value.split(':') as [string, TableSort['direction']];
                props.onSortChange?.({ field, direction });
              }}
              allowDeselect={false}
            />
          ) : null}
        </Group>
      ) : null}
      {rows.length === 0 ? (
        <Text ta="center" c="dimmed" py="lg">
          {loading ? messages.common.loading : (props.emptyMessage ?? messages.common.noDataFound)}
        </Text>
      ) : (
        <ul className={classes.cards} aria-label={messages.list.rowCards}>
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <li
                key={key}
                data-row-key={key}
                className={classes.card}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={
                  onRowClick
                    ? (event) => {
                        if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row);
                      }
                    : undefined
                }
                tabIndex={onRowClick ? 0 : undefined}
                data-clickable={onRowClick ? true : undefined}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  {selection ? (
                    <Box onClick={(event) => event.stopPropagation()} pt={2}>
                      <Checkbox
                        aria-label={messages.list.selectRow(props.rowLabel?.(row) ?? messages.list.row)}
                        checked={selection.selected.has(key)}
                        onChange={() => props.onTick(key)}
                      />
                    </Box>
                  ) : null}
                  {title ? (
                    <Box className={classes.cardTitle} fw={600}>
                      {title.render(row)}
                    </Box>
                  ) : null}
                </Group>
                {fields.length > 0 ? (
                  <dl className={classes.fields}>
                    {fields.map((column) => (
                      <div key={column.key} className={classes.field}>
                        <dt>{column.header}</dt>
                        <dd>{column.render(row)}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                {actions ? (
                  <Box className={classes.cardActions} onClick={(event) => event.stopPropagation()}>
                    {actions.render(row)}
                  </Box>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Box>
  );
}
