import { MAX_DOCUMENT_NAME_LENGTH } from '../../shared/documents.ts';
import { extensionOf, type FileKind } from './file-kind.ts';

/** Control characters, and the bidi marks that make "gpj.exe" look like "exe.jpg". */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name to keep: the last path segment, without control or bidi-override characters, trimmed,
 * at most MAX_DOCUMENT_NAME_LENGTH long, ending in an extension that matches the content, so a
 * PNG sent as "invoice.html" downloads as "invoice.html.png". Empty when nothing usable is left.
 */
export function cleanFileName(raw: string, kind: FileKind): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? '';
  let name = lastSegment.replace(UNSAFE_CHARACTERS, '');
  name = name.trim().replace(/^\.+/, '');
  if (name === '') return '';
  const extension = kind.extensions.includes(extensionOf(name)) ? '' : `.${kind.extensions[0]}`;
  const room = MAX_DOCUMENT_NAME_LENGTH - extension.length;
  if (name.length > room) name = name.slice(0, room).trimEnd();
  return name + extension;
}

/**
 * A Content-Disposition that is safe whatever the name holds: an ASCII fallback with anything
 * outside a plain set replaced, and the exact name in RFC 6266/8187 form for browsers that read it.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9 ._()-]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
