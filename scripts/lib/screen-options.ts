/**
 * A route's "options" (config/routes.json) checked against the options schema its screen declares
 * (src/screens/screens.ts): each screen says what it takes, and a screen without a schema takes
 * nothing.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { ScreenDeclaration } from '../../src/engine/screen-declaration.ts';

export interface OptionsProblem {
  pointer: string;
  message: string;
  hint: string;
}

const DECLARED_IN = 'src/screens/screens.ts';

/** A JSON pointer token, escaping "~" and "/" (RFC 6901). */
const token = (t: string) => t.replaceAll('~', '~0').replaceAll('/', '~1');

export class ScreenOptionsChecker {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  /**
   * The problems of one route's options: `at` is the route's pointer (/routes/N). Options that fit
   * the screen's schema give none.
   */
  check(
    screen: ScreenDeclaration,
    options: Readonly<Record<string, unknown>> | undefined,
    at: string,
  ): OptionsProblem[] {
    const schema = screen.options;
    const base = `${at}/options`;
    if (schema === undefined) {
      if (options === undefined) return [];
      const keys = Object.keys(options);
      if (keys.length === 0) {
        return [
          {
            pointer: base,
            message: `gives options to the screen "${screen.name}", which takes none`,
            hint: 'remove "options"',
          },
        ];
      }
      return keys.map((key) => ({
        pointer: `${base}/${token(key)}`,
        message: `is not an option of the screen "${screen.name}", which takes none`,
        hint: `remove "${key}"; the screens that take options declare them in ${DECLARED_IN}`,
      }));
    }
    let validate = this.compiled.get(screen.name);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(screen.name, validate);
    }
    if (validate(options ?? {})) return [];
    const known = Object.keys(schema.properties);
    return (validate.errors ?? []).map((error) =>
      describe(error, { screen: screen.name, known, at, base, given: options !== undefined }),
    );
  }
}

function describe(
  error: ErrorObject,
  ctx: { screen: string; known: string[]; at: string; base: string; given: boolean },
): OptionsProblem {
  const pointer = `${ctx.base}${error.instancePath}`;
  switch (error.keyword) {
    case 'required': {
      const missing = String(error.params.missingProperty);
      return {
        pointer: ctx.given ? ctx.base : ctx.at,
        message: `gives the screen "${ctx.screen}" no "${missing}" option, which it requires`,
        hint: ctx.given
          ? `add "${missing}" to "options"`
          : `add "options": {"${missing}": …}, as ${DECLARED_IN} declares for the screen`,
      };
    }
    case 'additionalProperties': {
      const extra = String(error.params.additionalProperty);
      return {
        pointer: `${ctx.base}/${token(extra)}`,
        message: `is not an option of the screen "${ctx.screen}"`,
        hint: `remove "${extra}", or use one of: ${ctx.known.join(', ')}`,
      };
    }
    case 'enum': {
      const allowed = (error.params.allowedValues as unknown[]).map(String).join(', ');
      return { pointer, message: `must be one of ${allowed}`, hint: `use one of: ${allowed}` };
    }
    default:
      return {
        pointer,
        message: error.message ?? 'is invalid',
        hint: `see the options of the screen "${ctx.screen}" in ${DECLARED_IN}`,
      };
  }
}
