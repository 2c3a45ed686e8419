/** A signed-in user's first page; the password change comes first while one is due. */
export function homeOf(me: { isPlayer: boolean; player: number | null; mustChangePassword?: boolean }): string {
  if (me.mustChangePassword) return '/account/password';
  return me.isPlayer && me.player ? `/player/${me.player}/dashboard` : '/app/dashboard';
}
