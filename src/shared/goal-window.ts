/** Goals due within this many days count as due soon (docs/product.md#goals). Kept apart from the zod schemas so the dashboard's first load does not carry zod. */
export const GOAL_DUE_SOON_DAYS = 14;
