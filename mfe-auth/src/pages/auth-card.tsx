import { Button, makeStyles, mergeClasses, Text, Title3, tokens } from '@fluentui/react-components';
import type { HTMLAttributes, ReactNode } from 'react';
import { LoadingRing } from '@planta/ui';

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
  // Fluent's card surface, drawn here rather than with <Card>: a card brings the focus manager
  // (tabster, about 20 KB gzip) for keyboard groups these pages do not have, and the sign-in page
  // is the first thing a tablet loads.
  card: {
    width: '100%',
    maxWidth: '420px',
    padding: '32px',
    display: 'flex',
    flexDirection: 'column',
    gap: '20px',
    boxSizing: 'border-box',
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  form: { display: 'flex', flexDirection: 'column', gap: '16px' },
  brand: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '12px', textAlign: 'center' },
});

/** The auth pages' card: a plain surface with the card's look. */
export function AuthCard({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div {...props} className={mergeClasses(useAuthCardStyles().card, className)} />;
}

/** The head of a card below the sign-in one: the logo, the page's title and what it is for. */
export function AuthCardHeading({ title, explanation }: { title: string; explanation?: string }) {
  return (
    <div className={useAuthCardStyles().brand}>
      <img src="/favicon.svg" alt="Planta" width={56} height={56} />
      <Title3 as="h1">{title}</Title3>
      {explanation ? <Text>{explanation}</Text> : null}
    </div>
  );
}

/** A card's one submit button: large, off while the form is sent (or while `disabled`), with a ring meanwhile. */
export function AuthSubmit({ submitting, disabled = false, children }: { submitting: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <Button type="submit" appearance="primary" size="large" disabled={disabled || submitting} icon={submitting ? <LoadingRing size="tiny" /> : undefined}>
      {children}
    </Button>
  );
}
