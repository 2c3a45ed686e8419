/** Public address of a stored profile photo (SPEC §7: assets/images/users/{profile_img}). */
export const photoUrl = (key: string | null | undefined): string | undefined => (key ? `/assets/images/users/${encodeURIComponent(key)}` : undefined);
