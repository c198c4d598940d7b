import { LoadingScreen } from '@planta/ui';

/** Spec 2.2: the identity-provider return page shows a splash while the sign-in completes. */
export default function CallbackPage() {
  return <LoadingScreen />;
}
