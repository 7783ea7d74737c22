import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicPaths } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import { AmexDiningBranchPage } from './amex-dining-branch-page.tsx';
import { refusal, stubApi, withStatus, type Answers } from '@/test/stub-api';
import { renderAt, writes } from './public-pages.fixtures.tsx';

const m = messages.cardNetwork;
const pageId = 'p'.repeat(43);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = (id = pageId) =>
  renderAt(`/amexdiningbranch/${id}`, [
    { path: publicPaths.amexDiningBranch, element: <AmexDiningBranchPage /> },
  ]);

const branchPageCall = `GET /api/auth/getAmexBranchPage/${pageId}`;
const submitCall = 'POST /api/auth/notifyAdminForAmexBranch';

/** The page of a known restaurant, its submission (if any is expected) answered as `submitted` says. */
const knownPage = (submitted?: Answers[string]): Answers => ({
  [branchPageCall]: { respCode: 200, brandName: 'Casa Ana' },
  ...(submitted === undefined ? {} : { [submitCall]: submitted }),
});

async function fillRow(row: number, values: { name: string; amex: string; postcode: string }) {
  await userEvent.type(screen.getByLabelText(`Branch Name, row ${row}`), values.name);
  await userEvent.type(screen.getByLabelText(`Amex Merchant ID, row ${row}`), values.amex);
  await userEvent.type(screen.getByLabelText(`Postcode, row ${row}`), values.postcode);
}

describe('/amexdiningbranch/{id}, the branch page', () => {
  it('says a link is not valid when the page id is unknown, with no form', async () => {
    stubApi({ [branchPageCall]: () => refusal(404, m.branchPageUnknown) });
    renderPage();

    expect((await screen.findByRole('alert')).textContent).toBe(m.branchPageUnknown);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('names the restaurant, adds and deletes rows, and checks each row by the branches’ rules', async () => {
    const sent = stubApi(knownPage());
    renderPage();

    expect(await screen.findByText(`${m.branchTitle}: Casa Ana`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete row 1' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Add branch' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add branch' }));
    expect(screen.getByLabelText('Branch Name, row 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete row 3' }));
    expect(screen.queryByLabelText('Branch Name, row 3')).toBeNull();

    await userEvent.type(screen.getByLabelText('Branch Name, row 1'), 'Ab');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(messages.branch.nameMin)).toBeTruthy();
    expect(screen.getAllByText(messages.branch.postcodeRequired)).toHaveLength(2);
    expect(screen.getAllByText(messages.branch.merchantIdRequired)).toHaveLength(2);
    expect(writes(sent)).toEqual([]);
  });

  it('refuses a file that is not .xls or .xlsx by its name before sending', async () => {
    const sent = stubApi(knownPage());
    const { container } = renderPage();
    await screen.findByText(`${m.branchTitle}: Casa Ana`);

    await fillRow(1, { name: 'Casa Ana Soho', amex: 'AX1001', postcode: 'W1D 4HS' });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['name,postcode'], 'branches.csv', { type: 'text/csv' }), {
      applyAccept: false,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(m.fileNotExcel)).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it('sends the branches as JSON with the id, comments and file, disabled while sending, then goes on 3 seconds later', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const submitted = withStatus(201, {
      respCode: 200,
      respMessage: m.branchesSubmitted,
      redirectTo: 'https://marketing.example.test/',
    });
    // The submission is answered only once released, so the page can be seen while it sends.
    const sent = stubApi(knownPage(() => held.then(submitted)));
    const { container } = renderPage();
    await screen.findByText(`${m.branchTitle}: Casa Ana`);

    await fillRow(1, { name: 'Casa Ana Soho', amex: 'AX1001', postcode: 'w1d 4hs' });
    await userEvent.type(screen.getByLabelText(/Comments/), 'More soon.');
    const file = new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0])], 'branches.xls');
    await userEvent.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true),
    );
    release();
    expect(await screen.findByTestId('branches-submitted')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://marketing.example.test/'));
    const post = writes(sent).find((call) => call.method === 'POST')!;
    expect(post.path).toBe('/api/auth/notifyAdminForAmexBranch');
    expect(post.form!.get('id')).toBe(pageId);
    expect(post.form!.get('comments')).toBe('More soon.');
    expect((post.form!.get('excelFile') as File).name).toBe('branches.xls');
    expect(JSON.parse(post.form!.get('branchList') as string)).toEqual([
      {
        branchName: 'Casa Ana Soho',
        merchantId: '',
        amexMerchantID: 'AX1001',
        zettleMerchantID: '',
        postcode: 'w1d 4hs',
        postaltown: '',
        address: '',
      },
    ]);
  }, 10_000);

  it('shows the server’s refusal, puts a row’s message on its field, and lets the visitor try again', async () => {
    stubApi(knownPage(() => refusal(409, messages.branch.merchantIdInUse('AX1001'))));
    renderPage();
    await screen.findByText(`${m.branchTitle}: Casa Ana`);

    await fillRow(1, { name: 'Casa Ana Soho', amex: 'AX1001', postcode: 'W1D 4HS' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect((await screen.findByTestId('form-status')).textContent).toBe(
      messages.branch.merchantIdInUse('AX1001'),
    );
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(false);
  });
});
