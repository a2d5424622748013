import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  fieldLabel,
  fieldMessages,
  plainMessage,
  problemField,
  type FieldsSchema,
} from '../../shared/field-messages.ts';
import monthlyFile from '../../config/records/monthly.json';
import passportFile from '../../config/records/load-passport.json';
import animalFile from '../../config/records/animal.json';

/** Validates as the server does (server/records/record-types.ts): all errors, no extra fields. */
function problems(schema: object, data: unknown): ErrorObject[] {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile({ ...schema, additionalProperties: false });
  expect(validate(data)).toBe(false);
  return validate.errors ?? [];
}

const monthly = monthlyFile.schema as FieldsSchema;
const passport = passportFile.schema as FieldsSchema;
const animal = animalFile.schema as FieldsSchema;

describe('plain field messages', () => {
  it("names each field by its title, in words instead of ajv's", () => {
    const messages = fieldMessages(
      problems(monthly, {
        month: 'October',
        butterfat_percent: 12,
        protein_percent: -1,
        cows_in_milk: 2.5,
        notes: 'x'.repeat(2001),
      }),
      monthly,
    );
    expect({ ...messages }).toEqual({
      milk_sold_litres: ['Milk sold is required'],
      month: ['Month must be a date'],
      butterfat_percent: ['Butterfat must be at most 10'],
      protein_percent: ['Protein must be at least 0'],
      cows_in_milk: ['Cows in milk (average) must be a whole number'],
      notes: ['Notes must be at most 2,000 characters'],
    });
  });

  it('says a choice that is none of its options once, for enum and oneOf alike', () => {
    expect({ ...fieldMessages(problems(animal, { sex: 'Unknown' }), animal) }).toMatchObject({
      sex: ['Sex must be one of the listed options'],
    });
    const wrong = fieldMessages(
      problems(passport, {
        passport_number: 'P'.repeat(31),
        load_date: '2026-10-02',
        crop: 'turnips',
        field_name: 'Long Acre',
        phi_met: 'yes',
      }),
      passport,
    );
    expect({ ...wrong }).toEqual({
      passport_number: ['Passport number must be at most 30 characters'],
      crop: ['Crop must be one of the listed options'],
    });
  });

  it('names a field the type does not have, safely, even "__proto__" and "constructor"', () => {
    const body = JSON.parse(
      '{"month":"2026-10-01","milk_sold_litres":1,"cows_in_milk":1,"colour":"blue","__proto__":{"a":1},"constructor":1}',
    ) as unknown;
    const messages = fieldMessages(problems(monthly, body), monthly);
    expect(Object.getPrototypeOf(messages)).toBeNull();
    expect(messages.colour).toEqual(['colour is not a field of this record type']);
    expect(messages.__proto__).toEqual(['__proto__ is not a field of this record type']);
    expect(messages.constructor).toEqual(['constructor is not a field of this record type']);
    expect(({} as Record<string, unknown>).a).toBeUndefined();
  });

  it('says what the record as a whole got wrong, and patterns plainly', () => {
    expect({ ...fieldMessages(problems(monthly, [1]), monthly) }).toEqual({
      record: ['The record must be a set of fields'],
    });
    expect({
      ...fieldMessages(
        problems(animal, {
          ear_tag: 'AB12',
          sex: 'Female',
          date_of_birth: '2026-01-01',
          status: 'Sold',
        }),
        animal,
      ),
    }).toEqual({ ear_tag: ['Ear tag is not in the expected format'] });
  });

  it('reads problems by keyword, falling back to the field name without a title', () => {
    const schema: FieldsSchema = { properties: { a: { type: 'number' }, b: { title: 'Bee' } } };
    const problem = (keyword: string, params: Record<string, unknown>, instancePath = '/a') => ({
      keyword,
      instancePath,
      params,
    });
    expect(plainMessage(problem('exclusiveMaximum', { limit: 5 }), schema)).toBe(
      'a must be less than 5',
    );
    expect(plainMessage(problem('exclusiveMinimum', { limit: 0 }), schema)).toBe(
      'a must be more than 0',
    );
    expect(plainMessage(problem('multipleOf', { multipleOf: 0.5 }), schema)).toBe(
      'a must be a multiple of 0.5',
    );
    expect(plainMessage(problem('minLength', { limit: 1 }, '/b'), schema)).toBe('Bee is required');
    expect(plainMessage(problem('type', { type: 'string,null' }, '/b'), schema)).toBe(
      'Bee must be text',
    );
    expect(plainMessage(problem('format', { format: 'ipv4' }, '/b'), schema)).toBe(
      'Bee is not in the expected format',
    );
    expect(plainMessage(problem('if', { failingKeyword: 'then' }), schema)).toBeUndefined();
    expect(plainMessage(problem('somethingNew', {}), schema)).toBe('a is not valid');
    expect(problemField(problem('required', { missingProperty: 'b' }, ''))).toBe('b');
    expect(problemField(problem('maximum', { limit: 1 }, '/x~1y/0'))).toBe('x/y');
    expect(fieldLabel(schema, 'record')).toBe('The record');
  });
});
