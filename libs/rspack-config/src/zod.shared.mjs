// What the portal's browser code uses of zod, shared as the one 'zod' of the page (the same
// reasoning as react-router-dom.shared.mjs): the package's `z` would bring every language's
// error messages and the JSON-schema writer (87 KB gzip against 26 KB) to the sign-in page. It
// is shared at all so that its code is loaded and run once for the page, not once per app. A new
// `z.<name>` in browser code goes here first: index.spec.mjs fails on a name missing from it.
import {
  array,
  boolean,
  coerce,
  discriminatedUnion,
  enum as zodEnum,
  globalRegistry,
  literal,
  looseObject,
  number,
  object,
  preprocess,
  record,
  string,
  tuple,
  union,
  unknown,
  ZodDefault,
} from 'zod/v4';

export const z = {
  array,
  boolean,
  coerce,
  discriminatedUnion,
  enum: zodEnum,
  globalRegistry,
  literal,
  looseObject,
  number,
  object,
  preprocess,
  record,
  string,
  tuple,
  union,
  unknown,
  ZodDefault,
};
