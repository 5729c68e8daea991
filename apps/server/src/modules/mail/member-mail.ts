/**
 * Whether e-mails about a member's activity (matches, friend requests, messages) may go to their
 * address: only once it is confirmed, so nobody is mailed at an address someone else typed in.
 * Security e-mails (password reset, sign-in alerts, change notices) do not ask. Combine it with the
 * member's own e-mail settings; the recipient's row must select `email_confirmed`.
 */
export function mayGetMemberMail(recipient: { email_confirmed: number }): boolean {
  return recipient.email_confirmed === 1;
}
