/**
 * What a unit's documents may be, shared by the upload form and the server. The server decides
 * by the file's content (its magic bytes), never by its name or declared type.
 */

/** Uploads must be under this many bytes. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** The spec's upload hint (section 5), word for word. */
export const DOCUMENT_UPLOAD_HINT = 'an image, office document or PDF under 5Mb';

/** Longest file name kept, in characters. */
export const MAX_DOCUMENT_NAME_LENGTH = 200;

/** Extensions the file picker offers; the server still checks every file's content. */
export const ACCEPTED_DOCUMENT_EXTENSIONS = [
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'bmp',
  'tif',
  'tiff',
  'heic',
  'avif',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
] as const;
