import { Button, Card, CardHeader, Text } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';

/** An area that failed: what happened and a retry, in place, while the rest of the portal keeps working. */
export function ErrorCard({
  title,
  message,
  retryLabel,
  onRetry,
  detail,
}: {
  title: string;
  message: string;
  retryLabel?: string;
  onRetry?: () => void;
  detail?: ReactNode;
}) {
  return (
    <Card role="alert" style={{ maxWidth: 560, margin: '48px auto' }}>
      <CardHeader
        image={<ErrorCircleRegular fontSize={32} />}
        header={
          <Text weight="semibold" size={500}>
            {title}
          </Text>
        }
      />
      <Text>{message}</Text>
      {detail}
      {onRetry ? (
        <div>
          <Button appearance="primary" onClick={onRetry}>
            {retryLabel ?? 'Reintentar'}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
