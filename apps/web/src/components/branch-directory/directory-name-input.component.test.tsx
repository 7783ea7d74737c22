import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DirectoryBranch } from '@krowd/domain/branch/branch-response.schema';
import { DirectoryNameInput } from './directory-name-input.tsx';

const venue: DirectoryBranch = {
  merchant_name: 'Green Fork Soho',
  kmid: 'KM-1001',
  address: '12 Dean Street',
  postcode: 'W1D 3RB',
} as DirectoryBranch;

/** A form's name and kmid, as the Add New modal and the wizard keep them. */
function BranchName() {
  const [name, setName] = useState('');
  const [kmid, setKmid] = useState<string | null>(null);
  return (
    <>
      <DirectoryNameInput
        label="Branch Name"
        value={name}
        onChange={(next) => {
          setName(next);
          setKmid(null);
        }}
        onPick={(hit) => {
          setName(hit.merchant_name);
          setKmid(hit.kmid);
        }}
      />
      <output aria-label="kmid">{kmid ?? 'new branch'}</output>
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DirectoryNameInput', () => {
  it('keeps the venue picked from the directory (its kmid), and a typed name after it makes a new branch', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ respCode: 200, data: [venue] })),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MantineProvider>
          <BranchName />
        </MantineProvider>
      </QueryClientProvider>,
    );
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Branch Name' });
    const kmid = () => screen.getByRole('status', { name: 'kmid' }).textContent;

    await userEvent.type(input, 'Green');
    await userEvent.click(await screen.findByText('Green Fork Soho'));

    expect(input.value).toBe('Green Fork Soho');
    expect(kmid()).toBe('KM-1001');

    await userEvent.type(input, ' 2');
    expect(kmid()).toBe('new branch');
  });
});
