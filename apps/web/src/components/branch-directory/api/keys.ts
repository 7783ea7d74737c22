/** The branch directory's query keys: one for the Branches screen's Add New and the onboarding wizard. */
export const directorySearchKey = (search: string | undefined) => ['branchDirectory', search] as const;
