import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_TYPES_FILE, generateConfigTypes } from '../../scripts/lib/config-types.ts';

describe('shared/config-types.generated.ts', () => {
  it('is what `npm run gen:config-types` makes of schemas/*.json today', async () => {
    const fresh = await generateConfigTypes();
    const committed = readFileSync(CONFIG_TYPES_FILE, 'utf8');
    // When this fails, a schema changed: run `npm run gen:config-types` and commit the result.
    expect(committed === fresh, 'stale: run `npm run gen:config-types`').toBe(true);
  });

  it('declares one Condition, and the config types the code uses', async () => {
    const text = await generateConfigTypes();
    expect(text.match(/^export type Condition\b/gm)).toHaveLength(1);
    for (const name of [
      'RecordTypeFile',
      'RoutesFile',
      'ScreenRouteConfig',
      'RedirectRouteConfig',
      'MenusConfig',
      'RulesFile',
      'FeatureFlag',
      'ContextFlag',
      'ThemeFile',
      'AppConfig',
    ]) {
      expect(text).toMatch(new RegExp(`^export (interface|type) ${name}\\b`, 'm'));
    }
    expect(text).not.toMatch(/Condition1/);
  });
});
