import type { BundleShape } from '@planta/i18n';
import type { dieshop as es } from './es';

export const dieshop: BundleShape<typeof es> = {
  correctionRecord: {
    title: 'Correction record no. {{id}}',
    die: 'Die',
    reason: 'Reason',
    status: 'Status',
    openedAt: 'Opened on',
    closedAt: 'Closed on',
    reports: "Corrector's reports",
    noReports: "There are no corrector's reports for this correction yet.",
  },
  correctionReport: {
    title: 'Correction report no. {{id}}',
    die: 'Die',
    correction: 'Correction',
    findings: 'Findings',
    actions: 'Actions taken',
    createdAt: 'Report date',
    mismatch: 'This report does not belong to the correction the link names.',
  },
  correctionStatus: {
    open: 'Open',
    'in-progress': 'In progress',
    closed: 'Closed',
  },
  load: {
    failed: 'The information could not be shown',
    retry: 'Retry',
    back: 'Back to the die inventory',
  },
};
