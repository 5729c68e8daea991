// Kept apart from the schemas, so the web app's manifest, update bar and install offer show them
// without loading zod.

/** The installed app: its manifest's names, the update bar, the install offer and sharing photos into it. */
export const PWA_TEXTS = {
  name: 'Gardenswap',
  shortName: 'Gardenswap',
  description: 'Trade, sell or give away produce, seeds and plants with friends and nearby gardeners. Completely free.',
  /** The manifest's shortcuts (a long press on the app's icon). */
  shortcutPost: 'Post what you have',
  shortcutMessages: 'Messages',
  /** A new release was installed in the background and waits for the member. */
  updateReady: 'A new version is ready',
  reload: 'Reload',
  reloading: 'Reloading...',
  /** Offered once the member has posted a first listing or sent a first message. */
  installTitle: 'Install Gardenswap',
  installBody: 'Open it from your home screen like any app, and hear about answers even when it is closed.',
  install: 'Install',
  notNow: 'Not now',
  dismiss: 'Dismiss',
  /** "Post what you have", opened by sharing photos from another app. */
  sharedPhotosAdded: 'The photos you shared are added below.',
  sharedPhotosMissing: 'The photos you shared did not arrive. Add them below with Add photos.',
} as const;
