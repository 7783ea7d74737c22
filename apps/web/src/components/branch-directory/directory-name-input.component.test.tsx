import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DirectoryBranch } from '@krowd/domain/branch/branch-response.schema';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { DirectoryNameInput } from './directory-name-input.tsx';

const venue: DirectoryBranch = {
  merchant_name: 'Green Fork Soho',
  kmid: 'KM-1001',
  address: '12 Dean Street',
  postcode: 'W1D 3RB',
  city: 'London',
  email: null,
  phone_no: null,
  entity_url: null,
};

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
    const sent = stubApi({ 'GET /api/branchDirectory': { respCode: 200, data: [venue] } });
    renderWithProviders(<BranchName />);
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Branch Name' });
    const kmid = () => screen.getByRole('status', { name: 'kmid' }).textContent;

    await userEvent.type(input, 'Green');
    await userEvent.click(await screen.findByText('Green Fork Soho'));

    expect(input.value).toBe('Green Fork Soho');
    expect(kmid()).toBe('KM-1001');
    const searches = sent.map((call) => call.url.searchParams.get('search'));
    expect(searches).toContain('Green');

    await userEvent.type(input, ' 2');
    expect(kmid()).toBe('new branch');
  });
});
