import { makeStyles, Toast, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { LAYERS, onSnackbar, SNACKBAR_MAX_STACK } from '@planta/ui';

// The toaster's portal node sits above every other Fluent overlay (LAYERS): a drawer or dialog
// opened after the first message must not cover the next one.
const useStyles = makeStyles({ mountNode: { zIndex: LAYERS.toast } });

/** Renders the snackbars any app raises (spec 9: at most five stacked, 6 s unless said otherwise). */
export function Snackbars() {
  const styles = useStyles();
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
  return <Toaster toasterId={toasterId} limit={SNACKBAR_MAX_STACK} mountNode={{ className: styles.mountNode }} />;
}
