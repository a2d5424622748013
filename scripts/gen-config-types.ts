/** `npm run gen:config-types`: writes shared/config-types.generated.ts from schemas/*.json. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_TYPES_FILE, generateConfigTypes } from './lib/config-types.ts';

writeFileSync(CONFIG_TYPES_FILE, await generateConfigTypes());
console.log(`Wrote ${path.relative(process.cwd(), CONFIG_TYPES_FILE)}.`);
