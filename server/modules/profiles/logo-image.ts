import { createHash } from 'node:crypto';
import type { Sharp, SharpOptions } from 'sharp';
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, LOGO_MAX_SIDE, LOGO_MESSAGES, LOGO_SIZE } from '../../../core/business-profile';
import { badRequest, HttpError } from '../../http-errors';

export interface ProcessedLogo {
  image: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
  /** A hash of the stored bytes: the logo's address changes with the logo. */
  version: string;
}

/**
 * Logos decoded at once in this process, and uploads that may wait for their turn (docs/decisions/0132):
 * a decode holds up to LOGO_MAX_PIXELS × 4 bytes, so eight at once took the server past 1 GB.
 */
export const LOGO_DECODES_AT_ONCE = 1;
export const LOGO_DECODES_WAITING = 4;

/** More uploads than decode and wait at once: refused (503) rather than held with their bodies in memory. */
export class LogoBusyError extends Error {}

let decoding = 0;
const waiting: Array<() => void> = [];

/** Runs `work` when a decode slot is free; throws LogoBusyError when the waiting line is full. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= LOGO_DECODES_AT_ONCE) {
    if (waiting.length >= LOGO_DECODES_WAITING) throw new LogoBusyError('logo decoder busy');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    decoding += 1;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
}

/** What the upload claims to be does not count: only these decoders are ever run on it. */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);

type SharpFactory = (input: Uint8Array, options?: SharpOptions) => Sharp;
let loaded: Promise<SharpFactory> | undefined;

/** sharp (libvips) is loaded on the first logo: a server whose owners never upload one does not carry it (ADR 0063). */
function sharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: factory }) => {
    // Logos are small and rare: no decoded-image cache held in memory between uploads.
    factory.cache(false);
    return factory as unknown as SharpFactory;
  });
  return loaded;
}

/**
 * An uploaded logo made safe to store and serve (docs/decisions/0099): read by its bytes (PNG, JPEG
 * or WebP only), its size in pixels checked from the header before anything is decoded, turned
 * upright by its EXIF orientation, fitted into LOGO_SIZE² on a transparent square and written anew
 * as WebP. Nothing of the original survives but pixels: no EXIF, GPS, ICC comments or trailing bytes.
 */
export async function processLogo(input: Uint8Array): Promise<ProcessedLogo> {
  if (input.length === 0) throw badRequest(LOGO_MESSAGES.empty);
  if (input.length > LOGO_MAX_BYTES) throw new HttpError(413, LOGO_MESSAGES.tooLarge, 'Payload Too Large');
  const make = await sharp();

  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const meta = await make(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.pageHeight ?? meta.height ?? 0;
  } catch {
    throw new HttpError(415, LOGO_MESSAGES.type, 'Unsupported Media Type');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new HttpError(415, LOGO_MESSAGES.type, 'Unsupported Media Type');
  if (width < 1 || height < 1 || width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE || width * height > LOGO_MAX_PIXELS) {
    throw badRequest(LOGO_MESSAGES.dimensions);
  }

  return inTurn(async () => {
    try {
      const { data, info } = await make(input, { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error', pages: 1 })
        .autoOrient()
        .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .webp({ quality: 85, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      const version = createHash('sha256').update(data).digest('base64url').slice(0, 16);
      return { image: data, contentType: 'image/webp' as const, width: info.width, height: info.height, version };
    } catch {
      throw badRequest(LOGO_MESSAGES.unreadable);
    }
  });
}

/** A stored logo as PNG, for drawings that cannot read WebP (the QR card's renderer). */
export async function logoAsPng(image: Uint8Array): Promise<Buffer> {
  const make = await sharp();
  return make(image).png().toBuffer();
}
