import { fileTypeFromBuffer } from 'file-type';

/** An accepted kind of file: the media type it is served as and its usual extensions. */
export interface FileKind {
  mediaType: string;
  /** The first is added to a name that carries none of them. */
  extensions: readonly string[];
}

const OFFICE_XML = 'application/vnd.openxmlformats-officedocument';

/**
 * Detected type (file-type's extension) → how it is kept. Images, PDF and office formats only;
 * macro-enabled office files, archives, executables and SVG (script-capable) are refused.
 */
const ACCEPTED: Record<string, FileKind> = {
  pdf: { mediaType: 'application/pdf', extensions: ['pdf'] },
  jpg: { mediaType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { mediaType: 'image/png', extensions: ['png'] },
  apng: { mediaType: 'image/png', extensions: ['png', 'apng'] },
  gif: { mediaType: 'image/gif', extensions: ['gif'] },
  webp: { mediaType: 'image/webp', extensions: ['webp'] },
  bmp: { mediaType: 'image/bmp', extensions: ['bmp'] },
  tif: { mediaType: 'image/tiff', extensions: ['tif', 'tiff'] },
  heic: { mediaType: 'image/heic', extensions: ['heic'] },
  avif: { mediaType: 'image/avif', extensions: ['avif'] },
  docx: { mediaType: `${OFFICE_XML}.wordprocessingml.document`, extensions: ['docx'] },
  xlsx: { mediaType: `${OFFICE_XML}.spreadsheetml.sheet`, extensions: ['xlsx'] },
  pptx: { mediaType: `${OFFICE_XML}.presentationml.presentation`, extensions: ['pptx'] },
  odt: { mediaType: 'application/vnd.oasis.opendocument.text', extensions: ['odt'] },
  ods: { mediaType: 'application/vnd.oasis.opendocument.spreadsheet', extensions: ['ods'] },
  odp: { mediaType: 'application/vnd.oasis.opendocument.presentation', extensions: ['odp'] },
  rtf: { mediaType: 'application/rtf', extensions: ['rtf'] },
};

/**
 * Word 97–2003, Excel and PowerPoint files share one container format (CFB) with installers and
 * other things, so a CFB file is accepted only under one of these names.
 */
const LEGACY_OFFICE: Record<string, FileKind> = {
  doc: { mediaType: 'application/msword', extensions: ['doc'] },
  xls: { mediaType: 'application/vnd.ms-excel', extensions: ['xls'] },
  ppt: { mediaType: 'application/vnd.ms-powerpoint', extensions: ['ppt'] },
};

export const extensionOf = (name: string): string =>
  /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** What the bytes are, when they are something a unit may keep; undefined otherwise. */
export async function acceptedKind(
  content: Uint8Array,
  name: string,
): Promise<FileKind | undefined> {
  const detected = await fileTypeFromBuffer(content);
  if (!detected) return undefined;
  if (detected.ext === 'cfb') return LEGACY_OFFICE[extensionOf(name)];
  return ACCEPTED[detected.ext];
}
