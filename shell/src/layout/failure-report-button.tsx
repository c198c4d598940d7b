import { Button, makeStyles, mergeClasses, tokens, Tooltip } from '@fluentui/react-components';
import { WarningRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { failureReportEndpoints, isColleague } from '@planta/contracts';
import { needsMet, type ScreenNeed } from '@planta/shell-contract';
import { currentSettingsAtom, userRolesAtom } from '@planta/session';
import { LAYERS } from '@planta/ui';
import { useNavigationViewer } from './nav-utils';
import { SMALL_QUERY, useMediaQuery } from './use-media';

/** Spec 2.2 / 2.4: where the side button leads. */
export const FAILURE_REPORT_URL = '/apps/failure-damage-report/all';
/** Spec 9 side panel width. */
export const SIDE_PANEL_WIDTH = 56;
/** On a phone the button is a narrow tab with its icon only: 56 px would be 14 % of the screen. */
export const SIDE_TAB_WIDTH = 32;
/** The space the layout keeps free at the content's end for the button (see useSideButtonWidth). */
export const SIDE_GUTTER_VAR = '--planta-side-gutter';

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
    zIndex: LAYERS.sideButton,
    borderStartEndRadius: 0,
    borderEndEndRadius: 0,
    boxShadow: tokens.shadow8,
  },
  tab: {
    width: `${SIDE_TAB_WIDTH}px`,
    minWidth: `${SIDE_TAB_WIDTH}px`,
    maxWidth: `${SIDE_TAB_WIDTH}px`,
    height: '56px',
    padding: 0,
  },
});

/**
 * The calls the button's purpose takes (issue 37: no dead ends): opening the reports it leads to
 * and making one. Checked against the API's grants as the menu and the route guard check a route's.
 */
export const FAILURE_REPORT_BUTTON_NEEDS: readonly ScreenNeed[] = [failureReportEndpoints.all, failureReportEndpoints.create];

/**
 * Spec 2.4 / 6: shown when the layout shows its right side panel, to anyone holding a role other
 * than guest whose grants let them report a failure (not the quality inspectors, who only read).
 */
function useShown(): boolean {
  const settings = useAtomValue(currentSettingsAtom);
  const roles = useAtomValue(userRolesAtom);
  const viewer = useNavigationViewer();
  return settings.layout.config.rightSidePanel.display && isColleague(roles) && needsMet(viewer, FAILURE_REPORT_BUTTON_NEEDS);
}

/**
 * The width the button takes at the content's end (0 when it is not shown). The layout keeps
 * that much free beside the content and footer, so that no control ever lies under the button.
 */
export function useSideButtonWidth(): number {
  const shown = useShown();
  const phone = useMediaQuery(SMALL_QUERY);
  if (!shown) return 0;
  return phone ? SIDE_TAB_WIDTH : SIDE_PANEL_WIDTH;
}

/** Spec 2.4 side button 'Reporte de fallas y daños'; hidden for guests, without a role (spec 6) and for whoever may not report. */
export function FailureReportButton() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const shown = useShown();
  const phone = useMediaQuery(SMALL_QUERY);
  if (!shown) return null;
  const label = t('failureReport.button', 'Reporte de fallas y daños');
  const open = () => navigate(FAILURE_REPORT_URL);
  if (phone) {
    return (
      <Tooltip content={label} relationship="label" positioning="before">
        <Button appearance="primary" className={mergeClasses(styles.button, styles.tab)} icon={<WarningRegular />} onClick={open} data-part="side-button" />
      </Tooltip>
    );
  }
  return (
    <Button appearance="primary" className={styles.button} icon={<WarningRegular />} onClick={open} data-part="side-button">
      {label}
    </Button>
  );
}
