import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { WarningRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { userRolesAtom } from '@planta/session';
import { holdsNonGuestRole } from './nav-utils';

/** Spec 2.2 / 2.4: where the side button leads. */
export const FAILURE_REPORT_URL = '/apps/failure-damage-report/all';
/** Spec 9 side panel width. */
export const SIDE_PANEL_WIDTH = 56;

const useStyles = makeStyles({
  button: {
    position: 'fixed',
    // Physical 'right': Griffel mirrors it to the left in right-to-left languages.
    right: 0,
    top: '50%',
    transform: 'translateY(-50%)',
    width: `${SIDE_PANEL_WIDTH}px`,
    minWidth: `${SIDE_PANEL_WIDTH}px`,
    maxWidth: `${SIDE_PANEL_WIDTH}px`,
    padding: '12px 0',
    writingMode: 'vertical-rl',
    zIndex: 4,
    borderStartEndRadius: 0,
    borderEndEndRadius: 0,
    boxShadow: tokens.shadow8,
  },
});

/** Spec 2.4 side button 'Reporte de fallas y daños'; hidden for guests and without a role (spec 6). */
export function FailureReportButton() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const roles = useAtomValue(userRolesAtom);
  const navigate = useNavigate();
  if (!holdsNonGuestRole(roles)) return null;
  return (
    <Button appearance="primary" className={styles.button} icon={<WarningRegular />} onClick={() => navigate(FAILURE_REPORT_URL)}>
      {t('failureReport.button', 'Reporte de fallas y daños')}
    </Button>
  );
}
