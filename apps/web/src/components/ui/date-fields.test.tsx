import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DateField, DateTimeField, MonthField } from './date-fields.tsx';

const renderIn = (element: React.ReactNode) => render(<MantineProvider>{element}</MantineProvider>);

describe('the shared date fields (spec 1 §9, spec 2 §9, spec 3 §9)', () => {
  it('shows and reads a date as DD/MM/YYYY, and gives YYYY-MM-DD', () => {
    const onChange = vi.fn();
    renderIn(<DateField label="Paused from" value="2026-12-05" onChange={onChange} />);
    const input = screen.getByLabelText('Paused from') as HTMLInputElement;

    expect(input.value).toBe('05/12/2026');
    expect(input.placeholder).toBe('DD/MM/YYYY');
    fireEvent.change(input, { target: { value: '24/01/2027' } });
    expect(onChange).toHaveBeenLastCalledWith('2027-01-24');
  });

  it('does not read a date typed in another format as one', () => {
    const onChange = vi.fn();
    renderIn(<DateField label="Paused from" value="" onChange={onChange} />);

    fireEvent.change(screen.getByLabelText('Paused from'), { target: { value: '01/24/2027' } });
    fireEvent.change(screen.getByLabelText('Paused from'), { target: { value: '2027-01-24' } });
    expect(onChange).not.toHaveBeenCalledWith('2027-01-24');
  });

  it('shows the dashboard’s dates as yyyy-MM-dd', () => {
    renderIn(<DateField kind="dashboardDate" label="Start Date" value="2026-12-05" onChange={() => {}} />);

    expect((screen.getByLabelText('Start Date') as HTMLInputElement).value).toBe('2026-12-05');
  });

  it('shows a month as MM/YYYY and a date-time as DD/MM/YYYY HH:mm', () => {
    const onChange = vi.fn();
    renderIn(
      <>
        <MonthField label="From month" value="2027-01" onChange={() => {}} />
        <DateTimeField label="Date and time" value="2025-06-11T12:00" onChange={onChange} />
      </>,
    );

    expect(screen.getByRole('button', { name: 'From month' }).textContent).toBe('01/2027');
    const dateTime = screen.getByLabelText('Date and time') as HTMLInputElement;
    expect(dateTime.value).toBe('11/06/2025 12:00');
    fireEvent.change(dateTime, { target: { value: '12/06/2025 09:30' } });
    expect(onChange).toHaveBeenLastCalledWith('2025-06-12T09:30');
  });
});
