/** Public address of a stored profile photo (docs/product.md#api: assets/images/users/{profile_img}). */
export const photoUrl = (key: string | null | undefined): string | undefined =>
  key ? `/assets/images/users/${encodeURIComponent(key)}` : undefined;
