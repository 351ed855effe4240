import type { FastifyRequest } from 'fastify';
import { codeOfIssues, MAX_PHOTOS_PER_PRODUCT, productInput } from '@primeur/shared';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.js';
import { readPhotoPart, type CheckedPhoto } from '../../media/photos.js';

/** Multipart limits: the busboy stream stops at these, so a huge upload is cut off, not buffered. */
export const MULTIPART_LIMITS = {
  fileSize: 5 * 1024 * 1024,
  files: MAX_PHOTOS_PER_PRODUCT,
  fields: 2,
  parts: MAX_PHOTOS_PER_PRODUCT + 2,
  fieldSize: 16 * 1024,
};

function requireMultipart(req: FastifyRequest, what: string) {
  if (!req.isMultipart()) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the ${what} as multipart/form-data with its photos.`);
  }
}

/**
 * Reads every photo of a multipart request (field `photos`), each checked before anything is stored.
 * Lots by default; claims (issue 22) pass their own limit and noun.
 */
export async function readUpload(
  req: FastifyRequest,
  { maxPhotos = MAX_PHOTOS_PER_PRODUCT, what = 'lot' }: { maxPhotos?: number; what?: string } = {},
): Promise<{ data?: string; photos: CheckedPhoto[] }> {
  requireMultipart(req, what);
  const photos: CheckedPhoto[] = [];
  let data: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photos') {
          part.file.resume();
          throw new HttpError(400, 'VALIDATION_FAILED', `Unexpected file field "${part.fieldname}".`, [{ path: part.fieldname, message: 'unexpected' }]);
        }
        photos.push(await readPhotoPart(part));
      } else if (part.fieldname === 'data') {
        data = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new HttpError(400, 'TOO_MANY_PHOTOS', `A ${what} has at most ${maxPhotos} photos.`, [{ path: 'photos', message: 'tooMany' }]);
    }
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'A photo is larger than 5 MB.');
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The request is too large.');
    // Anything else the multipart parser raises (no boundary, cut-off body, malformed part headers)
    // is a malformed request, not a server fault.
    throw new HttpError(400, 'VALIDATION_FAILED', 'The multipart body is malformed.', [{ path: 'body', message: 'malformedMultipart' }]);
  }
  return { data, photos };
}

/** The `data` field of the create request: the lot form as JSON, validated like a JSON body. */
export function parseProductData(data: string | undefined): z.output<typeof productInput> {
  if (data === undefined) throw new HttpError(400, 'VALIDATION_FAILED', 'The lot fields are missing.', [{ path: 'data', message: 'required' }]);
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The lot fields are not valid JSON.', [{ path: 'data', message: 'invalidJson' }]);
  }
  const parsed = productInput.safeParse(json);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: ['data', ...i.path.map(String)].join('.'), message: i.message }));
    throw new HttpError(400, codeOfIssues(details), 'The request is not valid.', details);
  }
  return parsed.data;
}
