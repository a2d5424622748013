import rulesJson from '../../config/rules.json';
import { RuleBook } from '../../shared/access/rule-book.ts';
import { recordTypes } from './record-types.ts';

/** The named rules of config/rules.json and the record types' access rules, as the portal has them. */
export const ruleBook = new RuleBook(rulesJson, [...recordTypes.values()]);
