/** Every React Query key of moderation. */
export const moderationKeys = {
  all: ['moderation'] as const,
  reports: () => [...moderationKeys.all, 'reports'] as const,
  log: () => [...moderationKeys.all, 'log'] as const,
  suspendedMembers: () => [...moderationKeys.all, 'suspended-members'] as const,
  hiddenListings: () => [...moderationKeys.all, 'hidden-listings'] as const,
  hiddenEvents: () => [...moderationKeys.all, 'hidden-events'] as const,
};
