import { makeStyles, Toast, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { LAYERS, SNACKBAR_MAX_STACK, type SnackbarMessage } from '@planta/ui';

// The toaster's portal node sits above every other Fluent overlay (LAYERS): a drawer or dialog
// opened after the first message must not cover the next one.
const useStyles = makeStyles({ mountNode: { zIndex: LAYERS.toast } });

/** Shows the snackbars handed to it, then says how many it showed (spec 9: at most five stacked, 6 s unless said otherwise). */
export default function SnackbarToaster({ queue, onShown }: { queue: readonly Required<SnackbarMessage>[]; onShown: (count: number) => void }) {
  const styles = useStyles();
  const toasterId = useId('snackbars');
  const { dispatchToast } = useToastController(toasterId);
  useEffect(() => {
    if (queue.length === 0) return;
    for (const { message, variant, position, autoHideMs } of queue) {
      dispatchToast(
        <Toast>
          <ToastTitle>{message}</ToastTitle>
        </Toast>,
        { intent: variant, position, timeout: autoHideMs },
      );
    }
    onShown(queue.length);
  }, [queue, dispatchToast, onShown]);
  return <Toaster toasterId={toasterId} limit={SNACKBAR_MAX_STACK} mountNode={{ className: styles.mountNode }} />;
}
