/**
 * Vite plugin: `./file.json?fields=a,b` is a module of its own holding only the top-level fields
 * a and b of the JSON file (a named export each, and a default export of the object of them).
 * A reader that needs a few fields of a config file imports them so, usually with
 * `import.meta.glob(…, { query: '?fields=…' })`: the bundle then carries those fields for it, and
 * the whole file only in the chunks of the screens that read the whole of it. (A named import of
 * the plain file would not do: the file is one module, which goes whole into the first chunk that
 * needs any of it.) Fields a file lacks are left out.
 *
 * `./file.json?hash` is the version of the file in this build: a module whose default export is
 * a hash of its content (12 hex digits), so that a reader can tell data made against another
 * version of a schema (issue 22's drafts) without carrying the schema.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const QUERY = /\?fields=([\w,-]+)$/;
const HASH_QUERY = '?hash';
const HASH_PREFIX = '\0fdp-json-hash:';
/** `<prefix><file>:<fields>`: not ending in .json, so that Vite's own JSON plugin leaves it alone. */
const PREFIX = '\0fdp-json-fields:';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function jsonFields(): Plugin {
  return {
    name: 'fdp-json-fields',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source.endsWith(`.json${HASH_QUERY}`)) {
        const file = await this.resolve(source.slice(0, -HASH_QUERY.length), importer, {
          skipSelf: true,
        });
        // Not ending in .json, as above.
        return file ? `${HASH_PREFIX}${file.id}:version` : undefined;
      }
      const query = QUERY.exec(source);
      if (!query || !source.includes('.json?')) return undefined;
      const file = await this.resolve(source.slice(0, query.index), importer, { skipSelf: true });
      return file ? `${PREFIX}${file.id}:${query[1] ?? ''}` : undefined;
    },
    load(id) {
      if (id.startsWith(HASH_PREFIX)) {
        const file = id.slice(HASH_PREFIX.length, -':version'.length);
        this.addWatchFile(file);
        const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
        return `export default ${JSON.stringify(hash)};`;
      }
      if (!id.startsWith(PREFIX)) return undefined;
      const rest = id.slice(PREFIX.length);
      const colon = rest.lastIndexOf(':');
      const file = rest.slice(0, colon);
      const fields = rest.slice(colon + 1).split(',');
      this.addWatchFile(file);
      const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = fields.filter((field) => Object.hasOwn(doc, field));
      const lines = picked.map(
        (field, i) => `const f${String(i)} = ${JSON.stringify(doc[field])};`,
      );
      const named = picked.flatMap((field, i) =>
        IDENTIFIER.test(field) && field !== 'default' ? [`f${String(i)} as ${field}`] : [],
      );
      const object = picked.map((field, i) => `${JSON.stringify(field)}: f${String(i)}`);
      return [
        ...lines,
        named.length > 0 ? `export { ${named.join(', ')} };` : '',
        `export default { ${object.join(', ')} };`,
      ].join('\n');
    },
  };
}
