import { type CreateWantInput, TEXTS } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../../lib/app-error.js';
import { deleteWant, insertWantWithinLimit, ownWant, updateWantTitle } from '../wants.queries.js';
import '../want-events.js';

/** Adds an item to the member's want list, within the per-category limit. */
export async function createWant(app: FastifyInstance, userId: number, input: CreateWantInput) {
  const want = await insertWantWithinLimit(app.db, userId, input);
  if (!want) throw new AppError('WANT_LIMIT_REACHED', TEXTS.wantLimit);
  await app.events.emit('want.created', { userId, wantId: want.id });
  return want;
}

/** Renames one of the member's own items; 404 for a missing one or someone else's. */
export async function renameWant(app: FastifyInstance, userId: number, wantId: number, title: string) {
  const before = await ownWant(app.db, userId, wantId);
  const want = before && (await updateWantTitle(app.db, wantId, userId, title));
  if (!before || !want) throw notFound(TEXTS.wantNotFound);
  await app.events.emit('want.changed', { userId, wantId, before });
  return want;
}

/** Deletes one of the member's own items; 404 for a missing one or someone else's. */
export async function removeWant(app: FastifyInstance, userId: number, wantId: number) {
  const before = await ownWant(app.db, userId, wantId);
  if (!before || !(await deleteWant(app.db, wantId, userId))) throw notFound(TEXTS.wantNotFound);
  await app.events.emit('want.removed', { userId, before });
}
