/** The users feature's query keys: every change to a user refreshes the list. */
export const usersKey = ['users'] as const;
