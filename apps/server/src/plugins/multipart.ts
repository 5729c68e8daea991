import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES, TEXTS } from '@gardenswap/shared';
import { SHARE_TARGET_PATH } from '@gardenswap/shared/share-target';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { holdsNul, toUploadError } from './errors.js';
import { AppError } from '../lib/app-error.js';

export interface MultipartBody {
  fields: Record<string, string>;
  /** The uploaded file of the named field, fully read (the size limit is enforced while reading). */
  file?: { field: string; buffer: Buffer };
}

/** What a form may hold beside its one photo: a few short fields, each part with small headers. */
const FORM_LIMITS = { files: 1, fields: 20, fieldSize: 16 * 1024, parts: 25, headerSize: 8 * 1024 };

/**
 * The most bytes a whole form may take: the photo, its fields, their part headers and
 * boundaries. Counted as the body arrives, so neither a lying Content-Length nor an endless
 * body nor bytes outside any part get past it.
 */
export const MULTIPART_MAX_BYTES = IMAGE_MAX_BYTES + 1024 * 1024;

const isMultipartType = (contentType: string | undefined) => /^multipart\/form-data/i.test(contentType ?? '');

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', TEXTS.imageTooLarge);

/**
 * Registers the multipart parser with the form limits, and refuses (413) a form whose
 * Content-Length is already over them before a byte of it is read.
 */
export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, ...FORM_LIMITS } });
    app.addHook('onRequest', async (request) => {
      if (
        isMultipartType(request.headers['content-type']) &&
        // Shared photos are not read by the server, only redirected (see registerWebApp).
        request.url !== SHARE_TARGET_PATH &&
        Number(request.headers['content-length']) > MULTIPART_MAX_BYTES
      )
        throw tooLarge();
    });
  },
  { name: 'multipart' },
);

/** True when the request carries a multipart form. */
export const isMultipart = (request: FastifyRequest) => request.isMultipart();

/** Rejects as soon as more than `max` bytes of the body have arrived; `stop` lets go of the body. */
function byteBudget(raw: IncomingMessage, max: number) {
  let received = 0;
  let onData: (chunk: Buffer) => void = () => {};
  const exceeded = new Promise<never>((_, reject) => {
    onData = (chunk) => {
      received += chunk.length;
      if (received > max) reject(tooLarge());
    };
  });
  // Whoever races this promise may have settled first; the rejection is then nobody's news.
  exceeded.catch(() => {});
  raw.on('data', onData);
  return { exceeded, stop: () => raw.off('data', onData) };
}

/**
 * Reads one file part into memory. busboy stops passing bytes on at the size limit but keeps
 * reading the part to its end, which for an endless body never comes: the limit ends the read.
 */
async function readFile(file: Readable & { truncated?: boolean }): Promise<Buffer> {
  file.once('limit', () => file.destroy(tooLarge()));
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  if (file.truncated) throw tooLarge();
  return Buffer.concat(chunks);
}

/**
 * Reads a multipart form: text fields into an object, the one file into memory.
 * An empty file part (a form's untouched picker) counts as no file. Over a limit it throws
 * 413 at once and stops reading; a form that cannot be parsed is a 400 with a clear detail.
 */
export async function readMultipart(request: FastifyRequest, fileField: string): Promise<MultipartBody> {
  const body: MultipartBody = { fields: {} };
  const parts = request.parts()[Symbol.asyncIterator]();
  // The first step starts the parser, which pipes the body into itself: only then may the
  // budget listen to the body too without setting it flowing early.
  let next = parts.next();
  const budget = byteBudget(request.raw, MULTIPART_MAX_BYTES);
  try {
    for (;;) {
      const step = await Promise.race([next, budget.exceeded]);
      if (step.done) break;
      const part = step.value;
      if (part.type === 'file') {
        const buffer = await Promise.race([readFile(part.file), budget.exceeded]);
        if (part.fieldname === fileField && buffer.length > 0) body.file = { field: part.fieldname, buffer };
      } else {
        if (part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE', TEXTS.uploadFieldTooLarge);
        if (typeof part.value === 'string') {
          if (holdsNul(part.value) || holdsNul(part.fieldname)) throw new AppError('BAD_REQUEST', TEXTS.textHasNul);
          body.fields[part.fieldname] = part.value;
        }
      }
      next = parts.next();
    }
  } catch (error) {
    // Stop reading: the answer goes out at once and the connection closes behind it.
    request.raw.unpipe();
    request.raw.pause();
    throw toUploadError(error);
  } finally {
    budget.stop();
  }
  return body;
}
