import { Toast, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { onSnackbar, SNACKBAR_MAX_STACK } from '@planta/ui';

/** Renders the snackbars any app raises (spec 9: at most five stacked, 6 s unless said otherwise). */
export function Snackbars() {
  const toasterId = useId('snackbars');
  const { dispatchToast } = useToastController(toasterId);
  useEffect(
    () =>
      onSnackbar(({ message, variant, position, autoHideMs }) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{message}</ToastTitle>
          </Toast>,
          { intent: variant, position, timeout: autoHideMs },
        ),
      ),
    [dispatchToast],
  );
  return <Toaster toasterId={toasterId} limit={SNACKBAR_MAX_STACK} />;
}
