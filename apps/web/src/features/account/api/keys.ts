/** The account feature's query keys. */
export const userDetailsKey = (id: string) => ['users', id] as const;

export const multiFactorStatusKey = ['auth', 'mfa'] as const;

export const bankKey = (id: string) => ['banks', id] as const;
