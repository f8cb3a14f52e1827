// The site's languages, the default (served at the root, the reference for every other) first. Adding a language is
// its file (src/i18n/<code>.ts, shaped like en.ts) and its line here.
import { en } from './en.ts';
import { zhHans } from './zh-Hans.ts';

export const LANGUAGES = [en, zhHans] as const;
