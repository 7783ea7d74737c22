import { describe, expect, it } from 'vitest';
import { brandRoles, type AccessSubject } from '@krowd/domain/access/access.rules';
import { navigationFor } from '@krowd/domain/access/navigation.rules';
import { navIcons } from './nav-icons.ts';

const plain = {
  role: null,
  isClientAdmin: false,
  guestUser: false,
  guestUserFlag: false,
  isFirstLogin: false,
};
const subjects: AccessSubject[] = [
  { ...plain, entityType: 'systemadmin' },
  { ...plain, entityType: 'bank' },
  { ...plain, entityType: 'cardprovider' },
  { ...plain, entityType: 'brand', role: 'user', isClientAdmin: true },
  ...brandRoles.map((role): AccessSubject => ({ ...plain, entityType: 'brand', role })),
];

describe('the side navigation', () => {
  it.each(subjects.map((subject) => [`${subject.entityType} ${subject.role ?? ''}`, subject] as const))(
    'has an icon beside every item (%s)',
    (_name, subject) => {
      const { main, settings } = navigationFor(subject);
      const withoutIcon = [...main, ...settings]
        .filter((item) => !navIcons[item.page])
        .map((item) => item.label);

      expect(withoutIcon).toEqual([]);
    },
  );
});
