/** The server's upload limit: files must be under 5 MiB (the spec's "under 5Mb"). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const UPLOAD_HINT = 'An image, office document or PDF under 5Mb.';

// Sizes are shown the same everywhere (uploads here, CSV downloads in the export toolbar).
export { formatFileSize } from '../../core/format/file-size.ts';
