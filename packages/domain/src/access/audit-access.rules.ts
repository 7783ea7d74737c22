/**
 * The audit log's capability and page (access.rules.ts spreads them in; decision 0113). A brand's
 * admins read their brand's events (the tenant scope decides which brands: a group admin's group's),
 * the system admin reads every event. Nobody may change or remove one: there is no capability to.
 * A campaign's version history is read with `campaigns.read`, for a campaign in scope.
 */
const brandAdmins = ['companyAdmin', 'groupAdmin', 'brandAdmin'] as const;

export const auditCapabilities = {
  'audit.read': [...brandAdmins, 'systemadmin'],
} as const;

export const auditPages = {
  auditLog: { path: '/user/audit-log', audiences: auditCapabilities['audit.read'] },
} as const;
