/** The onboarding feature's query keys: the Branches screen's key, so the wizard's saves refresh that list too. */
export const branchesKey = ['branches'] as const;
