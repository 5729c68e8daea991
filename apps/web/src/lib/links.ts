/** A member's public profile address: what the QR code and the shared link open. */
export const profileLink = (userId: number) => `${window.location.origin}/seller/${userId}`;

/** A listing's shareable address. */
export const listingLink = (listingId: number) => `${window.location.origin}/listings/${listingId}`;
