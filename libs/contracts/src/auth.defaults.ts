import type { User } from './auth.schema';

// zod-free: the session library (on the sign-in page) starts with this user; the schemas stay in auth.schema.ts.

/** Spec 3: the user before sign-in. */
export const defaultUser = {
  uuid: '',
  uid: '',
  from: 'api',
  role: [],
  data: {
    id: 0,
    company_id: 0,
    companyId: 0,
    displayName: '',
    position: null,
    photoURL: null,
    email: '',
    settings: {},
    shortcuts: ['calendar', 'mail', 'contacts', 'todo'],
  },
} as const satisfies User;
