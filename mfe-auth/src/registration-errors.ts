import type { UseFormSetError } from 'react-hook-form';
import { registrationErrorFields, type RegisterRequest } from '@planta/contracts';
import { errorMessage, isApiRequestError } from '@planta/session';
import { showSnackbar } from '@planta/ui';

export type RegisterField = keyof RegisterRequest;
const FORM_FIELDS: readonly RegisterField[] = ['displayName', 'email', 'password', 'passwordConfirm', 'companyName', 'invitation'];
const isFormField = (key: string): key is RegisterField => (FORM_FIELDS as readonly string[]).includes(key);

/**
 * Spec 8: puts a failed registration on the form. Codes go to their field (email-already-in-use,
 * invalid-email → email; operation-not-allowed, user-not-found, user-disabled → display name;
 * weak-password, wrong-password → password); invalid-api-key and anything that lands on no field
 * is shown in a snackbar with the service message.
 */
export function applyRegistrationError(error: unknown, setError: UseFormSetError<RegisterRequest>): void {
  const snackbar = (message: string) => showSnackbar({ message, variant: 'error', position: 'top' });
  if (!isApiRequestError(error)) {
    snackbar(errorMessage(error));
    return;
  }
  const fields = error.fields ?? {};
  const codes = error.codes ?? {};
  const placed = new Set<RegisterField>();
  let apiKeyFailure = false;

  for (const [key, code] of Object.entries(codes)) {
    if (code === 'invalid-api-key') {
      apiKeyFailure = true;
      continue;
    }
    const mapped = (registrationErrorFields as Record<string, RegisterField | undefined>)[code];
    const target = mapped ?? (isFormField(key) ? key : undefined);
    if (!target || placed.has(target)) continue;
    setError(target, { type: 'server', message: fields[key] ?? error.message });
    placed.add(target);
  }
  for (const [key, message] of Object.entries(fields)) {
    if (key in codes || !isFormField(key) || placed.has(key)) continue;
    setError(key, { type: 'server', message });
    placed.add(key);
  }
  if (apiKeyFailure || placed.size === 0) snackbar(error.message || errorMessage(error));
}
