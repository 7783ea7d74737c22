import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * zxcvbn-ts's list of ~49,000 passwords most often found in leaks, for installCommonPasswords
 * (password-policy.ts). A module of its own, so that only what installs it carries the list.
 */
export const commonPasswordList = (): readonly string[] => dictionary['passwords-common'];
