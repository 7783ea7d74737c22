/** The branches feature's query keys: every change to a branch refreshes the list. */
export const branchesKey = ['branches'] as const;
