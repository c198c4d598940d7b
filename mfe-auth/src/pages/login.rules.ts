import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { loginRequestSchema, type LoginRequest } from '@planta/contracts';

/** The sign-in form's rules, the shared schema's: a chunk of their own (see deferredResolver). */
export const loginResolver: Resolver<LoginRequest> = zodResolver(loginRequestSchema);
