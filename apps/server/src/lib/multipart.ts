import type { FastifyRequest } from 'fastify';
import { TEXTS } from '@gardenswap/shared';
import { AppError } from '../lib/app-error.js';

export interface MultipartBody {
  fields: Record<string, string>;
  /** The uploaded file of the named field, fully read (the size limit is enforced while reading). */
  file?: { field: string; buffer: Buffer };
}

/** True when the request carries a multipart form. */
export const isMultipart = (request: FastifyRequest) => request.isMultipart();

/**
 * Reads a multipart form: text fields into an object, the one file into memory.
 * An empty file part (a form's untouched picker) counts as no file.
 */
export async function readMultipart(request: FastifyRequest, fileField: string): Promise<MultipartBody> {
  const body: MultipartBody = { fields: {} };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (part.fieldname !== fileField) continue;
      if (buffer.length > 0) body.file = { field: part.fieldname, buffer };
    } else if (typeof part.value === 'string') {
      body.fields[part.fieldname] = part.value;
    }
  }
  if (body.file && body.file.buffer.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', TEXTS.imageUnsupported);
  return body;
}
