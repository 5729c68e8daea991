// Kept apart from the schemas, so the offline banner and the waiting lists show them without loading zod.

/** The web app without a connection: the banner, what waits on the device, screens that need the network. */
export const OFFLINE_TEXTS = {
  /** Shown while the device is offline or the server cannot be reached. */
  banner: "You're offline — showing what you saw last",
  /** The banner's count of messages and listings kept on the device until the connection is back. */
  waitingCount: (count: number) => `${count} waiting to send`,
  /** A screen with nothing kept from before, instead of a spinner that never ends. */
  needsConnection: "This needs a connection. It will load when you're back online.",
  /** A message written offline, in the chat. */
  waitingToSend: 'Waiting to send',
  sending: 'Sending...',
  /** A waiting message the server refused for good, with its reason. */
  notSent: (reason: string) => `Not sent: ${reason}`,
  notSentFallback: 'Not sent.',
  cancel: 'Cancel',
  cancelMessage: 'Cancel this message',
  /** A listing composed offline, in My listings. */
  waitingListings: 'Waiting to post',
  waitingToPost: 'Waiting to post',
  posting: 'Posting...',
  notPosted: (reason: string) => `Not posted: ${reason}`,
  notPostedFallback: 'Not posted.',
  cancelListing: (title: string) => `Cancel posting “${title}”`,
  /** Said once the Post button kept a listing on the device. */
  listingKept: "You're offline. Your listing is saved on this device and will be posted when you're back online.",
  photoCount: (count: number) => (count === 1 ? '1 photo' : `${count} photos`),
} as const;
