// Kept apart from the schemas of account.ts, so a screen that only shows these texts does not
// load and build every schema (zod) with them.

/** Texts of confirming an address, changing the password or the address, downloading one's data and leaving. */
export const ACCOUNT_TEXTS = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Your current password is not correct.',
  sameEmail: 'This is already your email.',
  alreadyConfirmed: 'Your email is already confirmed.',
  noPendingEmail: 'There is no email change waiting for confirmation.',
  tooManyLinks: 'We already sent you several links in a short while. Please wait a few minutes and try again.',
  confirmSubject: 'Confirm your Gardenswap email',
  confirmNewSubject: 'Confirm your new Gardenswap email',
  changeRequestedSubject: 'Your Gardenswap email is about to change',
  emailChangedSubject: 'Your Gardenswap email was changed',
  passwordChangedSubject: 'Your Gardenswap password was changed',
  confirmed: 'Your email address is confirmed. Thank you!',
  linkUsed: 'This confirmation link was already used.',
  linkExpired: 'This confirmation link has expired. Sign in and ask for a new one.',
  linkReplaced: 'This confirmation link is no longer valid: a newer one was sent, or the change was cancelled.',
  linkInvalid: 'This confirmation link is not valid. Check that you opened the whole link from the email.',
  passwordChanged: 'Your password was changed. Every other device was signed out.',
  bannerText: 'Please confirm your email address. We sent a link to',
  /** The name the other member sees on a conversation with someone who deleted their account. */
  deletedMember: 'Deleted member',
  wrongPassword: 'That password is not right.',
  tooManyAttempts: 'Too many wrong passwords. Please wait a few minutes and try again.',
  exportLinkInvalid: 'This download link has expired. Ask for a new one on your profile.',
  accountDeleted: 'Your account was deleted. Thank you for gardening with us.',
  deletedMemberChat: 'This member deleted their account. You can still read your conversation, but not reply.',
} as const;
