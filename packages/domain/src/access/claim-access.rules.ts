/**
 * Missing-transaction claims' capabilities (access.rules.ts spreads them in; decision 0108) and
 * their page. A brand's users file and read their brands' claims (the tenant scope decides which
 * brands: group admins their group's); the system admin reads all and resolves. Publishers file
 * and read theirs with their API key, which no capability here governs (publisherKey routes).
 */
const brandSide = ['user', 'companyAdmin', 'groupAdmin', 'brandAdmin'] as const;

export const claimCapabilities = {
  'claims.read': [...brandSide, 'systemadmin'],
  'claims.file': [...brandSide],
  'claims.resolve': ['systemadmin'],
} as const;

export const claimPages = {
  claims: { path: '/user/claims', audiences: claimCapabilities['claims.read'] },
} as const;
