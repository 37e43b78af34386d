/** The roles of a tenant's operators; what each may do is decided in src/server/features/permissions. */
export const OPERATOR_ROLES = ['tenant_admin', 'staff', 'enforcement'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
