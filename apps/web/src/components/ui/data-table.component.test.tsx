import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table.tsx';

interface Row {
  id: string;
  name: string;
}

const rows: Row[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
];
const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name', sortField: 'name', render: (row) => row.name },
];

function SelectableTable({ onPageChange = () => undefined }: { onPageChange?: (page: number) => void }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <MantineProvider>
      <p data-testid="selected">{[...selected].join(',')}</p>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.name}
        loading={false}
        pagination={{ page: 1, limit: 2, total: 4, totalPages: 2 }}
        onPageChange={onPageChange}
        onLimitChange={() => undefined}
        selection={{ selected, onChange: setSelected }}
      />
    </MantineProvider>
  );
}

describe('DataTable', () => {
  it('ticks rows one by one and all of the page at once', async () => {
    render(<SelectableTable />);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Beta' }));
    expect(screen.getByTestId('selected').textContent).toBe('b');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByTestId('selected').textContent?.split(',').sort()).toEqual(['a', 'b']);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByTestId('selected').textContent).toBe('');
  });

  it('clears the ticked rows when the page changes', async () => {
    const onPageChange = vi.fn();
    render(<SelectableTable onPageChange={onPageChange} />);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
    await userEvent.click(screen.getByRole('button', { name: '2' }));

    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(screen.getByTestId('selected').textContent).toBe('');
  });

  it("says 'No data found.' and hides the pagination when there is nothing", () => {
    render(
      <MantineProvider>
        <DataTable
          columns={columns}
          rows={[]}
          rowKey={(row: Row) => row.id}
          loading={false}
          pagination={{ page: 1, limit: 10, total: 0, totalPages: 0 }}
          onPageChange={() => undefined}
          onLimitChange={() => undefined}
        />
      </MantineProvider>,
    );

    expect(screen.getByText('No data found.')).not.toBeNull();
    expect(screen.queryByText(/Total/)).toBeNull();
  });

  it("says 'Loading...' until the first rows come and is busy while loading, then the screen's own words when there are none", () => {
    const table = (loading: boolean) => (
      <MantineProvider>
        <DataTable
          columns={columns}
          rows={[]}
          rowKey={(row: Row) => row.id}
          loading={loading}
          pagination={undefined}
          onPageChange={() => undefined}
          onLimitChange={() => undefined}
          emptyMessage="No Record Found"
        />
      </MantineProvider>
    );
    const { rerender } = render(table(true));
    expect(screen.getByText('Loading...')).not.toBeNull();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');

    rerender(table(false));
    expect(screen.getByText('No Record Found')).not.toBeNull();
    expect(screen.getByRole('table').hasAttribute('aria-busy')).toBe(false);
    expect(screen.queryByText('No data found.')).toBeNull();
  });

  it('sorts a newly clicked column descending first, then ascending', async () => {
    const onSortChange = vi.fn();
    const { rerender } = render(
      <MantineProvider>
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          loading={false}
          pagination={undefined}
          onPageChange={() => undefined}
          onLimitChange={() => undefined}
          onSortChange={onSortChange}
        />
      </MantineProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'name', direction: 'desc' });

    rerender(
      <MantineProvider>
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          loading={false}
          pagination={undefined}
          onPageChange={() => undefined}
          onLimitChange={() => undefined}
          sort={{ field: 'name', direction: 'desc' }}
          onSortChange={onSortChange}
        />
      </MantineProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'name', direction: 'asc' });
  });
});
