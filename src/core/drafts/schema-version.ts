const versions = new WeakMap<object, string>();

/**
 * A form's schema version: a hash (FNV-1a, 32 bits) of its schema as built into this release. An
 * app update that changes the form changes it; one that does not, keeps it, so drafts stay
 * offered as they are. Not a security measure, only a change detector.
 */
export function schemaVersionOf(schema: object): string {
  const known = versions.get(schema);
  if (known !== undefined) return known;
  const text = JSON.stringify(schema);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  const version = (hash >>> 0).toString(16).padStart(8, '0');
  versions.set(schema, version);
  return version;
}
