import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { PageGuard } from './guards.tsx';

const baseUser: SessionUser = sessionUserFixture({
  _id: 'u1',
  email: 'user@demo.test',
  brandId: 'b1',
  brandObjId: 'b1',
  brandIds: [{ brandId: 'b1', brandName: 'Green Fork' }],
});

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function renderGuarded(user: SessionUser, path: string) {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/user/users"
            element={
              <PageGuard page="users" user={user}>
                <p>Users screen</p>
              </PageGuard>
            }
          />
          <Route path="*" element={<WhereAmI />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('PageGuard', () => {
  it('shows the page to an audience the permission table lists', () => {
    renderGuarded(baseUser, '/user/users');
    expect(screen.getByText('Users screen')).toBeTruthy();
  });

  it('sends an audience it does not list to Page Not Found', () => {
    renderGuarded({ ...baseUser, role: 'brandUser' }, '/user/users');
    expect(screen.getByTestId('where').textContent).toBe('/user/PageNotFound null');
  });

  it('sends a guest to login with the original path and the authenticated flag', () => {
    renderGuarded({ ...baseUser, guestUser: true, guestUserFlag: true }, '/user/users');
    expect(screen.getByTestId('where').textContent).toBe(
      '/login {"from":"/user/users","authenticated":true}',
    );
  });
});

describe('PageGuard on API keys (publisherKeys.manage)', () => {
  const nonBrand = { role: null, brandId: null, brandObjId: null, brandName: null, brandIds: [] };
  function renderKeys(user: SessionUser) {
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/user/settings/apikeys']}>
          <Routes>
            <Route
              path="/user/settings/apikeys"
              element={
                <PageGuard page="publisherKeys" user={user}>
                  <p>API keys screen</p>
                </PageGuard>
              }
            />
            <Route path="*" element={<WhereAmI />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
  }

  it('opens for the system admin', () => {
    renderKeys({ ...baseUser, ...nonBrand, entityType: 'systemadmin' });
    expect(screen.getByText('API keys screen')).toBeTruthy();
  });

  it("opens for a bank's admin", () => {
    renderKeys({ ...baseUser, ...nonBrand, entityType: 'bank', isBankAdmin: true });
    expect(screen.getByText('API keys screen')).toBeTruthy();
  });

  it("sends a bank user who is not the bank's admin, whom the API answers 403, to Page Not Found", () => {
    renderKeys({ ...baseUser, ...nonBrand, entityType: 'bank', isBankAdmin: false });
    expect(screen.getByTestId('where').textContent).toBe('/user/PageNotFound null');
  });

  it.each(['brandAdmin', 'companyAdmin', 'brandUser'] as const)(
    'sends a %s, who may not manage publisher keys, to Page Not Found',
    (role) => {
      renderKeys({ ...baseUser, role });
      expect(screen.getByTestId('where').textContent).toBe('/user/PageNotFound null');
    },
  );
});
