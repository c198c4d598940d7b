import { makeStyles, tokens } from '@fluentui/react-components';

/** The card the sign-in, registration and password-change pages stand on, centred on a quiet background. */
export const useAuthCardStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '24px',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  card: { width: '100%', maxWidth: '420px', padding: '32px', display: 'flex', flexDirection: 'column', gap: '20px' },
  form: { display: 'flex', flexDirection: 'column', gap: '16px' },
  brand: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '12px', textAlign: 'center' },
});
