import { createHash, randomBytes } from 'node:crypto';

/** A fresh token for an e-mailed link (256 random bits), URL-safe. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** An e-mailed link's token is kept only as this: a database leak hands out no working link. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('base64url');
