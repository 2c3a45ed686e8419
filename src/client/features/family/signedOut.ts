/** Why the family sign-in opened without a token: the sign-in page says so in a sentence. */
export const SIGNED_OUT_STATE = {
  ended: { signedOut: 'ended' },
  byYou: { signedOut: 'by-you' },
} as const;

export const SIGNED_OUT_TEXT: Record<string, string> = {
  ended: 'You are not signed in, or your session has ended. Enter your e-mail address to get a new sign-in link.',
  'by-you': 'You have signed out. Enter your e-mail address to get a new sign-in link.',
};
