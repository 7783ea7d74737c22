import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { EntityListToolbar, listFiltersOf, type EntityListToolbarProps } from './entity-list-toolbar.tsx';

function renderToolbar(props: EntityListToolbarProps) {
  return render(
    <MantineProvider>
      <EntityListToolbar {...props} />
    </MantineProvider>,
  );
}

describe('EntityListToolbar', () => {
  it('shows the 3-character hint while fewer than 4 characters are typed', async () => {
    renderToolbar({
      search: { value: '', placeholder: 'Search Branch Name / Merchant ID', onChange: () => undefined },
    });
    const box = screen.getByRole('textbox', { name: 'Search Branch Name / Merchant ID' });

    expect(screen.queryByText(messages.list.searchMin)).toBeNull();
    await userEvent.type(box, 'gre');
    expect(screen.getByText(messages.list.searchMin)).not.toBeNull();
    await userEvent.type(box, 'e');
    expect(screen.queryByText(messages.list.searchMin)).toBeNull();
  });

  it('tells the list the search once typing pauses', async () => {
    const onChange = vi.fn();
    renderToolbar({ search: { value: '', placeholder: 'Search', onChange } });

    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'fork');

    await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith('fork'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("offers 'Status (All)' before the statuses", async () => {
    renderToolbar({
      statusFilter: { value: '', statuses: ['Active', 'Pending'], onChange: () => undefined },
    });

    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLInputElement).value).toBe(
      messages.list.statusAll,
    );
  });

  it('enables Go only with an action chosen and a row ticked', async () => {
    const onGo = vi.fn();
    const options = [{ value: 'delete', label: 'Delete' }];
    const { rerender } = renderToolbar({ bulkActions: { options, selectedCount: 0, onGo } });
    const go = () => screen.getByRole('button', { name: 'Go' });

    expect((go() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Delete', hidden: true }));
    expect((go() as HTMLButtonElement).disabled).toBe(true);

    rerender(
      <MantineProvider>
        <EntityListToolbar bulkActions={{ options, selectedCount: 2, onGo }} />
      </MantineProvider>,
    );
    await userEvent.click(go());
    expect(onGo).toHaveBeenCalledWith('delete');
  });

  it('leaves out Upload CSV and the action dropdown when the screen gives none', () => {
    renderToolbar({});

    expect(screen.queryByRole('button', { name: 'Upload CSV' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Action' })).toBeNull();
  });
});

describe('listFiltersOf', () => {
  const stateWith = (brand: (value: string) => void) => ({
    search: 'green',
    status: 'Pending',
    brand: 'b1',
    filter: { search: vi.fn(), status: vi.fn(), brand },
  });

  it("binds the search and the status to the list's state", () => {
    const state = stateWith(vi.fn());
    const filters = listFiltersOf(state, { placeholder: 'Search', statuses: ['Pending', 'Active'] });

    expect(filters.search).toEqual({ value: 'green', placeholder: 'Search', onChange: state.filter.search });
    expect(filters.statusFilter).toEqual({
      value: 'Pending',
      statuses: ['Pending', 'Active'],
      onChange: state.filter.status,
    });
  });

  it('gives no status dropdown or brand selector where the list has none', () => {
    const filters = listFiltersOf(stateWith(vi.fn()), { placeholder: 'Search' });

    expect(filters.statusFilter).toBeUndefined();
    expect(filters.brandSelector).toBeUndefined();
  });

  it("runs the screen's own step before the list is told a new brand", () => {
    const calls: string[] = [];
    const filters = listFiltersOf(
      stateWith((brand) => calls.push(`list ${brand}`)),
      {
        placeholder: 'Search',
        brands: [{ value: 'b2', label: 'Two' }],
        onBrandChange: () => calls.push('screen'),
      },
    );

    filters.brandSelector?.onChange('b2');

    expect(filters.brandSelector?.value).toBe('b1');
    expect(calls).toEqual(['screen', 'list b2']);
  });
});
