import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { DataTable, phoneListQuery, type DataTableColumn } from './data-table.tsx';

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

interface Branch {
  id: string;
  name: string;
  status: 'Pending' | 'Approved';
}

const branchColumns: DataTableColumn<Branch>[] = [
  {
    key: 'actions',
    header: 'Actions',
    render: (row) => (
      <>
        {row.status === 'Pending' ? <button type="button">{`Approve ${row.name}`}</button> : null}
        <button type="button">{`View ${row.name}`}</button>
      </>
    ),
  },
  { key: 'name', header: 'Name', sortField: 'name', render: (row) => row.name },
  { key: 'status', header: 'Status', render: (row) => row.status },
];

function BranchTable({ branches }: { branches: Branch[] }) {
  return (
    <MantineProvider>
      <DataTable
        columns={branchColumns}
        rows={branches}
        rowKey={(row) => row.id}
        loading={false}
        pagination={undefined}
        onPageChange={() => undefined}
        onLimitChange={() => undefined}
        onSortChange={() => undefined}
      />
    </MantineProvider>
  );
}

describe('DataTable and the keyboard', () => {
  const pending: Branch[] = [
    { id: 'a', name: 'Soho', status: 'Pending' },
    { id: 'b', name: 'Camden', status: 'Pending' },
  ];

  it('keeps focus in the row when the button that had it goes away (an approval)', async () => {
    const { rerender } = render(<BranchTable branches={pending} />);
    screen.getByRole('button', { name: 'Approve Camden' }).focus();

    rerender(<BranchTable branches={[pending[0]!, { ...pending[1]!, status: 'Approved' }]} />);

    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'View Camden' }));
  });

  it('moves focus to the row now in its place when the focused row is deleted', async () => {
    const { rerender } = render(<BranchTable branches={pending} />);
    screen.getByRole('button', { name: 'View Soho' }).focus();

    rerender(<BranchTable branches={[pending[1]!]} />);

    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Approve Camden' }));
  });

  it('leaves focus alone when it went elsewhere on purpose', async () => {
    const { rerender } = render(
      <>
        <BranchTable branches={pending} />
        <button type="button">Elsewhere</button>
      </>,
    );
    screen.getByRole('button', { name: 'Approve Camden' }).focus();
    screen.getByRole('button', { name: 'Elsewhere' }).focus();

    rerender(
      <>
        <BranchTable branches={[pending[0]!, { ...pending[1]!, status: 'Approved' }]} />
        <button type="button">Elsewhere</button>
      </>,
    );

    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
  });
});

describe('DataTable on a phone', () => {
  it('draws each row as a card: the first column its title, the others labelled, the actions at its foot, a sort picker', async () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === phoneListQuery,
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    try {
      render(<BranchTable branches={[{ id: 'a', name: 'Soho', status: 'Pending' }]} />);

      expect(screen.queryByRole('table')).toBeNull();
      const card = screen.getByRole('listitem');
      expect(card.textContent).toContain('Soho');
      const status = screen.getByText('Status', { selector: 'dt' });
      expect(status.nextElementSibling?.textContent).toBe('Pending');
      expect(screen.getByRole('button', { name: 'Approve Soho' })).toBeTruthy();
      expect(screen.getAllByLabelText('Sort by').length).toBeGreaterThan(0);
    } finally {
      matchMedia.mockRestore();
    }
  });
});

describe('DataTable asked for a page past the last', () => {
  it('goes to the last page once, saying so', async () => {
    const onPageChange = vi.fn();
    const table = (page: number) => (
      <MantineProvider>
        <Notifications />
        <DataTable
          columns={columns}
          rows={[]}
          rowKey={(row) => row.id}
          loading={false}
          pagination={{ page, limit: 10, total: 25, totalPages: 3 }}
          onPageChange={onPageChange}
          onLimitChange={() => undefined}
        />
      </MantineProvider>
    );
    const { rerender } = render(table(9));
    // The answer past the end stays on screen while the last page loads.
    rerender(table(9));

    expect(await screen.findByText(messages.list.pageBeyondLast(9, 3))).toBeTruthy();
    expect(onPageChange).toHaveBeenCalledTimes(1);
    expect(onPageChange).toHaveBeenCalledWith(3);
    rerender(table(3));
    expect(onPageChange).toHaveBeenCalledTimes(1);
  });
});
