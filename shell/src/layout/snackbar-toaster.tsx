import { Link, makeStyles, Toast, ToastBody, Toaster, ToastFooter, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { LAYERS, SNACKBAR_MAX_STACK, type ShownSnackbar } from '@planta/ui';

// The toaster's portal node sits above every other Fluent overlay (LAYERS): a drawer or dialog
// opened after the first message must not cover the next one.
const useStyles = makeStyles({
  mountNode: { zIndex: LAYERS.toast },
  // A chat message or a mention's excerpt: a few lines at most.
  body: { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' },
});

/** Shows the snackbars handed to it, then says how many it showed (spec 9: at most five stacked, 6 s unless said otherwise). */
export default function SnackbarToaster({ queue, onShown }: { queue: readonly ShownSnackbar[]; onShown: (count: number) => void }) {
  const styles = useStyles();
  const toasterId = useId('snackbars');
  const { dispatchToast } = useToastController(toasterId);
  useEffect(() => {
    if (queue.length === 0) return;
    for (const { message, variant, position, autoHideMs, title, action } of queue) {
      dispatchToast(
        <Toast>
          {title ? (
            <>
              <ToastTitle>{title}</ToastTitle>
              <ToastBody className={styles.body}>{message}</ToastBody>
            </>
          ) : (
            <ToastTitle>{message}</ToastTitle>
          )}
          {action ? (
            <ToastFooter>
              <Link as="button" onClick={action.onClick}>
                {action.label}
              </Link>
            </ToastFooter>
          ) : null}
        </Toast>,
        { intent: variant, position, timeout: autoHideMs },
      );
    }
    onShown(queue.length);
  }, [queue, dispatchToast, onShown, styles.body]);
  return <Toaster toasterId={toasterId} limit={SNACKBAR_MAX_STACK} mountNode={{ className: styles.mountNode }} />;
}
